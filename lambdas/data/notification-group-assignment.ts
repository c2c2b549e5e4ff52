import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '@domain/core/errors';
import { sensorGroupIdsOf } from '@domain/notifications/notification-group';
import type { ReferenceKind } from '@domain/organisation/site';
import type { Caller } from '../shared/caller';
import { ENTITY } from './entities/audit-entry';
import { batchGet } from './batch';
import { auditEntryPut } from './entities/audit-entry';
import { deviceConfigVersionBump } from './entities/device-config-version';
import { gatewayKey, gatewayUpdate, toGatewayRecord } from './entities/gateway';
import { existingNotificationGroupIds, notificationGroupCountsUpdate, type NotificationGroupUser } from './entities/notification-group';
import { referencesOf } from './entities/reference';
import { sensorKey, sensorUpdate, toSensorRecord } from './entities/sensor';
import { queryAll } from './queries';
import { runTransaction, TRANSACTION_ATTEMPTS, type GuardedItem } from './transaction';
import { versionedUpdate } from './writes';

/** DynamoDB's limit of items in one transaction. */
const TRANSACTION_ITEMS_MAX = 100;
/** How many devices one "overwrite" reaches at most (sites' sensors and gateways together). */
export const OVERWRITE_DEVICES_MAX = 2000;

/** One device's change: its update and audit entry, and the groups it leaves. */
interface DeviceChange {
  id: string;
  items: GuardedItem[];
  user: NotificationGroupUser;
  leaves: string[];
  takes: boolean;
}

/**
 * "Overwrite" of a default notification group (SPEC section 4; issue 14 section 1): the
 * existing sensors and gateways of the group's sites get it in place of theirs (a sensor in
 * both its lists). Each transaction takes as many devices as fit within DynamoDB's 100 items:
 * each device's update (on the version read) and audit entry, the use counts they move on the
 * groups once for all, and the device configuration version. A transaction that collided with
 * a device's own change is read and tried again. Returns how many devices changed.
 */
export async function assignGroupToSiteDevices(
  client: DynamoDBDocumentClient,
  tableName: string,
  options: { caller: Caller; customerId: string; groupId: string; siteIds: readonly string[]; now: () => Date },
): Promise<{ sensors: number; gateways: number }> {
  const { customerId, siteIds } = options;
  const idsOf = async (kind: ReferenceKind) => {
    const found = await Promise.all(siteIds.map((siteId) => queryAll(client, referencesOf(tableName, customerId, { entity: ENTITY.site, id: siteId }, kind), (item) => String(item['id']))));
    return [...new Set(found.flat())];
  };
  const [sensorIds, gatewayIds] = await Promise.all([idsOf('SENSOR'), idsOf('GATEWAY')]);
  // Bounded: what a site holds is far below it; beyond it the first ones are done.
  const sensorsWanted = sensorIds.slice(0, OVERWRITE_DEVICES_MAX);
  const gatewaysWanted = gatewayIds.slice(0, Math.max(0, OVERWRITE_DEVICES_MAX - sensorsWanted.length));
  let sensors = 0;
  let gateways = 0;
  for (let attempt = 1, pending = { sensorsWanted, gatewaysWanted }; ; attempt += 1) {
    const changes = await readChanges(client, tableName, options, pending.sensorsWanted, pending.gatewaysWanted);
    const failedSensors: string[] = [];
    const failedGateways: string[] = [];
    for (const chunk of chunksOf(changes, options.groupId)) {
      try {
        await runTransaction(client, transactionOf(tableName, options, chunk));
        sensors += chunk.filter((change) => change.user === 'sensor').length;
        gateways += chunk.filter((change) => change.user === 'gateway').length;
      } catch (error) {
        if (!(error instanceof DomainError) || error.kind !== 'conflict' || attempt >= TRANSACTION_ATTEMPTS) throw error;
        for (const change of chunk) (change.user === 'sensor' ? failedSensors : failedGateways).push(change.id);
      }
    }
    if (failedSensors.length === 0 && failedGateways.length === 0) return { sensors, gateways };
    pending = { sensorsWanted: failedSensors, gatewaysWanted: failedGateways };
  }
}

