import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { nameKeyOf, SERVICE } from '../key-parts';
import { conflict } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { GuardedItem } from '../transaction';
import { createPut, plainDelete, type KeyParams, type PutParams } from '../writes';
import type { RecordDeviceType } from './device-file';

/**
 * The marker that keeps a note's name unique on its device (case and spaces aside):
 * `NOTENAME#<name>` in the device's partition, written in the note's transaction.
 */
export const deviceNoteName = new Entity({
  model: { entity: 'deviceNoteName', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    deviceType: { type: 'string', required: true },
    deviceId: { type: 'string', required: true },
    nameKey: { type: 'string', required: true },
    ownerId: { type: 'string' },
    type: { type: 'string', default: 'NOTENAME' },
  },
  indexes: {
    byDevice: {
      pk: { field: 'pk', composite: ['customerId', 'deviceType', 'deviceId'], template: 'C#${customerId}#${deviceType}#${deviceId}', casing: 'none' },
      sk: { field: 'sk', composite: ['nameKey'], template: 'NOTENAME#${nameKey}', casing: 'none' },
    },
  },
});
export type DeviceNoteNameItem = EntityItem<typeof deviceNoteName>;

export const deviceNoteNameKeyParams = (tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string, name: string): KeyParams =>
  deviceNoteName.get({ customerId, deviceType, deviceId, nameKey: nameKeyOf(name) }).params<KeyParams>({ table: tableName });

/** Claims a note's name on its device in the note's transaction: refused when another note has it. */
export const claimDeviceNoteName = (tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string, name: string, noteId: string): GuardedItem =>
  createPut(
    deviceNoteName.put({ customerId, deviceType, deviceId, nameKey: nameKeyOf(name), ownerId: noteId }).params<PutParams>({ table: tableName }),
    () => conflict(MESSAGES.noteNameTaken),
  );

/** Lets a note's former name go (a rename or a delete). */
export const releaseDeviceNoteName = (tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string, name: string): GuardedItem =>
  plainDelete(deviceNoteNameKeyParams(tableName, customerId, deviceType, deviceId, name));
