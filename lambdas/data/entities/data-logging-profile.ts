import { Entity, type EntityItem } from 'electrodb';
import type { DataLoggingProfile } from '@domain/devices/data-logging-profile';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { customerIdAttribute, namedRecordAttributes, namedRecordIndexes, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import { setAndClear, type KeyParams, type PutParams, type UpdateParams } from '../writes';

export type DataLoggingProfileRecord = DataLoggingProfile;

/** The fields the profile form sets; a profile's update writes only these (never `useCount`, which the sensors store keeps). */
export const DATA_LOGGING_PROFILE_FIELDS = [
  'name', 'description', 'enabled', 'valueToLog', 'intervalMinutes', 'calculationWindowMinutes', 'deviation', 'schedule',
] as const;

/**
 * A data logging profile (docs/data-model.md "Data logging profiles"): by id, and the
 * organisation's profiles by name on gsi1 (`byName`). Each sensor channel using it adds to its
 * `useCount` (`dataLoggingProfileUseUpdate`), which its delete is conditioned on.
 */
export const dataLoggingProfile = new Entity({
  model: { entity: 'dataLoggingProfile', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    description: { type: 'string' },
    enabled: { type: 'boolean' },
    valueToLog: { type: 'string' },
    intervalMinutes: { type: 'number' },
    calculationWindowMinutes: { type: 'number' },
    deviation: { type: 'number' },
    // A LoggingSchedule (domain/devices/data-logging-profile.ts), kept as given.
    schedule: { type: 'any' },
    useCount: { type: 'number' },
    type: { type: 'string', default: 'DATALOGGINGPROFILE' },
  },
  indexes: namedRecordIndexes('DATALOGGINGPROFILE'),
});
export type DataLoggingProfileItem = EntityItem<typeof dataLoggingProfile>;

export const dataLoggingProfilePut = (tableName: string, customerId: string, record: DataLoggingProfileRecord): PutParams =>
  dataLoggingProfile.put({ customerId, ...record }).params<PutParams>({ table: tableName });

export const dataLoggingProfileKey = (tableName: string, customerId: string, id: string): KeyParams =>
  dataLoggingProfile.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** The fields a change names (`undefined` clears one), the name's index key with them. */
export function dataLoggingProfileUpdate(tableName: string, customerId: string, id: string, changes: Partial<Record<string, unknown>>): UpdateParams {
  const { set, clear } = setAndClear(changes);
  const update = dataLoggingProfile.update({ customerId, id }).set(set);
  return (clear.length > 0 ? update.remove(clear as never[]) : update).params<UpdateParams>({ table: tableName });
}

/** The profiles of an organisation by name (gsi1). */
export const dataLoggingProfilesByName = (tableName: string, customerId: string) =>
  dataLoggingProfile.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** A request that names a profile the organisation does not have. */
export const unknownDataLoggingProfile = () => validationError(MESSAGES.dataLoggingProfileUnknown);

/**
 * The write the sensors store adds to its transactions when a sensor channel starts (`delta`
 * 1) or stops (-1) using a profile: the profile's `useCount`, on the condition that the
 * profile exists. A profile's delete is conditioned on it being 0.
 */
export function dataLoggingProfileUseUpdate(tableName: string, customerId: string, profileId: string, delta: number): GuardedItem {
  const { TableName, Key } = dataLoggingProfileKey(tableName, customerId, profileId);
  // Today's expression (the sensors store's tests pin it), not counterAdd's `#counter` form.
  return {
    item: { Update: { TableName, Key, UpdateExpression: 'ADD useCount :delta', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':delta': delta } } },
    onConditionFailed: unknownDataLoggingProfile,
  };
}

/**
 * The profile's delete, on the version read and on nothing using it (a channel that started
 * to meanwhile makes it fail).
 */
export function dataLoggingProfileDeleteWhenUnused(tableName: string, customerId: string, id: string, expectedVersion: number): GuardedItem {
  const { TableName, Key } = dataLoggingProfileKey(tableName, customerId, id);
  return {
    item: {
      Delete: {
        TableName,
        Key,
        ConditionExpression: '#version = :expected AND (attribute_not_exists(useCount) OR useCount <= :zero)',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion, ':zero': 0 },
      },
    },
  };
}

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toDataLoggingProfileRecord(item: Record<string, unknown>): DataLoggingProfileRecord {
  const schedule = item['schedule'] as DataLoggingProfile['schedule'] | undefined;
  return {
    id: String(item['id']),
    name: text(item['name']),
    description: text(item['description']),
    enabled: item['enabled'] !== false,
    valueToLog: (item['valueToLog'] ?? 'average') as DataLoggingProfile['valueToLog'],
    intervalMinutes: Number(item['intervalMinutes'] ?? 15),
    calculationWindowMinutes: Number(item['calculationWindowMinutes'] ?? item['intervalMinutes'] ?? 15),
    deviation: Number(item['deviation'] ?? 0),
    schedule: schedule ?? { kind: 'always' },
    useCount: Math.max(0, Number(item['useCount'] ?? 0)),
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}
