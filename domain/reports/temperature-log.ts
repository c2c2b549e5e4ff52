import type { TemperatureUnit } from '../alarms/alarm-profile';
import type { ReportParameters } from './catalogue';
import type { ReportChart } from './content';
import { DATA_POINT_MINUTES, WORKING_HOURS, type Operation } from './parameters';
import { siteDays, siteHourOf, siteTimeOf, type SiteDay } from './site-day';
import {
  alarmOfExcursion,
  excursionsOf,
  hasLimits,
  instantOut,
  isOutOfRange,
  maxOf,
  meanOf,
  minOf,
  minutesOut,
  percentOut,
  pointsWithin,
  seriesOf,
  temperatureOut,
  twiceDailyOf,
  valuesOf,
  type CelsiusLimits,
  type ReportSensor,
  type SeriesPoint,
} from './temperature-figures';

/**
 * The Temperature Log's figures (issue 34 section 2.1), section by section of its catalogue
 * entry (`REPORT_CATALOGUE.temperatureLog`), from records already read. Per sensor and site day
 * (23 or 25 hours on the days the clocks change):
 * - `readings`: every reading (`all`), or one value per interval of the data points (hourly,
 *   15 or 5 minutes, from the timeline's start: local midnight, or 9:00 for working hours, to
 *   its end) with the operation over the interval's readings; an interval without one is a gap
 *   (`value` null), never interpolated. `readingHours`, when given, keeps the intervals (or
 *   readings) of those local hours.
 * - `daySummary`: the whole site day's min, max, mean, and time in range (the share of its
 *   readings within the sensor's alarm limits; null without limits).
 * - `twiceDaily`: the morning (00:00-12:00) and afternoon (12:00-24:00) min and max.
 * - `excursions`: every run of out-of-range readings over the range (temperature-figures.ts
 *   `excursionsOf`), with the acknowledgement and corrective action of the out-of-range alarm
 *   overlapping it.
 * - `chart`: the `readings` values per sensor, a gap between one day's timeline and the next.
 * With `now` (a range reaching today), intervals starting from now are left out, not gaps.
 * Temperatures are in the reader's unit, instants ISO, durations minutes, shares percentages.
 */

export interface TemperatureLogSensor extends ReportSensor {
  /** The sensor's alarm limits in °C (its out-of-range profile's; none: no time in range, no excursions). */
  readonly limits: CelsiusLimits;
}

export interface TemperatureLogInput {
  /** The site's IANA time zone. */
  readonly timeZone: string;
  readonly parameters: Pick<ReportParameters<'temperatureLog'>, 'from' | 'to' | 'dataPoints' | 'timeline' | 'operation' | 'readingHours'>;
  /** The reader's unit (the parameters' `unit`, else the user's). */
  readonly unit: TemperatureUnit;
  readonly sensors: readonly TemperatureLogSensor[];
  /** ms since the epoch: a range reaching today has no data points from now on (hours to come are no gap). */
  readonly now?: number;
}

export interface TemperatureLogReadingRow { sensor: string; time: string; value: number | null }
export interface TemperatureLogDayRow { sensor: string; day: string; min: number | null; max: number | null; mean: number | null; timeInRange: number | null }
export interface TemperatureLogTwiceDailyRow { sensor: string; day: string; morningMin: number | null; morningMax: number | null; afternoonMin: number | null; afternoonMax: number | null }
export interface TemperatureLogExcursionRow {
  sensor: string; start: string; end: string; duration: number; peak: number | null;
  acknowledgedBy: string | null; acknowledgedAt: string | null; correctiveAction: string | null;
}

export type { ReportChart } from './content';

export interface TemperatureLogFigures {
  readonly chart: ReportChart;
  readonly readings: TemperatureLogReadingRow[];
  readonly daySummary: TemperatureLogDayRow[];
  readonly twiceDaily: TemperatureLogTwiceDailyRow[];
  readonly excursions: TemperatureLogExcursionRow[];
}

const MINUTE_MS = 60_000;

const OPERATIONS: Readonly<Record<Operation, (values: readonly number[]) => number | null>> = { average: meanOf, minimum: minOf, maximum: maxOf };

/** The timeline's window of a site day: all day, or 9:00 to 17:00 local. */
function windowOf(day: SiteDay, timeline: TemperatureLogInput['parameters']['timeline'], timeZone: string): { from: number; to: number } {
  return timeline === 'workingHours'
    ? { from: siteTimeOf(day.day, WORKING_HOURS.fromHour, timeZone), to: siteTimeOf(day.day, WORKING_HOURS.toHour, timeZone) }
    : { from: day.start, to: day.end };
}

