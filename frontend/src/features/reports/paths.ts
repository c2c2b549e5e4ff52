import type { ReportId } from '@domain/reports/catalogue';

/** The Reports screens' addresses (app/routes.tsx serves them). */
export const REPORTS_PATH = '/app/reports';
export const REPORT_HISTORY_PATH = '/app/reports/history';
/** The Portal Audit's address: its report (the screen it replaced had it, and the menu links to it). */
export const PORTAL_AUDIT_SCREEN_PATH = '/app/reports/portal-audit';
/** Public: a signed-out visitor checks a file too. */
export const VERIFY_PATH = '/verify';

export function reportPath(id: ReportId): string {
  return id === 'portalAudit' ? PORTAL_AUDIT_SCREEN_PATH : `${REPORTS_PATH}/${id}`;
}
