import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { WEEKDAYS } from '../devices/data-logging-profile';
import type { SkipReason } from './delivery';
import { NOTIFICATION_CHANNELS, NOTIFICATION_GROUP_TYPES, type NotificationChannel, type NotificationGroup } from './notification-group';

/**
 * A user's own notifications (issue 14 section 2: "Users manage their own preferences within
 * what the administrator allows (which channels, and a test message per channel to check their
 * phone or pager), and see which groups and levels they are in"). Shared by the API
 * (GET/PUT users/me/notifications, POST users/me/notifications/test) and the browser.
 */

/** Why a channel cannot reach the user now: `addressFor`'s reasons, and no device taking push. */
export const CHANNEL_BLOCKS = ['notificationsOff', 'inactive', 'textOff', 'noVerifiedPhone', 'noPager', 'noPushDevice'] as const satisfies readonly (SkipReason | 'noPushDevice')[];
export type ChannelBlock = (typeof CHANNEL_BLOCKS)[number];

/** A user's test messages: at most `max` within `windowMs` (sliding). */
export const TEST_MESSAGE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

/** The refusal of a test message on a channel that cannot reach the user, by its reason. */
export const TEST_REFUSAL: Readonly<Record<ChannelBlock, string>> = {
  notificationsOff: MESSAGES.testMessageNotificationsOff,
  inactive: MESSAGES.testMessageInactive,
  textOff: MESSAGES.testMessageTextOff,
  noVerifiedPhone: MESSAGES.testMessageNoVerifiedPhone,
  noPager: MESSAGES.testMessageNoPager,
  noPushDevice: MESSAGES.testMessageNoPushDevice,
};

/** Where the user stands in one schedule of a group. */
export const myScheduleSchema = z.object({
  name: z.string(),
  days: z.array(z.enum(WEEKDAYS)),
  start: z.string(),
  end: z.string(),
  /** The user's escalation level (1 to 5), delay in minutes and channels in this schedule. */
  level: z.number().int(),
  delayMinutes: z.number().int(),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
});
export type MySchedule = z.infer<typeof myScheduleSchema>;

export const myNotificationGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  groupType: z.enum(NOTIFICATION_GROUP_TYPES),
  /** Only the schedules that name the user. */
  schedules: z.array(myScheduleSchema),
});
export type MyNotificationGroup = z.infer<typeof myNotificationGroupSchema>;

/** Whether a channel reaches the user now, and why not. */
export const myChannelSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  reachable: z.boolean(),
  reason: z.enum(CHANNEL_BLOCKS).optional(),
});
export type MyChannel = z.infer<typeof myChannelSchema>;

export const myNotificationsSchema = z.object({
  notificationsEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  phoneVerified: z.boolean(),
  groups: z.array(myNotificationGroupSchema),
  channels: z.array(myChannelSchema),
});
export type MyNotifications = z.infer<typeof myNotificationsSchema>;

/** The user's own switches: all notifications, and texts (which need a verified phone). */
export const myNotificationSettingsSchema = z.object({
  notificationsEnabled: z.boolean().optional(),
  smsEnabled: z.boolean().optional(),
});
export type MyNotificationSettings = z.infer<typeof myNotificationSettingsSchema>;

export const testMessageInputSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS, { error: MESSAGES.notificationChannelsRequired }),
});

export const testMessageResultSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  sentAt: z.string(),
});
export type TestMessageResult = z.infer<typeof testMessageResultSchema>;

/** The groups that name the user, each with only the schedules that do, and the user's place in them. */
export function groupsNaming(groups: readonly NotificationGroup[], accountId: string): MyNotificationGroup[] {
  return groups.flatMap((group) => {
    const schedules = group.schedules.flatMap((schedule) => schedule.users
      .filter((user) => user.accountId === accountId)
      .map((user): MySchedule => ({
        name: schedule.name, days: [...schedule.days], start: schedule.start, end: schedule.end,
        level: user.level, delayMinutes: user.delayMinutes, channels: [...user.channels],
      })));
    return schedules.length === 0 ? [] : [{ id: group.id, name: group.name, groupType: group.groupType, schedules }];
  });
}

/** Every channel, in the product's order, with whether it reaches the user (`blockOf` says why not). */
export function channelStates(blockOf: (channel: NotificationChannel) => ChannelBlock | undefined): MyChannel[] {
  return NOTIFICATION_CHANNELS.map((channel) => {
    const reason = blockOf(channel);
    return reason === undefined ? { channel, reachable: true } : { channel, reachable: false, reason };
  });
}

/**
 * The sliding window's count: the test messages sent within the window before `now`; the next
 * is allowed while fewer than the limit.
 */
export function recentTestSends(sentAt: readonly number[], now: number, windowMs: number = TEST_MESSAGE_LIMIT.windowMs): number[] {
  return sentAt.filter((time) => time > now - windowMs && time <= now);
}
