import type { PortalAuditEntry } from '@domain/reports/portal-audit';
import { REPORT_ROUTES } from '@domain/api/reports';
import { pages } from './client';
import { fetchAllPages, usePagedList, type PagedList } from './pagedList';

/** The instants of a Portal Audit range, as the API takes them (ISO). */
export interface PortalAuditQuery {
  from: string;
  to: string;
}

/** The organisation's Portal Audit in a range, newest first; nothing is asked while `range` is undefined (a range the page refused). */
export function usePortalAudit(range: PortalAuditQuery | undefined): PagedList<PortalAuditEntry> {
  return usePagedList(
    range === undefined ? null : ['reports/portal-audit', range.from, range.to],
    (onPage) => fetchAllPages(pages(REPORT_ROUTES.getPortalAudit, { filters: { from: range?.from, to: range?.to } }), onPage),
  );
}
