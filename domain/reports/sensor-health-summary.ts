import type { Alarm } from '../alarms/alarm';
import { ALARM_TYPES, type AlarmType } from '../alarms/alarm-types';
import type { ReportParameters } from './catalogue';
import {
  byReadingTime,
  DAY_MS,
  figureOut,
  onlineWindowMs,
  readingsWithin,
  reportPeriod,
  type DeviceReportReading,
  type ReportPeriod,
  type TimedReading,
} from './sensor-readings';
import { instantOut, meanOf, minOf, minutesOut, percentOut } from './temperature-figures';

/**
 * The Sensor Health Summary's figures (issue 34 section 2.5), section by section of its
 * catalogue entry (`REPORT_CATALOGUE.sensorHealthSummary`), per sensor over the range's site days
 * up to now (sensor-readings.ts `reportPeriod`), from records already read:
 * - `timeOnline`: the share of the period the sensor counted as online by the portal's one rule
 *   (a reading within the last three report intervals plus ten minutes, `onlineWindowMs`), by
 *   reading time: a late batch fills the time it covers.
 * - `gaps`, `longestGap`: the stretches without a reading longer than that window (the sensor went
 *   offline in each), from the reading before (or the period's start, when none came in the window
 *   before it) to the next reading (or the period's end), the part within the period; null
 *   without a gap.
 * - `battery`: the newest reading's battery in the period; `batteryTrend` its least-squares slope
 *   over the period's readings, in percent per day (negative: draining); null from fewer than two.
 * - `signalMean`, `signalWorst`: the mean and the lowest RSSI (dBm) of the period's readings.
 * - `lastSeen`: the newest reading's time in the period.
 * - `alarmsByType`: the sensor's alarms that began in the period, counted by type (catalogue
 *   order), a row per type raised.
 */

/** What the report reads of an alarm: whose, which type, when its condition began. */
export type HealthAlarm = Pick<Alarm, 'deviceId' | 'type' | 'startedAt'>;

export interface SensorHealthSensor {
  readonly sensorId: string;
  /** The sensor's and its site's names as the reader knows them. */
  readonly name: string;
  readonly site: string;
  /** How often its model reports (domain/devices/sensor.ts `sensorReportSeconds`): the online rule's. */
  readonly reportSeconds: number;
  /**
   * Its readings of the period and of the online window before it (whether it was online as the
   * period began), in any order.
   */
  readonly readings: readonly DeviceReportReading[];
  /** Its alarms that may have begun in the period (others are left out here). */
  readonly alarms: readonly HealthAlarm[];
}

export interface SensorHealthInput {
  /** The site's IANA time zone. */
  readonly timeZone: string;
  readonly parameters: Pick<ReportParameters<'sensorHealthSummary'>, 'from' | 'to'>;
  /** ms since the epoch: the period ends here when the range reaches today. */
  readonly now: number;
  readonly sensors: readonly SensorHealthSensor[];
}

export interface SensorHealthRow {
  sensor: string; site: string; timeOnline: number | null; gaps: number; longestGap: number | null;
  battery: number | null; batteryTrend: number | null; signalMean: number | null; signalWorst: number | null; lastSeen: string | null;
}
export interface AlarmsByTypeRow { sensor: string; alarmType: AlarmType; count: number }

export interface SensorHealthFigures {
  readonly health: SensorHealthRow[];
  readonly alarmsByType: AlarmsByTypeRow[];
}

/** The time the readings kept the sensor online within the period: each reading holds it online for `window`. */
function onlineMsOf(times: readonly number[], period: ReportPeriod, window: number): number {
  let online = 0;
  let coveredUntil = -Infinity;
  for (const time of times) {
    if (time >= period.to) break;
    const start = Math.max(time, coveredUntil, period.from);
    const end = Math.min(time + window, period.to);
    if (end > start) online += end - start;
    coveredUntil = Math.max(coveredUntil, time + window);
  }
  return online;
}

