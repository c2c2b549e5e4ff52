import { buildReportHistory } from '@domain/reports/report-history';
import { siteDays } from '@domain/reports/site-day';
import { ReportRunStore } from '../../data/repositories/report-runs';
import { maySeeRun } from '../run-visibility';
import type { ReportSource } from './context';

const UTC = 'UTC';

/**
 * Report History's source: the organisation's runs the caller may see since the range's start,
 * newest first (the store reads no further back). Days are UTC days: runs belong to no one site.
 */
export const reportHistorySource: ReportSource<'reportHistory'> = async (context, parameters) => {
  const days = siteDays(parameters.from, parameters.to, UTC);
  const from = days[0]?.start ?? 0;
  const to = days.at(-1)?.end ?? 0;
  const runs = await new ReportRunStore(context.client, context.tableName).since(context.customerId, new Date(from).toISOString(), (run) => maySeeRun(context.caller, context.scope, run));
  return { figures: buildReportHistory({ runs, from, to, reportIds: parameters.reportIds, language: context.language }), timeZone: UTC, siteNames: [] };
};