/** The day's values at the data points, in °C: each reading, or each interval's operation. */
function dataPointsOf(points: readonly SeriesPoint[], window: { from: number; to: number }, input: TemperatureLogInput): SeriesPoint[] {
  const { dataPoints, operation, readingHours } = input.parameters;
  const hours = readingHours === undefined ? undefined : new Set(readingHours);
  const inHours = (time: number) => hours === undefined || hours.has(siteHourOf(time, input.timeZone));
  const within = pointsWithin(points, window.from, window.to);
  const minutes = DATA_POINT_MINUTES[dataPoints];
  if (minutes === undefined) return within.filter((point) => inHours(point.time));
  const step = minutes * MINUTE_MS;
  const values: SeriesPoint[] = [];
  const end = Math.min(window.to, input.now ?? Infinity);
  for (let start = window.from; start < end; start += step) {
    if (!inHours(start)) continue;
    const interval = valuesOf(pointsWithin(within, start, Math.min(start + step, window.to)));
    values.push({ time: start, celsius: OPERATIONS[operation](interval) });
  }
  return values;
}

export function buildTemperatureLog(input: TemperatureLogInput): TemperatureLogFigures {
  const { unit, timeZone } = input;
  const days = siteDays(input.parameters.from, input.parameters.to, timeZone);
  const rangeFrom = days[0]?.start ?? 0;
  const rangeTo = days.at(-1)?.end ?? 0;
  const figures: TemperatureLogFigures = {
    chart: { unit, from: rangeFrom, to: rangeTo, series: [], limits: [] },
    readings: [], daySummary: [], twiceDaily: [], excursions: [],
  };
  const series: { name: string; points: { time: number; value: number | null }[] }[] = [];
  const limits: ReportChart['limits'][number][] = [];

  for (const sensor of input.sensors) {
    const points = pointsWithin(seriesOf(sensor), rangeFrom, rangeTo);
    const chartPoints: { time: number; value: number | null }[] = [];
    for (const day of days) {
      const window = windowOf(day, input.parameters.timeline, timeZone);
      for (const point of dataPointsOf(points, window, input)) {
        const value = temperatureOut(point.celsius, unit);
        figures.readings.push({ sensor: sensor.name, time: instantOut(point.time), value });
        chartPoints.push({ time: point.time, value });
      }
      // The line does not join one day's timeline to the next across the hours not shown.
      chartPoints.push({ time: window.to, value: null });

      const dayValues = valuesOf(pointsWithin(points, day.start, day.end));
      const inRange = dayValues.filter((celsius) => !isOutOfRange(celsius, sensor.limits)).length;
      figures.daySummary.push({
        sensor: sensor.name, day: day.day,
        min: temperatureOut(minOf(dayValues), unit), max: temperatureOut(maxOf(dayValues), unit), mean: temperatureOut(meanOf(dayValues), unit),
        timeInRange: hasLimits(sensor.limits) && dayValues.length > 0 ? percentOut(inRange / dayValues.length) : null,
      });
      const twice = twiceDailyOf(points, day);
      figures.twiceDaily.push({
        sensor: sensor.name, day: day.day,
        morningMin: temperatureOut(twice.morningMin, unit), morningMax: temperatureOut(twice.morningMax, unit),
        afternoonMin: temperatureOut(twice.afternoonMin, unit), afternoonMax: temperatureOut(twice.afternoonMax, unit),
      });
    }
    for (const excursion of excursionsOf(points, sensor.limits)) {
      const alarm = alarmOfExcursion(excursion, sensor);
      figures.excursions.push({
        sensor: sensor.name, start: instantOut(excursion.start), end: instantOut(excursion.end),
        duration: minutesOut(excursion.end - excursion.start), peak: temperatureOut(excursion.peak, unit),
        acknowledgedBy: alarm?.acknowledgedBy ?? null, acknowledgedAt: alarm?.acknowledgedAt ?? null, correctiveAction: alarm?.correctiveAction ?? null,
      });
    }
    series.push({ name: sensor.name, points: chartPoints });
    limits.push({ sensor: sensor.name, min: temperatureOut(sensor.limits.min ?? null, unit), max: temperatureOut(sensor.limits.max ?? null, unit) });
  }
  return { ...figures, chart: { ...figures.chart, series, limits } };
}
