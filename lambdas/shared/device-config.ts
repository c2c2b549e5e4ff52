import { deviceConfigVersionKey, deviceKey, deviceStateKey, type DeviceEntity } from './keys';
import type { GuardedItem } from './transactions';

/**
 * The write every transaction that changes a sensor, a gateway or a data logging profile
 * carries: the organisation's device configuration version, plus one (created at 1). The
 * ingest's cache (lambdas/ingest/directory.ts) reads this one item each minute and reloads
 * the device partitions only when it moved; being in the same transaction, a version seen
 * means the change is there to read.
 */
export function deviceConfigChanged(tableName: string, customerId: string): GuardedItem {
  return {
    item: {
      Update: {
        TableName: tableName,
        Key: deviceConfigVersionKey(customerId),
        UpdateExpression: 'ADD #version :one',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  };
}

/**
 * The two deletes of a sensor's or gateway's delete: its configuration item, conditioned on
 * the version read and on each of `zeroCounters` (kept by other stores) being 0, so a note or
 * a sensor added meanwhile stops it; and its live state item (the ingest's), unconditioned.
 */
export function deviceDeletes(
  tableName: string,
  customerId: string,
  entity: DeviceEntity,
  device: { id: string; version: number },
  zeroCounters: readonly string[],
): GuardedItem[] {
  const counters = zeroCounters.map((counter) => ` AND (attribute_not_exists(${counter}) OR ${counter} <= :zero)`).join('');
  return [
    {
      item: {
        Delete: {
          TableName: tableName,
          Key: deviceKey(customerId, entity, device.id),
          ConditionExpression: `#version = :expected${counters}`,
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': device.version, ...(zeroCounters.length > 0 ? { ':zero': 0 } : {}) },
        },
      },
    },
    { item: { Delete: { TableName: tableName, Key: deviceStateKey(customerId, entity, device.id) } } },
  ];
}
