import { forbidden } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { buildPortalAudit } from '@domain/reports/portal-audit';
import { siteDay } from '@domain/reports/site-day';
import { organisationAuditNewestFirst, queryAll, toAuditEntry } from '../../data';
import { portalAuditEntriesOf, reportPeople } from './audit-reads';
import type { ReportSource } from './context';

/**
 * The Portal Audit's source (issue 34 section 2.4): the organisation's audit trail over the
 * range's days, with the names its changes need and the organisation's people. The trail names
 * every site's changes and users, so only a caller who sees the whole organisation may read it
 * (corporate access, or a helpdesk proxy: docs/decisions/0074), as the on-screen route checks.
 * The organisation has no zone of its own: the days and instants are UTC's.
 */
const TIME_ZONE = 'UTC';

export const portalAuditSource: ReportSource<'portalAudit'> = async (context, parameters) => {
  if (context.scope.kind !== 'all') throw forbidden(MESSAGES.portalAuditNeedsCorporateAccess);
  const from = siteDay(parameters.from, TIME_ZONE).start;
  // The pattern's end is inclusive: the last millisecond of the range's last day.
  const to = siteDay(parameters.to, TIME_ZONE).end - 1;
  const query = organisationAuditNewestFirst(context.tableName, context.customerId, new Date(from).toISOString(), new Date(to).toISOString());
  const [items, people] = await Promise.all([queryAll(context.client, query, toAuditEntry), reportPeople(context)]);
  await context.progress(0.5);
  const entries = await portalAuditEntriesOf(context.client, context.tableName, context.customerId, items, people);
  const figures = buildPortalAudit({
    reader: { language: context.language, dateFormat: parameters.dateFormat, timeZone: TIME_ZONE },
    parameters,
    entries,
    people,
  });
  return { figures, timeZone: TIME_ZONE, siteNames: [] };
};
