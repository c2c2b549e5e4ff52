import { randomInt } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { deliveryCreate, runTransaction, type NotificationDelivery } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import type { StackUnderTest } from './global-setup';

/**
 * A notification delivery written straight into the table, as the notifier's senders leave
 * one (issue 14 section 3): by default a text message the provider refused until it was
 * parked in the dead-letter store. Statuses other than `queued` are left alone by the local
 * notifier (only queued deliveries are handed to a sender). Returns the delivery.
 */
export async function putTestDelivery(
  stack: Pick<StackUnderTest, 'dynamoEndpoint' | 'tableName' | 'credentials'>,
  customerId: string,
  fields: Partial<NotificationDelivery> & Pick<NotificationDelivery, 'alarmId' | 'accountId'>,
): Promise<NotificationDelivery> {
  const now = Date.now();
  const at = (ago: number) => new Date(now - ago).toISOString();
  const delivery: NotificationDelivery = {
    customerId,
    // A step of its own (an episode number of its own): the same alarm may have several.
    stepKey: `${randomInt(1_000_000)}:alarm:${fields.accountId}`,
    channel: 'text',
    kind: 'alarm',
    level: 1,
    status: 'dead',
    attempts: 5,
    dueAt: at(20 * 60_000),
    queuedAt: at(20 * 60_000),
    updatedAt: at(60_000),
    language: 'en',
    provider: 'text',
    to: '+15550100200',
    lastError: 'ServiceQuotaExceededException: Rate exceeded',
    version: 6,
    ...fields,
  };
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  try {
    await runTransaction(documents, [deliveryCreate(stack.tableName, delivery)]);
  } finally {
    documents.destroy();
  }
  return delivery;
}
