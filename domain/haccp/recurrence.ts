import * as rruleModule from 'rrule';
import type { Frequency } from 'rrule';
import { minutesIntoWindow, minutesOfTime, windowMinutes, type RecurrenceFrequency, type ShiftSchedule } from './shift';

/**
 * rrule publishes CommonJS as "main" and ES modules as "module": Node (npm start, tsx) loads
 * the former, whose classes sit behind the default export, while Vite and esbuild read named
 * exports. Taking the class from whichever shape came keeps one import for both.
 */
const { RRule } = 'RRule' in rruleModule ? rruleModule : (rruleModule as unknown as { default: typeof rruleModule }).default;
type RRule = InstanceType<typeof RRule>;

/**
 * When a shift schedule's windows fall (issue 15 section 1: "recurrence computed with a
 * well-kept library, in the site's time zone"). The dates come from `rrule` (RFC 5545) on
 * "floating" days: midnight UTC stands for a local calendar day, so the rule never sees a time
 * zone or a daylight-saving change. Each day's window is then placed at its local wall-clock
 * times in the site's IANA zone, so a 06:00 start is 06:00 local in winter and in summer, and a
 * night window lasts 7 or 9 real hours on the nights the clocks change.
 *
 * The rule: from the start date, every `interval` days (only on the schedule's weekdays), weeks
 * (on its weekdays, weeks starting on Monday) or months (on its weekdays of those months, as
 * RFC 5545 reads MONTHLY with BYDAY); `repeats` counts occurrences from the start date; none
 * starts after the end date. A local time the clocks skip (02:30 on a spring-forward night)
 * is taken as the same time after the change (03:30), a repeated one (fall-back) as its first.
 */

export interface ShiftOccurrence {
  scheduleId: string;
  /** The local calendar day the window starts on (YYYY-MM-DD). */
  date: string;
  start: Date;
  /** On the next day when the end time is not after the start time (24:00 is the next midnight). */
  end: Date;
  remindAt?: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const FREQUENCY: Record<RecurrenceFrequency, Frequency> = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY };

/** Midnight UTC of a YYYY-MM-DD day: the floating form of a local calendar day. */
const floatingDay = (date: string): number => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
};
const dayOf = (floating: number): string => new Date(floating).toISOString().slice(0, 10);

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local wall-clock time of an instant, as floating milliseconds. */
function wallClockOf(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const field = (name: string) => Number(parts[name]);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour') % 24, field('minute'), field('second'));
}

/** The local calendar day of an instant. */
export const localDateOf = (instant: Date, timeZone: string): string => dayOf(wallClockOf(instant.getTime(), timeZone));

/**
 * The instant of a local wall-clock time (floating milliseconds): of the zone's offsets a day
 * before and a day after, those that give this wall-clock time back; the earlier when two do
 * (fall-back), and in a gap (spring-forward) the time read with the offset before the change.
 */
export function instantOfLocal(wallClock: number, timeZone: string): Date {
  const offsetBefore = wallClockOf(wallClock - DAY_MS, timeZone) - (wallClock - DAY_MS);
  const offsetAfter = wallClockOf(wallClock + DAY_MS, timeZone) - (wallClock + DAY_MS);
  const matching = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wallClock - offset)
    .filter((instant) => wallClockOf(instant, timeZone) === wallClock);
  return new Date(matching.length > 0 ? Math.min(...matching) : wallClock - offsetBefore);
}

/** The schedule's rule on floating days (RRule weekdays: 0 = Monday; ours: 0 = Sunday). */
function ruleOf(schedule: ShiftSchedule): RRule {
  return new RRule({
    freq: FREQUENCY[schedule.recurrence.frequency],
    interval: schedule.recurrence.interval,
    byweekday: schedule.days.map((day) => (day + 6) % 7),
    wkst: RRule.MO,
    dtstart: new Date(floatingDay(schedule.startDate)),
    count: schedule.recurrence.repeats ?? null,
    until: schedule.endDate === undefined ? null : new Date(floatingDay(schedule.endDate)),
    tzid: null,
  });
}

/** The occurrences of a schedule whose window starts at or after `from` and before `to`, in order. */
export function shiftOccurrences(schedule: ShiftSchedule, timeZone: string, from: Date, to: Date): ShiftOccurrence[] {
  if (!(from.getTime() < to.getTime()) || schedule.days.length === 0) return [];
  // A local day starts at most 14 hours either side of UTC's: a day's margin each side covers every zone.
  const firstDay = floatingDay(localDateOf(from, timeZone)) - DAY_MS;
  const lastDay = floatingDay(localDateOf(to, timeZone)) + DAY_MS;
  const startMinutes = minutesOfTime(schedule.startTime);
  const duration = windowMinutes(schedule.startTime, schedule.endTime);
  const remindOffset = schedule.remindAt === undefined ? undefined : minutesIntoWindow(schedule.startTime, schedule.remindAt);
  return ruleOf(schedule)
    .between(new Date(firstDay), new Date(lastDay), true)
    .map((day) => {
      const localStart = day.getTime() + startMinutes * MINUTE_MS;
      return {
        scheduleId: schedule.id,
        date: dayOf(day.getTime()),
        start: instantOfLocal(localStart, timeZone),
        end: instantOfLocal(localStart + duration * MINUTE_MS, timeZone),
        ...(remindOffset === undefined ? {} : { remindAt: instantOfLocal(localStart + remindOffset * MINUTE_MS, timeZone) }),
      };
    })
    .filter((occurrence) => occurrence.start.getTime() >= from.getTime() && occurrence.start.getTime() < to.getTime());
}
