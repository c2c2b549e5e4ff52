import { Entity, type EntityItem } from 'electrodb';
import { EQUIPMENT_TYPES, REFRIGERANTS, type Equipment } from '@domain/devices/equipment';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/**
 * The equipment a sensor watches (SPEC section 3): one item under the sensor's own partition.
 * `type` names the item's kind on the table, so the equipment's type is kept as `equipmentType`.
 */
export const equipment = new Entity({
  model: { entity: 'equipment', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    sensorId: { type: 'string', required: true },
    equipmentType: { type: 'string' },
    refrigerant: { type: 'string' },
    make: { type: 'string' },
    model: { type: 'string' },
    updatedAt: { type: 'string' },
    updatedBy: { type: 'string' },
    type: { type: 'string', default: 'Equipment' },
  },
  indexes: {
    bySensor: {
      pk: { field: 'pk', composite: ['customerId', 'sensorId'], template: 'C#${customerId}#SENSOR#${sensorId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'EQUIPMENT', casing: 'none' },
    },
  },
});
export type EquipmentItem = EntityItem<typeof equipment>;

export const equipmentKey = (tableName: string, customerId: string, sensorId: string): KeyParams =>
  equipment.get({ customerId, sensorId }).params<KeyParams>({ table: tableName });

export function equipmentPut(tableName: string, customerId: string, sensorId: string, record: Equipment): PutParams {
  const { type, ...fields } = record;
  return equipment.put({ customerId, sensorId, ...(type ? { equipmentType: type } : {}), ...fields }).params<PutParams>({ table: tableName });
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The API's shape, each field picked and checked against the domain's lists. */
export function toEquipment(item: Record<string, unknown>): Equipment {
  const record: Equipment = {};
  const type = text(item['equipmentType']);
  if (type !== undefined && (EQUIPMENT_TYPES as readonly string[]).includes(type)) record.type = type as Equipment['type'];
  const refrigerant = text(item['refrigerant']);
  if (refrigerant !== undefined && (REFRIGERANTS as readonly string[]).includes(refrigerant)) record.refrigerant = refrigerant as Equipment['refrigerant'];
  for (const field of ['make', 'model', 'updatedAt', 'updatedBy'] as const) {
    const value = text(item[field]);
    if (value !== undefined) record[field] = value;
  }
  return record;
}
