import type { ScheduledEvent } from 'aws-lambda';
import { queryAll } from '../data';
import { haccpOrganisations, toHaccpOrganisationId } from '../data/entities/haccp-organisation';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { describeError, invocationLogger, observedHandler } from '../shared/observability';
import { createInstancesAhead } from '../data/checklist-instances-ahead';

export interface InstancesAheadRun {
  organisations: number;
  created: number;
  existing: number;
  failed: number;
}

/**
 * The HACCP schedule job (lambdas/schedules.ts): every hour, EventBridge Scheduler (or the local
 * cron runner) sends a scheduled event and each HACCP organisation's checklist instances for
 * the next 36 hours are created (issue 15 section 2). The event's time is the clock. One
 * organisation failing does not stop the others; the next run catches up (idempotent).
 */
export const handler = observedHandler('checklistInstancesAhead', async (event: ScheduledEvent, context): Promise<InstancesAheadRun> => {
  const config = backendConfig();
  const logger = invocationLogger(context, { handler: 'checklistInstancesAhead', eventId: event.id });
  const parsed = Date.parse(event.time);
  const now = Number.isNaN(parsed) ? new Date() : new Date(parsed);
  const client = dynamoDocumentClient();
  const organisations = await queryAll(client, haccpOrganisations(config.tableName), toHaccpOrganisationId);
  const run: InstancesAheadRun = { organisations: organisations.length, created: 0, existing: 0, failed: 0 };
  for (const customerId of organisations) {
    try {
      const done = await createInstancesAhead(client, config.tableName, customerId, now);
      run.created += done.created;
      run.existing += done.existing;
    } catch (error) {
      run.failed += 1;
      logger.error('checklist instances not created', { customerId, ...describeError(error) });
    }
  }
  logger.info('checklist instances created ahead', { at: now.toISOString(), ...run });
  return run;
});
