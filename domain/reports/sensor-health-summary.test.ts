import { describe, expect, it } from 'vitest';
import { REPORT_CATALOGUE } from './catalogue';
import { DAY_END, DAY_START, iso, PARIS, SENSOR_ID, SENSOR_NAME, slotTime, SPRING_DAY, springDayAlarms } from './report-fixtures.test-support';
import { buildSensorHealthSummary, type SensorHealthInput, type SensorHealthSensor } from './sensor-health-summary';
import { arrivedSlots, batteryAtSlot, deviceDayReadings, ONLINE_WINDOW_MS, REPORT_SECONDS } from './sensor-fixtures.test-support';

const MINUTE = 60 * 1000;
const round2 = (value: number) => Math.round(value * 100) / 100;

const fridge: SensorHealthSensor = {
  sensorId: SENSOR_ID, name: SENSOR_NAME, site: 'Pharmacy Lyon', reportSeconds: REPORT_SECONDS, readings: deviceDayReadings(), alarms: springDayAlarms(),
};

function input(sensors: SensorHealthSensor[] = [fridge], overrides: Partial<SensorHealthInput> = {}): SensorHealthInput {
  return { timeZone: PARIS, parameters: { from: SPRING_DAY, to: SPRING_DAY }, now: Date.parse('2026-12-01T00:00:00Z'), sensors, ...overrides };
}

/** Minute by minute over [from, to): online when a reading came within the window before (the rule, counted the slow way). */
function onlineMinutes(times: readonly number[], from: number, to: number): number {
  let online = 0;
  for (let minute = from; minute < to; minute += MINUTE) {
    const middle = minute + MINUTE / 2;
    if (times.some((time) => time <= middle && middle < time + ONLINE_WINDOW_MS)) online += 1;
  }
  return online;
}

describe('Sensor Health Summary figures (issue 34 section 2.5)', () => {
  it('sums up the sensor over the 23-hour day: time online, the gap, battery and its trend, signal, last seen', () => {
    const { health } = buildSensorHealthSummary(input());
    const times = deviceDayReadings().map((reading) => Date.parse(reading.time));
    const dayMinutes = (DAY_END - DAY_START) / MINUTE;
    expect(dayMinutes).toBe(23 * 60);
    const signals = deviceDayReadings().map((reading) => reading.signal ?? 0);
    expect(health).toEqual([{
      sensor: SENSOR_NAME,
      site: 'Pharmacy Lyon',
      timeOnline: round2((onlineMinutes(times, DAY_START, DAY_END) / dayMinutes) * 100),
      // Slots 60-67 never came: from slot 59's reading to slot 68's, 9 slots.
      gaps: 1,
      longestGap: (slotTime(68) - slotTime(59)) / MINUTE,
      battery: batteryAtSlot(91),
      // 0.05 % a 15-minute slot: 4.8 % a day, draining.
      batteryTrend: -4.8,
      signalMean: round2(signals.reduce((sum, value) => sum + value, 0) / signals.length),
      signalWorst: -118,
      lastSeen: iso(slotTime(91)),
    }]);
    // Offline from 55 minutes after slot 59 to slot 68: 80 of the day's 1,380 minutes.
    expect(health[0]?.timeOnline).toBe(round2((1300 / 1380) * 100));
    expect(health[0]?.longestGap).toBe(135);
  });

  it('counts the alarms that began in the period by type, in the catalogue\'s order', () => {
    const { alarmsByType } = buildSensorHealthSummary(input());
    // The threshold alarm of 27 March began before the period: not counted.
    expect(alarmsByType).toEqual([
      { sensor: SENSOR_NAME, alarmType: 'threshold', count: 1 },
      { sensor: SENSOR_NAME, alarmType: 'battery', count: 1 },
    ]);
  });

  it('takes a reading of the window before the period as online at its start, and a silent start as a gap', () => {
    const lateStarter = deviceDayReadings().filter((reading) => Date.parse(reading.time) >= slotTime(8));
    const silentStart: SensorHealthSensor = { ...fridge, alarms: [], readings: lateStarter };
    const before = { time: iso(DAY_START - 20 * MINUTE), channels: { '1': 5 }, battery: 99, signal: -60, receivedAt: iso(DAY_START - 20 * MINUTE) };
    const heardBefore: SensorHealthSensor = { ...silentStart, name: 'Heard before', readings: [before, ...lateStarter] };
    const [silent, heard] = buildSensorHealthSummary(input([silentStart, heardBefore])).health;
    const times = lateStarter.map((reading) => Date.parse(reading.time));
    // Silent from the period's start to slot 8 (2 hours), and the gap of slots 60-67.
    expect(silent).toMatchObject({ gaps: 2, longestGap: 135, timeOnline: round2((onlineMinutes(times, DAY_START, DAY_END) / 1380) * 100) });
    // Online for 35 minutes after the reading 20 minutes before midnight; the 140-minute stretch is a gap, 120 minutes of it in the period.
    expect(heard).toMatchObject({ gaps: 2, longestGap: 135, timeOnline: round2((onlineMinutes([DAY_START - 20 * MINUTE, ...times], DAY_START, DAY_END) / 1380) * 100) });
    expect((heard?.timeOnline ?? 0) - (silent?.timeOnline ?? 0)).toBeCloseTo((35 / 1380) * 100, 1);
    // Battery and signal are of the period's readings only.
    expect([heard?.battery, heard?.signalMean]).toEqual([silent?.battery, silent?.signalMean]);
  });

  it('shows a sensor never heard from as one gap over the whole day, 25 hours on the day the clocks go back', () => {
    const silent: SensorHealthSensor = { ...fridge, readings: [], alarms: [] };
    const [row] = buildSensorHealthSummary(input([silent], { parameters: { from: '2026-10-25', to: '2026-10-25' } })).health;
    expect(row).toEqual({
      sensor: SENSOR_NAME, site: 'Pharmacy Lyon', timeOnline: 0, gaps: 1, longestGap: 25 * 60,
      battery: null, batteryTrend: null, signalMean: null, signalWorst: null, lastSeen: null,
    });
  });

  it('ends the period now when the range reaches today', () => {
    const now = DAY_START + 10 * 60 * MINUTE;
    const [row] = buildSensorHealthSummary(input([fridge], { now })).health;
    // Slot 39 is the last reading before 10 hours past midnight; the late batch filled its hours.
    const last = arrivedSlots().filter((slot) => slotTime(slot) < now).at(-1) ?? 0;
    expect(row).toMatchObject({ timeOnline: 100, gaps: 0, longestGap: null, lastSeen: iso(slotTime(last)), battery: batteryAtSlot(last), batteryTrend: -4.8 });
  });

  it('answers rows whose fields are the catalogue\'s columns, section by section', () => {
    const figures = buildSensorHealthSummary(input());
    expect(Object.keys(figures)).toEqual(REPORT_CATALOGUE.sensorHealthSummary.sections.map((section) => section.id));
    for (const section of REPORT_CATALOGUE.sensorHealthSummary.sections) {
      const rows = figures[section.id];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row)).toEqual(section.columns.map((column) => column.id));
    }
  });
});
