import { Entity, type EntityItem } from 'electrodb';
import {
  ALARM_MEASUREMENTS,
  ALARM_PROFILE_TYPES,
  type AlarmMeasurement,
  type AlarmProfile,
  type AlarmProfileType,
} from '@domain/alarms/alarm-profile';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { LoggingSchedule } from '@domain/devices/data-logging-profile';
import { fillTemplate } from '@domain/devices/gateway';
import { customerIdAttribute, namedRecordAttributes, namedRecordIndexes, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import { setAndClear, type KeyParams, type PutParams, type UpdateParams } from '../writes';

export type AlarmProfileRecord = AlarmProfile;

/** Who uses a profile: each keeps its own count on it. */
export type AlarmProfileUser = 'sensor' | 'gateway';

/**
 * The fields the profile form sets; a profile's update writes only these (never the counts,
 * which the sensors and gateways stores keep).
 */
export const ALARM_PROFILE_FIELDS = [
  'name', 'description', 'types', 'alarmDelayMinutes', 'notificationDelayMinutes', 'snoozeIntervalMinutes', 'snoozeLimit',
  'measurement', 'unit', 'min', 'max', 'deadband', 'batteryThresholdPercent', 'batteryLifeDays', 'inactivityMinutes',
  'processBased', 'schedule',
] as const;

const COUNT_OF: Record<AlarmProfileUser, 'sensorCount' | 'gatewayCount'> = { sensor: 'sensorCount', gateway: 'gatewayCount' };

/**
 * An alarm profile (docs/data-model.md "Alarm profiles"): by id, and the organisation's
 * profiles by name on gsi1 (`byName`). Its limits are kept in stored units (°C, %RH). Each
 * sensor and gateway using it adds to its `sensorCount` or `gatewayCount`
 * (`alarmProfileUseUpdate`), which its delete is conditioned on.
 */
export const alarmProfile = new Entity({
  model: { entity: 'alarmProfile', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    description: { type: 'string' },
    // AlarmProfileType values (domain/alarms/alarm-profile.ts); the decoder keeps only those.
    types: { type: 'list', items: { type: 'string' } },
    alarmDelayMinutes: { type: 'number' },
    notificationDelayMinutes: { type: 'number' },
    snoozeIntervalMinutes: { type: 'number' },
    snoozeLimit: { type: 'number' },
    measurement: { type: ALARM_MEASUREMENTS },
    unit: { type: ['C', 'F'] as const },
    min: { type: 'number' },
    max: { type: 'number' },
    deadband: { type: 'number' },
    batteryThresholdPercent: { type: 'number' },
    batteryLifeDays: { type: 'number' },
    inactivityMinutes: { type: 'number' },
    processBased: { type: 'boolean' },
    // A LoggingSchedule (domain/devices/data-logging-profile.ts), kept as given.
    schedule: { type: 'any' },
    sensorCount: { type: 'number' },
    gatewayCount: { type: 'number' },
    type: { type: 'string', default: 'ALARMPROFILE' },
  },
  indexes: namedRecordIndexes('ALARMPROFILE'),
});
export type AlarmProfileItem = EntityItem<typeof alarmProfile>;

export const alarmProfilePut = (tableName: string, customerId: string, record: AlarmProfileRecord): PutParams =>
  alarmProfile.put({ customerId, ...record }).params<PutParams>({ table: tableName });

export const alarmProfileKey = (tableName: string, customerId: string, id: string): KeyParams =>
  alarmProfile.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** The fields a change names (`undefined` clears one: a limit the new types no longer need), the name's index key with them. */
export function alarmProfileUpdate(tableName: string, customerId: string, id: string, changes: Partial<Record<string, unknown>>): UpdateParams {
  const { set, clear } = setAndClear(changes);
  const update = alarmProfile.update({ customerId, id }).set(set);
  return (clear.length > 0 ? update.remove(clear as never[]) : update).params<UpdateParams>({ table: tableName });
}

/** The profiles of an organisation by name (gsi1). */
export const alarmProfilesByName = (tableName: string, customerId: string) =>
  alarmProfile.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** A sensor or gateway that names a profile the organisation does not have (SPEC: a missing profile is refused). */
export const unknownAlarmProfile = () => validationError(MESSAGES.alarmProfileUnknown);

/** The refusal of a delete while sensors or gateways use the profile, the counts filled in (the browser reads them back to translate it). */
export const alarmProfileInUseMessage = (profile: Pick<AlarmProfileRecord, 'sensorCount' | 'gatewayCount'>) =>
  fillTemplate(MESSAGES.alarmProfileInUse, { sensorCount: profile.sensorCount, gatewayCount: profile.gatewayCount });

/**
 * The write the sensors and gateways stores add to their transactions when a device starts
 * (`delta` 1) or stops (-1) using a profile: its `sensorCount` or `gatewayCount`, on the
 * condition that the profile exists. A profile's delete is conditioned on both being 0.
 */
export function alarmProfileUseUpdate(tableName: string, customerId: string, profileId: string, user: AlarmProfileUser, delta: number): GuardedItem {
  const { TableName, Key } = alarmProfileKey(tableName, customerId, profileId);
  return {
    item: {
      Update: {
        TableName,
        Key,
        UpdateExpression: 'ADD #count :delta',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#count': COUNT_OF[user] },
        ExpressionAttributeValues: { ':delta': delta },
      },
    },
    onConditionFailed: unknownAlarmProfile,
  };
}

/** The use counts a device's change brings: -1 on the profile it leaves, +1 on the one it takes; nothing when it keeps its profile. */
export function alarmProfileUseMoves(
  tableName: string,
  customerId: string,
  user: AlarmProfileUser,
  before: string | undefined,
  after: string | undefined,
): GuardedItem[] {
  if (before === after) return [];
  return [
    ...(before === undefined ? [] : [alarmProfileUseUpdate(tableName, customerId, before, user, -1)]),
    ...(after === undefined ? [] : [alarmProfileUseUpdate(tableName, customerId, after, user, 1)]),
  ];
}

/**
 * The profile's delete, on the version read and on no sensor or gateway using it (one that
 * started to meanwhile makes it fail).
 */
export function alarmProfileDeleteWhenUnused(tableName: string, customerId: string, id: string, expectedVersion: number): GuardedItem {
  const { TableName, Key } = alarmProfileKey(tableName, customerId, id);
  return {
    item: {
      Delete: {
        TableName,
        Key,
        ConditionExpression: '#version = :expected AND (attribute_not_exists(sensorCount) OR sensorCount <= :zero) '
          + 'AND (attribute_not_exists(gatewayCount) OR gatewayCount <= :zero)',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion, ':zero': 0 },
      },
    },
  };
}

