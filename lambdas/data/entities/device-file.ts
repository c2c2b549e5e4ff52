import { Entity, type EntityItem } from 'electrodb';
import type { DeviceFile } from '@domain/devices/device-records';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/** The devices that keep notes and files: a sensor or a gateway. */
export type RecordDeviceType = 'SENSOR' | 'GATEWAY';

/** A file as stored: what the API shows, and where its bytes are. */
export interface DeviceFileRecord extends DeviceFile {
  /** The object's key in the files bucket (never returned). */
  key: string;
}

/**
 * A file (or image) of a sensor or a gateway (docs/data-model.md "Device notes and files"): in
 * the device's own partition, `FILE#<id>`, beside its notes, so one Query lists them. A pending
 * upload carries `ttl`, so one never confirmed is forgotten.
 */
export const deviceFile = new Entity({
  model: { entity: 'deviceFile', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    deviceType: { type: 'string', required: true },
    deviceId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    fileName: { type: 'string' },
    contentType: { type: 'string' },
    size: { type: 'number' },
    kind: { type: 'string' },
    status: { type: 'string' },
    createdBy: { type: 'string' },
    createdAt: { type: 'string' },
    uploadedAt: { type: 'string' },
    key: { type: 'string' },
    ttl: { type: 'number' },
    type: { type: 'string', default: 'FILE' },
  },
  indexes: {
    byDevice: {
      pk: { field: 'pk', composite: ['customerId', 'deviceType', 'deviceId'], template: 'C#${customerId}#${deviceType}#${deviceId}', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'FILE#${id}', casing: 'none' },
    },
  },
});
export type DeviceFileItem = EntityItem<typeof deviceFile>;

export const deviceFileKey = (tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string, id: string): KeyParams =>
  deviceFile.get({ customerId, deviceType, deviceId, id }).params<KeyParams>({ table: tableName });

/** The item of a file; a pending one with the time it is forgotten at (`ttl`, epoch seconds). */
export const deviceFilePut = (
  tableName: string,
  customerId: string,
  deviceType: RecordDeviceType,
  deviceId: string,
  record: DeviceFileRecord,
  ttl?: number,
): PutParams =>
  deviceFile.put({ customerId, deviceType, deviceId, ...record, ...(ttl === undefined ? {} : { ttl }) }).params<PutParams>({ table: tableName });

/** Object keys start with the organisation, as table keys do. */
export const deviceFileObjectKey = (customerId: string, deviceType: RecordDeviceType, deviceId: string, fileId: string): string =>
  `${encodeURIComponent(customerId)}/${deviceType === 'SENSOR' ? 'sensors' : 'gateways'}/${deviceId}/${fileId}`;

/** The one decoder of a file item: each field picked. */
export function toDeviceFileRecord(item: Record<string, unknown>): DeviceFileRecord {
  return {
    id: String(item['id']),
    fileName: String(item['fileName'] ?? ''),
    contentType: String(item['contentType'] ?? 'application/octet-stream'),
    size: Number(item['size'] ?? 0),
    kind: item['kind'] === 'image' ? 'image' : 'file',
    status: item['status'] === 'uploaded' ? 'uploaded' : 'pending',
    createdBy: String(item['createdBy'] ?? ''),
    createdAt: String(item['createdAt'] ?? ''),
    ...(typeof item['uploadedAt'] === 'string' ? { uploadedAt: item['uploadedAt'] } : {}),
    key: String(item['key'] ?? ''),
  };
}
