import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { queueVariableOf, type DeliveryProvider } from '@domain/notifications/channels';
import { deliveryRefText } from '../data';
import { queueUrlOf, sendToQueue } from '../shared/queue-messages';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig, stormWindowMs } from '../shared/config';
import { invocationLogger, observedHandler } from '../shared/observability';
import { onTableChanges, type QueuedDelivery, type TableChange } from './stream';
import { queuedReportRunsOf, REPORT_QUEUE_VARIABLE, reportRunMessage } from '../data/report-run-changes';

/**
 * The table stream's function on AWS (lib/notifications.ts): DynamoDB Streams calls it with the
 * table's changes; alarms' changes are planned here and queued deliveries go to their channel's
 * queue (`QUEUE_URL_<PROVIDER>`), whose sender sends them. A record that failed is reported
 * (ReportBatchItemFailures), so the batch resumes from it.
 */

async function toQueues(deliveries: readonly QueuedDelivery[]): Promise<void> {
  const byProvider = new Map<DeliveryProvider, QueuedDelivery[]>();
  for (const delivery of deliveries) byProvider.set(delivery.provider, [...(byProvider.get(delivery.provider) ?? []), delivery]);
  for (const [provider, list] of byProvider) {
    const bodies = list.map((delivery) => JSON.stringify({ customerId: delivery.customerId, delivery: deliveryRefText(delivery) }));
    await sendToQueue(queueUrlOf(queueVariableOf(provider)), bodies, `${provider} deliveries`);
  }
}

/** Queued report runs to the report queue (the stream is the runs' outbox too: one reader of the table's stream). */
async function toReportQueue(changes: readonly TableChange[]): Promise<void> {
  const runs = queuedReportRunsOf(changes);
  if (runs.length > 0) await sendToQueue(queueUrlOf(REPORT_QUEUE_VARIABLE), runs.map(reportRunMessage), 'report runs');
}

export const handler = observedHandler('notifierStream', async (event: DynamoDBStreamEvent, context): Promise<DynamoDBBatchResponse> => {
  const logger = invocationLogger(context, { handler: 'notifierStream' });
  // A run that cannot be queued fails the whole batch, which is retried: its run stays queued until it is handed over.
  await toReportQueue(event.Records as TableChange[]);
  const outcome = await onTableChanges(
    { client: dynamoDocumentClient(), tableName: backendConfig().tableName, now: () => Date.now(), stormWindowMs: stormWindowMs(), logger, dispatch: toQueues },
    event.Records as TableChange[],
  );
  return { batchItemFailures: outcome.failedSequenceNumber === undefined ? [] : [{ itemIdentifier: outcome.failedSequenceNumber }] };
});
