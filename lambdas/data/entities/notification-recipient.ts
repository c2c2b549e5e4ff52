import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { GuardedItem } from '../transaction';
import type { KeyParams } from '../writes';

/**
 * When a user was last sent a message on a channel (issue 14 section 2, the storm rule): one
 * item per user and channel in the organisation's partition. A sender claims it with a
 * conditional write (`recipientClaim`: no message within the window), so of many alarms firing
 * at once one message goes and the others are held for the next, grouped.
 */
export const notificationRecipient = new Entity({
  model: { entity: 'notificationRecipient', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    channel: { type: 'string', required: true },
    /** Epoch milliseconds of the last message sent (or being sent). */
    lastSentAt: { type: 'number', required: true },
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#NOTICERECIPIENT', casing: 'none' },
      sk: { field: 'sk', composite: ['accountId', 'channel'], template: '${accountId}#${channel}', casing: 'none' },
    },
  },
});
export type NotificationRecipientItem = EntityItem<typeof notificationRecipient>;

export const recipientKeyParams = (tableName: string, customerId: string, accountId: string, channel: NotificationChannel): KeyParams =>
  notificationRecipient.get({ customerId, accountId, channel }).params<KeyParams>({ table: tableName });

/** When the recipient's last message on the channel was sent (epoch ms; none yet: undefined), read consistently. */
export async function readRecipientLastSent(client: DynamoDBDocumentClient, tableName: string, customerId: string, accountId: string, channel: NotificationChannel): Promise<number | undefined> {
  const result = await client.send(new GetCommand({ ...recipientKeyParams(tableName, customerId, accountId, channel), ConsistentRead: true }));
  const lastSentAt = result.Item?.['lastSentAt'];
  return typeof lastSentAt === 'number' ? lastSentAt : undefined;
}

/**
 * The recipient's next message on the channel, claimed at `now`: refused while the last one is
 * less than `windowMs` old. A claim whose send failed is given back (`recipientRelease`).
 */
export function recipientClaim(tableName: string, customerId: string, accountId: string, channel: NotificationChannel, now: number, windowMs: number): GuardedItem {
  const { TableName, Item } = notificationRecipient.put({ customerId, accountId, channel, lastSentAt: now }).params<{ TableName: string; Item: Record<string, unknown> }>({ table: tableName });
  return {
    item: {
      Put: {
        TableName, Item,
        ConditionExpression: 'attribute_not_exists(pk) OR lastSentAt <= :windowStart',
        ExpressionAttributeValues: { ':windowStart': now - windowMs },
      },
    },
  };
}

/** A failed send's claim given back: the last message is again the one before it (only if nobody claimed since). */
export function recipientRelease(tableName: string, customerId: string, accountId: string, channel: NotificationChannel, claimedAt: number, previous: number | undefined): GuardedItem {
  const { Key } = recipientKeyParams(tableName, customerId, accountId, channel);
  return {
    item: {
      Update: {
        TableName: tableName, Key,
        UpdateExpression: 'SET lastSentAt = :previous',
        ConditionExpression: 'lastSentAt = :claimed',
        ExpressionAttributeValues: { ':previous': previous ?? 0, ':claimed': claimedAt },
      },
    },
  };
}
