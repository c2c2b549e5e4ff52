import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { queueVariableOf, type DeliveryProvider } from '@domain/notifications/channels';
import { deliveryRefText } from '../data';
import { sqsClient } from '../shared/clients/sqs';
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

/** SQS takes at most 10 messages a batch. */
const SQS_BATCH = 10;

async function toQueues(deliveries: readonly QueuedDelivery[]): Promise<void> {
  const byProvider = new Map<DeliveryProvider, QueuedDelivery[]>();
  for (const delivery of deliveries) byProvider.set(delivery.provider, [...(byProvider.get(delivery.provider) ?? []), delivery]);
  for (const [provider, list] of byProvider) {
    const queueUrl = process.env[queueVariableOf(provider)];
    if (queueUrl === undefined || queueUrl === '') throw new Error(`Missing environment variable ${queueVariableOf(provider)}`);
    for (let start = 0; start < list.length; start += SQS_BATCH) {
      const entries = list.slice(start, start + SQS_BATCH).map((delivery, index) => ({ Id: String(index), MessageBody: JSON.stringify({ customerId: delivery.customerId, delivery: deliveryRefText(delivery) }) }));
      const result = await sqsClient().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
      if ((result.Failed ?? []).length > 0) throw new Error(`The ${provider} queue refused ${String(result.Failed?.length)} deliveries`);
    }
  }
}

/** Queued report runs to the report queue (the stream is the runs' outbox too: one reader of the table's stream). */
async function toReportQueue(changes: readonly TableChange[]): Promise<void> {
  const runs = queuedReportRunsOf(changes);
  if (runs.length === 0) return;
  const queueUrl = process.env[REPORT_QUEUE_VARIABLE];
  if (queueUrl === undefined || queueUrl === '') throw new Error(`Missing environment variable ${REPORT_QUEUE_VARIABLE}`);
  for (let start = 0; start < runs.length; start += SQS_BATCH) {
    const entries = runs.slice(start, start + SQS_BATCH).map((run, index) => ({ Id: String(index), MessageBody: reportRunMessage(run) }));
    const result = await sqsClient().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
    if ((result.Failed ?? []).length > 0) throw new Error(`The report queue refused ${String(result.Failed?.length)} runs`);
  }
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
