import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { newReplyCode, phoneKeyOf, REPLY_CODE_DRAWS, REPLY_CODE_OPEN_MS, takesReplyCode } from '@domain/notifications/reply-codes';
import { customerIdAttribute, text } from '../attributes';
import { SERVICE } from '../key-parts';
import { queryAll } from '../queries';
import type { KeyParams } from '../writes';
import { deliveryRefText, type NotificationDelivery } from './notification-delivery';

/**
 * An SMS reply code that is open (docs/decisions/0073-sms-reply-codes.md; domain/notifications/
 * reply-codes.ts): the code an alarm's text asked its recipient to reply, under the phone it went
 * to. A reply is known by its sender's number only, so the item is keyed by that number and the
 * code, outside every organisation, and names the organisation, alarm, delivery and account it
 * acknowledges. Written before the text is sent; `ttl` closes it REPLY_CODE_OPEN_MS later (the
 * reader checks it too: DynamoDB removes expired items late), and `usedAt` once a reply has used
 * it (spent: a second reply naming it does nothing). The number's reply guard
 * (sms-reply-guard.ts) shares its partition.
 */
export const smsReplyCode = new Entity({
  model: { entity: 'smsReplyCode', version: '1', service: SERVICE },
  attributes: {
    /** E.164 (`phoneKeyOf`). */
    phone: { type: 'string', required: true },
    code: { type: 'string', required: true },
    customerId: customerIdAttribute,
    alarmId: { type: 'string', required: true },
    /** The delivery whose text names the code (`deliveryRefText`). */
    delivery: { type: 'string', required: true },
    accountId: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    /** Epoch seconds: when the code closes. */
    ttl: { type: 'number', required: true },
    /** When a reply used it: closed from then on. */
    usedAt: { type: 'string' },
  },
  indexes: {
    byPhone: {
      pk: { field: 'pk', composite: ['phone'], template: 'SMSREPLY#${phone}', casing: 'none' },
      sk: { field: 'sk', composite: ['code'], template: 'CODE#${code}', casing: 'none' },
    },
  },
});
export type SmsReplyCodeItem = EntityItem<typeof smsReplyCode>;

/** What a reply code acknowledges. */
export interface SmsReplyCode {
  phone: string;
  code: string;
  customerId: string;
  alarmId: string;
  delivery: string;
  accountId: string;
  createdAt: string;
  /** Epoch seconds. */
  ttl: number;
  usedAt?: string;
}

export const smsReplyCodeKey = (tableName: string, phone: string, code: string): KeyParams =>
  smsReplyCode.get({ phone, code }).params<KeyParams>({ table: tableName });

export function toSmsReplyCode(item: Readonly<Record<string, unknown>>): SmsReplyCode {
  return {
    phone: text(item['phone']),
    code: text(item['code']),
    customerId: text(item['customerId']),
    alarmId: text(item['alarmId']),
    delivery: text(item['delivery']),
    accountId: text(item['accountId']),
    createdAt: text(item['createdAt']),
    ttl: typeof item['ttl'] === 'number' ? item['ttl'] : 0,
    ...(typeof item['usedAt'] === 'string' ? { usedAt: item['usedAt'] } : {}),
  };
}

/** Whether a code is still open at `now` (epoch milliseconds): not expired, not used. */
export const isOpenReplyCode = (code: Pick<SmsReplyCode, 'ttl' | 'usedAt'>, now: number): boolean => code.ttl * 1000 > now && code.usedAt === undefined;

/**
 * The code `code` as it was sent to `phone`, open or not (expired ones DynamoDB has not removed
 * yet, spent ones): `isOpenReplyCode` says whether a reply may use it.
 */
export async function readSmsReplyCode(client: DynamoDBDocumentClient, tableName: string, phone: string, code: string): Promise<SmsReplyCode | undefined> {
  const read = await client.send(new GetCommand({ ...smsReplyCodeKey(tableName, phone, code), ConsistentRead: true }));
  return read.Item === undefined ? undefined : toSmsReplyCode(read.Item);
}

