import { Entity, type EntityItem } from 'electrodb';
import type { DeviceFile, DeviceFileKind } from '@domain/devices/device-records';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import { partitionOf, type QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import type { KeyParams, PutParams } from '../writes';
import { gatewayKey } from './gateway';
import { sensorKey } from './sensor';

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

/** The configuration item of the device a note or file is about (a sensor's or a gateway's): its existence and `noteCount`. */
export const recordDeviceKey = (tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string): KeyParams =>
  (deviceType === 'GATEWAY' ? gatewayKey : sensorKey)(tableName, customerId, deviceId);

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

/**
 * Access pattern: a device's uploaded files (optionally of one kind), newest first, read
 * consistently. The partition and the prefix come from the entity; the filter is the one the
 * store always sent (pending uploads are never listed).
 */
export function deviceFilesNewestFirst(tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string, kind?: DeviceFileKind): QueryParams {
  const built = deviceFile.query.byDevice({ customerId, deviceType, deviceId }).params<QueryParams>({ table: tableName });
  return {
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: kind ? '#status = :uploaded AND #kind = :kind' : '#status = :uploaded',
    ExpressionAttributeNames: { '#status': 'status', ...(kind ? { '#kind': 'kind' } : {}) },
    ExpressionAttributeValues: {
      ':pk': partitionOf(built), ':prefix': String(built.ExpressionAttributeValues?.[':sk1']), ':uploaded': 'uploaded', ...(kind ? { ':kind': kind } : {}),
    },
    ScanIndexForward: false,
    ConsistentRead: true,
  };
}

/**
 * A pending file marked uploaded (its bytes checked), no longer forgotten (`ttl` removed), on
 * the condition that it is still pending: a second confirmation is a concurrent change.
 */
export function deviceFileUploaded(tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string, id: string, uploadedAt: string): GuardedItem {
  const { TableName, Key } = deviceFileKey(tableName, customerId, deviceType, deviceId, id);
  // Today's expression: SET and REMOVE of the file's fields only, not ElectroDB's rewrite of its keys.
  return {
    item: {
      Update: {
        TableName,
        Key,
        UpdateExpression: 'SET #status = :uploaded, uploadedAt = :at REMOVE #ttl',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':uploaded': 'uploaded', ':pending': 'pending', ':at': uploadedAt },
      },
    },
  };
}

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
