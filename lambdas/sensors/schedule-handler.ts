import type { ScheduledEvent } from 'aws-lambda';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { invocationLogger, observedHandler } from '../shared/observability';
import { applyDueChanges, type DueChangeRun } from './due-changes';

/**
 * The schedule job of devices (lambdas/schedules.ts): every 15 minutes, EventBridge Scheduler
 * (or the local cron runner) sends a scheduled event and the disables and enables due by the
 * event's time are applied, so a scheduled change takes effect within one hour (SPEC section 9).
 * The event's time is the clock, which is what a test sets.
 */
export const handler = observedHandler('deviceSchedules', async (event: ScheduledEvent, context): Promise<DueChangeRun> => {
  const config = backendConfig();
  const logger = invocationLogger(context, { handler: 'deviceSchedules', eventId: event.id });
  const parsed = Date.parse(event.time);
  const now = Number.isNaN(parsed) ? new Date() : new Date(parsed);
  const run = await applyDueChanges(dynamoDocumentClient(), config.tableName, now, logger);
  logger.info('scheduled device changes applied', { at: now.toISOString(), ...run });
  return run;
});
