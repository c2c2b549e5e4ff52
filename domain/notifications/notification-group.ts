import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { WEEKDAYS } from '../devices/data-logging-profile';
import { entityNameSchema, requiredDescriptionSchema } from '../identity/security-groups';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from './channels';

/**
 * Notification groups (SPEC sections 3 and 5; issue 14 section 1): who hears about an alarm of
 * the group's devices, when (schedules of weekdays and hours in the site's time zone) and how
 * (users by escalation level, each after a delay, on their channels). A group flagged default
 * is given to the new sensors and gateways of its sites (docs/decisions/0067-notification-groups.md).
 */

export const NOTIFICATION_GROUP_NAME_MAX = 50;
export const NOTIFICATION_GROUP_DESCRIPTION_MAX = 250;
/** SPEC section 5: a schedule name is under 45 characters. */
export const SCHEDULE_NAME_MAX = 44;
export const NOTIFICATION_LEVELS = { min: 1, max: 5 } as const;
export const NOTIFICATION_DELAY_MAX_MINUTES = 1440;
export const MAX_SCHEDULES = 10;
export const MAX_RECIPIENTS = 50;
export const MAX_GROUP_SITES = 100;
/** SPEC section 5 "Time range": the end at least this long after the start. */
export const MIN_TIME_RANGE_MINUTES = 30;
const DAY_MINUTES = 24 * 60;

/** SPEC section 3: the group's type (sensor alarms or HACCP checklists). */
export const NOTIFICATION_GROUP_TYPES = ['sensor', 'haccp'] as const;
export type NotificationGroupType = (typeof NOTIFICATION_GROUP_TYPES)[number];

/** SPEC section 3: the channels a user is notified on (their catalogue: channels.ts). */
export { NOTIFICATION_CHANNELS, type NotificationChannel };

const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after midnight of an "HH:mm" time. */
export const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/**
 * SPEC section 5 "Time range": start and end (minutes after midnight) not equal, start not
 * after end, end at least 30 minutes after start, and not 24 hours or more beyond it.
 * The first rule broken, or undefined.
 */
export function timeRangeIssue(start: number, end: number): string | undefined {
  if (start === end) return MESSAGES.timeRangeEqual;
  if (start > end) return MESSAGES.timeRangeStartAfterEnd;
  if (end - start < MIN_TIME_RANGE_MINUTES) return MESSAGES.timeRangeMin30Minutes;
  if (end - start >= DAY_MINUTES) return MESSAGES.timeRangeMax24Hours;
  return undefined;
}

const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** A whole number from a number or a form's text. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );

const time = (required: string) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).max(10, { error: MESSAGES.scheduleTimeInvalid }).trim().regex(TIME_PATTERN, { error: MESSAGES.scheduleTimeInvalid }));

/** One user of a schedule: an account of the organisation, its escalation level, its delay and channels. */
export const notificationRecipientSchema = z.object({
  accountId: z.preprocess(blankToUndefined, z.string({ error: MESSAGES.notificationUsersRequired }).trim().min(1, { error: MESSAGES.notificationUsersRequired }).max(100, { error: MESSAGES.notificationUserUnknown })),
  level: wholeNumber(MESSAGES.notificationLevelRange, NOTIFICATION_LEVELS.min, NOTIFICATION_LEVELS.max),
  /** Minutes after the alarm's first notification that this user's step is due. */
  delayMinutes: wholeNumber(MESSAGES.notificationDelayRange, 0, NOTIFICATION_DELAY_MAX_MINUTES),
  channels: z
    .array(z.enum(NOTIFICATION_CHANNELS, { error: MESSAGES.notificationChannelsRequired }), { error: MESSAGES.notificationChannelsRequired })
    .min(1, { error: MESSAGES.notificationChannelsRequired })
    .max(NOTIFICATION_CHANNELS.length, { error: MESSAGES.listTooLong })
    .transform((channels) => NOTIFICATION_CHANNELS.filter((channel) => channels.includes(channel))),
});
export type NotificationRecipient = z.output<typeof notificationRecipientSchema>;

