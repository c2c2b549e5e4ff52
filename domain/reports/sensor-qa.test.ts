import { describe, expect, it } from 'vitest';
import { REPORT_CATALOGUE } from './catalogue';
import { DAY_END, DAY_START, iso, PARIS, SENSOR_ID, SENSOR_NAME, SLOT_MS, slotTime, SPRING_DAY } from './report-fixtures.test-support';
import { deviceDayReadings, LATE_BATCH, ONLINE_WINDOW_MS, REPORT_SECONDS } from './sensor-fixtures.test-support';
import { buildSensorQa, CALIBRATION_DUE_SOON_DAYS, type SensorQaInput, type SensorQaSensor } from './sensor-qa';
import type { DeviceReportReading } from './sensor-readings';

const round2 = (value: number) => Math.round(value * 100) / 100;
const MINUTE = 60_000;

const fridge: SensorQaSensor = {
  sensorId: SENSOR_ID, name: SENSOR_NAME, channels: ['1'], logging: { intervalMinutes: 15, schedule: { kind: 'always' } },
  reportSeconds: REPORT_SECONDS, readings: deviceDayReadings(),
  calibrations: [{ issueDate: '2024-04-01', renewalDate: '2025-04-01' }, { issueDate: '2025-04-01', renewalDate: '2026-04-15' }],
};

function input(sensors: SensorQaSensor[] = [fridge], overrides: Partial<SensorQaInput> = {}): SensorQaInput {
  return { timeZone: PARIS, parameters: { from: SPRING_DAY, to: SPRING_DAY }, now: Date.parse('2026-12-01T00:00:00Z'), sensors, ...overrides };
}

/** The slots of [from, from + count × step) holding a reading, counted the slow way. */
function filledSlots(readings: readonly DeviceReportReading[], from: number, step: number, slots: readonly number[]): number {
  return slots.filter((slot) => readings.some((reading) => {
    const time = Date.parse(reading.time);
    return time >= from + slot * step && time < from + (slot + 1) * step;
  })).length;
}

/** Readings with another that arrived strictly before them and reads a later time. */
function outOfOrderByHand(readings: readonly DeviceReportReading[]): number {
  return readings.filter((reading) => readings.some((other) =>
    Date.parse(other.receivedAt) < Date.parse(reading.receivedAt) && Date.parse(other.time) > Date.parse(reading.time))).length;
}

