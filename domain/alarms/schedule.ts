import { scheduleIsOn, WEEKDAYS, type LoggingSchedule, type Weekday } from '../devices/data-logging-profile';

/**
 * When an alarm profile is in force (issue 13 section 1: its schedule, in the site's time
 * zone; docs/decisions/0061-alarms-under-the-profile-schedule.md). Pure: the time zone is passed in.
 */

/** Whether a reading's (or the clock's) time is inside the profile's schedule. */
export type InForce = (time: number) => boolean;

const MINUTE = 60_000;
/** A week and a day: every weekly schedule is in force at least once in it. */
const SEARCH_MS = 8 * 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (found === undefined) {
    found = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', weekday: 'long', hour: '2-digit', minute: '2-digit' });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The weekday and "HH:mm" at `at` in `timeZone` (an unknown zone is read as UTC rather than fail an ingest). */
export function localWeekTime(at: number, timeZone: string): { day: Weekday; time: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(timeZone).formatToParts(at);
  } catch {
    parts = formatter('UTC').formatToParts(at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const name = part('weekday').toLowerCase();
  const day = WEEKDAYS.find((weekday) => weekday === name) ?? 'monday';
  return { day, time: `${part('hour')}:${part('minute')}` };
}

/** The profile's schedule as a test of a time; undefined when it is always in force (the common case costs nothing). */
export function scheduleInForce(schedule: LoggingSchedule, timeZone: string): InForce | undefined {
  if (schedule.kind === 'always') return undefined;
  return (time) => scheduleIsOn(schedule, localWeekTime(time, timeZone));
}

/** The first whole minute at or after `from` when the schedule is in force (undefined: never within a week). */
export function nextInForce(inForce: InForce, from: number): number | undefined {
  for (let time = Math.ceil(from / MINUTE) * MINUTE; time <= from + SEARCH_MS; time += MINUTE) {
    if (inForce(time)) return time;
  }
  return undefined;
}
