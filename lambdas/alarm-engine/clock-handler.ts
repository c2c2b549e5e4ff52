import type { ScheduledEvent } from 'aws-lambda';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig, stormWindowMs } from '../shared/config';
import { invocationLogger, observedHandler } from '../shared/observability';
import { runAlarmClock, type ClockRun } from './clock';

/**
 * The alarm clock's schedule (lambdas/schedules.ts, every minute): the scheduled event's time
 * is the clock, so a late or retried invocation does the minutes it was meant to, and the
 * cursor keeps two runs from doing a minute twice in sequence (a run that overlaps another
 * only repeats idempotent looks).
 */
export const handler = observedHandler('alarmClock', async (event: ScheduledEvent, context): Promise<ClockRun> => {
  const config = backendConfig();
  const logger = invocationLogger(context, { handler: 'alarmClock', eventId: event.id });
  const parsed = Date.parse(event.time);
  const now = Number.isNaN(parsed) ? Date.now() : parsed;
  const run = await runAlarmClock({ client: dynamoDocumentClient(), tableName: config.tableName, now, logger, stormWindowMs: stormWindowMs() });
  if (run.due > 0 || run.failed > 0) logger.info('alarm clock ran', { at: new Date(now).toISOString(), ...run });
  return run;
});
