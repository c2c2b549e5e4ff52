import { describe, expect, it } from 'vitest';
import { REPORT_CATALOGUE } from './catalogue';
import {
  celsiusAtSlot,
  DAY_END,
  DAY_START,
  fahrenheit,
  iso,
  PARIS,
  presentSlots,
  SENSOR_ID,
  SENSOR_NAME,
  SLOTS,
  slotTime,
  SPRING_DAY,
  springDayAlarms,
  springDayReadings,
} from './report-fixtures.test-support';
import { buildTemperatureLog, type TemperatureLogInput, type TemperatureLogSensor } from './temperature-log';

const HOUR = 60 * 60 * 1000;
const round2 = (value: number) => Math.round(value * 100) / 100;

const fridge: TemperatureLogSensor = {
  sensorId: SENSOR_ID, name: SENSOR_NAME, channel: '1', limits: { min: 2, max: 8 }, readings: springDayReadings(), alarms: springDayAlarms(),
};

function input(overrides: Partial<TemperatureLogInput['parameters']> = {}, unit: 'C' | 'F' = 'C', sensors = [fridge]): TemperatureLogInput {
  return {
    timeZone: PARIS,
    parameters: { from: SPRING_DAY, to: SPRING_DAY, dataPoints: 'hourly', timeline: 'allDay', operation: 'average', ...overrides },
    unit,
    sensors,
  };
}

