import { Entity, type EntityItem } from 'electrodb';
import { RECURRENCE_FREQUENCIES, WEEKDAYS, type Shift, type ShiftSchedule, type Weekday } from '@domain/haccp/shift';
import { customerIdAttribute, namedRecordAttributes, namedRecordIndexes, strings, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/**
 * A HACCP shift (docs/data-model.md "HACCP shifts"): by id, and the organisation's shifts by
 * name on gsi1 (`byName`). Its name is unique on its site (a marker of the site and the name);
 * it attaches a `SHIFT` reference to its site, which the site's delete counts.
 */
export const shift = new Entity({
  model: { entity: 'shift', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    siteId: { type: 'string', required: true },
    locationId: { type: 'string', required: true },
    shiftType: { type: ['allDay', 'custom'] as const, required: true },
    // ShiftSchedule values (domain/haccp/shift.ts); the decoder keeps only their fields.
    schedules: { type: 'any' },
    type: { type: 'string', default: 'SHIFT' },
  },
  indexes: namedRecordIndexes('SHIFT'),
});
export type ShiftItem = EntityItem<typeof shift>;

export const shiftPut = (tableName: string, customerId: string, record: Shift): PutParams =>
  shift.put({ customerId, ...record }).params<PutParams>({ table: tableName });

export const shiftKey = (tableName: string, customerId: string, id: string): KeyParams =>
  shift.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** The shifts of an organisation by name (gsi1). */
export const shiftsByName = (tableName: string, customerId: string) =>
  shift.query.byName({ customerId }).params<QueryParams>({ table: tableName });

const optionalText = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function scheduleOf(value: unknown): ShiftSchedule {
  const item = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const recurrence = (typeof item['recurrence'] === 'object' && item['recurrence'] !== null ? item['recurrence'] : {}) as Record<string, unknown>;
  const frequency = RECURRENCE_FREQUENCIES.find((one) => one === recurrence['frequency']) ?? 'daily';
  const endDate = optionalText(item['endDate']);
  const remindAt = optionalText(item['remindAt']);
  const notificationGroupId = optionalText(item['notificationGroupId']);
  const repeats = typeof recurrence['repeats'] === 'number' ? recurrence['repeats'] : undefined;
  return {
    id: text(item['id']),
    name: text(item['name']),
    days: (Array.isArray(item['days']) ? item['days'] : []).map(Number).filter((day): day is Weekday => (WEEKDAYS as readonly number[]).includes(day)),
    startDate: text(item['startDate']),
    ...(endDate === undefined ? {} : { endDate }),
    startTime: text(item['startTime']),
    endTime: text(item['endTime']),
    ...(remindAt === undefined ? {} : { remindAt }),
    ...(notificationGroupId === undefined ? {} : { notificationGroupId }),
    recurrence: { frequency, interval: Number(recurrence['interval'] ?? 1), ...(repeats === undefined ? {} : { repeats }) },
    assignedUserIds: strings(item['assignedUserIds']),
  };
}

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toShift(item: Record<string, unknown>): Shift {
  return {
    id: String(item['id']),
    name: text(item['name']),
    siteId: text(item['siteId']),
    locationId: text(item['locationId']),
    shiftType: item['shiftType'] === 'allDay' ? 'allDay' : 'custom',
    schedules: (Array.isArray(item['schedules']) ? item['schedules'] : []).map(scheduleOf),
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}
