import { Entity, type EntityItem } from 'electrodb';
import type { Caller } from '../../shared/caller';
import type { DeviceStatus, ScheduledSensorChange, SensorDisable, SensorInput } from '@domain/devices/sensor';
import { customerIdAttribute, nameKeyAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import { setAndClear, type KeyParams, type PutParams, type UpdateParams } from '../writes';

/** The fields of SPEC section 3 a sensor keeps as given (validated by `sensorInputSchema`). */
export const SENSOR_FIELDS = [
  'name', 'description', 'deviceModel', 'monitoringType', 'locationId', 'siteId', 'gatewayId', 'alarmProfileId',
  'deviceAlarmProfileId', 'notificationGroupIds', 'inactivityNotificationGroupIds', 'channels', 'connectionType',
  'externalSensorType', 'departmentId', 'divisionId', 'openLabel', 'closeLabel', 'deviceStatus',
] as const;
export type SensorField = (typeof SENSOR_FIELDS)[number];

/** What the store keeps of a scheduled change beyond what the API shows: who asked, to credit them in the history. */
export interface StoredScheduledChange extends ScheduledSensorChange {
  requestedByUserId: string;
  requestedByRole: Caller['role'];
}

/**
 * A sensor's configuration item as read and written (the live state is another item,
 * entities/sensor-state.ts): the fields of the domain's input (`SensorInput`, one schema for
 * the API and the browser) and the store's bookkeeping.
 */
export type SensorRecord = Pick<SensorInput, SensorField> & {
  id: string;
  registeredOn: string;
  lastReset?: string;
  disabled: boolean;
  disable?: SensorDisable;
  scheduledChanges: StoredScheduledChange[];
  calibration?: { issueDate: string; renewalDate?: string };
  /** Kept by the notes store (ADD); a sensor with notes is not deleted. */
  noteCount: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
};

/**
 * A sensor's configuration (docs/data-model.md "Devices and telemetry"): by its device id in
 * the organisation's sensor partition (`byId`; the ingest's live state item sits beside it),
 * by name on gsi1 (`byName`), and the sensors of one gateway on gsi2 (`byGateway`, the
 * partition the gateway's tabs and the gateway filter of the list read).
 */
export const sensor = new Entity({
  model: { entity: 'sensor', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    nameKey: nameKeyAttribute,
    description: { type: 'string' },
    deviceModel: { type: 'string' },
    monitoringType: { type: 'string' },
    locationId: { type: 'string' },
    siteId: { type: 'string' },
    gatewayId: { type: 'string' },
    alarmProfileId: { type: 'string' },
    deviceAlarmProfileId: { type: 'string' },
    notificationGroupIds: { type: 'list', items: { type: 'string' } },
    inactivityNotificationGroupIds: { type: 'list', items: { type: 'string' } },
    // The channels as validated by the domain's schema (channel, profile, type, sub-type), kept as given.
    channels: { type: 'any' },
    connectionType: { type: 'string' },
    externalSensorType: { type: 'string' },
    departmentId: { type: 'string' },
    divisionId: { type: 'string' },
    openLabel: { type: 'string' },
    closeLabel: { type: 'string' },
    deviceStatus: { type: 'string' },
    registeredOn: { type: 'string' },
    lastReset: { type: 'string' },
    disabled: { type: 'boolean' },
    // SensorDisable, StoredScheduledChange[] and the calibration dates, kept as the rules answer them.
    disable: { type: 'any' },
    scheduledChanges: { type: 'any' },
    calibration: { type: 'any' },
    noteCount: { type: 'number' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    createdBy: { type: 'string' },
    updatedBy: { type: 'string' },
    version: { type: 'number' },
    type: { type: 'string', default: 'SENSOR' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#SENSOR', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'SENSOR#${id}', casing: 'none' },
    },
    byName: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId'], template: 'C#${customerId}#SENSOR', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['nameKey', 'id'], template: 'NAME#${nameKey}#${id}', casing: 'none' },
    },
    byGateway: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['customerId', 'gatewayId'], template: 'C#${customerId}#GATEWAY#${gatewayId}#SENSORS', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['id'], template: 'SENSOR#${id}', casing: 'none' },
    },
  },
});
export type SensorItem = EntityItem<typeof sensor>;

/** ElectroDB builds a request for a table; where only the item is wanted, any name does. */
const ITEM_ONLY = 'item-only';

export const sensorPut = (tableName: string, customerId: string, record: SensorRecord): PutParams =>
  sensor.put({ customerId, ...record }).params<PutParams>({ table: tableName });

/** The stored item of a sensor (also what the demo seed, the simulator and tests write). */
export const sensorItem = (customerId: string, record: SensorRecord): Record<string, unknown> =>
  sensorPut(ITEM_ONLY, customerId, record).Item;

export const sensorKey = (tableName: string, customerId: string, id: string): KeyParams =>
  sensor.get({ customerId, id }).params<KeyParams>({ table: tableName });

/**
 * The fields a change names (`undefined` clears one), with the gsi1 and gsi2 keys a new name or
 * gateway moves; never the counter the notes keep (`noteCount`).
 */
export function sensorUpdate(tableName: string, customerId: string, id: string, changes: Partial<Record<string, unknown>>): UpdateParams {
  const { set, clear } = setAndClear(changes);
  const update = sensor.update({ customerId, id }).set(set);
  return (clear.length > 0 ? update.remove(clear as never[]) : update).params<UpdateParams>({ table: tableName });
}

/** Access pattern: the sensors of one gateway, by id (gsi2). */
export const sensorsByGateway = (tableName: string, customerId: string, gatewayId: string): QueryParams =>
  sensor.query.byGateway({ customerId, gatewayId }).params<QueryParams>({ table: tableName });

/** The organisation's sensor partition (configuration and live state items), as a page cursor names it. */
export const sensorPartition = (customerId: string): string => String(sensorKey(ITEM_ONLY, customerId, '-').Key['pk']);

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * The one decoder of a sensor item (the sensors and gateways stores; the ingest's directory
 * reads the same item): each field picked, never the item spread, so keys, `customerId` and
 * `__edb_*` never reach a response. Items written before a field existed get its default.
 */
export function toSensorRecord(item: Record<string, unknown>): SensorRecord {
  const record: Record<string, unknown> = {};
  for (const field of SENSOR_FIELDS) if (item[field] !== undefined) record[field] = item[field];
  for (const field of ['lastReset', 'disable', 'calibration'] as const) if (item[field] !== undefined) record[field] = item[field];
  const createdAt = String(item['createdAt'] ?? '');
  return {
    ...record,
    id: String(item['id']),
    name: String(item['name'] ?? item['id']),
    notificationGroupIds: strings(item['notificationGroupIds']),
    inactivityNotificationGroupIds: strings(item['inactivityNotificationGroupIds']),
    channels: Array.isArray(item['channels']) ? item['channels'] : [],
    deviceStatus: (typeof item['deviceStatus'] === 'string' ? item['deviceStatus'] : 'active') as DeviceStatus,
    registeredOn: String(item['registeredOn'] ?? createdAt),
    disabled: item['disabled'] === true,
    scheduledChanges: (Array.isArray(item['scheduledChanges']) ? item['scheduledChanges'] as StoredScheduledChange[] : [])
      .sort((a, b) => a.at.localeCompare(b.at)),
    noteCount: numberOr(item['noteCount'], 0),
    createdAt,
    updatedAt: String(item['updatedAt'] ?? createdAt),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: numberOr(item['version'], 1),
  } as SensorRecord;
}
