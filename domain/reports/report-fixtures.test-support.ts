import type { ReportAlarm, ReportReading } from './temperature-figures';

/**
 * A known fleet day for the temperature reports' tests: a fridge in Paris on 29 March 2026, the
 * day the clocks go forward (23 hours, from 2026-03-28T23:00Z to 2026-03-29T22:00Z), read every
 * 15 minutes (92 slots). Limits 2-8 °C. In it:
 * - an excursion at slots 40-45 (09:00Z-10:15Z; 11 °C at its peak), back in range at slot 46,
 *   which an alarm acknowledged by ana@example.com covers;
 * - a one-reading excursion at slot 85 (8.5 °C), back at slot 86, with no alarm;
 * - a gap: slots 60-67 never arrived (2 hours);
 * - a probe-missing reading (value null) at slot 80;
 * - a late batch: slots 20-30 arrived after the rest (last in the list);
 * - a reading stored while the sensor was disabled (30 °C, between slots 0 and 1), not counted.
 * Every other slot reads 5, 5.5, 6, 6.5 °C in turn.
 */

export const PARIS = 'Europe/Paris';
export const SPRING_DAY = '2026-03-29';
export const DAY_START = Date.parse('2026-03-28T23:00:00Z');
export const DAY_END = Date.parse('2026-03-29T22:00:00Z');
export const SLOT_MS = 15 * 60 * 1000;
export const SLOTS = 92;
export const SENSOR_ID = 'sensor-1';
export const SENSOR_NAME = 'Vaccine fridge 1';

const EXCURSION_VALUES: Readonly<Record<number, number>> = { 40: 9, 41: 10.5, 42: 11, 43: 10, 44: 9.5, 45: 9, 85: 8.5 };

/** A slot's value: a number, null (probe missing) or undefined (never arrived). */
export function celsiusAtSlot(slot: number): number | null | undefined {
  if (slot >= 60 && slot <= 67) return undefined;
  if (slot === 80) return null;
  return EXCURSION_VALUES[slot] ?? 5 + (slot % 4) * 0.5;
}

export const slotTime = (slot: number): number => DAY_START + slot * SLOT_MS;
export const iso = (time: number): string => new Date(time).toISOString();

/** The readings as the data layer hands them over: the late batch last, one disabled reading. */
export function springDayReadings(): ReportReading[] {
  const reading = (slot: number): ReportReading[] => {
    const value = celsiusAtSlot(slot);
    return value === undefined ? [] : [{ time: iso(slotTime(slot)), channels: { '1': value } }];
  };
  const slots = Array.from({ length: SLOTS }, (_, slot) => slot);
  const onTime = slots.filter((slot) => slot < 20 || slot > 30).flatMap(reading);
  const late = slots.filter((slot) => slot >= 20 && slot <= 30).flatMap(reading);
  const disabled: ReportReading = { time: iso(slotTime(0) + 7 * 60 * 1000), channels: { '1': 30 }, disabled: true };
  return [...onTime, disabled, ...late];
}

/** The sensor's alarms: the excursion's (acknowledged), an earlier one of the day before, a battery alarm over the excursion. */
export function springDayAlarms(): ReportAlarm[] {
  return [
    {
      deviceId: SENSOR_ID, channel: '1', type: 'threshold', startedAt: iso(slotTime(40)), clearedAt: iso(slotTime(46)),
      acknowledgedBy: 'ana@example.com', acknowledgedAt: '2026-03-29T10:40:00.000Z', correctiveAction: 'Door closed, stock moved to fridge 2',
    },
    {
      deviceId: SENSOR_ID, channel: '1', type: 'threshold', startedAt: '2026-03-27T10:00:00.000Z', clearedAt: '2026-03-27T11:00:00.000Z',
      acknowledgedBy: 'bob@example.com', acknowledgedAt: '2026-03-27T11:05:00.000Z', correctiveAction: 'Not this one',
    },
    { deviceId: SENSOR_ID, type: 'battery', startedAt: iso(slotTime(30)), acknowledgedBy: 'carl@example.com', acknowledgedAt: iso(slotTime(50)), correctiveAction: 'Battery changed' },
  ];
}

/** The slots' values present (not gaps, not null), with their slot. */
export function presentSlots(): { slot: number; celsius: number }[] {
  const present: { slot: number; celsius: number }[] = [];
  for (let slot = 0; slot < SLOTS; slot += 1) {
    const value = celsiusAtSlot(slot);
    if (typeof value === 'number') present.push({ slot, celsius: value });
  }
  return present;
}

export const fahrenheit = (celsius: number): number => celsius * 1.8 + 32;
