import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { recentTestSends } from '@domain/notifications/my-notifications';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams } from '../writes';

/**
 * When a user last sent themselves test messages (issue 14 section 2: POST
 * users/me/notifications/test): the times within the limit's window, beside the user item
 * (docs/data-model.md "Users"). Claimed with a conditional put on the version read, so two
 * requests at once cannot both take the last place; the TTL removes it once its window passed.
 */
export const testMessageLog = new Entity({
  model: { entity: 'testMessageLog', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    /** Epoch milliseconds of the test messages sent within the window. */
    sentAt: { type: 'list', items: { type: 'number' }, required: true },
    version: { type: 'number', required: true },
    ttl: { type: 'number' },
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#USER', casing: 'none' },
      sk: { field: 'sk', composite: ['accountId'], template: 'USER#${accountId}#TESTMESSAGES', casing: 'none' },
    },
  },
});
export type TestMessageLogItem = EntityItem<typeof testMessageLog>;

export const testMessageLogKey = (tableName: string, customerId: string, accountId: string): KeyParams =>
  testMessageLog.get({ customerId, accountId }).params<KeyParams>({ table: tableName });

const CLAIM_ATTEMPTS = 3;

/**
 * Takes a place for one test message at `now`: true when fewer than `max` were sent within
 * `windowMs`, false (nothing written) otherwise. A concurrent claim makes it read again.
 */
export async function claimTestMessage(client: DynamoDBDocumentClient, tableName: string, customerId: string, accountId: string, now: number, limit: { max: number; windowMs: number }): Promise<boolean> {
  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
    const read = await client.send(new GetCommand({ ...testMessageLogKey(tableName, customerId, accountId), ConsistentRead: true }));
    const stored = read.Item;
    const times = Array.isArray(stored?.['sentAt']) ? (stored['sentAt'] as unknown[]).filter((time): time is number => typeof time === 'number') : [];
    const recent = recentTestSends(times, now, limit.windowMs);
    if (recent.length >= limit.max) return false;
    const version = typeof stored?.['version'] === 'number' ? stored['version'] : 0;
    const { TableName, Item } = testMessageLog.put({
      customerId, accountId, sentAt: [...recent, now], version: version + 1, ttl: Math.ceil((now + limit.windowMs) / 1000),
    }).params<{ TableName: string; Item: Record<string, unknown> }>({ table: tableName });
    try {
      await client.send(new PutCommand({
        TableName, Item,
        ...(stored === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': version } }),
      }));
      return true;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException') || attempt === CLAIM_ATTEMPTS) throw error;
    }
  }
  return false;
}
