import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { SCHEDULE_NAME_MAX } from '../notifications/notification-group';

/**
 * HACCP shifts (SPEC sections 3, 5 "Shift"; issue 15 section 1): when a site's checklists are
 * due. A shift is 24 hours (every schedule runs 00:00 to 24:00) or custom (each schedule its own
 * hours, a window crossing midnight when its end is not after its start). Each schedule repeats
 * every N days, weeks or months on its weekdays, from its start date, until its end date or
 * after its number of repeats; times are the site's local times (domain/haccp/recurrence.ts).
 */

export const SHIFT_NAME_MAX = 50;
export const MAX_SHIFT_SCHEDULES = 20;
export const MAX_ASSIGNED_USERS = 200;
export const RECURRENCE_INTERVAL_MAX = 365;
export const RECURRENCE_REPEATS_MAX = 1000;

export const SHIFT_TYPES = ['allDay', 'custom'] as const;
export type ShiftType = (typeof SHIFT_TYPES)[number];

/** 0 = Sunday .. 6 = Saturday (as `Date.getDay()`). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** A 24-hour shift's window: 00:00 to 24:00 local. */
export const ALL_DAY_START = '00:00';
export const ALL_DAY_END = '24:00';

const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
const DAY_MINUTES = 24 * 60;

/** Minutes after midnight of an "HH:mm" time ("24:00" is 1440). */
export const minutesOfTime = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** A real calendar day (not 2025-02-30). */
export const isCalendarDate = (value: string): boolean => {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * How long a window lasts, in minutes: the end on the next day when it is not after the
 * start (a night shift 22:00-06:00 lasts 480; equal times a whole day).
 */
export const windowMinutes = (startTime: string, endTime: string): number => {
  const start = minutesOfTime(startTime);
  const end = minutesOfTime(endTime);
  return end > start ? end - start : end + DAY_MINUTES - start;
};

/** Minutes from the window's start to a time of it (after midnight for a window crossing it). */
export const minutesIntoWindow = (startTime: string, time: string): number =>
  (minutesOfTime(time) - minutesOfTime(startTime) + DAY_MINUTES) % DAY_MINUTES;

/** SPEC "remind time between start and end": within the window, its ends included. */
export const isRemindInWindow = (startTime: string, endTime: string, remindAt: string): boolean =>
  minutesIntoWindow(startTime, remindAt) <= windowMinutes(startTime, endTime);

const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

const requiredId = (message: string) =>
  z.preprocess(blankToUndefined, z.string({ error: message }).trim().min(1, { error: message }).max(100, { error: message }));

const optionalId = z.preprocess(blankToUndefined, z.string().trim().min(1).max(100).optional());

/** A whole number from a number or a form's text. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );

const time = (required: string) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).max(10, { error: MESSAGES.scheduleTimeInvalid }).trim().regex(TIME_PATTERN, { error: MESSAGES.scheduleTimeInvalid }));

const date = (required: string) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).max(10, { error: MESSAGES.timeRangeInvalidDate }).trim().refine(isCalendarDate, { error: MESSAGES.timeRangeInvalidDate }));

/** SPEC "recurrence interval/days/repeats required": every N days, weeks or months, optionally only N times. */
export const recurrenceSchema = z.object({
  frequency: z.enum(RECURRENCE_FREQUENCIES, { error: MESSAGES.shiftRecurrenceFrequencyRequired }),
  interval: wholeNumber(MESSAGES.shiftRecurrenceIntervalRequired, 1, RECURRENCE_INTERVAL_MAX),
  /** How many occurrences in all, from the start date; none: until the end date, or for ever. */
  repeats: z.preprocess(blankToUndefined, wholeNumber(MESSAGES.shiftRecurrenceRepeatsRequired, 1, RECURRENCE_REPEATS_MAX).optional()),
});
export type Recurrence = z.output<typeof recurrenceSchema>;

const scheduleFields = {
  name: z
    .string({ error: MESSAGES.notificationScheduleNameRequired })
    .trim()
    .min(1, { error: MESSAGES.notificationScheduleNameRequired, abort: true })
    .max(SCHEDULE_NAME_MAX, { error: MESSAGES.notificationScheduleNameMax }),
  days: z
    .array(z.union(WEEKDAYS.map((day) => z.literal(day)), { error: MESSAGES.scheduleDaysRequired }), { error: MESSAGES.scheduleDaysRequired })
    .min(1, { error: MESSAGES.scheduleDaysRequired })
    .max(WEEKDAYS.length, { error: MESSAGES.listTooLong })
    .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
  startDate: date(MESSAGES.shiftScheduleStartDateRequired),
  endDate: z.preprocess(blankToUndefined, date(MESSAGES.timeRangeInvalidDate).optional()),
  /** Ignored for a 24-hour shift (its window is 00:00 to 24:00), so a custom shift's form may send them blank. */
  startTime: z.preprocess(blankToUndefined, z.string().max(10).optional()),
  endTime: z.preprocess(blankToUndefined, z.string().max(10).optional()),
  remindAt: z.preprocess(blankToUndefined, time(MESSAGES.scheduleTimeInvalid).optional()),
  notificationGroupId: optionalId,
  recurrence: recurrenceSchema,
  assignedUserIds: z
    .array(z.string().trim().min(1).max(100), { error: MESSAGES.notificationUserUnknown })
    .max(MAX_ASSIGNED_USERS, { error: MESSAGES.listTooLong })
    .default([])
    .transform((ids) => [...new Set(ids)]),
};

/** One schedule as a form sends it (`id` kept on an update, given by the store on a create). */
export const shiftScheduleInputSchema = z.object({ id: optionalId, ...scheduleFields });
export type ShiftScheduleInput = z.input<typeof shiftScheduleInputSchema>;

type ShiftScheduleInputParsed = z.output<typeof shiftScheduleInputSchema>;

/** The shift as a POST or PUT sends it. The schedules' times and rules are checked against the type. */
export const shiftInputSchema = z
  .object({
    name: z
      .string({ error: MESSAGES.shiftNameRequired })
      .trim()
      .min(1, { error: MESSAGES.shiftNameRequired, abort: true })
      .max(SHIFT_NAME_MAX, { error: MESSAGES.nameMax50 }),
    siteId: requiredId(MESSAGES.shiftSiteRequired),
    locationId: requiredId(MESSAGES.shiftLocationRequired),
    shiftType: z.enum(SHIFT_TYPES, { error: MESSAGES.shiftTypeRequired }),
    schedules: z
      .array(shiftScheduleInputSchema, { error: MESSAGES.notificationGroupSchedulesRequired })
      .min(1, { error: MESSAGES.notificationGroupSchedulesRequired })
      .max(MAX_SHIFT_SCHEDULES, { error: MESSAGES.listTooLong }),
  })
  .superRefine((shift, context) => {
    if (!Array.isArray(shift.schedules)) return;
    shift.schedules.forEach((schedule: ShiftScheduleInputParsed | null, index) => {
      // zod refines an object whose parts failed too: a schedule that is no object has its own issue.
      if (typeof schedule !== 'object' || schedule === null) return;
      const at = (field: string) => ['schedules', index, field];
      if (shift.shiftType === 'custom') {
        const times = [
          ['startTime', schedule.startTime, MESSAGES.timeRangeStartRequired],
          ['endTime', schedule.endTime, MESSAGES.timeRangeEndRequired],
        ] as const;
        for (const [field, value, required] of times) {
          if (value === undefined) context.addIssue({ code: 'custom', path: at(field), message: required });
          else if (!TIME_PATTERN.test(value)) context.addIssue({ code: 'custom', path: at(field), message: MESSAGES.scheduleTimeInvalid });
        }
      }
      const [startTime, endTime] = shift.shiftType === 'allDay' ? [ALL_DAY_START, ALL_DAY_END] : [schedule.startTime, schedule.endTime];
      const timesRead = [startTime, endTime].every((value) => typeof value === 'string' && (value === ALL_DAY_END || TIME_PATTERN.test(value)));
      if (shift.shiftType === 'custom' && timesRead && startTime === endTime) {
        context.addIssue({ code: 'custom', path: at('endTime'), message: MESSAGES.scheduleTimesEqual });
      } else if (timesRead && typeof schedule.remindAt === 'string' && !isRemindInWindow(startTime as string, endTime as string, schedule.remindAt)) {
        context.addIssue({ code: 'custom', path: at('remindAt'), message: MESSAGES.shiftRemindOutsideWindow });
      }
      if (typeof schedule.startDate === 'string' && typeof schedule.endDate === 'string' && schedule.endDate <= schedule.startDate) {
        context.addIssue({ code: 'custom', path: at('endDate'), message: MESSAGES.shiftScheduleEndBeforeStart });
      }
    });
  })
  .transform((shift) => ({
    ...shift,
    // A 24-hour shift's schedules run 00:00 to 24:00 whatever the form sent.
    schedules: shift.schedules.map(({ startTime, endTime, ...schedule }) => ({
      ...schedule,
      startTime: shift.shiftType === 'allDay' ? ALL_DAY_START : String(startTime),
      endTime: shift.shiftType === 'allDay' ? ALL_DAY_END : String(endTime),
    })),
  }));
export type ShiftInput = z.input<typeof shiftInputSchema>;
export type ShiftRequest = z.output<typeof shiftInputSchema>;

/** A schedule as stored and returned. */
export const shiftScheduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  days: z.array(z.union(WEEKDAYS.map((day) => z.literal(day)))),
  startDate: z.string(),
  endDate: z.string().optional(),
  startTime: z.string(),
  /** "HH:mm", or "24:00" (the end of a 24-hour shift's day). */
  endTime: z.string(),
  remindAt: z.string().optional(),
  notificationGroupId: z.string().optional(),
  recurrence: z.object({ frequency: z.enum(RECURRENCE_FREQUENCIES), interval: z.number().int(), repeats: z.number().int().optional() }),
  assignedUserIds: z.array(z.string()),
});
export type ShiftSchedule = z.infer<typeof shiftScheduleSchema>;

