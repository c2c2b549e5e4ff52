import { scheduleIsOn, WEEKDAYS, type LoggingSchedule, type Weekday } from '../devices/data-logging-profile';
import type { ReportParameters } from './catalogue';
import {
  byReadingTime,
  DAY_MS,
  onlineWindowMs,
  readingsWithin,
  reportPeriod,
  type DeviceReportReading,
  type ReportPeriod,
  type TimedReading,
} from './sensor-readings';
import { siteDayOf } from './site-day';
import { percentOut } from './temperature-figures';

/**
 * The Sensor QA report's figures (issue 34 section 2.8), one `quality` row per sensor over the
 * range's site days up to now, from records already read:
 * - `expected`: the logging slots of the period: one every `intervalMinutes` of the sensor's data
 *   logging profile from the period's start (local midnight; 92 of 15 minutes on a 23-hour day),
 *   whole slots only (a range reaching today stops at the last slot ended), those its schedule
 *   logs in (the slot's start, in the site's zone).
 * - `received`: the readings stored for the period (a reading logged at once for a large move
 *   counts too, so it may pass `expected`).
 * - `completeness`: the share of the expected slots holding at least one reading (a slot read
 *   twice is one; readings outside the schedule fill nothing); null with none expected.
 * - `late`: readings that arrived more than the online window after their reading time (three
 *   report intervals plus ten minutes, `onlineWindowMs`): by then the portal showed the sensor
 *   offline. The row records each reading's arrival (`receivedAt`).
 * - `outOfOrder`: readings whose time is earlier than that of a reading that arrived before them
 *   (a gateway's back-filled batch): readings arriving together (one message, one `receivedAt`)
 *   are not out of order among themselves, their order within it being unknown.
 * - `probeMissing`: the runs of consecutive readings in which a channel of the sensor had no
 *   value (null: the probe unplugged), over its channels.
 * - `calibrationStatus`, `calibrationDue`: of the certificate in force on the period's last day
 *   (the latest issued by then): `none` without one; `overdue` after its renewal date; `dueSoon`
 *   within `CALIBRATION_DUE_SOON_DAYS` of it; else `valid` (also without a renewal date); the
 *   renewal date (YYYY-MM-DD), null without one. The status is a code: the renderer's caller
 *   writes it in the reader's language.
 */

/** A renewal this close (days, on or after the day judged) is due soon: a month to book the laboratory. */
export const CALIBRATION_DUE_SOON_DAYS = 30;
export const CALIBRATION_STATUSES = ['valid', 'dueSoon', 'overdue', 'none'] as const;
export type CalibrationStatus = (typeof CALIBRATION_STATUSES)[number];

/** How the sensor logs: its data logging profile's interval and schedule. */
export interface SensorLogging {
  readonly intervalMinutes: number;
  readonly schedule: LoggingSchedule;
}

export interface SensorQaSensor {
  readonly sensorId: string;
  readonly name: string;
  /** Its channels ('1'..'4'): a null value of one is its probe missing. */
  readonly channels: readonly string[];
  readonly logging: SensorLogging;
  /** How often its model reports (domain/devices/sensor.ts `sensorReportSeconds`): the online window of `late`. */
  readonly reportSeconds: number;
  /** Its readings of the period, in any order, each with its arrival. */
  readonly readings: readonly DeviceReportReading[];
  /** Its calibration certificates' dates (YYYY-MM-DD), any order. */
  readonly calibrations: readonly { readonly issueDate: string; readonly renewalDate?: string | undefined }[];
}

export interface SensorQaInput {
  readonly timeZone: string;
  readonly parameters: Pick<ReportParameters<'sensorQa'>, 'from' | 'to'>;
  readonly now: number;
  readonly sensors: readonly SensorQaSensor[];
}

export interface SensorQaRow {
  sensor: string; expected: number; received: number; completeness: number | null; late: number; outOfOrder: number;
  probeMissing: number; calibrationStatus: CalibrationStatus; calibrationDue: string | null;
}

export interface SensorQaFigures {
  readonly quality: SensorQaRow[];
}

const MINUTE_MS = 60_000;

const localFormats = new Map<string, Intl.DateTimeFormat>();
/** The weekday and "HH:mm" of an instant in the zone (what a logging schedule is written in). */
function localWeekdayTime(instant: number, timeZone: string): { day: Weekday; time: string } {
  let format = localFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    localFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  const weekday = part('weekday').toLowerCase();
  const day = WEEKDAYS.find((name) => name === weekday) ?? 'monday';
  return { day, time: `${part('hour').padStart(2, '0')}:${part('minute').padStart(2, '0')}` };
}