/** Every code open for `phone` at `now` (a number rarely has more than a handful). */
export async function openSmsReplyCodesOf(client: DynamoDBDocumentClient, tableName: string, phone: string, now: number): Promise<SmsReplyCode[]> {
  const built = smsReplyCode.query.byPhone({ phone }).params<{ ExpressionAttributeValues: Record<string, unknown> }>({ table: tableName });
  const codes = await queryAll(client, {
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': built.ExpressionAttributeValues[':pk'], ':prefix': 'CODE#' },
    ConsistentRead: true,
  }, toSmsReplyCode);
  return codes.filter((code) => isOpenReplyCode(code, now));
}

/** Closes a code a reply used (spent): from now on a reply naming it does nothing. Done once; again, nothing. */
export async function spendSmsReplyCode(client: DynamoDBDocumentClient, tableName: string, phone: string, code: string, now: number): Promise<void> {
  try {
    await client.send(new UpdateCommand({
      ...smsReplyCodeKey(tableName, phone, code),
      UpdateExpression: 'SET usedAt = :usedAt',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt)',
      ExpressionAttributeValues: { ':usedAt': new Date(now).toISOString() },
    }));
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
  }
}

export interface ReplyCodeRequest {
  phone: string;
  customerId: string;
  alarmId: string;
  delivery: string;
  accountId: string;
  /** The code the delivery's text had before (a retried send asks for the same). */
  preferred?: string;
  now: number;
  random?: () => number;
}

/**
 * Opens a code for a delivery's text: the one it had before when that is still the delivery's
 * (so a retried send says the same code), else a fresh one not open for the phone; each written
 * with a condition that the phone has no other open code of that value. Returns the code, or
 * undefined when REPLY_CODE_DRAWS fresh codes were all taken (the text then goes without one).
 */
export async function openSmsReplyCode(client: DynamoDBDocumentClient, tableName: string, request: ReplyCodeRequest): Promise<string | undefined> {
  const random = request.random ?? Math.random;
  const candidates = [...(request.preferred === undefined ? [] : [request.preferred]), ...Array.from({ length: REPLY_CODE_DRAWS }, () => newReplyCode(random))];
  for (const code of candidates) {
    const { TableName, Item } = smsReplyCode.put({
      phone: request.phone, code, customerId: request.customerId, alarmId: request.alarmId, delivery: request.delivery, accountId: request.accountId,
      createdAt: new Date(request.now).toISOString(), ttl: Math.ceil((request.now + REPLY_CODE_OPEN_MS) / 1000),
    }).params<{ TableName: string; Item: Record<string, unknown> }>({ table: tableName });
    try {
      await client.send(new PutCommand({
        TableName, Item,
        // Free, expired, or already this delivery's (a retried or redelivered send) and not spent: a used code is never opened again.
        ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :nowSeconds OR (#customerId = :customerId AND #delivery = :delivery AND attribute_not_exists(usedAt))',
        ExpressionAttributeNames: { '#ttl': 'ttl', '#customerId': 'customerId', '#delivery': 'delivery' },
        ExpressionAttributeValues: { ':nowSeconds': Math.floor(request.now / 1000), ':customerId': request.customerId, ':delivery': request.delivery },
      }));
      return code;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
    }
  }
  return undefined;
}

/**
 * The code a delivery's text names, opened before it is claimed and kept on it (so a retried or
 * recovered send names the same); undefined for a message that asks for no reply (not an alarm
 * or reminder by text) or whose number is not E.164.
 */
export async function replyCodeForDelivery(client: DynamoDBDocumentClient, tableName: string, delivery: NotificationDelivery, now: number): Promise<string | undefined> {
  const phone = phoneKeyOf(delivery.to ?? '');
  if (!takesReplyCode(delivery) || phone === undefined) return undefined;
  return openSmsReplyCode(client, tableName, {
    phone, customerId: delivery.customerId, alarmId: delivery.alarmId, delivery: deliveryRefText(delivery), accountId: delivery.accountId, now,
    ...(delivery.replyCode === undefined ? {} : { preferred: delivery.replyCode }),
  });
}
