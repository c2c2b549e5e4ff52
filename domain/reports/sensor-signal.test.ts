import { describe, expect, it } from 'vitest';
import { WEAK_SIGNAL_DBM } from '../alarms/dashboard';
import { REPORT_CATALOGUE } from './catalogue';
import { DAY_END, DAY_START, iso, PARIS, SENSOR_ID, SENSOR_NAME, slotTime, SPRING_DAY } from './report-fixtures.test-support';
import { deviceDayReadings, ONLINE_WINDOW_MS, REPORT_SECONDS } from './sensor-fixtures.test-support';
import { buildSensorSignal, WEAK_SIGNAL, type SensorSignalInput, type SensorSignalSensor } from './sensor-signal';

const round2 = (value: number) => Math.round(value * 100) / 100;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

const fridge: SensorSignalSensor = { sensorId: SENSOR_ID, name: SENSOR_NAME, reportSeconds: REPORT_SECONDS, readings: deviceDayReadings() };

function input(sensors: SensorSignalSensor[] = [fridge], overrides: Partial<SensorSignalInput> = {}): SensorSignalInput {
  return { timeZone: PARIS, parameters: { from: SPRING_DAY, to: SPRING_DAY }, now: Date.parse('2026-12-01T00:00:00Z'), sensors, ...overrides };
}

describe('Sensor Signal figures (issue 34 section 2.6)', () => {
  it('uses the dashboard\'s weak-signal threshold', () => {
    expect(WEAK_SIGNAL).toBe(WEAK_SIGNAL_DBM);
    expect(WEAK_SIGNAL).toBe(-110);
  });

  it('gives the mean and worst RSSI and SNR of the day\'s readings', () => {
    const readings = deviceDayReadings();
    const rssi = readings.map((reading) => reading.signal ?? Number.NaN);
    const snr = readings.map((reading) => reading.snr ?? Number.NaN);
    expect(buildSensorSignal(input()).signal).toEqual([{
      sensor: SENSOR_NAME, rssiMean: round2(mean(rssi)), rssiWorst: -118, snrMean: round2(mean(snr)), snrWorst: 1,
    }]);
  });

  it('lists the weak episodes: to the reading back above -110 dBm, or to the last weak one when the sensor fell silent or the day ended', () => {
    expect(buildSensorSignal(input()).weakEpisodes).toEqual([
      // Slots 50-53 weak, slot 54 back: an hour.
      { sensor: SENSOR_NAME, start: iso(slotTime(50)), end: iso(slotTime(54)), duration: 60, rssiWorst: -118 },
      // Slot 59 weak, then 2 hours 15 minutes without a reading: nothing says how long it lasted.
      { sensor: SENSOR_NAME, start: iso(slotTime(59)), end: iso(slotTime(59)), duration: 0, rssiWorst: -111 },
      // Slots 88-91 weak to the end of the day.
      { sensor: SENSOR_NAME, start: iso(slotTime(88)), end: iso(slotTime(91)), duration: 45, rssiWorst: -117 },
    ]);
  });

  it('draws the RSSI in dBm, the line broken when the sensor went offline, the weak level as the lower limit', () => {
    const { chart } = buildSensorSignal(input());
    expect(chart).toMatchObject({ unit: 'dBm', from: DAY_START, to: DAY_END, limits: [{ sensor: SENSOR_NAME, min: -110, max: null }] });
    const [series] = chart.series;
    const readings = deviceDayReadings().map((reading) => ({ time: Date.parse(reading.time), value: reading.signal ?? null })).sort((a, b) => a.time - b.time);
    const offlineAt = slotTime(59) + ONLINE_WINDOW_MS;
    const expected = [...readings.filter((point) => point.time <= slotTime(59)), { time: offlineAt, value: null }, ...readings.filter((point) => point.time > slotTime(59))];
    expect(series).toEqual({ name: SENSOR_NAME, points: expected });
    expect(series?.points.filter((point) => point.value === null)).toHaveLength(1);
  });

  it('leaves a sensor without signal values as gaps, and keeps each sensor\'s rows in the order asked', () => {
    const quiet: SensorSignalSensor = {
      sensorId: 'sensor-2', name: 'Freezer', reportSeconds: REPORT_SECONDS,
      readings: [{ time: iso(DAY_START + 60_000), channels: { '1': -20 }, receivedAt: iso(DAY_START + 90_000) }],
    };
    const figures = buildSensorSignal(input([quiet, fridge]));
    expect(figures.signal.map((row) => row.sensor)).toEqual(['Freezer', SENSOR_NAME]);
    expect(figures.signal[0]).toEqual({ sensor: 'Freezer', rssiMean: null, rssiWorst: null, snrMean: null, snrWorst: null });
    expect(figures.weakEpisodes.every((row) => row.sensor === SENSOR_NAME)).toBe(true);
    expect(figures.chart.series.map((series) => [series.name, series.points.length])).toEqual([['Freezer', 0], [SENSOR_NAME, deviceDayReadings().length + 1]]);
  });

  it('keeps the readings of the 25-hour day the clocks go back, and none of the days around it', () => {
    const start = Date.parse('2026-10-24T22:00:00Z');
    const readings = Array.from({ length: 25 * 4 + 8 }, (_, slot) => {
      const time = iso(start - 4 * 15 * 60_000 + slot * 15 * 60_000);
      return { time, channels: { '1': 4 }, signal: slot % 2 === 0 ? -100 : -120, snr: 5, receivedAt: time };
    });
    const figures = buildSensorSignal(input([{ ...fridge, readings }], { parameters: { from: '2026-10-25', to: '2026-10-25' } }));
    expect(figures.chart).toMatchObject({ from: start, to: Date.parse('2026-10-25T23:00:00Z') });
    expect(figures.chart.series[0]?.points).toHaveLength(100);
    // Every other reading weak: 50 episodes of one reading, each 15 minutes to the next reading; the last ends with the day (the next reading is the 26th's).
    expect(figures.weakEpisodes).toHaveLength(50);
    expect(figures.weakEpisodes.map((row) => row.duration)).toEqual([...Array.from({ length: 49 }, () => 15), 0]);
    expect(figures.weakEpisodes.every((row) => row.rssiWorst === -120)).toBe(true);
    expect(figures.signal[0]).toMatchObject({ rssiMean: -110, rssiWorst: -120 });
  });

  it('answers rows whose fields are the catalogue\'s columns, section by section', () => {
    const figures = buildSensorSignal(input());
    expect(Object.keys(figures)).toEqual(REPORT_CATALOGUE.sensorSignal.sections.map((section) => section.id));
    for (const section of REPORT_CATALOGUE.sensorSignal.sections) {
      if ('chart' in section) continue;
      const rows = figures[section.id as 'signal' | 'weakEpisodes'];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row)).toEqual(section.columns.map((column) => column.id));
    }
  });
});
