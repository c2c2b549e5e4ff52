import type { Alarm } from '../alarms/alarm';
import { toCelsius, toFahrenheit, type TemperatureUnit } from '../alarms/alarm-profile';
import type { ReadingRow } from '../telemetry/telemetry';

/**
 * What the temperature reports (Temperature Log, Vaccine; issue 34 sections 2.1 and 2.7) share:
 * their input records, a sensor's readings as one sorted series in °C, excursions, the
 * twice-daily lines, the join of an excursion with its alarm, and the output edge (the reader's
 * unit, ISO instants, minutes). Everything is pure: the runner reads the records and hands them in.
 *
 * Figures are computed in °C, the unit readings and alarm limits are stored in; the reader's
 * unit is applied to each output value only (`temperatureOut`), so °F figures are the °C
 * figures converted, never figures of converted values.
 */

/** What a report reads of a reading (lambdas/data/readings.ts `readingRowOf`). */
export type ReportReading = Pick<ReadingRow, 'time' | 'channels' | 'disabled'>;

/** What a report reads of an alarm (domain/alarms/alarm.ts): when, on what, and who acknowledged it with what action. */
export type ReportAlarm = Pick<Alarm, 'deviceId' | 'channel' | 'type' | 'startedAt' | 'clearedAt' | 'acknowledgedBy' | 'acknowledgedAt' | 'correctiveAction'>;

/** One sensor's records over the report's range (readings in any order: a late batch arrives out of order). */
export interface ReportSensor {
  readonly sensorId: string;
  /** The sensor's name as the reader knows it (the `sensor` column). */
  readonly name: string;
  /** The temperature channel ('1'..'4'). */
  readonly channel: string;
  readonly readings: readonly ReportReading[];
  /** The sensor's alarms that may overlap the range (any type: only its out-of-range ones are joined). */
  readonly alarms: readonly ReportAlarm[];
}

/** Limits in °C; a side left out is not checked. */
export interface CelsiusLimits {
  readonly min?: number | undefined;
  readonly max?: number | undefined;
}

/** A reading of the series: `celsius` null when the channel sent no value (probe missing), a gap. */
export interface SeriesPoint {
  readonly time: number;
  readonly celsius: number | null;
}

const MINUTE_MS = 60_000;

/**
 * The channel's readings as one series sorted by reading time. Readings stored while the sensor
 * was disabled are left out (it was not in service: the ingest stores them and alarms on none).
 * A time seen twice keeps its first reading (the store keys readings by time, so only a caller's
 * merge can repeat one).
 */
export function seriesOf(sensor: ReportSensor): SeriesPoint[] {
  const points = sensor.readings
    .filter((reading) => reading.disabled !== true)
    .map((reading) => ({ time: Date.parse(reading.time), celsius: reading.channels[sensor.channel] ?? null }))
    .filter((point) => Number.isFinite(point.time))
    .sort((a, b) => a.time - b.time);
  return points.filter((point, index) => index === 0 || points[index - 1]?.time !== point.time);
}

