import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { fillTemplate } from '@domain/devices/gateway';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_GROUP_TYPES,
  type NotificationChannel,
  type NotificationGroup,
  type NotificationGroupType,
  type NotificationSchedule,
} from '@domain/notifications/notification-group';
import { WEEKDAYS, type Weekday } from '@domain/devices/data-logging-profile';
import { ENTITY } from './audit-entry';
import { customerIdAttribute, idListAttribute, namedRecordAttributes, namedRecordIndexes, strings, text } from '../attributes';
import { nameKeyOf, SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import { setAndClear, type KeyParams, type PutParams, type UpdateParams } from '../writes';
import { batchGet } from '../batch';
import { claimUnique, releaseUnique, uniqueMarker, type UniqueValue } from './unique-marker';

export type NotificationGroupRecord = NotificationGroup;

/** Who uses a group: each keeps its own count on it. */
export type NotificationGroupUser = 'sensor' | 'gateway';

/** The fields the group form sets; an update writes only these (never the counts, which the sensors and gateways stores keep). */
export const NOTIFICATION_GROUP_FIELDS = ['name', 'description', 'groupType', 'isDefault', 'locationId', 'siteIds', 'schedules'] as const;

const COUNT_OF: Record<NotificationGroupUser, 'sensorCount' | 'gatewayCount'> = { sensor: 'sensorCount', gateway: 'gatewayCount' };

/**
 * A notification group (docs/data-model.md "Notification groups"): by id, and the
 * organisation's groups by name on gsi1 (`byName`). Each sensor and gateway using it adds to
 * its `sensorCount` or `gatewayCount` (`notificationGroupUseUpdate`), which its delete is
 * conditioned on. A default group holds one marker per site and type (`defaultGroupMarker`).
 */
export const notificationGroup = new Entity({
  model: { entity: 'notificationGroup', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    description: { type: 'string' },
    groupType: { type: NOTIFICATION_GROUP_TYPES },
    isDefault: { type: 'boolean' },
    locationId: { type: 'string' },
    siteIds: idListAttribute,
    // NotificationSchedule values (domain/notifications/notification-group.ts); the decoder keeps only their fields.
    schedules: { type: 'any' },
    sensorCount: { type: 'number' },
    gatewayCount: { type: 'number' },
    type: { type: 'string', default: 'NOTIFICATIONGROUP' },
  },
  indexes: namedRecordIndexes('NOTIFICATIONGROUP'),
});
export type NotificationGroupItem = EntityItem<typeof notificationGroup>;

export const notificationGroupPut = (tableName: string, customerId: string, record: NotificationGroupRecord): PutParams =>
  notificationGroup.put({ customerId, ...record }).params<PutParams>({ table: tableName });

export const notificationGroupKey = (tableName: string, customerId: string, id: string): KeyParams =>
  notificationGroup.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** The fields a change names, the name's index key with them. */
export function notificationGroupUpdate(tableName: string, customerId: string, id: string, changes: Partial<Record<string, unknown>>): UpdateParams {
  const { set, clear } = setAndClear(changes);
  const update = notificationGroup.update({ customerId, id }).set(set);
  return (clear.length > 0 ? update.remove(clear as never[]) : update).params<UpdateParams>({ table: tableName });
}

/** The groups of an organisation by name (gsi1). */
export const notificationGroupsByName = (tableName: string, customerId: string) =>
  notificationGroup.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** A sensor or gateway that names a group the organisation does not have. */
export const unknownNotificationGroup = () => validationError(MESSAGES.notificationGroupUnknown);

/** The refusal of a delete while sensors or gateways use the group, the counts filled in (the browser reads them back to translate it). */
export const notificationGroupInUseMessage = (group: Pick<NotificationGroupRecord, 'sensorCount' | 'gatewayCount'>) =>
  fillTemplate(MESSAGES.notificationGroupInUse, { sensorCount: group.sensorCount, gatewayCount: group.gatewayCount });

/** +1 (or -1) on a group's sensor or gateway count, on the condition that the group exists. */
export function notificationGroupUseUpdate(tableName: string, customerId: string, groupId: string, user: NotificationGroupUser, delta: number): GuardedItem {
  const { TableName, Key } = notificationGroupKey(tableName, customerId, groupId);
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
    onConditionFailed: unknownNotificationGroup,
  };
}

/** Both counts of a group moved in one write (a transaction names an item once): what an overwrite's batch moves. */
export function notificationGroupCountsUpdate(tableName: string, customerId: string, groupId: string, deltas: Record<NotificationGroupUser, number>): GuardedItem {
  const { TableName, Key } = notificationGroupKey(tableName, customerId, groupId);
  return {
    item: {
      Update: {
        TableName,
        Key,
        UpdateExpression: 'ADD sensorCount :sensors, gatewayCount :gateways',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':sensors': deltas.sensor, ':gateways': deltas.gateway },
      },
    },
    onConditionFailed: unknownNotificationGroup,
  };
}

/**
 * The use counts a device's change brings: -1 on each group it leaves, +1 on each it takes
 * (`times` devices at once for a batch); nothing for a group it keeps.
 */
export function notificationGroupUseMoves(
  tableName: string,
  customerId: string,
  user: NotificationGroupUser,
  before: readonly string[],
  after: readonly string[],
  times = 1,
): GuardedItem[] {
  return [
    ...before.filter((id) => !after.includes(id)).map((id) => notificationGroupUseUpdate(tableName, customerId, id, user, -times)),
    ...after.filter((id) => !before.includes(id)).map((id) => notificationGroupUseUpdate(tableName, customerId, id, user, times)),
  ];
}

