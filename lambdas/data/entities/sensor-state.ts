import { Entity, type EntityItem } from 'electrodb';
import type { SensorLiveState } from '@domain/devices/sensor';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams } from '../writes';

/** The live state the ingest keeps, as read (`online` is computed when shown). */
export type SensorStateRecord = Omit<SensorLiveState, 'online'>;

/**
 * A sensor's state item (docs/data-model.md "Device data"): `SENSOR#<id>#STATE`, beside its
 * configuration item, so one Query of the partition gives both. Only the ingest writes it (its
 * own writer, lambdas/ingest), on events only; the API reads it here, shows it with the sensor's
 * newest reading on top (`sensorLiveStates`, lambdas/data/readings.ts; the list takes the newest
 * readings from its gateways' batch items, lambdas/data/newest-readings.ts), and deletes it with the sensor.
 */
export const sensorState = new Entity({
  model: { entity: 'sensorState', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    id: { type: 'string', required: true },
    // Channel number to value (null when the channel reported nothing), as the ingest writes it.
    reading: { type: 'any' },
    battery: { type: 'number' },
    signal: { type: 'number' },
    snr: { type: 'number' },
    lastCommunicated: { type: 'string' },
    lastReadingAt: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#SENSOR', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'SENSOR#${id}#STATE', casing: 'none' },
    },
  },
});
export type SensorStateItem = EntityItem<typeof sensorState>;

export const sensorStateKey = (tableName: string, customerId: string, id: string): KeyParams =>
  sensorState.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** The one decoder of a sensor's live state: each field picked and checked. */
export function toSensorState(item: Record<string, unknown>): SensorStateRecord {
  const state: SensorStateRecord = {};
  const reading = item['reading'];
  if (typeof reading === 'object' && reading !== null && !Array.isArray(reading)) {
    state.reading = Object.fromEntries(Object.entries(reading).map(([channel, value]) => [channel, typeof value === 'number' ? value : null]));
  }
  for (const field of ['battery', 'signal', 'snr'] as const) if (typeof item[field] === 'number') state[field] = item[field];
  for (const field of ['lastCommunicated', 'lastReadingAt'] as const) if (typeof item[field] === 'string') state[field] = item[field];
  return state;
}