/** A shift as the API returns it. */
export const shiftSchema = z.object({
  id: z.string(),
  name: z.string(),
  siteId: z.string(),
  locationId: z.string(),
  shiftType: z.enum(SHIFT_TYPES),
  schedules: z.array(shiftScheduleSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type Shift = z.infer<typeof shiftSchema>;
export const shiftPageSchema = z.object({ items: z.array(shiftSchema), nextCursor: z.string().optional() });

/** The shift's fields with every schedule given an id (a new schedule gets `newId()`). */
export function withScheduleIds(request: ShiftRequest, newId: () => string): Omit<Shift, 'id' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy' | 'version'> {
  return {
    ...request,
    schedules: request.schedules.map(({ id, endDate, remindAt, notificationGroupId, recurrence, ...schedule }) => ({
      ...schedule,
      id: id ?? newId(),
      ...(endDate === undefined ? {} : { endDate }),
      ...(remindAt === undefined ? {} : { remindAt }),
      ...(notificationGroupId === undefined ? {} : { notificationGroupId }),
      recurrence: { frequency: recurrence.frequency, interval: recurrence.interval, ...(recurrence.repeats === undefined ? {} : { repeats: recurrence.repeats }) },
    })),
  };
}

/** Every notification group and user the schedules name, each once. */
export const shiftReferencesOf = (shift: Pick<Shift, 'schedules'>) => ({
  notificationGroupIds: [...new Set(shift.schedules.flatMap((schedule) => (schedule.notificationGroupId === undefined ? [] : [schedule.notificationGroupId])))],
  assignedUserIds: [...new Set(shift.schedules.flatMap((schedule) => schedule.assignedUserIds))],
});