/** The index of the first point at or after `time` in points sorted by time. */
function firstAtOrAfter(points: readonly { time: number }[], time: number): number {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((points[middle]?.time ?? Infinity) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The points of [from, to) of points sorted by time (`seriesOf`'s): two binary searches, so a
 * month of 5-minute readings cut into days and intervals stays linear.
 */
export const pointsWithin = <Point extends { time: number }>(points: readonly Point[], from: number, to: number): Point[] =>
  points.slice(firstAtOrAfter(points, from), firstAtOrAfter(points, to));

/** The values of points (gaps left out). */
export const valuesOf = (points: readonly SeriesPoint[]): number[] =>
  points.flatMap((point) => (point.celsius === null ? [] : [point.celsius]));

export const isOutOfRange = (celsius: number, limits: CelsiusLimits): boolean =>
  (limits.min !== undefined && celsius < limits.min) || (limits.max !== undefined && celsius > limits.max);

export const hasLimits = (limits: CelsiusLimits): boolean => limits.min !== undefined || limits.max !== undefined;

/** How far a value is beyond the limits (0 within). */
const excessOf = (celsius: number, limits: CelsiusLimits): number =>
  Math.max(limits.max !== undefined ? celsius - limits.max : 0, limits.min !== undefined ? limits.min - celsius : 0, 0);

/**
 * An excursion: consecutive out-of-range readings. It starts at the first; it ends at the first
 * reading back in range (when the alarm engine clears too), or, when no reading says it came
 * back (a gap, a probe-missing reading, the end of the data), at its last out-of-range reading:
 * time not read is not claimed either way.
 */
export interface Excursion {
  readonly start: number;
  readonly end: number;
  /** The value farthest beyond the limits (°C). */
  readonly peak: number;
}

export function excursionsOf(points: readonly SeriesPoint[], limits: CelsiusLimits): Excursion[] {
  if (!hasLimits(limits)) return [];
  const excursions: Excursion[] = [];
  let open: { start: number; lastOut: number; peak: number } | undefined;
  const close = (end: number) => {
    if (open !== undefined) excursions.push({ start: open.start, end, peak: open.peak });
    open = undefined;
  };
  for (const point of points) {
    if (point.celsius === null) {
      close(open?.lastOut ?? point.time);
    } else if (isOutOfRange(point.celsius, limits)) {
      if (open === undefined) open = { start: point.time, lastOut: point.time, peak: point.celsius };
      else {
        open.lastOut = point.time;
        if (excessOf(point.celsius, limits) > excessOf(open.peak, limits)) open.peak = point.celsius;
      }
    } else {
      close(point.time);
    }
  }
  close(open?.lastOut ?? 0);
  return excursions;
}

/**
 * The out-of-range alarm of the sensor's channel (type `threshold`) whose time overlaps the
 * excursion: from its start to its clearing (still holding: to now). Of several, an
 * acknowledged one first, then the earliest.
 */
export function alarmOfExcursion(excursion: Excursion, sensor: ReportSensor): ReportAlarm | undefined {
  const overlapping = sensor.alarms
    .filter((alarm) => alarm.type === 'threshold' && alarm.deviceId === sensor.sensorId && (alarm.channel === undefined || alarm.channel === sensor.channel))
    .filter((alarm) => Date.parse(alarm.startedAt) <= excursion.end && (alarm.clearedAt === undefined || Date.parse(alarm.clearedAt) >= excursion.start))
    .sort((a, b) => Number(b.acknowledgedAt !== undefined) - Number(a.acknowledgedAt !== undefined) || Date.parse(a.startedAt) - Date.parse(b.startedAt));
  return overlapping[0];
}

/** The min and max of the morning (00:00-12:00) and afternoon (12:00-24:00) of a site day, in °C; null without a reading. */
export interface TwiceDaily {
  readonly morningMin: number | null;
  readonly morningMax: number | null;
  readonly afternoonMin: number | null;
  readonly afternoonMax: number | null;
}

export function twiceDailyOf(points: readonly SeriesPoint[], day: { start: number; noon: number; end: number }): TwiceDaily {
  const morning = valuesOf(pointsWithin(points, day.start, day.noon));
  const afternoon = valuesOf(pointsWithin(points, day.noon, day.end));
  return {
    morningMin: minOf(morning), morningMax: maxOf(morning),
    afternoonMin: minOf(afternoon), afternoonMax: maxOf(afternoon),
  };
}

export const minOf = (values: readonly number[]): number | null => (values.length === 0 ? null : Math.min(...values));
export const maxOf = (values: readonly number[]): number | null => (values.length === 0 ? null : Math.max(...values));
export const meanOf = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

// --- The output edge ---

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A °C figure in the reader's unit, to 2 decimals (the renderers write fewer); null stays a gap. */
export const temperatureOut = (celsius: number | null, unit: TemperatureUnit): number | null =>
  celsius === null ? null : round(unit === 'F' ? toFahrenheit(celsius) : celsius, 2);

/** A limit given in the reader's unit, in °C (rounded to a millionth so 35.6 °F is 2 °C, not 2.0000000000000004). */
export const celsiusOf = (value: number, unit: TemperatureUnit): number => round(unit === 'F' ? toCelsius(value) : value, 6);

/** An instant as ISO text (the renderer writes it in the site's zone and the reader's date format). */
export const instantOut = (time: number): string => new Date(time).toISOString();

/** A length of time in minutes, to 2 decimals (a `duration` column). */
export const minutesOut = (ms: number): number => round(ms / MINUTE_MS, 2);

/** A share as a percentage, to 2 decimals (a `percent` column). */
export const percentOut = (share: number): number => round(share * 100, 2);
