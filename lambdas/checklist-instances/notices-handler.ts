import type { ScheduledEvent } from 'aws-lambda';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { invocationLogger, observedHandler } from '../shared/observability';
import { raiseDueChecklistNotices, type NoticesRun } from '../data/repositories/checklist-notices';

/**
 * The HACCP reminder and missed-checklist job (lambdas/schedules.ts): every 5 minutes,
 * EventBridge Scheduler (or the local cron runner) sends a scheduled event and the checklist
 * reminders and missed notices due by its time are raised (issue 15 section 3). The event's
 * time is the clock; a run missed is caught up by the next (it looks back two hours).
 */
export const handler = observedHandler('checklistNotices', async (event: ScheduledEvent, context): Promise<NoticesRun> => {
  const logger = invocationLogger(context, { handler: 'checklistNotices', eventId: event.id });
  const parsed = Date.parse(event.time);
  const now = Number.isNaN(parsed) ? new Date() : new Date(parsed);
  const run = await raiseDueChecklistNotices(dynamoDocumentClient(), backendConfig().tableName, now);
  logger.info('checklist reminders and missed notices raised', { at: now.toISOString(), ...run });
  return run;
});