/** Per slot of the period, whether the schedule logs in it. */
function expectedSlots(period: ReportPeriod, logging: SensorLogging, timeZone: string): boolean[] {
  const step = logging.intervalMinutes * MINUTE_MS;
  if (!(step > 0)) return [];
  const count = Math.max(0, Math.floor((period.to - period.from) / step));
  return Array.from({ length: count }, (_, slot) =>
    logging.schedule.kind === 'always' || scheduleIsOn(logging.schedule, localWeekdayTime(period.from + slot * step, timeZone)));
}

/**
 * The readings that arrived after one with a later reading time. By arrival, then by time: the
 * readings of one message (one `receivedAt`) come in time order, so none counts against another
 * of its own message.
 */
function outOfOrderCount(readings: readonly TimedReading[], period: ReportPeriod): number {
  const byArrival = [...readings].sort((a, b) => a.receivedAt - b.receivedAt || a.time - b.time);
  let count = 0;
  let newestSoFar = -Infinity;
  for (const entry of byArrival) {
    if (entry.time < newestSoFar && entry.time >= period.from && entry.time < period.to) count += 1;
    newestSoFar = Math.max(newestSoFar, entry.time);
  }
  return count;
}

/** The runs of consecutive readings with the channel's value null, over the channels. */
function probeMissingEpisodes(readings: readonly TimedReading[], channels: readonly string[]): number {
  let episodes = 0;
  for (const channel of channels) {
    let missing = false;
    for (const entry of readings) {
      const value = entry.reading.channels[channel];
      // A reading without the channel at all says nothing of its probe.
      if (value === undefined) continue;
      if (value === null && !missing) episodes += 1;
      missing = value === null;
    }
  }
  return episodes;
}

/** The status of the certificate in force on `day` (YYYY-MM-DD), and its renewal date. */
export function calibrationOn(calibrations: SensorQaSensor['calibrations'], day: string): { status: CalibrationStatus; due: string | null } {
  const inForce = calibrations
    .filter((calibration) => calibration.issueDate <= day)
    .sort((a, b) => b.issueDate.localeCompare(a.issueDate))[0];
  if (inForce === undefined) return { status: 'none', due: null };
  const due = inForce.renewalDate ?? null;
  if (due === null) return { status: 'valid', due };
  const daysLeft = (Date.parse(`${due}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS;
  return { status: daysLeft < 0 ? 'overdue' : daysLeft <= CALIBRATION_DUE_SOON_DAYS ? 'dueSoon' : 'valid', due };
}

/** One sensor's row (a source builds a sensor at a time, then joins them: `joinSensorQa`). */
export function sensorQaOf(sensor: SensorQaSensor, period: ReportPeriod, timeZone: string): SensorQaFigures {
  const readings = byReadingTime(sensor.readings);
  const inPeriod = readingsWithin(readings, period);
  const slots = expectedSlots(period, sensor.logging, timeZone);
  const step = sensor.logging.intervalMinutes * MINUTE_MS;
  const filled = new Set<number>();
  for (const entry of inPeriod) {
    const slot = Math.floor((entry.time - period.from) / step);
    if (slots[slot] === true) filled.add(slot);
  }
  const expected = slots.filter(Boolean).length;
  const window = onlineWindowMs(sensor.reportSeconds);
  const lastDay = siteDayOf(Math.max(period.from, period.to - 1), timeZone);
  const calibration = calibrationOn(sensor.calibrations, lastDay);
  const channels = sensor.channels.length > 0 ? sensor.channels : [...new Set(inPeriod.flatMap((entry) => Object.keys(entry.reading.channels)))];
  return {
    quality: [{
      sensor: sensor.name,
      expected,
      received: inPeriod.length,
      completeness: expected > 0 ? percentOut(filled.size / expected) : null,
      late: inPeriod.filter((entry) => entry.receivedAt - entry.time > window).length,
      outOfOrder: outOfOrderCount(readings, period),
      probeMissing: probeMissingEpisodes(inPeriod, channels),
      calibrationStatus: calibration.status,
      calibrationDue: calibration.due,
    }],
  };
}

/** The rows of several sensors, in the sensors' order. */
export const joinSensorQa = (parts: readonly SensorQaFigures[]): SensorQaFigures => ({ quality: parts.flatMap((part) => part.quality) });

export function buildSensorQa(input: SensorQaInput): SensorQaFigures {
  const period = reportPeriod(input.parameters.from, input.parameters.to, input.timeZone, input.now);
  return joinSensorQa(input.sensors.map((sensor) => sensorQaOf(sensor, period, input.timeZone)));
}
