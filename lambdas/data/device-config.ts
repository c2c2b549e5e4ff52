import { deviceConfigVersionBump } from './entities/device-config-version';
import { deviceKey, deviceStateKey, type DeviceEntity } from './device-keys';
import type { GuardedItem } from './transaction';

/**
 * The write every transaction that changes a sensor, a gateway or a data logging profile
 * carries: the data layer's `deviceConfigVersionBump` (lambdas/data/entities/device-config-version.ts).
 */
export const deviceConfigChanged = deviceConfigVersionBump;

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
