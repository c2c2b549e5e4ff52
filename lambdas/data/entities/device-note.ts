import { Entity, type EntityItem } from 'electrodb';
import type { DeviceNote } from '@domain/devices/device-records';
import type { DomainError } from '@domain/core/errors';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import { newestFirstUnder, type QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import type { KeyParams, PutParams, UpdateParams } from '../writes';
import { recordDeviceKey, type RecordDeviceType } from './device-file';

/**
 * A note on a sensor or a gateway (docs/data-model.md "Device notes and files"): in the
 * device's own partition, `NOTE#<id>` (ids sort by time), beside its files; its name is unique
 * on the device (entities/device-note-name.ts).
 */
export const deviceNote = new Entity({
  model: { entity: 'deviceNote', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    deviceType: { type: 'string', required: true },
    deviceId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string' },
    note: { type: 'string' },
    createdBy: { type: 'string' },
    createdAt: { type: 'string' },
    updatedBy: { type: 'string' },
    updatedAt: { type: 'string' },
    version: { type: 'number' },
    type: { type: 'string', default: 'NOTE' },
  },
  indexes: {
    byDevice: {
      pk: { field: 'pk', composite: ['customerId', 'deviceType', 'deviceId'], template: 'C#${customerId}#${deviceType}#${deviceId}', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'NOTE#${id}', casing: 'none' },
    },
  },
});
export type DeviceNoteItem = EntityItem<typeof deviceNote>;

export const deviceNoteKeyParams = (tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string, id: string): KeyParams =>
  deviceNote.get({ customerId, deviceType, deviceId, id }).params<KeyParams>({ table: tableName });

export const deviceNotePut = (tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string, note: DeviceNote): PutParams =>
  deviceNote.put({ customerId, deviceType, deviceId, ...note }).params<PutParams>({ table: tableName });

/** What an edit of a note changes (the name's marker moves in the same transaction when the name does). */
export type DeviceNoteChange = Pick<DeviceNote, 'name' | 'note' | 'updatedBy' | 'updatedAt' | 'version'>;

export const deviceNoteUpdate = (tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string, id: string, change: DeviceNoteChange): UpdateParams =>
  deviceNote.update({ customerId, deviceType, deviceId, id }).set(change).params<UpdateParams>({ table: tableName });

/**
 * Access pattern: a device's notes, newest first (ids sort by time), read consistently. The
 * partition and the prefix come from the entity; the expression is the one the store always sent.
 */
export const deviceNotesNewestFirst = (tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string): QueryParams =>
  newestFirstUnder(tableName, deviceNote.query.byDevice({ customerId, deviceType, deviceId }).params<QueryParams>({ table: tableName }));

/**
 * The write a note's transaction carries when a note is added (`delta` 1) to or removed (-1)
 * from a device: the device's `noteCount`, on the condition that the device exists (refused
 * with `deviceMissing`). A device's delete is conditioned on it being 0.
 */
export function deviceNoteCountUpdate(
  tableName: string,
  customerId: string,
  deviceType: RecordDeviceType,
  deviceId: string,
  delta: number,
  deviceMissing: () => DomainError,
): GuardedItem {
  const { TableName, Key } = recordDeviceKey(tableName, customerId, deviceType, deviceId);
  // Today's expression, not counterAdd's `#counter` form.
  return {
    item: { Update: { TableName, Key, UpdateExpression: 'ADD noteCount :delta', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':delta': delta } } },
    onConditionFailed: deviceMissing,
  };
}

/** The one decoder of a note item: each field picked (notes written before `updatedBy` existed read as created). */
export function toDeviceNote(item: Record<string, unknown>): DeviceNote {
  return {
    id: String(item['id']),
    name: String(item['name'] ?? ''),
    note: String(item['note'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    createdAt: String(item['createdAt'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}