const optionalNumber = (item: Record<string, unknown>, field: string): Record<string, number> => {
  const value = item[field];
  return typeof value === 'number' && Number.isFinite(value) ? { [field]: value } : {};
};

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toAlarmProfile(item: Record<string, unknown>): AlarmProfileRecord {
  const types = Array.isArray(item['types']) ? (item['types'] as unknown[]).filter((type): type is AlarmProfileType => ALARM_PROFILE_TYPES.includes(type as AlarmProfileType)) : [];
  const measurement = ALARM_MEASUREMENTS.includes(item['measurement'] as AlarmMeasurement) ? item['measurement'] as AlarmMeasurement : 'temperature';
  return {
    id: String(item['id']),
    name: text(item['name']),
    description: text(item['description']),
    types,
    alarmDelayMinutes: Number(item['alarmDelayMinutes'] ?? 0),
    notificationDelayMinutes: Number(item['notificationDelayMinutes'] ?? 0),
    snoozeIntervalMinutes: Number(item['snoozeIntervalMinutes'] ?? 0),
    snoozeLimit: Number(item['snoozeLimit'] ?? 0),
    measurement,
    // Limits are kept in °C whatever unit the form gave them in.
    unit: item['unit'] === 'F' ? 'F' : 'C',
    ...optionalNumber(item, 'min'),
    ...optionalNumber(item, 'max'),
    ...optionalNumber(item, 'deadband'),
    ...optionalNumber(item, 'batteryThresholdPercent'),
    ...optionalNumber(item, 'batteryLifeDays'),
    ...optionalNumber(item, 'inactivityMinutes'),
    processBased: item['processBased'] === true,
    schedule: (item['schedule'] as LoggingSchedule | undefined) ?? { kind: 'always' },
    sensorCount: Math.max(0, Number(item['sensorCount'] ?? 0)),
    gatewayCount: Math.max(0, Number(item['gatewayCount'] ?? 0)),
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}
