import { createHash } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import type { Alarm, AlarmDeviceKind, AlarmEvent, AlarmStatus, AlarmType } from '@domain/alarms/alarm';
import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { customerIdAttribute, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import { createPut, versionedPut, type KeyParams, type PutParams } from '../writes';

/**
 * An alarm (docs/data-model.md "Alarms"; issue 13 section 2): by id in the organisation's
 * partition of alarms (`byId`), the organisation's alarms of one status by start, newest first
 * when read backwards (`byStatus`, gsi1: moving to history moves the key), and a device's alarms
 * by start (`byDevice`, gsi2: the sensor's Alarms tab). Its id is made from the device, the
 * condition and the run's start (`storedAlarmId`), so the same run evaluated twice (two ingest
 * containers, a redelivery, the clock) can only ever create the same item, and `alarmCreate`
 * refuses the second.
 */
export const alarm = new Entity({
  model: { entity: 'alarm', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    id: { type: 'string', required: true },
    deviceKind: { type: 'string', required: true },
    deviceId: { type: 'string', required: true },
    deviceName: { type: 'string' },
    profileId: { type: 'string' },
    channel: { type: 'string' },
    type: { type: 'string', required: true },
    status: { type: 'string', required: true },
    siteId: { type: 'string' },
    locationId: { type: 'string' },
    departmentId: { type: 'string' },
    divisionId: { type: 'string' },
    startedAt: { type: 'string', required: true },
    raisedAt: { type: 'string' },
    lastRunStartedAt: { type: 'string' },
    // null: the probe read nothing (a probe-missing alarm's value).
    lastValue: { type: 'any' },
    worstValue: { type: 'any' },
    worstAt: { type: 'string' },
    clearedAt: { type: 'string' },
    acknowledgedBy: { type: 'string' },
    acknowledgedAt: { type: 'string' },
    acknowledgeReason: { type: 'string' },
    correctiveAction: { type: 'string' },
    snoozedUntil: { type: 'string' },
    snoozeCount: { type: 'number' },
    // AlarmEvent[] (domain/alarms/alarm.ts), at most MAX_TIMELINE_EVENTS.
    timeline: { type: 'any' },
    version: { type: 'number', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#ALARM', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'ALARM#${id}', casing: 'none' },
    },
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId', 'status'], template: 'C#${customerId}#ALARMS#${status}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['startedAt', 'id'], template: '${startedAt}#${id}', casing: 'none' },
    },
    byDevice: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['customerId', 'deviceKind', 'deviceId'], template: 'C#${customerId}#ALARMS#${deviceKind}#${deviceId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['startedAt', 'id'], template: '${startedAt}#${id}', casing: 'none' },
    },
  },
});
export type AlarmItem = EntityItem<typeof alarm>;

/**
 * An alarm's id: opaque, safe in a URL, and the same for the same device, condition and run
 * start, whoever computes it.
 */
export function storedAlarmId(deviceKind: AlarmDeviceKind, deviceId: string, conditionKey: string, startedAt: number): string {
  return createHash('sha256').update(`${deviceKind}|${deviceId}|${conditionKey}|${startedAt}`).digest('base64url').slice(0, 22);
}

const fieldsOf = (customerId: string, record: Alarm) => {
  const { profileId, clearedAt, acknowledgedBy, acknowledgedAt, acknowledgeReason, correctiveAction, snoozedUntil, channel, locationId, departmentId, divisionId, ...rest } = record;
  return {
    customerId,
    ...rest,
    ...(profileId === undefined ? {} : { profileId }),
    ...(channel === undefined ? {} : { channel }),
    ...(locationId === undefined ? {} : { locationId }),
    ...(departmentId === undefined ? {} : { departmentId }),
    ...(divisionId === undefined ? {} : { divisionId }),
    ...(clearedAt === undefined ? {} : { clearedAt }),
    ...(acknowledgedBy === undefined ? {} : { acknowledgedBy }),
    ...(acknowledgedAt === undefined ? {} : { acknowledgedAt }),
    ...(acknowledgeReason === undefined ? {} : { acknowledgeReason }),
    ...(correctiveAction === undefined ? {} : { correctiveAction }),
    ...(snoozedUntil === undefined ? {} : { snoozedUntil }),
  };
};

