import { describe, expect, it } from 'vitest';
import { REPORT_CATALOGUE } from './catalogue';
import {
  DAY_END,
  DAY_START,
  fahrenheit,
  iso,
  PARIS,
  presentSlots,
  SENSOR_ID,
  SENSOR_NAME,
  slotTime,
  SPRING_DAY,
  springDayAlarms,
  springDayReadings,
} from './report-fixtures.test-support';
import type { ReportSensor } from './temperature-figures';
import { buildVaccineReport, type VaccineInput } from './vaccine';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

const fridge: ReportSensor = { sensorId: SENSOR_ID, name: SENSOR_NAME, channel: '1', readings: springDayReadings(), alarms: springDayAlarms() };

/** A reader in °F: the limits 35.6-46.4 °F are 2-8 °C. */
function input(overrides: Partial<VaccineInput> = {}, durationMinutes = 60): VaccineInput {
  return {
    timeZone: PARIS,
    parameters: { from: SPRING_DAY, to: SPRING_DAY, min: 35.6, max: 46.4, durationMinutes },
    unit: 'F',
    now: DAY_END + HOUR,
    sensors: [fridge],
    ...overrides,
  };
}

/** Mean kinetic temperature by its formula (ΔH/R = 10,000 K), each reading weighted by the time to the next, at most 30 minutes. */
function expectedMeanKinetic(readings: readonly { time: number; celsius: number }[], end: number): number {
  let weighted = 0;
  let total = 0;
  readings.forEach((reading, index) => {
    const weight = Math.min((readings[index + 1]?.time ?? end) - reading.time, 30 * MINUTE);
    weighted += weight * Math.exp(-10_000 / (reading.celsius + 273.15));
    total += weight;
  });
  return 10_000 / -Math.log(weighted / total) - 273.15;
}

describe('Vaccine report figures (issue 34 section 2.7)', () => {
  it('gives the current value and the morning and afternoon min and max, in °F', () => {
    expect(buildVaccineReport(input()).twiceDaily).toEqual([{
      sensor: SENSOR_NAME, day: SPRING_DAY,
      // The day's last reading, slot 91: 6.5 °C.
      current: 43.7,
      // Morning to local noon (10:00Z): 5 °C to the excursion's 11 °C; afternoon 5 °C to 9.5 °C.
      morningMin: 41, morningMax: 51.8, afternoonMin: 41, afternoonMax: 49.1,
    }]);
  });

  it('lists every stretch of more than 30 minutes without a temperature', () => {
    // By hand: the readings of slots 59 (13:45Z) and 68 (16:00Z) are 135 minutes apart; the
    // probe-missing slot 80 leaves 30 minutes between slots 79 and 81, which is allowed.
    const logged = presentSlots().map((present) => slotTime(present.slot));
    const expected: { start: string; end: string; duration: number }[] = [];
    let previous = DAY_START;
    for (const time of [...logged, DAY_END]) {
      if (time - previous > 30 * MINUTE) expected.push({ start: iso(previous), end: iso(time), duration: (time - previous) / MINUTE });
      previous = time;
    }
    expect(expected).toEqual([{ start: '2026-03-29T13:45:00.000Z', end: '2026-03-29T16:00:00.000Z', duration: 135 }]);
    expect(buildVaccineReport(input()).loggingGaps).toEqual(expected.map((gap) => ({ sensor: SENSOR_NAME, ...gap })));
  });

  it('lists the excursions lasting at least the duration asked, with their acknowledgement and corrective action', () => {
    const ninetyMinutes = {
      sensor: SENSOR_NAME, start: '2026-03-29T09:00:00.000Z', end: '2026-03-29T10:30:00.000Z', duration: 90, peak: 51.8,
      acknowledgedBy: 'ana@example.com', correctiveAction: 'Door closed, stock moved to fridge 2',
    };
    const fifteenMinutes = { sensor: SENSOR_NAME, start: '2026-03-29T20:15:00.000Z', end: '2026-03-29T20:30:00.000Z', duration: 15, peak: 47.3, acknowledgedBy: null, correctiveAction: null };
    expect(buildVaccineReport(input()).excursions).toEqual([ninetyMinutes]);
    expect(buildVaccineReport(input({}, 15)).excursions).toEqual([ninetyMinutes, fifteenMinutes]);
    expect(buildVaccineReport(input({}, 91)).excursions).toEqual([]);
  });

  it('sums up the time out of range (every excursion), the mean kinetic temperature, the min and max', () => {
    const [summary] = buildVaccineReport(input()).summary;
    const logged = presentSlots().map((present) => ({ time: slotTime(present.slot), celsius: present.celsius }));
    expect(summary).toMatchObject({ sensor: SENSOR_NAME, timeOutOfRange: 90 + 15, min: 41, max: 51.8 });
    expect(summary?.meanKinetic).toBeCloseTo(fahrenheit(expectedMeanKinetic(logged, DAY_END)), 1);
    // In °C for a reader in °C, with the limits given in °C.
    const [celsius] = buildVaccineReport(input({ unit: 'C', parameters: { from: SPRING_DAY, to: SPRING_DAY, min: 2, max: 8, durationMinutes: 60 } })).summary;
    expect(celsius).toMatchObject({ timeOutOfRange: 105, min: 5, max: 11 });
    expect(celsius?.meanKinetic).toBeCloseTo(expectedMeanKinetic(logged, DAY_END), 1);
  });

  it('reads a range ending today up to now: the hours to come are no gap', () => {
    const silent: ReportSensor = { sensorId: 's-2', name: 'Freezer', channel: '1', readings: [], alarms: [] };
    const now = DAY_START + 10 * HOUR;
    const figures = buildVaccineReport(input({ now, sensors: [silent] }));
    expect(figures.loggingGaps).toEqual([{ sensor: 'Freezer', start: iso(DAY_START), end: iso(now), duration: 600 }]);
    expect(figures.summary).toEqual([{ sensor: 'Freezer', timeOutOfRange: 0, meanKinetic: null, min: null, max: null }]);
    expect(figures.twiceDaily[0]).toMatchObject({ current: null, morningMin: null, afternoonMax: null });
    expect(figures.chart).toMatchObject({ from: DAY_START, to: now });
  });

  it('breaks the chart\'s line at a logging gap and draws the limits given', () => {
    const { chart } = buildVaccineReport(input());
    const points = chart.series[0]?.points ?? [];
    const gapAt = points.findIndex((point) => point.value === null && point.time === slotTime(59) + 1);
    expect(points[gapAt - 1]).toEqual({ time: slotTime(59), value: fahrenheit(5 + 3 * 0.5) });
    expect(points[gapAt + 1]?.time).toBe(slotTime(68));
    expect(chart.limits).toEqual([{ sensor: SENSOR_NAME, min: 35.6, max: 46.4 }]);
  });

  it('answers rows whose fields are the catalogue\'s columns, section by section', () => {
    const figures = buildVaccineReport(input({}, 15));
    for (const section of REPORT_CATALOGUE.vaccine.sections) {
      if ('chart' in section) continue;
      const rows = figures[section.id as 'twiceDaily' | 'loggingGaps' | 'excursions' | 'summary'];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row)).toEqual(section.columns.map((column) => column.id));
    }
  });
});
