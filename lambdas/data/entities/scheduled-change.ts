import { Entity, type EntityItem } from 'electrodb';
import type { ScheduledSensorChange } from '@domain/devices/sensor';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import { partitionOf, type QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/**
 * A scheduled disable or enable of a device (docs/decisions/0038-scheduled-disable-and-enable.md):
 * under the device's own partition (`byDevice`), and filed by gsi1 under the hour it
 * falls due (`byDueHour`). That partition deliberately starts with no organisation: the
 * schedule job reads every organisation's due changes with one Query per hour, never a Scan.
 */
export const scheduledChange = new Entity({
  model: { entity: 'scheduledChange', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    deviceEntity: { type: 'string', required: true },
    deviceId: { type: 'string', required: true },
    changeId: { type: 'string', required: true },
    action: { type: 'string', required: true },
    at: { type: 'string', required: true },
    /** `YYYY-MM-DDTHH` of `at`: the hour the change falls due in. */
    dueHour: {
      type: 'string',
      hidden: true,
      watch: ['at'],
      set: (_value: unknown, item: { at?: unknown }) => String(item.at ?? '').slice(0, 13),
    },
    type: { type: 'string', default: 'ScheduledDeviceChange' },
  },
  indexes: {
    byDevice: {
      pk: { field: 'pk', composite: ['customerId', 'deviceEntity', 'deviceId'], template: 'C#${customerId}#${deviceEntity}#${deviceId}', casing: 'none' },
      sk: { field: 'sk', composite: ['changeId'], template: 'SCHEDULEDCHANGE#${changeId}', casing: 'none' },
    },
    byDueHour: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['dueHour'], template: 'DEVICECHANGE#DUE#${dueHour}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['at', 'customerId', 'deviceId', 'changeId'], template: '${at}#${customerId}#${deviceId}#${changeId}', casing: 'none' },
    },
  },
});
export type ScheduledChangeItem = EntityItem<typeof scheduledChange>;

/** ElectroDB builds a request for a table; where only the item is wanted, any name does. */
const ITEM_ONLY = 'item-only';

/** A sensor's scheduled change's due item. */
export const scheduledChangePut = (tableName: string, customerId: string, sensorId: string, change: ScheduledSensorChange): PutParams =>
  scheduledChange.put({
    customerId, deviceEntity: 'SENSOR', deviceId: sensorId, changeId: change.id, action: change.action, at: change.at,
  }).params<PutParams>({ table: tableName });

/** The due item alone (the demo seed and tests write it themselves). */
export const dueChangeItem = (customerId: string, sensorId: string, change: ScheduledSensorChange): Record<string, unknown> =>
  scheduledChangePut(ITEM_ONLY, customerId, sensorId, change).Item;

export const scheduledChangeKey = (tableName: string, customerId: string, sensorId: string, changeId: string): KeyParams =>
  scheduledChange.get({ customerId, deviceEntity: 'SENSOR', deviceId: sensorId, changeId }).params<KeyParams>({ table: tableName });

/**
 * Access pattern: every organisation's changes due in one hour (`byDueHour`) at or before a
 * time, for the schedule job. The partition comes from the entity; `<at>#...` sorts before
 * `<upTo>$` exactly when at <= upTo ('#' < '$'), which ElectroDB's `lt` cannot say.
 */
export function changesDueBy(tableName: string, hour: string, upTo: string): QueryParams {
  const built = scheduledChange.query.byDueHour({ dueHour: hour }).params<QueryParams>({ table: tableName });
  return {
    TableName: tableName,
    IndexName: built.IndexName,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :upper',
    ExpressionAttributeValues: { ':pk': partitionOf(built), ':upper': `${upTo}$` },
    ProjectionExpression: 'customerId, deviceId, changeId',
  };
}