describe('Sensor QA figures (issue 34 section 2.8)', () => {
  it('checks the day: 92 expected slots of 15 minutes in 23 hours, the gap, the late batch, the probe missing, the calibration', () => {
    const readings = deviceDayReadings();
    const expected = (DAY_END - DAY_START) / (15 * MINUTE);
    const slots = Array.from({ length: expected }, (_, slot) => slot);
    expect(buildSensorQa(input()).quality).toEqual([{
      sensor: SENSOR_NAME,
      expected,
      received: readings.length,
      completeness: round2((filledSlots(readings, DAY_START, SLOT_MS, slots) / expected) * 100),
      late: readings.filter((reading) => Date.parse(reading.receivedAt) - Date.parse(reading.time) > ONLINE_WINDOW_MS).length,
      outOfOrder: outOfOrderByHand(readings),
      probeMissing: 1,
      calibrationStatus: 'dueSoon',
      calibrationDue: '2026-04-15',
    }]);
    // By hand: 92 slots, 84 of them read (slots 60-67 missing), 85 readings with the disabled one.
    expect(buildSensorQa(input()).quality[0]).toMatchObject({ expected: 92, received: 85, completeness: round2((84 / 92) * 100) });
    // The batch arrived 45 minutes 45 seconds after slot 30: slots 20-29 over the 55-minute window, slot 30 within it;
    // all 11 arrived after slot 33's reading.
    expect(LATE_BATCH.arrivedAt - slotTime(30)).toBe(45 * MINUTE + 45_000);
    expect(buildSensorQa(input()).quality[0]).toMatchObject({ late: 10, outOfOrder: 11 });
  });

  it('expects only the slots the logging schedule logs in, in the site\'s summer time', () => {
    // 29 March 2026 is a Sunday; 08:00-18:00 in Paris that day is 06:00Z-16:00Z, slots 28 to 67.
    const scheduled: SensorQaSensor = { ...fridge, logging: { intervalMinutes: 15, schedule: { kind: 'custom', days: ['sunday'], start: '08:00', end: '18:00' } } };
    const slots = Array.from({ length: 40 }, (_, index) => 28 + index);
    expect(slotTime(28)).toBe(Date.parse('2026-03-29T06:00:00Z'));
    const [row] = buildSensorQa(input([scheduled])).quality;
    expect(row).toMatchObject({ expected: 40, received: 85, completeness: round2((filledSlots(deviceDayReadings(), DAY_START, SLOT_MS, slots) / 40) * 100) });
    expect(row?.completeness).toBe(80);
    const weekdays: SensorQaSensor = { ...scheduled, logging: { intervalMinutes: 15, schedule: { kind: 'custom', days: ['monday'], start: '08:00', end: '18:00' } } };
    expect(buildSensorQa(input([weekdays])).quality[0]).toMatchObject({ expected: 0, completeness: null });
  });

  it('expects 25 hourly readings on the day the clocks go back, and whole slots only up to now', () => {
    const start = Date.parse('2026-10-24T22:00:00Z');
    const readings = Array.from({ length: 25 * 4 }, (_, slot) => {
      const time = iso(start + slot * 15 * MINUTE);
      return { time, channels: { '1': 4 }, receivedAt: time };
    });
    const hourly: SensorQaSensor = { ...fridge, readings, logging: { intervalMinutes: 60, schedule: { kind: 'always' } } };
    expect(buildSensorQa(input([hourly], { parameters: { from: '2026-10-25', to: '2026-10-25' } })).quality[0])
      .toMatchObject({ expected: 25, received: 100, completeness: 100, late: 0, outOfOrder: 0, probeMissing: 0 });
    // Now at 10:20 local (09:20Z, winter time): 11 hours have ended since midnight (22:00Z), the 12th has not.
    const now = Date.parse('2026-10-25T09:20:00Z');
    expect(buildSensorQa(input([hourly], { now, parameters: { from: '2026-10-25', to: '2026-10-25' } })).quality[0])
      .toMatchObject({ expected: 11, received: 46, completeness: 100 });
  });

  it('never counts readings of one message against each other, whatever their order in it', () => {
    const reading = (slot: number, arrivedAfterSlot: number): DeviceReportReading =>
      ({ time: iso(slotTime(slot)), channels: { '1': 5 }, receivedAt: iso(slotTime(arrivedAfterSlot) + 1_000) });
    // One message of slots 2, 0, 1 (in that order), then slot 1.5's reading alone: only it is older than one that came before.
    const readings = [reading(2, 2), reading(0, 2), reading(1, 2), { ...reading(1, 3), time: iso(slotTime(1) + SLOT_MS / 2) }];
    expect(buildSensorQa(input([{ ...fridge, readings }])).quality[0]).toMatchObject({ received: 4, outOfOrder: 1, late: 0 });
  });

  it('counts each run of readings without a probe value as one episode, channel by channel', () => {
    const readings: DeviceReportReading[] = Array.from({ length: 12 }, (_, slot) => {
      const time = iso(slotTime(slot));
      const second = slot === 3 || slot === 4 || slot === 9 ? null : 4;
      const first = slot === 4 ? null : 5;
      // Slot 6 has no second channel at all: it says nothing of that probe, and does not end a run.
      const channels: Record<string, number | null> = slot === 6 ? { '1': first } : { '1': first, '2': second };
      return { time, channels, receivedAt: time };
    });
    const twoProbes: SensorQaSensor = { ...fridge, channels: ['1', '2'], readings };
    expect(buildSensorQa(input([twoProbes])).quality[0]?.probeMissing).toBe(3);
  });

  it('judges the calibration in force on the period\'s last day', () => {
    const on = (calibrations: SensorQaSensor['calibrations']) => {
      const [row] = buildSensorQa(input([{ ...fridge, calibrations }])).quality;
      return [row?.calibrationStatus, row?.calibrationDue];
    };
    expect(CALIBRATION_DUE_SOON_DAYS).toBe(30);
    expect(on([{ issueDate: '2025-03-01', renewalDate: '2026-03-28' }])).toEqual(['overdue', '2026-03-28']);
    expect(on([{ issueDate: '2025-03-01', renewalDate: '2026-03-29' }])).toEqual(['dueSoon', '2026-03-29']);
    expect(on([{ issueDate: '2025-03-01', renewalDate: '2026-04-28' }])).toEqual(['dueSoon', '2026-04-28']);
    expect(on([{ issueDate: '2025-03-01', renewalDate: '2026-04-29' }])).toEqual(['valid', '2026-04-29']);
    expect(on([{ issueDate: '2025-03-01' }])).toEqual(['valid', null]);
    expect(on([])).toEqual(['none', null]);
    // Issued after the period: not in force then.
    expect(on([{ issueDate: '2026-04-01', renewalDate: '2027-04-01' }])).toEqual(['none', null]);
    // A range reaching today is judged today: 28 March.
    const [today] = buildSensorQa(input([{ ...fridge, calibrations: [{ issueDate: '2025-03-01', renewalDate: '2026-03-28' }] }], { now: DAY_START - 60 * MINUTE, parameters: { from: '2026-03-28', to: SPRING_DAY } })).quality;
    expect([today?.calibrationStatus, today?.expected]).toEqual(['dueSoon', 92]);
  });

  it('answers rows whose fields are the catalogue\'s columns', () => {
    const figures = buildSensorQa(input());
    expect(Object.keys(figures)).toEqual(REPORT_CATALOGUE.sensorQa.sections.map((section) => section.id));
    for (const section of REPORT_CATALOGUE.sensorQa.sections) {
      const rows = figures[section.id];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row)).toEqual(section.columns.map((column) => column.id));
    }
  });
});