/** The stretches without a reading longer than `window`, each the part within the period (times sorted). */
function gapsOf(times: readonly number[], period: ReportPeriod, window: number): number[] {
  const gaps: number[] = [];
  // Before the first reading read (the window before the period holds none): silent for longer than the window already.
  let previous = -Infinity;
  for (const time of [...times.filter((at) => at < period.to), period.to]) {
    if (time - previous > window) {
      const length = Math.min(time, period.to) - Math.max(previous, period.from);
      if (length > 0) gaps.push(length);
    }
    previous = time;
  }
  return gaps;
}

/** The least-squares slope of the battery over time, in percent per day; null from fewer than two readings at different times. */
function batteryTrendOf(points: readonly { time: number; battery: number }[]): number | null {
  if (points.length < 2) return null;
  // Centred on the first reading: epoch milliseconds squared would lose the digits that matter.
  const origin = points[0]?.time ?? 0;
  const meanTime = points.reduce((sum, point) => sum + (point.time - origin), 0) / points.length;
  const meanBattery = points.reduce((sum, point) => sum + point.battery, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.time - origin - meanTime) * (point.battery - meanBattery);
    variance += (point.time - origin - meanTime) ** 2;
  }
  return variance === 0 ? null : (covariance / variance) * DAY_MS;
}

/** One sensor's rows (a source builds a sensor at a time, then joins them: `joinSensorHealth`). */
export function sensorHealthOf(sensor: SensorHealthSensor, period: ReportPeriod): SensorHealthFigures {
  const readings: TimedReading[] = byReadingTime(sensor.readings);
  const inPeriod = readingsWithin(readings, period);
  const window = onlineWindowMs(sensor.reportSeconds);
  const times = readings.map((entry) => entry.time);
  const gaps = gapsOf(times, period, window);
  const length = period.to - period.from;

  const batteries = inPeriod.flatMap((entry) => (entry.reading.battery === undefined ? [] : [{ time: entry.time, battery: entry.reading.battery }]));
  const signals = inPeriod.flatMap((entry) => (entry.reading.signal === undefined ? [] : [entry.reading.signal]));
  const newest = inPeriod.at(-1);

  const health: SensorHealthRow = {
    sensor: sensor.name,
    site: sensor.site,
    timeOnline: length > 0 ? percentOut(onlineMsOf(times, period, window) / length) : null,
    gaps: gaps.length,
    longestGap: gaps.length > 0 ? minutesOut(Math.max(...gaps)) : null,
    battery: figureOut(batteries.at(-1)?.battery ?? null),
    batteryTrend: figureOut(batteryTrendOf(batteries)),
    signalMean: figureOut(meanOf(signals)),
    signalWorst: figureOut(minOf(signals)),
    lastSeen: newest === undefined ? null : instantOut(newest.time),
  };

  const counts = new Map<AlarmType, number>();
  for (const alarm of sensor.alarms) {
    const startedAt = Date.parse(alarm.startedAt);
    if (alarm.deviceId !== sensor.sensorId || !(startedAt >= period.from && startedAt < period.to)) continue;
    counts.set(alarm.type, (counts.get(alarm.type) ?? 0) + 1);
  }
  const alarmsByType = ALARM_TYPES.flatMap((type) => {
    const count = counts.get(type);
    return count === undefined ? [] : [{ sensor: sensor.name, alarmType: type, count }];
  });
  return { health: [health], alarmsByType };
}

/** The rows of several sensors, in the sensors' order. */
export const joinSensorHealth = (parts: readonly SensorHealthFigures[]): SensorHealthFigures =>
  ({ health: parts.flatMap((part) => part.health), alarmsByType: parts.flatMap((part) => part.alarmsByType) });

export function buildSensorHealthSummary(input: SensorHealthInput): SensorHealthFigures {
  const period = reportPeriod(input.parameters.from, input.parameters.to, input.timeZone, input.now);
  return joinSensorHealth(input.sensors.map((sensor) => sensorHealthOf(sensor, period)));
}
