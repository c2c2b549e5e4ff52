import { validationError } from '@domain/core/errors';
import { buildChecklistPerformance } from '@domain/reports/checklist-performance';
import { REPORT_MESSAGES } from '@domain/reports/messages';
import { instancesOfSiteDays } from '../../data/checklist-performance';
import type { ReportSource } from './context';
import { reportSites, reportTimeZone } from './scope';

/**
 * How long the Checklist Performance may read and count before it answers SPEC section 8's
 * "performance report timeout" message: within API Gateway's 29-second integration limit, so a
 * preview gets the message, not a gateway timeout, and a long range is refused rather than
 * left running. (Reads already sent finish in the background; their result is dropped.)
 */
export const PERFORMANCE_TIME_LIMIT_MS = 25_000;

/** The work's result, or the performance timeout's validation error once `limitMs` has passed. */
export async function withinPerformanceTimeLimit<T>(work: Promise<T>, limitMs: number = PERFORMANCE_TIME_LIMIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(validationError(REPORT_MESSAGES.reportPerformanceTimeout)), limitMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Checklist Performance's reading half (issue 34 section 2.3): the sites checked against
 * the caller, then each site's instances of the range's local days (one Query a site), counted
 * at the run's clock; the shifts and checklists asked for are kept by the builder.
 */
export const checklistPerformanceSource: ReportSource<'checklistPerformance'> = async (context, parameters) => {
  const figures = await withinPerformanceTimeLimit((async () => {
    const sites = await reportSites(context, parameters.locationId, parameters.siteIds);
    const instances = await instancesOfSiteDays(context.client, context.tableName, context.customerId,
      sites.map((site) => ({ siteId: site.id, fromDate: parameters.from, toDate: parameters.to })));
    return {
      sites,
      figures: buildChecklistPerformance({
        parameters: { from: parameters.from, to: parameters.to, shiftIds: parameters.shiftIds, checklistIds: parameters.checklistIds },
        sites: sites.map((site) => ({ id: site.id, name: site.name })),
        instances,
        now: context.now,
      }),
    };
  })());
  return { figures: figures.figures, timeZone: reportTimeZone(figures.sites), siteNames: figures.sites.map((site) => site.name) };
};
