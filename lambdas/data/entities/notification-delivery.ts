import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import type { DeliveryProvider, DeliveryStatus } from '@domain/notifications/delivery';
import type { NotificationStepKind } from '@domain/notifications/escalation';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { customerIdAttribute } from '../attributes';
import { accountKeyParams, toAccountRecord, type AccountRecord } from './account';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import { createPut, versionedPut, type KeyParams, type PutParams } from '../writes';

/**
 * One message of an alarm to one user on one channel: the transactional outbox's item (issue 14
 * section 3; docs/data-model.md "Notification deliveries"). Its key is its idempotency key, the
 * alarm's partition and `<step>#<channel>` (`deliveryKey` of domain/notifications/escalation.ts),
 * so planning the same step twice can only ever create it once (`deliveryCreate` refuses the
 * second). Its status moves the index keys: the organisation's deliveries of one status
 * (`byStatus`, gsi1: the dead-letter store an administrator reads) and a recipient's on one
 * channel of one status (`byRecipient`, gsi2: the messages the storm rule holds for them).
 * Every change is a whole put on the version read: two senders never both claim it.
 */
export const notificationDelivery = new Entity({
  model: { entity: 'notificationDelivery', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    alarmId: { type: 'string', required: true },
    stepKey: { type: 'string', required: true },
    channel: { type: 'string', required: true },
    kind: { type: 'string', required: true },
    reminder: { type: 'number' },
    level: { type: 'number', required: true },
    accountId: { type: 'string', required: true },
    status: { type: 'string', required: true },
    attempts: { type: 'number', required: true },
    /** ISO: when the step was due. */
    dueAt: { type: 'string', required: true },
    queuedAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    siteId: { type: 'string' },
    language: { type: 'string' },
    provider: { type: 'string' },
    to: { type: 'string' },
    /** Why it was skipped or dropped (a code the portal translates). */
    reason: { type: 'string' },
    /** The provider's last refusal, as it gave it. */
    lastError: { type: 'string' },
    nextAttemptAt: { type: 'string' },
    sentAt: { type: 'string' },
    providerMessageId: { type: 'string' },
    /** The SMS reply code its text names (entities/sms-reply-code.ts): a retried send names the same. */
    replyCode: { type: 'string' },
    /** A grouped delivery: the delivery (`<alarmId>#<stepKey>#<channel>`) whose message carried it. */
    groupedInto: { type: 'string' },
    /** A storm send: how many other alarms' messages it carried. */
    groupedCount: { type: 'number' },
    /** A storm send queued by the storm rule: the held deliveries (`deliveryRefText`) it carries. */
    groupWith: { type: 'list', items: { type: 'string' } },
    version: { type: 'number', required: true },
  },
  indexes: {
    byAlarm: {
      pk: { field: 'pk', composite: ['customerId', 'alarmId'], template: 'C#${customerId}#NOTICE#${alarmId}', casing: 'none' },
      sk: { field: 'sk', composite: ['stepKey', 'channel'], template: 'NOTICE#${stepKey}#${channel}', casing: 'none' },
    },
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId', 'status'], template: 'C#${customerId}#NOTICES#${status}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['updatedAt', 'alarmId', 'stepKey', 'channel'], template: '${updatedAt}#${alarmId}#${stepKey}#${channel}', casing: 'none' },
    },
    byRecipient: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['customerId', 'accountId', 'channel', 'status'], template: 'C#${customerId}#NOTICES#${accountId}#${channel}#${status}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['dueAt', 'alarmId', 'stepKey'], template: '${dueAt}#${alarmId}#${stepKey}', casing: 'none' },
    },
  },
});
export type NotificationDeliveryItem = EntityItem<typeof notificationDelivery>;

/** A delivery as the notifier and its senders read it. */
export interface NotificationDelivery {
  customerId: string;
  alarmId: string;
  stepKey: string;
  channel: NotificationChannel;
  kind: NotificationStepKind;
  reminder?: number;
  level: number;
  accountId: string;
  status: DeliveryStatus;
  attempts: number;
  dueAt: string;
  queuedAt: string;
  updatedAt: string;
  siteId?: string;
  language?: 'en' | 'fr' | 'es';
  provider?: DeliveryProvider;
  to?: string;
  reason?: string;
  lastError?: string;
  nextAttemptAt?: string;
  sentAt?: string;
  providerMessageId?: string;
  replyCode?: string;
  groupedInto?: string;
  groupedCount?: number;
  groupWith?: string[];
  version: number;
}

/** What names one delivery: in a stream record, a queue message and a resend link. */
export interface DeliveryRef {
  customerId: string;
  alarmId: string;
  stepKey: string;
  channel: NotificationChannel;
}

/** The delivery's idempotency key as text (`deliveryKey`): alarm, step and channel. */
export const deliveryRefText = (ref: Pick<DeliveryRef, 'alarmId' | 'stepKey' | 'channel'>): string => `${ref.alarmId}#${ref.stepKey}#${ref.channel}`;