/**
 * Which of these groups exist (one consistent batch get of their ids). Before issue 14 a
 * device's group ids were stored unchecked: one it leaves that names no group is let go of
 * without a count to take back (a decrement would be refused, and the device stuck with it).
 */
export async function existingNotificationGroupIds(client: DynamoDBDocumentClient, tableName: string, customerId: string, ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const items = await batchGet(client, tableName, unique.map((id) => notificationGroupKey(tableName, customerId, id).Key), { projection: 'id' });
  return new Set(items.map((item) => String(item['id'])));
}

/**
 * A device's use moves as `notificationGroupUseMoves`, the groups it leaves that no longer
 * exist (ids stored unchecked before issue 14) left out.
 */
export async function checkedNotificationGroupUseMoves(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  user: NotificationGroupUser,
  before: readonly string[],
  after: readonly string[],
): Promise<GuardedItem[]> {
  const left = before.filter((id) => !after.includes(id));
  const existing = await existingNotificationGroupIds(client, tableName, customerId, left);
  return notificationGroupUseMoves(tableName, customerId, user, before.filter((id) => after.includes(id) || existing.has(id)), after);
}

/** The group's delete, on the version read and on no sensor or gateway using it. */
export function notificationGroupDeleteWhenUnused(tableName: string, customerId: string, id: string, expectedVersion: number): GuardedItem {
  const { TableName, Key } = notificationGroupKey(tableName, customerId, id);
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

/**
 * The marker of a site's default group of a type: a unique marker (`field` defaultGroup,
 * `value` `<type>:<siteId>`) owned by the group, claimed in the group's own transaction, so a
 * site has at most one default group of each type (a second is refused).
 */
const defaultMarker = (customerId: string, groupType: NotificationGroupType, siteId: string): UniqueValue => ({
  customerId, entityType: ENTITY.notificationGroup, field: 'defaultGroup', value: `${groupType}:${siteId}`,
});

/** The markers a group holds: one per site when it is a default group, none otherwise. */
const defaultMarkersOf = (customerId: string, group: Pick<NotificationGroupRecord, 'isDefault' | 'groupType' | 'siteIds'> | undefined): Map<string, UniqueValue> =>
  new Map(group?.isDefault ? group.siteIds.map((siteId) => [`${group.groupType}:${siteId}`, defaultMarker(customerId, group.groupType, siteId)]) : []);

/** The markers a group's change claims and releases (a create: `before` undefined; a delete: `after` undefined). */
export function defaultGroupMarkerMoves(
  tableName: string,
  customerId: string,
  groupId: string,
  before: Pick<NotificationGroupRecord, 'isDefault' | 'groupType' | 'siteIds'> | undefined,
  after: Pick<NotificationGroupRecord, 'isDefault' | 'groupType' | 'siteIds'> | undefined,
): GuardedItem[] {
  const held = defaultMarkersOf(customerId, before);
  const wanted = defaultMarkersOf(customerId, after);
  return [
    ...[...wanted].filter(([key]) => !held.has(key)).map(([, marker]) => claimUnique(tableName, marker, groupId, MESSAGES.notificationGroupDefaultTaken)),
    ...[...held].filter(([key]) => !wanted.has(key)).map(([, marker]) => releaseUnique(tableName, marker)),
  ];
}

/** The id of the site's default group of a type, or undefined (one GetItem of its marker). */
export async function defaultNotificationGroupOf(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  siteId: string,
  groupType: NotificationGroupType = 'sensor',
): Promise<string | undefined> {
  const { value, ...rest } = defaultMarker(customerId, groupType, siteId);
  const key = uniqueMarker.get({ ...rest, valueKey: nameKeyOf(value) }).params<KeyParams>({ table: tableName });
  const result = await client.send(new GetCommand({ ...key, ConsistentRead: true }));
  const ownerId = result?.Item?.['ownerId'];
  return typeof ownerId === 'string' ? ownerId : undefined;
}

const schedulesOf = (value: unknown): NotificationSchedule[] => (Array.isArray(value) ? value : []).map((raw: Record<string, unknown>) => ({
  name: text(raw['name']),
  days: strings(raw['days']).filter((day): day is Weekday => WEEKDAYS.includes(day as Weekday)),
  start: text(raw['start']),
  end: text(raw['end']),
  users: (Array.isArray(raw['users']) ? raw['users'] : []).map((user: Record<string, unknown>) => ({
    accountId: text(user['accountId']),
    level: Number(user['level'] ?? 1),
    delayMinutes: Number(user['delayMinutes'] ?? 0),
    channels: strings(user['channels']).filter((channel): channel is NotificationChannel => NOTIFICATION_CHANNELS.includes(channel as NotificationChannel)),
  })),
}));

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toNotificationGroup(item: Record<string, unknown>): NotificationGroupRecord {
  return {
    id: String(item['id']),
    name: text(item['name']),
    description: text(item['description']),
    groupType: item['groupType'] === 'haccp' ? 'haccp' : 'sensor',
    isDefault: item['isDefault'] === true,
    locationId: text(item['locationId']),
    siteIds: strings(item['siteIds']),
    schedules: schedulesOf(item['schedules']),
    sensorCount: Math.max(0, Number(item['sensorCount'] ?? 0)),
    gatewayCount: Math.max(0, Number(item['gatewayCount'] ?? 0)),
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}
