import { alarmProfileKey } from './entities/alarm-profile';
import { dataLoggingProfileKey } from './entities/data-logging-profile';
import { deviceConfigVersionKey } from './entities/device-config-version';
import { gatewayKey } from './entities/gateway';
import { gatewayStateKey } from './entities/gateway-state';
import { sensorKey } from './entities/sensor';
import { sensorStateKey } from './entities/sensor-state';
import { siteKey } from './entities/site';
import { ITEM_ONLY, itemKeyOf } from './key-parts';
import type { KeyParams } from './writes';

/**
 * Devices (docs/data-model.md "Devices and telemetry"): a sensor's or gateway's configuration
 * item and its live state item (the ingest's) sit side by side in the organisation's partition
 * of that kind. These keys are the entities' own (entities/sensor.ts, gateway.ts,
 * sensor-state.ts, gateway-state.ts), for the writers and readers that take both kinds.
 */
export type DeviceEntity = 'SENSOR' | 'GATEWAY';

const CONFIG_KEY = { SENSOR: sensorKey, GATEWAY: gatewayKey } as const;
const STATE_KEY = { SENSOR: sensorStateKey, GATEWAY: gatewayStateKey } as const;

/** A device's configuration item key. */
export const deviceKey = (customerId: string, entity: DeviceEntity, deviceId: string): { pk: string; sk: string } =>
  itemKeyOf(CONFIG_KEY[entity](ITEM_ONLY, customerId, deviceId));

/** A device's live state item key (written by the ingest only). */
export const deviceStateKey = (customerId: string, entity: DeviceEntity, deviceId: string): { pk: string; sk: string } =>
  itemKeyOf(STATE_KEY[entity](ITEM_ONLY, customerId, deviceId));

/** The organisation's device configuration version item key (entities/device-config-version.ts). */
export const deviceConfigVersionItemKey = (customerId: string): { pk: string; sk: string } =>
  itemKeyOf(deviceConfigVersionKey(ITEM_ONLY, customerId));

/** The kinds whose whole organisation partition is read at once (the ingest's device directory, the organisation counts). */
export type DirectoryKind = DeviceEntity | 'DATALOGGINGPROFILE' | 'ALARMPROFILE' | 'SITE';
const DIRECTORY_KEY: Record<DirectoryKind, (tableName: string, customerId: string, id: string) => KeyParams> = {
  SENSOR: sensorKey, GATEWAY: gatewayKey, DATALOGGINGPROFILE: dataLoggingProfileKey, ALARMPROFILE: alarmProfileKey, SITE: siteKey,
};

/** The organisation's partition of one kind (`pk` of its items by id), as the entity keys it. */
export const directoryPartition = (customerId: string, kind: DirectoryKind): string =>
  itemKeyOf(DIRECTORY_KEY[kind](ITEM_ONLY, customerId, '-')).pk;
