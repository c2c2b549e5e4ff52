import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliveryRefOf } from '../data';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig, stormWindowMs } from '../shared/config';
import { describeError, invocationLogger, observedHandler } from '../shared/observability';
import type { composerWith } from './compose';
import { awsProviders } from './providers';
import { sendDelivery, type ChannelProviders } from './send';

/** What one provider's sender is made of beside what every sender shares. */
export interface SenderParts {
  /** Makes the push provider (per invocation): web-push in the push sender only. */
  push: () => ChannelProviders['push'];
  /** The composer: sanitize-html (an administrator's email HTML) in the email sender's only. */
  composer: ReturnType<typeof composerWith>;
}

/**
 * A channel's sender on AWS (lib/notifications.ts): its queue's messages name deliveries
 * (`{ customerId, delivery }`); each is sent at most once (lambdas/notifier/send.ts). A message
 * whose work threw (the table, not the provider: a provider's refusal is kept on the delivery
 * and retried by the alarm's timer) is reported, so the queue delivers it again, then parks it
 * in the queue's dead-letter queue. Each provider's sender has its entry (lambdas/notifier/senders/)
 * giving only the parts it needs, so web-push and sanitize-html are bundled only into the sender
 * that uses them (docs/decisions/0082-one-bundle-per-resource.md).
 */
export const senderHandler = ({ push, composer }: SenderParts) => observedHandler('notifierSender', async (event: SQSEvent, context): Promise<SQSBatchResponse> => {
  const logger = invocationLogger(context, { handler: 'notifierSender' });
  const client = dynamoDocumentClient();
  const tableName = backendConfig().tableName;
  const deps = { client, tableName, now: () => Date.now(), stormWindowMs: stormWindowMs(), providers: awsProviders(push()), compose: composer({ client, tableName }) };
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
