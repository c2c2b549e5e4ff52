import type { TemperatureUnit } from '../alarms/alarm-profile';
import type { ReportParameters } from './catalogue';
import { meanKineticTemperatureOfReadings, VACCINE_MAX_LOGGING_INTERVAL_MS } from './mkt';
import { siteDays } from './site-day';
import {
  alarmOfExcursion,
  celsiusOf,
  excursionsOf,
  instantOut,
  maxOf,
  minOf,
  minutesOut,
  pointsWithin,
  seriesOf,
  temperatureOut,
  twiceDailyOf,
  valuesOf,
  type CelsiusLimits,
  type ReportSensor,
} from './temperature-figures';
import type { ReportChart } from './content';

/**
 * The Vaccine report's figures (issue 34 section 2.7), section by section of its catalogue
 * entry (`REPORT_CATALOGUE.vaccine`), per vaccine fridge or freezer with the limits the form
 * gives (in the reader's unit), from records already read. The period read is the range's site
 * days up to `now` (a range ending today is read up to now: the hours to come are no gap).
 * - `twiceDaily`: per site day, the current value (the day's last reading) and the morning
 *   (00:00-12:00) and afternoon (12:00-24:00) min and max.
 * - `loggingGaps`: every stretch of more than 30 minutes without a temperature (from the
 *   period's start to the first reading, between readings, from the last to the period's end).
 * - `excursions`: the runs out of the limits lasting at least `durationMinutes`
 *   (temperature-figures.ts `excursionsOf`), with the acknowledgement and corrective action of
 *   the out-of-range alarm overlapping each.
 * - `summary`: per sensor, the cumulative time out of range (every run, however short: the time
 *   the vaccine spent out of its limits), the mean kinetic temperature (mkt.ts: each reading
 *   holds at most 30 minutes) and the period's min and max.
 * - `chart`: the readings, a gap wherever the logging interval check found one.
 */

export interface VaccineInput {
  readonly timeZone: string;
  /** The limits `min`, `max` are in `unit` (the form's). */
  readonly parameters: Pick<ReportParameters<'vaccine'>, 'from' | 'to' | 'min' | 'max' | 'durationMinutes'>;
  /** The reader's unit (the parameters' `unit`, else the user's): the limits' and the figures'. */
  readonly unit: TemperatureUnit;
  /** ms since the epoch: the period read ends here when the range reaches today. */
  readonly now: number;
  readonly sensors: readonly ReportSensor[];
}

export interface VaccineTwiceDailyRow {
  sensor: string; day: string; current: number | null;
  morningMin: number | null; morningMax: number | null; afternoonMin: number | null; afternoonMax: number | null;
}
export interface VaccineGapRow { sensor: string; start: string; end: string; duration: number }
export interface VaccineExcursionRow { sensor: string; start: string; end: string; duration: number; peak: number | null; acknowledgedBy: string | null; correctiveAction: string | null }
export interface VaccineSummaryRow { sensor: string; timeOutOfRange: number; meanKinetic: number | null; min: number | null; max: number | null }

export interface VaccineFigures {
  readonly chart: ReportChart;
  readonly twiceDaily: VaccineTwiceDailyRow[];
  readonly loggingGaps: VaccineGapRow[];
  readonly excursions: VaccineExcursionRow[];
  readonly summary: VaccineSummaryRow[];
}

const MINUTE_MS = 60_000;

/** The stretches over `maxIntervalMs` without a reading in [from, to), readings' times sorted. */
function loggingGapsOf(times: readonly number[], from: number, to: number, maxIntervalMs: number): { start: number; end: number }[] {
  const gaps: { start: number; end: number }[] = [];
  let previous = from;
  for (const time of [...times, to]) {
    if (time - previous > maxIntervalMs) gaps.push({ start: previous, end: time });
    previous = time;
  }
  return gaps;
}

export function buildVaccineReport(input: VaccineInput): VaccineFigures {
  const { unit, timeZone, parameters } = input;
  const limits: CelsiusLimits = { min: celsiusOf(parameters.min, unit), max: celsiusOf(parameters.max, unit) };
  const days = siteDays(parameters.from, parameters.to, timeZone).filter((day) => day.start < input.now);
  const periodFrom = days[0]?.start ?? input.now;
  const periodTo = Math.min(days.at(-1)?.end ?? input.now, input.now);
  const figures: VaccineFigures = {
    chart: { unit, from: periodFrom, to: periodTo, series: [], limits: [] },
    twiceDaily: [], loggingGaps: [], excursions: [], summary: [],
  };
  const series: ReportChart['series'][number][] = [];
  const chartLimits: ReportChart['limits'][number][] = [];

  for (const sensor of input.sensors) {
    const points = pointsWithin(seriesOf(sensor), periodFrom, periodTo);
    const logged = points.flatMap((point) => (point.celsius === null ? [] : [{ time: point.time, celsius: point.celsius }]));

    for (const day of days) {
      const twice = twiceDailyOf(points, day);
      const current = pointsWithin(logged, day.start, day.end).at(-1)?.celsius ?? null;
      figures.twiceDaily.push({
        sensor: sensor.name, day: day.day, current: temperatureOut(current, unit),
        morningMin: temperatureOut(twice.morningMin, unit), morningMax: temperatureOut(twice.morningMax, unit),
        afternoonMin: temperatureOut(twice.afternoonMin, unit), afternoonMax: temperatureOut(twice.afternoonMax, unit),
      });
    }

    const gaps = loggingGapsOf(logged.map((point) => point.time), periodFrom, periodTo, VACCINE_MAX_LOGGING_INTERVAL_MS);
    for (const gap of gaps) {
      figures.loggingGaps.push({ sensor: sensor.name, start: instantOut(gap.start), end: instantOut(gap.end), duration: minutesOut(gap.end - gap.start) });
    }

    const runs = excursionsOf(points, limits);
    for (const excursion of runs.filter((run) => run.end - run.start >= parameters.durationMinutes * MINUTE_MS)) {
      const alarm = alarmOfExcursion(excursion, sensor);
      figures.excursions.push({
        sensor: sensor.name, start: instantOut(excursion.start), end: instantOut(excursion.end),
        duration: minutesOut(excursion.end - excursion.start), peak: temperatureOut(excursion.peak, unit),
        acknowledgedBy: alarm?.acknowledgedBy ?? null, correctiveAction: alarm?.correctiveAction ?? null,
      });
    }

    const values = valuesOf(points);
    const meanKinetic = meanKineticTemperatureOfReadings(logged, { from: periodFrom, to: periodTo, maxHoldMs: VACCINE_MAX_LOGGING_INTERVAL_MS });
    figures.summary.push({
      sensor: sensor.name,
      timeOutOfRange: minutesOut(runs.reduce((total, run) => total + run.end - run.start, 0)),
      meanKinetic: temperatureOut(meanKinetic ?? null, unit),
      min: temperatureOut(minOf(values), unit), max: temperatureOut(maxOf(values), unit),
    });

    // A gap of the logging check breaks the line: a null point at its start, after its last reading.
    const gapStarts = new Set(gaps.map((gap) => gap.start));
    series.push({
      name: sensor.name,
      points: points.flatMap((point) => {
        const value = { time: point.time, value: temperatureOut(point.celsius, unit) };
        return gapStarts.has(point.time) ? [value, { time: point.time + 1, value: null }] : [value];
      }),
    });
    chartLimits.push({ sensor: sensor.name, min: parameters.min, max: parameters.max });
  }
  return { ...figures, chart: { ...figures.chart, series, limits: chartLimits } };
}
