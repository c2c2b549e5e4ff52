import { instantOfLocal, localDateOf } from '../haccp/recurrence';

/**
 * A site's calendar days as instants (issue 34 section 2: "times in the site's time zone; a day
 * of 23 or 25 hours is that long"). No date library is installed; the zone math is the one the
 * shift schedules already use (`instantOfLocal`, domain/haccp/recurrence.ts: Intl.DateTimeFormat
 * over the IANA zone), so a report's day and a checklist's day are the same day.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Midnight UTC of a YYYY-MM-DD day: the day's wall clock as "floating" milliseconds. */
const floatingDay = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The instant of `hour` o'clock (0-24; 24 is the next midnight) of a site's day. */
export function siteTimeOf(day: string, hour: number, timeZone: string): number {
  return instantOfLocal(floatingDay(day) + hour * HOUR_MS, timeZone).getTime();
}

export interface SiteDay {
  /** YYYY-MM-DD, the site's calendar day. */
  readonly day: string;
  /** Local midnight (included). */
  readonly start: number;
  /** Local noon: the morning is [start, noon), the afternoon [noon, end). */
  readonly noon: number;
  /** The next local midnight (excluded): 23 h after `start` on a spring-forward day, 25 h on a fall-back one. */
  readonly end: number;
}

export function siteDay(day: string, timeZone: string): SiteDay {
  return { day, start: siteTimeOf(day, 0, timeZone), noon: siteTimeOf(day, 12, timeZone), end: siteTimeOf(day, 24, timeZone) };
}

/** The site's days from `from` to `to` (YYYY-MM-DD, both included). */
export function siteDays(from: string, to: string, timeZone: string): SiteDay[] {
  const days: SiteDay[] = [];
  for (let floating = floatingDay(from); floating <= floatingDay(to); floating += DAY_MS) {
    days.push(siteDay(new Date(floating).toISOString().slice(0, 10), timeZone));
  }
  return days;
}

/** The site's calendar day of an instant. */
export const siteDayOf = (instant: number, timeZone: string): string => localDateOf(new Date(instant), timeZone);

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local hour (0-23) of an instant in the site's zone (the repeated hour of a fall-back night is that hour both times). */
export function siteHourOf(instant: number, timeZone: string): number {
  let formatter = hourFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit' });
    hourFormatters.set(timeZone, formatter);
  }
  const hour = formatter.formatToParts(new Date(instant)).find((part) => part.type === 'hour')?.value;
  return Number(hour) % 24;
}
