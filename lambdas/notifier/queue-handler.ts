import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliveryRefOf } from '../data';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig, stormWindowMs } from '../shared/config';
import { describeError, invocationLogger, observedHandler } from '../shared/observability';
import { composer } from './compose';
import { pushProvider } from './push';
import { awsProviders } from './providers';
import { sendDelivery } from './send';

/**
 * A channel's sender on AWS (lib/notifications.ts): its queue's messages name deliveries
 * (`{ customerId, delivery }`); each is sent at most once (lambdas/notifier/send.ts). A message
 * whose work threw (the table, not the provider: a provider's refusal is kept on the delivery
 * and retried by the alarm's timer) is reported, so the queue delivers it again, then parks it
 * in the queue's dead-letter queue.
 */
export const handler = observedHandler('notifierSender', async (event: SQSEvent, context): Promise<SQSBatchResponse> => {
  const logger = invocationLogger(context, { handler: 'notifierSender' });
  const client = dynamoDocumentClient();
  const tableName = backendConfig().tableName;
  const deps = { client, tableName, now: () => Date.now(), stormWindowMs: stormWindowMs(), providers: awsProviders(pushProvider()), compose: composer({ client, tableName }) };
  const failures: string[] = [];
  for (const record of event.Records) {
    try {
      const body = JSON.parse(record.body) as { customerId?: unknown; delivery?: unknown };
      const ref = typeof body.customerId === 'string' && typeof body.delivery === 'string' ? deliveryRefOf(body.customerId, body.delivery) : undefined;
      if (ref === undefined) {
        logger.error('notifier sender got a message naming no delivery', { messageId: record.messageId });
        continue;
      }
      await sendDelivery(deps, ref);
    } catch (error) {
      logger.error('notifier sender could not send a delivery', { messageId: record.messageId, ...describeError(error) });
      failures.push(record.messageId);
    }
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
});
