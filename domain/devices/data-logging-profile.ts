import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { ENTITY_NAME_PATTERN } from '../identity/security-groups';

/**
 * Data logging profiles (SPEC section 3; issue 5 section 3): how a sensor channel's readings
 * are logged. Every `intervalMinutes` the value to log is taken over the last
 * `calculationWindowMinutes` (the average, minimum or maximum of the readings in the window,
 * or the instant reading); a reading that moves more than `deviation` from the last logged
 * value is logged at once. The schedule says when the profile logs: always, or on some
 * weekdays between two times (an end before the start runs past midnight). Sensors name a
 * profile per channel; a profile in use is not deleted.
 */

export const DATA_LOGGING_PROFILE_NAME_MAX = 50;
export const DATA_LOGGING_PROFILE_DESCRIPTION_MAX = 250;
/** A day, in minutes: the longest interval and calculation window. */
export const MAX_LOGGING_MINUTES = 1440;
/** The largest deviation, in the channel's stored unit (degrees C, %RH, ...). */
export const MAX_DEVIATION = 1000;

export const VALUES_TO_LOG = ['average', 'minimum', 'maximum', 'instant'] as const;
export type ValueToLog = (typeof VALUES_TO_LOG)[number];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** A whole number of minutes from 1 to 1440, from a number or a form's text. */
const minutes = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_LOGGING_MINUTES, { error: message }),
  );

const time = z.string({ error: MESSAGES.scheduleTimeInvalid }).max(10, { error: MESSAGES.scheduleTimeInvalid }).trim().regex(TIME_PATTERN, { error: MESSAGES.scheduleTimeInvalid });

export const loggingScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('always') }),
  z.object({
    kind: z.literal('custom'),
    days: z
      .array(z.enum(WEEKDAYS, { error: MESSAGES.scheduleDaysRequired }), { error: MESSAGES.scheduleDaysRequired })
      .min(1, { error: MESSAGES.scheduleDaysRequired })
      .max(WEEKDAYS.length, { error: MESSAGES.listTooLong })
      .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
    start: time,
    end: time,
  }).refine((schedule) => schedule.start !== schedule.end, { error: MESSAGES.scheduleTimesEqual, path: ['end'] }),
], { error: MESSAGES.scheduleKindRequired });
export type LoggingSchedule = z.infer<typeof loggingScheduleSchema>;

export const dataLoggingProfileInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MESSAGES.nameRequired, abort: true })
    .max(DATA_LOGGING_PROFILE_NAME_MAX, { error: MESSAGES.nameMax50 })
    .regex(ENTITY_NAME_PATTERN, { error: MESSAGES.nameInvalid }),
  description: z.string().trim().max(DATA_LOGGING_PROFILE_DESCRIPTION_MAX, { error: MESSAGES.descriptionMax250 }).default(''),
  /** Whether the profile logs at all (a disabled one leaves the sensor's own reporting as is). */
  enabled: z.boolean().default(true),
  valueToLog: z.enum(VALUES_TO_LOG, { error: MESSAGES.valueToLogRequired }),
  intervalMinutes: minutes(MESSAGES.loggingIntervalInvalid),
  calculationWindowMinutes: minutes(MESSAGES.calculationWindowInvalid),
  deviation: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ error: MESSAGES.deviationInvalid }).refine(Number.isFinite, { error: MESSAGES.deviationInvalid })
      .min(0, { error: MESSAGES.deviationInvalid }).max(MAX_DEVIATION, { error: MESSAGES.deviationInvalid }),
  ),
  schedule: loggingScheduleSchema.default({ kind: 'always' }),
}).superRefine((profile, context) => {
  // A window shorter than the interval would leave readings between windows out of every logged value.
  const inRange = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_LOGGING_MINUTES;
  if (!inRange(profile.intervalMinutes) || !inRange(profile.calculationWindowMinutes)) return;
  if (profile.valueToLog !== 'instant' && profile.calculationWindowMinutes < profile.intervalMinutes) {
    context.addIssue({ code: 'custom', path: ['calculationWindowMinutes'], message: MESSAGES.calculationWindowShorterThanInterval });
  }
});
export type DataLoggingProfileInput = z.infer<typeof dataLoggingProfileInputSchema>;
export type DataLoggingProfileFormValues = z.input<typeof dataLoggingProfileInputSchema>;

/** A data logging profile as the API returns it. */
export const dataLoggingProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  valueToLog: z.enum(VALUES_TO_LOG),
  intervalMinutes: z.number().int(),
  calculationWindowMinutes: z.number().int(),
  deviation: z.number(),
  schedule: z.union([
    z.object({ kind: z.literal('always') }),
    z.object({ kind: z.literal('custom'), days: z.array(z.enum(WEEKDAYS)), start: z.string(), end: z.string() }),
  ]),
  /** How many sensor channels use it (its delete waits for 0). */
  useCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type DataLoggingProfile = z.infer<typeof dataLoggingProfileSchema>;
export const dataLoggingProfilePageSchema = z.object({ items: z.array(dataLoggingProfileSchema), nextCursor: z.string().optional() });

/**
 * Whether a schedule logs at `at` (a weekday and "HH:mm" in the site's time zone). An end
 * before the start runs past midnight: the part after midnight belongs to the start's day.
 */
export function scheduleIsOn(schedule: LoggingSchedule, at: { day: Weekday; time: string }): boolean {
  if (schedule.kind === 'always') return true;
  const { start, end, days } = schedule;
  if (start < end) return days.includes(at.day) && at.time >= start && at.time < end;
  if (at.time >= start) return days.includes(at.day);
  const dayBefore = WEEKDAYS[(WEEKDAYS.indexOf(at.day) + 6) % 7];
  if (at.time < end) return dayBefore !== undefined && days.includes(dayBefore);
  return false;
}
