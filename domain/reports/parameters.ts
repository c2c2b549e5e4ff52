import * as z from 'zod';
import { TEMPERATURE_UNITS } from '../alarms/alarm-profile';
import { ID_MAX } from '../core/limits';
import { MESSAGES } from '../core/messages';
import { REPORT_MESSAGES } from './messages';

/**
 * The fields a report's parameters are made of, with the rules of SPEC section 5 "Reports" and
 * the choices of section 9. Dates are the site's calendar days (YYYY-MM-DD, both included): a
 * report reads them in the site's time zone, so a day of 23 or 25 hours is that long.
 */

/** SPEC section 9: data points all, every hour, every 15 minutes, every 5 minutes. */
export const DATA_POINTS = ['all', 'hourly', 'every15Minutes', 'every5Minutes'] as const;
export type DataPoints = (typeof DATA_POINTS)[number];
/** The interval each choice averages (or takes the min or max of) over; `all` keeps every reading. */
export const DATA_POINT_MINUTES: Readonly<Record<DataPoints, number | undefined>> = { all: undefined, hourly: 60, every15Minutes: 15, every5Minutes: 5 };

/** SPEC section 9: timeline all day or working hours 9AM-5PM. */
export const TIMELINES = ['allDay', 'workingHours'] as const;
export type Timeline = (typeof TIMELINES)[number];
/** Working hours in the site's time zone: from 9:00 (included) to 17:00 (excluded). */
export const WORKING_HOURS = { fromHour: 9, toHour: 17 } as const;

