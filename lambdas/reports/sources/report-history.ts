import { buildReportHistory } from '@domain/reports/report-history';
import { siteDays } from '@domain/reports/site-day';
import type { ReportRun } from '@domain/reports/runs';
import { ReportRunStore } from '../../data/repositories/report-runs';
import { maySeeRun } from '../run-visibility';
import type { ReportSource } from './context';

const UTC = 'UTC';
const PAGE = 100;

/**
 * Report History's source: the organisation's runs the caller may see, newest first, read page
 * by page until the range's start (runs' ids sort by time). Days are UTC days: runs belong to
 * no one site.
 */
export const reportHistorySource: ReportSource<'reportHistory'> = async (context, parameters) => {
  const days = siteDays(parameters.from, parameters.to, UTC);
  const from = days[0]?.start ?? 0;
  const to = days.at(-1)?.end ?? 0;
  const store = new ReportRunStore(context.client, context.tableName);
  const runs: ReportRun[] = [];
  let startKey: Record<string, unknown> | undefined;
  for (;;) {
    const page = await store.page(context.customerId, { limit: PAGE, ...(startKey ? { startKey } : {}) }, (run) => maySeeRun(context.caller, context.scope, run));
    runs.push(...page.items);
    const oldest = page.items.at(-1);
    if (page.nextCursor === undefined || oldest === undefined || Date.parse(oldest.createdAt) < from) break;
    startKey = JSON.parse(Buffer.from(page.nextCursor, 'base64url').toString()) as Record<string, unknown>;
  }
  return { figures: buildReportHistory({ runs, from, to, reportIds: parameters.reportIds, language: context.language }), timeZone: UTC, siteNames: [] };
};
