import { WEAK_SIGNAL_DBM } from '../alarms/dashboard';
import type { ReportParameters } from './catalogue';
import type { ReportChart } from './content';
import {
  byReadingTime,
  figureOut,
  onlineWindowMs,
  readingsWithin,
  reportPeriod,
  type DeviceReportReading,
  type ReportPeriod,
} from './sensor-readings';
import { instantOut, meanOf, minOf, minutesOut } from './temperature-figures';

/**
 * The Sensor Signal report's figures (issue 34 section 2.6), section by section of its catalogue
 * entry (`REPORT_CATALOGUE.sensorSignal`), per sensor over the range's site days up to now, from
 * the readings' RSSI (`signal`, dBm) and SNR (`snr`, dB); a reading without one says nothing of it.
 * - `signal`: the mean and the worst (lowest) RSSI and SNR.
 * - `weakEpisodes`: each run of readings weaker than `WEAK_SIGNAL_DBM` (the dashboard's weak
 *   signal, the alarms page's "poor" band). It starts at its first weak reading and ends at the
 *   first reading back at or above it; when no reading says it came back (the sensor fell silent
 *   for longer than the online window, or the period ended), at its last weak reading: time not
 *   heard is not claimed either way. `rssiWorst` is its lowest RSSI.
 * - `chart`: the RSSI per sensor in dBm, the line broken where the sensor fell silent for longer
 *   than the online window (a null point when it went offline), the weak-signal level as the
 *   lower limit.
 */

/** Weaker than this RSSI (dBm) is weak: the dashboard's threshold (domain/alarms/dashboard.ts), one for the product. */
export const WEAK_SIGNAL = WEAK_SIGNAL_DBM;
export const SIGNAL_UNIT = 'dBm';

export interface SensorSignalSensor {
  readonly sensorId: string;
  readonly name: string;
  /** How often its model reports (domain/devices/sensor.ts `sensorReportSeconds`): a silence longer than the online window breaks an episode and the line. */
  readonly reportSeconds: number;
  /** Its readings of the period, in any order. */
  readonly readings: readonly DeviceReportReading[];
}

export interface SensorSignalInput {
  readonly timeZone: string;
  readonly parameters: Pick<ReportParameters<'sensorSignal'>, 'from' | 'to'>;
  readonly now: number;
  readonly sensors: readonly SensorSignalSensor[];
}

export interface SensorSignalRow { sensor: string; rssiMean: number | null; rssiWorst: number | null; snrMean: number | null; snrWorst: number | null }
export interface WeakEpisodeRow { sensor: string; start: string; end: string; duration: number; rssiWorst: number }

export interface SensorSignalFigures {
  readonly chart: ReportChart;
  readonly signal: SensorSignalRow[];
  readonly weakEpisodes: WeakEpisodeRow[];
}

type ChartSeries = ReportChart['series'][number];
type ChartLimit = ReportChart['limits'][number];

/** One sensor's rows and chart series (a source builds a sensor at a time, then joins them: `joinSensorSignal`). */
export function sensorSignalOf(sensor: SensorSignalSensor, period: ReportPeriod): { signal: SensorSignalRow[]; weakEpisodes: WeakEpisodeRow[]; series: ChartSeries; limit: ChartLimit } {
  const window = onlineWindowMs(sensor.reportSeconds);
  const inPeriod = readingsWithin(byReadingTime(sensor.readings), period);
  const rssi = inPeriod.flatMap((entry) => (entry.reading.signal === undefined ? [] : [{ time: entry.time, dbm: entry.reading.signal }]));
  const snr = inPeriod.flatMap((entry) => (entry.reading.snr === undefined ? [] : [entry.reading.snr]));
  const rssiValues = rssi.map((point) => point.dbm);

  const weakEpisodes: WeakEpisodeRow[] = [];
  let open: { start: number; last: number; worst: number } | undefined;
  const close = (end: number) => {
    if (open !== undefined) {
      weakEpisodes.push({ sensor: sensor.name, start: instantOut(open.start), end: instantOut(end), duration: minutesOut(end - open.start), rssiWorst: open.worst });
    }
    open = undefined;
  };
  const points: ChartSeries['points'][number][] = [];
  let previous: number | undefined;
  for (const { time, dbm } of rssi) {
    if (previous !== undefined && time - previous > window) {
      close(open?.last ?? previous);
      points.push({ time: previous + window, value: null });
    }
    if (dbm < WEAK_SIGNAL) {
      if (open === undefined) open = { start: time, last: time, worst: dbm };
      else open = { start: open.start, last: time, worst: Math.min(open.worst, dbm) };
    } else {
      close(time);
    }
    points.push({ time, value: dbm });
    previous = time;
  }
  close(open?.last ?? 0);

  return {
    signal: [{
      sensor: sensor.name,
      rssiMean: figureOut(meanOf(rssiValues)), rssiWorst: figureOut(minOf(rssiValues)),
      snrMean: figureOut(meanOf(snr)), snrWorst: figureOut(minOf(snr)),
    }],
    weakEpisodes,
    series: { name: sensor.name, points },
    limit: { sensor: sensor.name, min: WEAK_SIGNAL, max: null },
  };
}

/** The figures of several sensors, in the sensors' order, the chart over the period. */
export function joinSensorSignal(parts: readonly ReturnType<typeof sensorSignalOf>[], period: ReportPeriod): SensorSignalFigures {
  return {
    chart: { unit: SIGNAL_UNIT, from: period.from, to: period.to, series: parts.map((part) => part.series), limits: parts.map((part) => part.limit) },
    signal: parts.flatMap((part) => part.signal),
    weakEpisodes: parts.flatMap((part) => part.weakEpisodes),
  };
}

export function buildSensorSignal(input: SensorSignalInput): SensorSignalFigures {
  const period = reportPeriod(input.parameters.from, input.parameters.to, input.timeZone, input.now);
  return joinSensorSignal(input.sensors.map((sensor) => sensorSignalOf(sensor, period)), period);
}