/** The delivery a `deliveryRefText` names in the organisation (undefined: not one). */
export function deliveryRefOf(customerId: string, refText: string): DeliveryRef | undefined {
  const first = refText.indexOf('#');
  const last = refText.lastIndexOf('#');
  if (first <= 0 || last <= first) return undefined;
  return { customerId, alarmId: refText.slice(0, first), stepKey: refText.slice(first + 1, last), channel: refText.slice(last + 1) as NotificationChannel };
}

// Absent fields stay absent (a cleared `nextAttemptAt` is gone from the item, not stored empty).
const definedFields = <T extends object>(record: T): T => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;

const putParams = (tableName: string, delivery: NotificationDelivery): PutParams =>
  notificationDelivery.put(definedFields(delivery)).params<PutParams>({ table: tableName });

export const deliveryKeyParams = (tableName: string, ref: DeliveryRef): KeyParams =>
  notificationDelivery.get(ref).params<KeyParams>({ table: tableName });

/** A new delivery: a second of the same alarm, step and channel is refused (the idempotency key). */
export const deliveryCreate = (tableName: string, delivery: NotificationDelivery): GuardedItem => createPut(putParams(tableName, delivery));

/** The delivery's next state, on the version read: of two senders, one wins. */
export const deliveryReplace = (tableName: string, next: NotificationDelivery, readVersion: number): GuardedItem =>
  versionedPut(putParams(tableName, { ...next, version: readVersion + 1 }), readVersion);

/** An alarm's deliveries (its timeline's messages, and the steps already planned). */
export const deliveriesOfAlarm = (tableName: string, customerId: string, alarmId: string): QueryParams =>
  notificationDelivery.query.byAlarm({ customerId, alarmId }).params<QueryParams>({ table: tableName });

/** The organisation's deliveries of one status, oldest change first (the dead-letter store). */
export const deliveriesByStatus = (tableName: string, customerId: string, status: DeliveryStatus): QueryParams =>
  notificationDelivery.query.byStatus({ customerId, status }).params<QueryParams>({ table: tableName });

/** A recipient's deliveries on one channel of one status, by due time (those the storm rule holds). */
export const deliveriesOfRecipient = (tableName: string, customerId: string, accountId: string, channel: NotificationChannel, status: DeliveryStatus): QueryParams =>
  notificationDelivery.query.byRecipient({ customerId, accountId, channel, status }).params<QueryParams>({ table: tableName });

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Whether a stored item (a stream image, a query's item) is a delivery. */
export const isDeliveryItem = (item: Readonly<Record<string, unknown>>): boolean => item['__edb_e__'] === 'notificationDelivery';

/** The stored item as a delivery, field by field (no keys, no `__edb_*`). */
export function toNotificationDelivery(item: Readonly<Record<string, unknown>>): NotificationDelivery {
  const optionalText = (field: keyof NotificationDelivery) => {
    const value = text(item[field]);
    return value === undefined ? {} : { [field]: value };
  };
  const optionalCount = (field: keyof NotificationDelivery) => {
    const value = count(item[field]);
    return value === undefined ? {} : { [field]: value };
  };
  return {
    customerId: String(item['customerId']),
    alarmId: String(item['alarmId']),
    stepKey: String(item['stepKey']),
    channel: String(item['channel']) as NotificationChannel,
    kind: String(item['kind']) as NotificationStepKind,
    level: count(item['level']) ?? 1,
    accountId: String(item['accountId']),
    status: String(item['status']) as DeliveryStatus,
    attempts: count(item['attempts']) ?? 0,
    dueAt: String(item['dueAt']),
    queuedAt: String(item['queuedAt']),
    updatedAt: String(item['updatedAt']),
    version: count(item['version']) ?? 0,
    ...optionalCount('reminder'),
    ...optionalCount('groupedCount'),
    ...optionalText('siteId'),
    ...optionalText('language'),
    ...optionalText('provider'),
    ...optionalText('to'),
    ...optionalText('reason'),
    ...optionalText('lastError'),
    ...optionalText('nextAttemptAt'),
    ...optionalText('sentAt'),
    ...optionalText('providerMessageId'),
    ...optionalText('replyCode'),
    ...optionalText('groupedInto'),
    ...(Array.isArray(item['groupWith']) ? { groupWith: (item['groupWith'] as unknown[]).filter((ref): ref is string => typeof ref === 'string') } : {}),
  };
}

/** A delivery as stored now, read consistently (gone: undefined). */
export async function readDelivery(client: DynamoDBDocumentClient, tableName: string, ref: DeliveryRef): Promise<NotificationDelivery | undefined> {
  const result = await client.send(new GetCommand({ ...deliveryKeyParams(tableName, ref), ConsistentRead: true }));
  return result.Item === undefined ? undefined : toNotificationDelivery(result.Item);
}

/** The account a delivery went to (of the delivery's organisation only), read consistently; gone: undefined. */
export async function readDeliveryRecipient(client: DynamoDBDocumentClient, tableName: string, delivery: Pick<NotificationDelivery, 'customerId' | 'accountId'>): Promise<AccountRecord | undefined> {
  const result = await client.send(new GetCommand({ ...accountKeyParams(tableName, delivery.customerId, delivery.accountId), ConsistentRead: true }));
  return result.Item === undefined ? undefined : toAccountRecord(result.Item);
}
