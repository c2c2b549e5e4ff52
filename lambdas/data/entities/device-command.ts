import { Entity, type EntityItem } from 'electrodb';
import type { DeviceCommand } from '@domain/devices/device-commands';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import { newestFirstUnder, partitionOf, type QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';
import { auditEntry, auditEntryPutParams, type AuditedChange } from './audit-entry';

/** The device a command is for, as its keys name it. */
export type CommandDeviceType = 'SENSOR' | 'GATEWAY';

/**
 * A command sent to a sensor or a gateway (docs/data-model.md "Devices and telemetry"): under
 * the device's own partition, `COMMAND#<id>` (ids sort by time), kept COMMAND_RETENTION_DAYS
 * (`ttl`). `byDevice` lists a device's commands, newest first when read backwards.
 */
export const deviceCommand = new Entity({
  model: { entity: 'deviceCommand', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    deviceType: { type: 'string', required: true },
    id: { type: 'string', required: true },
    deviceKind: { type: 'string' },
    deviceId: { type: 'string', required: true },
    command: { type: 'string' },
    // The command's parameters (secret ones redacted) and the device's answer, kept as given.
    parameters: { type: 'any' },
    response: { type: 'any' },
    status: { type: 'string' },
    relayedBy: { type: 'string' },
    sentAt: { type: 'string' },
    executedAt: { type: 'string' },
    requestedBy: { type: 'string' },
    createdAt: { type: 'string' },
    ttl: { type: 'number' },
    type: { type: 'string', default: 'DeviceCommand' },
  },
  indexes: {
    byDevice: {
      pk: { field: 'pk', composite: ['customerId', 'deviceType', 'deviceId'], template: 'C#${customerId}#${deviceType}#${deviceId}', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'COMMAND#${id}', casing: 'none' },
    },
  },
});
export type DeviceCommandItem = EntityItem<typeof deviceCommand>;

export const deviceCommandKey = (tableName: string, customerId: string, deviceType: CommandDeviceType, deviceId: string, id: string): KeyParams =>
  deviceCommand.get({ customerId, deviceType, deviceId, id }).params<KeyParams>({ table: tableName });

/** The item of a new command, forgotten at `ttl` (epoch seconds). */
export const deviceCommandPut = (tableName: string, customerId: string, deviceType: CommandDeviceType, command: DeviceCommand, ttl: number): PutParams =>
  deviceCommand.put({ customerId, deviceType, ...command, ttl }).params<PutParams>({ table: tableName });

/**
 * Access pattern: a device's commands, newest first, read consistently. The partition and the
 * prefix come from the entity; the expression is the one the store always sent.
 */
export const deviceCommandsNewestFirst = (tableName: string, customerId: string, deviceType: CommandDeviceType, deviceId: string): QueryParams =>
  newestFirstUnder(tableName, deviceCommand.query.byDevice({ customerId, deviceType, deviceId }).params<QueryParams>({ table: tableName }));

/** The device's partition (a page cursor names it). */
export const deviceCommandPartition = (customerId: string, deviceType: CommandDeviceType, deviceId: string): string =>
  partitionOf(deviceCommand.query.byDevice({ customerId, deviceType, deviceId }).params<QueryParams>({ table: 'item-only' }));

/** A command's audit entry, filed in its device's history (gsi1) so the device's History tab lists it. */
export function deviceCommandAuditPut(tableName: string, change: AuditedChange, device: { type: CommandDeviceType; id: string }): PutParams {
  const params = auditEntryPutParams(tableName, change);
  const history = partitionOf(auditEntry.query.byEntity({ customerId: change.customerId, entityType: device.type, entityId: device.id }).params<QueryParams>({ table: tableName }));
  return { ...params, Item: { ...params.Item, gsi1pk: history } };
}