/** SPEC section 9: operations average, minimum, maximum (per data-point interval). */
export const OPERATIONS = ['average', 'minimum', 'maximum'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** SPEC section 9: image types none, thumbnail, enlarged (charts and checklist photos). */
export const IMAGE_PREFERENCES = ['none', 'thumbnail', 'enlarged'] as const;
export type ImagePreference = (typeof IMAGE_PREFERENCES)[number];

/** SPEC section 9 names MM/DD/YYYY (the default); the other two are how French and Spanish readers write dates. */
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Issue 34 section 3: every report as PDF, CSV and on screen. */
export const REPORT_FORMATS = ['pdf', 'csv', 'screen'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);
const numberFromText = (value: unknown) => {
  const blank = blankToUndefined(value);
  return typeof blank === 'string' ? Number(blank.trim()) : blank;
};

const requiredId = (message: string) => z.preprocess(blankToUndefined, z.string({ error: message }).trim().min(1, { error: message }).max(ID_MAX, { error: message }));
const requiredIds = (message: string) => z.array(requiredId(message), { error: message }).min(1, { error: message }).max(1000, { error: message });
const optionalIds = z.array(z.string().trim().min(1).max(ID_MAX)).max(1000).optional();

/** A calendar day, YYYY-MM-DD: missing says `required`, anything else not a real day says the date is not valid. */
const calendarDay = (required: string) =>
  z.preprocess(blankToUndefined, z.iso.date({ error: (issue) => (issue.input === undefined ? required : MESSAGES.dateInvalid) }));

/** The fields most reports share (SPEC section 5: location, sites, sensors, dates required; the first two say what other forms say). */
export const locationField = requiredId(MESSAGES.notificationGroupLocationRequired);
export const sitesField = requiredIds(MESSAGES.siteSelectionRequired);
export const sensorsField = requiredIds(REPORT_MESSAGES.reportSensorsRequired);
export const sensorField = requiredId(REPORT_MESSAGES.reportSensorRequired);
export const fromField = calendarDay(REPORT_MESSAGES.reportStartDateRequired);
export const toField = calendarDay(REPORT_MESSAGES.reportEndDateRequired);
export const optionalIdsField = optionalIds;

export const dataPointsField = z.enum(DATA_POINTS, { error: REPORT_MESSAGES.dataPointsInvalid }).default('hourly');
export const timelineField = z.enum(TIMELINES, { error: REPORT_MESSAGES.timelineInvalid }).default('allDay');
export const operationField = z.enum(OPERATIONS, { error: REPORT_MESSAGES.operationInvalid }).default('average');
export const imagePreferenceField = z.enum(IMAGE_PREFERENCES, { error: REPORT_MESSAGES.imagePreferenceInvalid }).default('thumbnail');
export const dateFormatField = z.enum(DATE_FORMATS, { error: REPORT_MESSAGES.dateFormatInvalid }).default('MM/DD/YYYY');
/** Values in the caller's unit unless the form asks for the other (issue 34 section 2). */
export const unitField = z.enum(TEMPERATURE_UNITS).optional();

/**
 * Hours of the day to read (0-23), consecutive (SPEC section 5 "reading hours consecutive"): one
 * unbroken run, which may go past midnight (22, 23, 0, 1). Missing: every hour.
 */
export const readingHoursField = z
  .array(z.number({ error: REPORT_MESSAGES.readingHoursInvalid }).int({ error: REPORT_MESSAGES.readingHoursInvalid }).min(0, { error: REPORT_MESSAGES.readingHoursInvalid }).max(23, { error: REPORT_MESSAGES.readingHoursInvalid }), { error: REPORT_MESSAGES.readingHoursInvalid })
  .min(1, { error: REPORT_MESSAGES.readingHoursInvalid })
  .max(24, { error: REPORT_MESSAGES.readingHoursInvalid })
  .refine(areConsecutiveHours, { error: REPORT_MESSAGES.readingHoursConsecutive })
  .optional();

/** Whether hours of the day form one unbroken run, going round midnight if need be. */
export function areConsecutiveHours(hours: readonly number[]): boolean {
  const distinct = [...new Set(hours)].sort((a, b) => a - b);
  if (distinct.length !== hours.length) return false;
  if (distinct.length === 24 || distinct.length <= 1) return true;
  // A run round the clock breaks in exactly one place (the gap before its first hour).
  let breaks = 0;
  for (const [index, hour] of distinct.entries()) {
    const next = distinct[(index + 1) % distinct.length] ?? hour;
    if ((next - hour + 24) % 24 !== 1) breaks += 1;
  }
  return breaks === 1;
}

/** A vaccine limit in the report's unit: required, a number (SPEC section 5 "vaccine min/max required"). */
const temperatureLimit = (required: string) =>
  z.preprocess(numberFromText, z.number({ error: required }));
export const vaccineMinField = temperatureLimit(REPORT_MESSAGES.vaccineMinRequired);
export const vaccineMaxField = temperatureLimit(REPORT_MESSAGES.vaccineMaxRequired);

/**
 * SPEC section 5 "duration at least 1": the minutes a reading must stay out of the limits to
 * count as an excursion (the Vaccine report; a blip of one reading does not).
 */
export const durationField = z.preprocess(
  numberFromText,
  z.number({ error: REPORT_MESSAGES.durationMin1 }).int({ error: REPORT_MESSAGES.durationMin1 }).min(1, { error: REPORT_MESSAGES.durationMin1 }).max(1440, { error: REPORT_MESSAGES.durationMin1 }),
).default(1);

/** SPEC section 5 "vaccine min/max ... different, max greater". */
export function vaccineLimitsIssue(min: number, max: number): string | undefined {
  if (min === max) return REPORT_MESSAGES.vaccineMinMaxDifferent;
  if (max < min) return REPORT_MESSAGES.vaccineMaxGreater;
  return undefined;
}

// --- Ranges (SPEC sections 5 and 9) ---

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a range a report takes:
 * - `none`: the spec sets no limit (large ranges run as a job, issue 34 section 3);
 * - `refused`: longer ranges are refused with the message (portal audit 31 days, sensor audit 2 months);
 * - `emailed`: longer ranges are built in the background and emailed, with the message (checklist 7 days).
 */
export type RangeLimit =
  | { readonly kind: 'none' }
  | { readonly kind: 'refused'; readonly days: number; readonly message: string }
  | { readonly kind: 'refused'; readonly months: number; readonly message: string }
  | { readonly kind: 'emailed'; readonly days: number; readonly message: string };

/** The days of a range, both ends included: 2026-01-01 to 2026-01-07 is 7. */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The day `months` calendar months after `day` (a 31st going to a shorter month ends on its last day). */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The message refusing a range (end before start, or past a `refused` limit), or undefined. */
export function rangeIssue(from: string, to: string, limit: RangeLimit): string | undefined {
  if (to < from) return REPORT_MESSAGES.reportEndBeforeStart;
  if (limit.kind !== 'refused') return undefined;
  // 2 months from 2026-01-15 reach 2026-03-14 (the day before 2026-03-15), as 7 days from the 1st reach the 7th.
  if ('months' in limit) return to < addMonths(from, limit.months) ? undefined : limit.message;
  return rangeDays(from, to) > limit.days ? limit.message : undefined;
}

/** Whether a range past an `emailed` limit (checklist: over 7 days) is built in the background and emailed. */
export function isEmailedRange(from: string, to: string, limit: RangeLimit): boolean {
  return limit.kind === 'emailed' && rangeDays(from, to) > limit.days;
}
