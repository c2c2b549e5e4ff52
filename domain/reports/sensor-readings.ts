import type { ReadingRow } from '../telemetry/telemetry';
import { ONLINE_GRACE_MS, ONLINE_MISSED_REPORTS } from '../telemetry/telemetry-state';
import { siteDays } from './site-day';
import { pointsWithin } from './temperature-figures';

/**
 * What the sensor reports (Sensor Health Summary, Sensor Signal, Sensor QA; issue 34 sections
 * 2.5, 2.6 and 2.8) share: the readings as the data layer reads them, with battery, signal and
 * arrival (`readingRowOf`), the period a range covers, and the online rule's window.
 *
 * These reports are of the device, not of what it measures: every stored reading counts, also
 * one stored while the sensor was disabled (its radio spoke; only the temperature reports leave
 * those out, as the alarms do).
 */

/** What a sensor report reads of a reading (lambdas/data/readings.ts `readingRowOf`). */
export type DeviceReportReading = Pick<ReadingRow, 'time' | 'channels' | 'battery' | 'signal' | 'snr' | 'receivedAt' | 'disabled'>;

/** A reading with its reading time and arrival as milliseconds. */
export interface TimedReading {
  readonly time: number;
  /** When the portal received it (its reading time when the row has no readable arrival). */
  readonly receivedAt: number;
  readonly reading: DeviceReportReading;
}

/** The instants a report covers: [from, to). */
export interface ReportPeriod {
  readonly from: number;
  readonly to: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The range's site days (23 or 25 hours on the days the clocks change) as instants, up to `now`
 * (a range reaching today ends now: the hours to come are no gap; a range all to come is empty).
 */
export function reportPeriod(from: string, to: string, timeZone: string, now: number): ReportPeriod {
  const days = siteDays(from, to, timeZone).filter((day) => day.start < now);
  const start = days[0]?.start ?? now;
  return { from: start, to: Math.max(start, Math.min(days.at(-1)?.end ?? now, now)) };
}

/**
 * How long a sensor counts as online after a reading (domain/telemetry/telemetry-state.ts
 * `isDeviceOnline`: three report intervals plus ten minutes), from its model's report interval.
 */
export const onlineWindowMs = (reportSeconds: number): number => ONLINE_MISSED_REPORTS * reportSeconds * 1000 + ONLINE_GRACE_MS;

/**
 * The readings sorted by reading time, each time once (the store keys readings by time, so only
 * a caller's merge can repeat one); a row whose time does not parse is left out.
 */
export function byReadingTime(readings: readonly DeviceReportReading[]): TimedReading[] {
  const timed = readings
    .map((reading) => {
      const time = Date.parse(reading.time);
      const receivedAt = Date.parse(reading.receivedAt);
      return { time, receivedAt: Number.isFinite(receivedAt) ? receivedAt : time, reading };
    })
    .filter((entry) => Number.isFinite(entry.time))
    .sort((a, b) => a.time - b.time);
  return timed.filter((entry, index) => index === 0 || timed[index - 1]?.time !== entry.time);
}

/** The readings of the period, of readings sorted by time. */
export const readingsWithin = (readings: readonly TimedReading[], period: ReportPeriod): TimedReading[] =>
  pointsWithin(readings, period.from, period.to);

const round = (value: number, decimals: number): number => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A measured figure (dBm, dB, percent of battery, percent per day) to 2 decimals; null stays a gap. */
export const figureOut = (value: number | null): number | null => (value === null ? null : round(value, 2));