/** A schedule: its weekdays and hours (in the site's time zone) and the users it notifies. */
export const notificationScheduleSchema = z.object({
  name: z
    .string({ error: MESSAGES.notificationScheduleNameRequired })
    .trim()
    .min(1, { error: MESSAGES.notificationScheduleNameRequired, abort: true })
    .max(SCHEDULE_NAME_MAX, { error: MESSAGES.notificationScheduleNameMax }),
  days: z
    .array(z.enum(WEEKDAYS, { error: MESSAGES.scheduleDaysRequired }), { error: MESSAGES.scheduleDaysRequired })
    .min(1, { error: MESSAGES.scheduleDaysRequired })
    .max(WEEKDAYS.length, { error: MESSAGES.listTooLong })
    .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
  start: time(MESSAGES.timeRangeStartRequired),
  end: time(MESSAGES.timeRangeEndRequired),
  users: z
    .array(notificationRecipientSchema, { error: MESSAGES.notificationUsersRequired })
    .min(1, { error: MESSAGES.notificationUsersRequired })
    .max(MAX_RECIPIENTS, { error: MESSAGES.listTooLong }),
}).superRefine((schedule, context) => {
  // The range is judged only once both times read (zod refines an object whose fields failed too).
  const readable = [schedule.start, schedule.end].every((value) => typeof value === 'string' && TIME_PATTERN.test(value));
  const issue = readable ? timeRangeIssue(minutesOf(schedule.start), minutesOf(schedule.end)) : undefined;
  if (issue !== undefined) context.addIssue({ code: 'custom', path: [issue === MESSAGES.timeRangeStartAfterEnd ? 'start' : 'end'], message: issue });
  const seen = new Set<string>();
  (Array.isArray(schedule.users) ? schedule.users : []).forEach((user, index) => {
    if (typeof user?.accountId !== 'string') return;
    if (seen.has(user.accountId)) context.addIssue({ code: 'custom', path: ['users', index, 'accountId'], message: MESSAGES.notificationUserDuplicate });
    seen.add(user.accountId);
  });
});
export type NotificationSchedule = z.output<typeof notificationScheduleSchema>;

const groupFields = {
  name: entityNameSchema(NOTIFICATION_GROUP_NAME_MAX, MESSAGES.nameMax50),
  description: requiredDescriptionSchema(NOTIFICATION_GROUP_DESCRIPTION_MAX),
  groupType: z.enum(NOTIFICATION_GROUP_TYPES, { error: MESSAGES.notificationGroupTypeRequired }).default('sensor'),
  /** The default group of its sites: their new sensors and gateways get it (sensor groups). */
  isDefault: z.boolean().default(false),
  locationId: z.preprocess(blankToUndefined, z.string({ error: MESSAGES.notificationGroupLocationRequired }).trim().min(1, { error: MESSAGES.notificationGroupLocationRequired }).max(100, { error: MESSAGES.notificationGroupLocationRequired })),
  siteIds: z
    .array(z.string().trim().min(1).max(100), { error: MESSAGES.siteSelectionRequired })
    .min(1, { error: MESSAGES.siteSelectionRequired })
    .max(MAX_GROUP_SITES, { error: MESSAGES.listTooLong })
    .transform((ids) => [...new Set(ids)]),
  schedules: z
    .array(notificationScheduleSchema, { error: MESSAGES.notificationGroupSchedulesRequired })
    .min(1, { error: MESSAGES.notificationGroupSchedulesRequired })
    .max(MAX_SCHEDULES, { error: MESSAGES.listTooLong }),
};

/** The group's own fields: what is stored and what the list shows. */
export const notificationGroupFieldsSchema = z.object(groupFields);
export type NotificationGroupFields = z.output<typeof notificationGroupFieldsSchema>;

/**
 * A POST or PUT: the group's fields and `overwrite`, which gives a default group to the
 * existing sensors and gateways of its sites too (replacing theirs); it is not stored.
 */
export const notificationGroupInputSchema = z.object({ ...groupFields, overwrite: z.boolean().default(false) });
export type NotificationGroupInput = z.input<typeof notificationGroupInputSchema>;
export type NotificationGroupRequest = z.output<typeof notificationGroupInputSchema>;

/** The fields of a request, without `overwrite`. */
export function groupFieldsOf(request: NotificationGroupRequest): NotificationGroupFields {
  const { overwrite: _overwrite, ...fields } = request;
  return fields;
}

/** Every account a group's schedules name. */
export const accountIdsOf = (group: Pick<NotificationGroupFields, 'schedules'>): string[] =>
  [...new Set(group.schedules.flatMap((schedule) => schedule.users.map((user) => user.accountId)))];

/** The groups a sensor uses, for alarms and for inactivity alarms together: each counted once on the group. */
export const sensorGroupIdsOf = (sensor: { notificationGroupIds: readonly string[]; inactivityNotificationGroupIds: readonly string[] } | undefined): string[] =>
  sensor === undefined ? [] : [...new Set([...sensor.notificationGroupIds, ...sensor.inactivityNotificationGroupIds])];

/** A group as the API returns it; the counts say how many sensors and gateways use it (its delete waits for both to be 0). */
export const notificationGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  groupType: z.enum(NOTIFICATION_GROUP_TYPES),
  isDefault: z.boolean(),
  locationId: z.string(),
  siteIds: z.array(z.string()),
  schedules: z.array(z.object({
    name: z.string(),
    days: z.array(z.enum(WEEKDAYS)),
    start: z.string(),
    end: z.string(),
    users: z.array(z.object({ accountId: z.string(), level: z.number().int(), delayMinutes: z.number().int(), channels: z.array(z.enum(NOTIFICATION_CHANNELS)) })),
  })),
  sensorCount: z.number().int(),
  gatewayCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type NotificationGroup = z.infer<typeof notificationGroupSchema>;
export const notificationGroupPageSchema = z.object({ items: z.array(notificationGroupSchema), nextCursor: z.string().optional() });