async function readChanges(
  client: DynamoDBDocumentClient,
  tableName: string,
  options: { caller: Caller; customerId: string; groupId: string; now: () => Date },
  sensorIds: readonly string[],
  gatewayIds: readonly string[],
): Promise<DeviceChange[]> {
  const { caller, customerId, groupId } = options;
  const at = options.now();
  const [sensorItems, gatewayItems] = await Promise.all([
    sensorIds.length === 0 ? [] : batchGet(client, tableName, sensorIds.map((id) => sensorKey(tableName, customerId, id).Key)),
    gatewayIds.length === 0 ? [] : batchGet(client, tableName, gatewayIds.map((id) => gatewayKey(tableName, customerId, id).Key)),
  ]);
  const changes: DeviceChange[] = [];
  const stamp = (version: number) => ({ updatedAt: at.toISOString(), updatedBy: caller.email, version: version + 1 });
  for (const item of sensorItems) {
    if (item['type'] !== ENTITY.sensor) continue;
    const sensor = toSensorRecord(item);
    const before = { notificationGroupIds: sensor.notificationGroupIds, inactivityNotificationGroupIds: sensor.inactivityNotificationGroupIds };
    const after = { notificationGroupIds: [groupId], inactivityNotificationGroupIds: [groupId] };
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    const held = sensorGroupIdsOf(sensor);
    changes.push({
      id: sensor.id,
      user: 'sensor',
      leaves: held.filter((id) => id !== groupId),
      takes: !held.includes(groupId),
      items: [
        versionedUpdate(sensorUpdate(tableName, customerId, sensor.id, { ...after, ...stamp(sensor.version) }), sensor.version),
        auditEntryPut(tableName, { customerId, caller, entityType: ENTITY.sensor, entityId: sensor.id, action: 'update', before, after, now: at }),
      ],
    });
  }
  for (const item of gatewayItems) {
    if (item['type'] !== ENTITY.gateway) continue;
    const gateway = toGatewayRecord(item);
    if (gateway.notificationGroupId === groupId) continue;
    const before = gateway.notificationGroupId === undefined ? {} : { notificationGroupId: gateway.notificationGroupId };
    changes.push({
      id: gateway.id,
      user: 'gateway',
      leaves: gateway.notificationGroupId === undefined ? [] : [gateway.notificationGroupId],
      takes: true,
      items: [
        versionedUpdate(gatewayUpdate(tableName, customerId, gateway.id, { notificationGroupId: groupId, ...stamp(gateway.version) }), gateway.version),
        auditEntryPut(tableName, { customerId, caller, entityType: ENTITY.gateway, entityId: gateway.id, action: 'update', before, after: { notificationGroupId: groupId }, now: at }),
      ],
    });
  }
  // Groups left that no longer exist (ids stored unchecked before issue 14) have no count to take back.
  const existing = await existingNotificationGroupIds(client, tableName, customerId, changes.flatMap((change) => change.leaves));
  return changes.map((change) => ({ ...change, leaves: change.leaves.filter((id) => existing.has(id)) }));
}

/** The use counts a chunk moves, once per group (both of its counts in one write); groups left unmoved are left out. */
function countDeltas(groupId: string, chunk: readonly DeviceChange[]): { groupId: string; deltas: Record<NotificationGroupUser, number> }[] {
  const byGroup = new Map<string, Record<NotificationGroupUser, number>>();
  const add = (id: string, user: NotificationGroupUser, delta: number) => {
    const deltas = byGroup.get(id) ?? { sensor: 0, gateway: 0 };
    deltas[user] += delta;
    byGroup.set(id, deltas);
  };
  for (const change of chunk) {
    for (const left of change.leaves) add(left, change.user, -1);
    if (change.takes) add(groupId, change.user, 1);
  }
  return [...byGroup].filter(([, deltas]) => deltas.sensor !== 0 || deltas.gateway !== 0).map(([id, deltas]) => ({ groupId: id, deltas }));
}

function transactionOf(tableName: string, options: { customerId: string; groupId: string }, chunk: readonly DeviceChange[]): GuardedItem[] {
  return [
    ...chunk.flatMap((change) => change.items),
    ...countDeltas(options.groupId, chunk).map((entry) => notificationGroupCountsUpdate(tableName, options.customerId, entry.groupId, entry.deltas)),
    deviceConfigVersionBump(tableName, options.customerId),
  ];
}

/** The changes cut into transactions of at most 100 items (each device's items, the count moves, the version). */
function chunksOf(changes: readonly DeviceChange[], groupId: string): DeviceChange[][] {
  const chunks: DeviceChange[][] = [];
  let current: DeviceChange[] = [];
  const size = (chunk: readonly DeviceChange[]) => chunk.reduce((total, change) => total + change.items.length, 0) + countDeltas(groupId, chunk).length + 1;
  for (const change of changes) {
    if (current.length > 0 && size([...current, change]) > TRANSACTION_ITEMS_MAX) {
      chunks.push(current);
      current = [];
    }
    current.push(change);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
