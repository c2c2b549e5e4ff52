import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams } from '../writes';
import type { RecordDeviceType } from './device-file';

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