/** Expected hourly figures by hand: hour h of the day holds slots 4h..4h+3 (the day's hours are 23 whole hours from local midnight). */
function expectedHourly(operation: (values: number[]) => number, convert: (celsius: number) => number = (celsius) => celsius) {
  const rows: { time: string; value: number | null }[] = [];
  for (let hour = 0; hour < 23; hour += 1) {
    const values: number[] = [];
    for (let slot = hour * 4; slot < hour * 4 + 4; slot += 1) {
      const value = celsiusAtSlot(slot);
      if (typeof value === 'number') values.push(value);
    }
    rows.push({ time: iso(DAY_START + hour * HOUR), value: values.length === 0 ? null : round2(convert(operation(values))) });
  }
  return rows;
}
const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('Temperature Log figures (issue 34 section 2.1)', () => {
  it('gives one hourly average per hour of a 23-hour day, a gap where no reading came, the late batch in its place', () => {
    const figures = buildTemperatureLog(input());
    const rows = figures.readings.map(({ time, value }) => ({ time, value }));
    expect(rows).toEqual(expectedHourly(average));
    expect(rows).toHaveLength(23);
    // Local 00:00 and 01:00 are UTC+1; the next hour is local 03:00 (UTC+2): no 02:00 that day.
    expect(rows.slice(0, 3).map((row) => row.time)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z']);
    // Slots 60-67 (hours 15 and 16) never arrived: gaps, not interpolated.
    expect(rows[15]?.value).toBeNull();
    expect(rows[16]?.value).toBeNull();
    // The excursion's hours, by hand: (9 + 10.5 + 11 + 10) / 4 = 10.125 (written to 2 decimals) and (9.5 + 9 + 6 + 6.5) / 4.
    expect(rows[10]?.value).toBe(10.13);
    expect(rows[11]?.value).toBe(7.75);
    // The late batch (slots 20-30) counts in its hours; the disabled reading (30 °C) in none.
    expect(rows[5]?.value).toBe(5.75);
    expect(rows[0]?.value).toBe(5.75);
    expect(figures.readings.every((row) => row.sensor === SENSOR_NAME)).toBe(true);
  });

  it('takes the minimum or maximum per interval when asked, and keeps every reading with "all"', () => {
    expect(buildTemperatureLog(input({ operation: 'maximum' })).readings.map(({ time, value }) => ({ time, value }))).toEqual(expectedHourly((values) => Math.max(...values)));
    expect(buildTemperatureLog(input({ operation: 'minimum' })).readings.map(({ time, value }) => ({ time, value }))).toEqual(expectedHourly((values) => Math.min(...values)));

    const all = buildTemperatureLog(input({ dataPoints: 'all' })).readings;
    const expected: { time: string; value: number | null }[] = [];
    for (let slot = 0; slot < SLOTS; slot += 1) {
      const value = celsiusAtSlot(slot);
      if (value !== undefined) expected.push({ time: iso(slotTime(slot)), value });
    }
    expect(all.map(({ time, value }) => ({ time, value }))).toEqual(expected);
  });

  it('gives 15-minute and 5-minute points, an interval without a reading a gap', () => {
    const quarter = buildTemperatureLog(input({ dataPoints: 'every15Minutes' })).readings;
    expect(quarter).toHaveLength(SLOTS);
    for (let slot = 0; slot < SLOTS; slot += 1) {
      expect(quarter[slot]).toEqual({ sensor: SENSOR_NAME, time: iso(slotTime(slot)), value: celsiusAtSlot(slot) ?? null });
    }
    const fiveMinutes = buildTemperatureLog(input({ dataPoints: 'every5Minutes' })).readings;
    expect(fiveMinutes).toHaveLength(23 * 12);
    // Only the first 5 minutes of each quarter hold a reading.
    expect(fiveMinutes.filter((row) => row.value !== null)).toHaveLength(presentSlots().length);
    expect(fiveMinutes[1]?.value).toBeNull();
  });

  it('reads working hours from local 9:00 to 17:00 (summer time that day)', () => {
    const rows = buildTemperatureLog(input({ timeline: 'workingHours' })).readings;
    expect(rows.map((row) => row.time)).toEqual([7, 8, 9, 10, 11, 12, 13, 14].map((hour) => `2026-03-29T${String(hour).padStart(2, '0')}:00:00.000Z`));
    // 9:00 local (07:00Z) is 8 hours after local midnight (23:00Z): the day's hours 8 to 15.
    expect(rows.map((row) => row.value)).toEqual(expectedHourly(average).slice(8, 16).map((row) => row.value));
  });

  it('sums up the day: min, max, mean and time in range of its readings', () => {
    const [summary] = buildTemperatureLog(input()).daySummary;
    const values = presentSlots().map((present) => present.celsius);
    const inRange = values.filter((celsius) => celsius >= 2 && celsius <= 8).length;
    expect(values).toHaveLength(83);
    expect(summary).toEqual({
      sensor: SENSOR_NAME, day: SPRING_DAY, min: 5, max: 11, mean: round2(average(values)), timeInRange: round2((inRange / values.length) * 100),
    });
    expect(inRange).toBe(76);
  });

  it('gives the morning (to local noon, 10:00Z that day) and afternoon min and max', () => {
    const [line] = buildTemperatureLog(input()).twiceDaily;
    const morning = presentSlots().filter((present) => slotTime(present.slot) < Date.parse('2026-03-29T10:00:00Z')).map((present) => present.celsius);
    const afternoon = presentSlots().filter((present) => slotTime(present.slot) >= Date.parse('2026-03-29T10:00:00Z')).map((present) => present.celsius);
    expect(line).toEqual({
      sensor: SENSOR_NAME, day: SPRING_DAY,
      morningMin: Math.min(...morning), morningMax: Math.max(...morning), afternoonMin: Math.min(...afternoon), afternoonMax: Math.max(...afternoon),
    });
    expect(line).toMatchObject({ morningMin: 5, morningMax: 11, afternoonMin: 5, afternoonMax: 9.5 });
  });

  it('lists every excursion with its alarm\'s acknowledgement and corrective action', () => {
    expect(buildTemperatureLog(input()).excursions).toEqual([
      {
        sensor: SENSOR_NAME, start: '2026-03-29T09:00:00.000Z', end: '2026-03-29T10:30:00.000Z', duration: 90, peak: 11,
        acknowledgedBy: 'ana@example.com', acknowledgedAt: '2026-03-29T10:40:00.000Z', correctiveAction: 'Door closed, stock moved to fridge 2',
      },
      {
        sensor: SENSOR_NAME, start: '2026-03-29T20:15:00.000Z', end: '2026-03-29T20:30:00.000Z', duration: 15, peak: 8.5,
        acknowledgedBy: null, acknowledgedAt: null, correctiveAction: null,
      },
    ]);
  });

  it('writes every temperature in °F for a reader in °F, and the same times', () => {
    const celsius = buildTemperatureLog(input());
    const inFahrenheit = buildTemperatureLog(input({}, 'F'));
    expect(inFahrenheit.readings.map(({ time, value }) => ({ time, value }))).toEqual(expectedHourly(average, fahrenheit));
    const values = presentSlots().map((present) => present.celsius);
    expect(inFahrenheit.daySummary[0]).toMatchObject({ min: 41, max: 51.8, mean: round2(fahrenheit(average(values))), timeInRange: celsius.daySummary[0]?.timeInRange });
    expect(inFahrenheit.twiceDaily[0]).toMatchObject({ morningMin: 41, morningMax: 51.8, afternoonMin: 41, afternoonMax: 49.1 });
    expect(inFahrenheit.excursions.map((row) => [row.start, row.duration, row.peak])).toEqual([['2026-03-29T09:00:00.000Z', 90, 51.8], ['2026-03-29T20:15:00.000Z', 15, 47.3]]);
    expect(inFahrenheit.chart).toMatchObject({ unit: 'F', limits: [{ sensor: SENSOR_NAME, min: 35.6, max: 46.4 }] });
  });

  it('gives 25 hourly points on the day the clocks go back, 2 o\'clock twice, and reading hours keep both', () => {
    const start = Date.parse('2026-10-24T22:00:00Z');
    const readings = Array.from({ length: 25 * 4 }, (_, slot) => ({ time: iso(start + slot * 15 * 60 * 1000), channels: { '1': 4 + (slot % 2) } }));
    const sensor: TemperatureLogSensor = { sensorId: 's-2', name: 'Freezer', channel: '1', limits: {}, readings, alarms: [] };
    const figures = buildTemperatureLog(input({ from: '2026-10-25', to: '2026-10-25' }, 'C', [sensor]));
    expect(figures.readings).toHaveLength(25);
    expect(figures.readings.every((row) => row.value === 4.5)).toBe(true);
    expect(figures.readings.at(-1)?.time).toBe('2026-10-25T22:00:00.000Z');
    // No limits: no time in range, no excursions.
    expect(figures.daySummary[0]).toMatchObject({ min: 4, max: 5, mean: 4.5, timeInRange: null });
    expect(figures.excursions).toEqual([]);
    const twoOClock = buildTemperatureLog(input({ from: '2026-10-25', to: '2026-10-25', readingHours: [2] }, 'C', [sensor])).readings;
    expect(twoOClock.map((row) => row.time)).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z']);
    // Working hours are 8 hours of winter time that day: 08:00Z to 16:00Z.
    const working = buildTemperatureLog(input({ from: '2026-10-25', to: '2026-10-25', timeline: 'workingHours' }, 'C', [sensor])).readings;
    expect([working[0]?.time, working.length]).toEqual(['2026-10-25T08:00:00.000Z', 8]);
  });

  it('leaves out the intervals from now on when the range reaches today', () => {
    const now = DAY_START + 10 * HOUR + 1;
    const rows = buildTemperatureLog({ ...input(), now }).readings;
    expect(rows.map(({ time, value }) => ({ time, value }))).toEqual(expectedHourly(average).slice(0, 11));
  });

  it('draws the chart from the points, a gap after each day\'s timeline', () => {
    const { chart } = buildTemperatureLog(input({ from: '2026-03-28', to: SPRING_DAY }));
    expect(chart).toMatchObject({ unit: 'C', from: Date.parse('2026-03-27T23:00:00Z'), to: DAY_END });
    const [series] = chart.series;
    expect(series?.name).toBe(SENSOR_NAME);
    // 24 empty hours of the 28th, its closing gap, 23 hours of the 29th, its closing gap.
    expect(series?.points).toHaveLength(24 + 1 + 23 + 1);
    expect(series?.points[24]).toEqual({ time: DAY_START, value: null });
    expect(series?.points.at(-1)).toEqual({ time: DAY_END, value: null });
  });

  it('answers rows whose fields are the catalogue\'s columns, section by section', () => {
    const figures = buildTemperatureLog(input());
    for (const section of REPORT_CATALOGUE.temperatureLog.sections) {
      if ('chart' in section) continue;
      const rows = figures[section.id as 'readings' | 'daySummary' | 'twiceDaily' | 'excursions'];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row)).toEqual(section.columns.map((column) => column.id));
    }
  });
});