export const alarmPutParams = (tableName: string, customerId: string, record: Alarm): PutParams =>
  alarm.put(fieldsOf(customerId, record)).params<PutParams>({ table: tableName });

export const alarmKey = (tableName: string, customerId: string, id: string): KeyParams =>
  alarm.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** A new alarm; a second create of the same run's alarm is refused by `attribute_not_exists`. */
export const alarmCreate = (tableName: string, customerId: string, record: Alarm): GuardedItem =>
  createPut(alarmPutParams(tableName, customerId, record));

/** The alarm's next state, on the version read (a lost update between the ingest and the clock is refused). */
export const alarmReplace = (tableName: string, customerId: string, record: Alarm, expectedVersion: number): GuardedItem =>
  versionedPut(alarmPutParams(tableName, customerId, record), expectedVersion);

/** The organisation's alarms of one status, by start (read backwards for newest first). */
export const alarmsByStatus = (tableName: string, customerId: string, status: AlarmStatus): QueryParams =>
  alarm.query.byStatus({ customerId, status }).params<QueryParams>({ table: tableName });

/** The organisation's alarms of one status that started in [from, to] (ISO times). */
export const alarmsByStatusBetween = (tableName: string, customerId: string, status: AlarmStatus, from: string, to: string): QueryParams =>
  alarm.query.byStatus({ customerId, status }).between({ startedAt: from }, { startedAt: `${to}\uffff` }).params<QueryParams>({ table: tableName });

/** A device's alarms, by start. */
export const alarmsByDevice = (tableName: string, customerId: string, deviceKind: AlarmDeviceKind, deviceId: string): QueryParams =>
  alarm.query.byDevice({ customerId, deviceKind, deviceId }).params<QueryParams>({ table: tableName });

export const unknownAlarm = () => notFound(MESSAGES.alarmNotFound);

/**
 * An alarm, read consistently (absent: undefined). Given `onConsumed`, the read units go to it
 * (the engine's figures).
 */
export async function readAlarm(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  id: string,
  io: { onConsumed?: (units: number) => void } = {},
): Promise<Alarm | undefined> {
  const counted = io.onConsumed === undefined ? {} : { ReturnConsumedCapacity: 'TOTAL' as const };
  const result = await client.send(new GetCommand({ ...alarmKey(tableName, customerId, id), ConsistentRead: true, ...counted }));
  io.onConsumed?.(result.ConsumedCapacity?.CapacityUnits ?? 0);
  return result.Item === undefined ? undefined : toAlarm(result.Item);
}

const optionalText = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const valueOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toAlarm(item: Record<string, unknown>): Alarm {
  const optional = (field: string) => {
    const value = optionalText(item[field]);
    return value === undefined ? {} : { [field]: value };
  };
  const timeline = Array.isArray(item['timeline']) ? (item['timeline'] as AlarmEvent[]) : [];
  return {
    id: String(item['id']),
    deviceKind: (item['deviceKind'] === 'gateway' || item['deviceKind'] === 'checklist' ? item['deviceKind'] : 'sensor'),
    deviceId: text(item['deviceId']),
    deviceName: text(item['deviceName']),
    ...optional('profileId'),
    ...optional('channel'),
    type: String(item['type']) as AlarmType,
    status: (item['status'] === 'history' ? 'history' : 'active'),
    siteId: text(item['siteId']),
    ...optional('locationId'),
    ...optional('departmentId'),
    ...optional('divisionId'),
    startedAt: text(item['startedAt']),
    raisedAt: text(item['raisedAt']),
    lastRunStartedAt: text(item['lastRunStartedAt'], text(item['startedAt'])),
    lastValue: valueOf(item['lastValue']),
    worstValue: valueOf(item['worstValue']),
    worstAt: text(item['worstAt'], text(item['startedAt'])),
    ...optional('clearedAt'),
    ...optional('acknowledgedBy'),
    ...optional('acknowledgedAt'),
    ...optional('acknowledgeReason'),
    ...optional('correctiveAction'),
    ...optional('snoozedUntil'),
    snoozeCount: Number(item['snoozeCount'] ?? 0),
    timeline,
    version: Number(item['version'] ?? 1),
  } as Alarm;
}
