import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import type { ConditionState, DeviceAlarmState } from '@domain/alarms/device-engine';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { GuardedItem } from '../transaction';
import { createPut, versionedPut, type KeyParams, type PutParams } from '../writes';

export type AlarmDeviceType = 'SENSOR' | 'GATEWAY';

/**
 * What the alarm engine keeps of a device between readings (domain/alarms/device-engine.ts):
 * `SENSOR#<id>#ALARMS` (`GATEWAY#...`) beside the device's configuration and state items, so
 * the ingest's one Query of the partition reads it with them. Written on the version read
 * (the ingest's containers and the clock never lose each other's update), and only when a run
 * opens, grows or closes, or an alarm starts or ends.
 */
export const deviceAlarmState = new Entity({
  model: { entity: 'deviceAlarmState', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    deviceType: { type: 'string', required: true },
    deviceId: { type: 'string', required: true },
    // `<deviceType>#<deviceId>`: the device's own sort key (ElectroDB names an attribute once per index).
    device: { type: 'string', required: true },
    // Record<conditionKey, ConditionState>: trackers and alarm references, kept as given.
    conditions: { type: 'any' },
    wakeAt: { type: 'number' },
    version: { type: 'number', required: true },
  },
  indexes: {
    byDevice: {
      pk: { field: 'pk', composite: ['customerId', 'deviceType'], template: 'C#${customerId}#${deviceType}', casing: 'none' },
      sk: { field: 'sk', composite: ['device'], template: '${device}#ALARMS', casing: 'none' },
    },
  },
});
export type DeviceAlarmStateItem = EntityItem<typeof deviceAlarmState>;

/** The suffix of the state item's sort key after the device's own (`SENSOR#<id>` + this). */
export const ALARM_STATE_SUFFIX = '#ALARMS';

export const deviceAlarmStateKey = (tableName: string, customerId: string, deviceType: AlarmDeviceType, deviceId: string): KeyParams =>
  deviceAlarmState.get({ customerId, deviceType, device: `${deviceType}#${deviceId}` }).params<KeyParams>({ table: tableName });

const putParams = (tableName: string, customerId: string, deviceType: AlarmDeviceType, deviceId: string, state: DeviceAlarmState): PutParams =>
  deviceAlarmState.put({
    customerId, deviceType, deviceId, device: `${deviceType}#${deviceId}`, conditions: state.conditions, version: state.version,
    ...(state.wakeAt === undefined ? {} : { wakeAt: state.wakeAt }),
  }).params<PutParams>({ table: tableName });

/** The state's next version, on the version read (0: the first, on nothing being there). */
export function deviceAlarmStateWrite(tableName: string, customerId: string, deviceType: AlarmDeviceType, deviceId: string, next: DeviceAlarmState, readVersion: number): GuardedItem {
  const params = putParams(tableName, customerId, deviceType, deviceId, next);
  return readVersion === 0 ? createPut(params) : versionedPut(params, readVersion);
}

/** The stored item as the engine's state (an absent item: nothing kept yet). */
export function toDeviceAlarmState(item: Record<string, unknown> | undefined): DeviceAlarmState {
  if (item === undefined) return { conditions: {}, version: 0 };
  const conditions = typeof item['conditions'] === 'object' && item['conditions'] !== null ? (item['conditions'] as Record<string, ConditionState>) : {};
  const wakeAt = typeof item['wakeAt'] === 'number' ? item['wakeAt'] : undefined;
  return { conditions, version: Number(item['version'] ?? 0), ...(wakeAt === undefined ? {} : { wakeAt }) };
}

/** A device's engine state, read consistently (nothing kept yet: version 0); the read units go to `onConsumed`. */
export async function readDeviceAlarmState(
  client: DynamoDBDocumentClient,
  tableName: string,
  device: { customerId: string; deviceType: AlarmDeviceType; deviceId: string },
  io: { onConsumed?: (units: number) => void } = {},
): Promise<DeviceAlarmState> {
  const result = await client.send(new GetCommand({
    ...deviceAlarmStateKey(tableName, device.customerId, device.deviceType, device.deviceId), ConsistentRead: true, ReturnConsumedCapacity: 'TOTAL',
  }));
  io.onConsumed?.(result.ConsumedCapacity?.CapacityUnits ?? 0);
  return toDeviceAlarmState(result.Item);
}
