import { imageOf, type TableChange } from './table-changes';
import { isReportRunItem } from './entities/report-run';

/**
 * A queued report run as the report queue carries it (issue 34 section 3): the table's stream
 * sees the run item written `queued` (the run's outbox) and hands it to the report queue, whose
 * runner builds it (lambdas/reports/runner-handler.ts on AWS, local/report-runner.ts locally).
 */
export interface QueuedReportRun {
  customerId: string;
  runId: string;
}

/** The queued runs a batch of the table's changes holds: run items newly written `queued`. */
export function queuedReportRunsOf(changes: readonly TableChange[]): QueuedReportRun[] {
  const runs: QueuedReportRun[] = [];
  for (const change of changes) {
    const after = imageOf(change.dynamodb?.NewImage);
    if (after === undefined || !isReportRunItem(after) || after['status'] !== 'queued') continue;
    if (imageOf(change.dynamodb?.OldImage)?.['status'] === 'queued') continue;
    if (typeof after['customerId'] === 'string' && typeof after['id'] === 'string') runs.push({ customerId: after['customerId'], runId: after['id'] });
  }
  return runs;
}

/** The queue message of a run, and back (anything else is not a run: dropped, not retried). */
export const reportRunMessage = (run: QueuedReportRun): string => JSON.stringify(run);
export function reportRunOfMessage(body: string): QueuedReportRun | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { customerId, runId } = parsed as Record<string, unknown>;
    return typeof customerId === 'string' && typeof runId === 'string' ? { customerId, runId } : undefined;
  } catch {
    return undefined;
  }
}

/** The environment variable naming the report queue (the stream function sends to it). */
export const REPORT_QUEUE_VARIABLE = 'REPORT_QUEUE_URL';
