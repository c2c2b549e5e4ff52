import * as z from 'zod';
import { ALARM_DEVICE_KINDS, ALARM_TYPES } from '../alarms/alarm';
import { DELIVERY_STATUSES } from './delivery';
import { NOTIFICATION_CHANNELS } from './notification-group';

/**
 * What the portal shows of an alarm's messages (issue 14 section 3: "Each attempt's outcome
 * (queued, sent, failed with the provider's reason) is on the alarm's timeline in the portal"
 * and "parked in a dead-letter store that an administrator can see and resend from"). Shared
 * by the API (its OpenAPI document) and the browser. The address a message went to is left
 * out: the recipient is named (first and last name, or email), never their phone number.
 */

export const NOTIFICATION_KINDS = ['alarm', 'reminder', 'normal'] as const;

/**
 * The codes a delivery's `reason` holds (why it was skipped or dropped); the portal translates
 * them. Another code is shown as it is.
 */
export const DELIVERY_REASONS = [
  'notificationsOff', 'inactive', 'textOff', 'noVerifiedPhone', 'noPager', 'unknownUser', 'noPushDevice', 'acknowledged', 'alarmGone',
] as const;
export type DeliveryReason = (typeof DELIVERY_REASONS)[number];
export const isDeliveryReason = (code: string | undefined): code is DeliveryReason => (DELIVERY_REASONS as readonly (string | undefined)[]).includes(code);

/** One message of an alarm to one user on one channel, as the alarm's page lists it. */
export const alarmNotificationSchema = z.object({
  alarmId: z.string(),
  /** With `alarmId` and `channel`, the delivery's idempotency key (what a resend names). */
  stepKey: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The escalation level (1 to 5). */
  level: z.number().int(),
  /** A reminder's number (1 for the first). */
  reminder: z.number().int().optional(),
  accountId: z.string(),
  /** The recipient's first and last name, or their email; absent when the user is gone. */
  recipientName: z.string().optional(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  queuedAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().optional(),
  nextAttemptAt: z.string().optional(),
  /** The provider's last refusal, as it gave it. */
  lastError: z.string().optional(),
  /** Why it was skipped or dropped: a code of `DELIVERY_REASONS`. */
  reason: z.string().optional(),
  /** A grouped message: it went inside another message (`<alarmId>#<stepKey>#<channel>`). */
  groupedInto: z.string().optional(),
  /** A storm message: how many other alarms' messages it carried. */
  groupedCount: z.number().int().optional(),
});
export type AlarmNotification = z.output<typeof alarmNotificationSchema>;

/** `GET /alarms/{id}/notifications`: the alarm's messages, newest first. */
export const alarmNotificationListSchema = z.object({ items: z.array(alarmNotificationSchema) });
export type AlarmNotificationList = z.output<typeof alarmNotificationListSchema>;

/** A message in the dead-letter store, with the alarm it was about. */
export const failedNotificationSchema = alarmNotificationSchema.extend({
  deviceKind: z.enum(ALARM_DEVICE_KINDS).optional(),
  deviceId: z.string().optional(),
  deviceName: z.string().optional(),
  alarmType: z.enum(ALARM_TYPES).optional(),
  siteId: z.string().optional(),
});
export type FailedNotification = z.output<typeof failedNotificationSchema>;
export const failedNotificationPageSchema = z.object({ items: z.array(failedNotificationSchema), nextCursor: z.string().optional() });

/** `POST /notifications/failed/resend`: the message to send again (its idempotency key). */
export const resendNotificationSchema = z.object({
  alarmId: z.string().trim().min(1).max(100),
  stepKey: z.string().trim().min(1).max(200),
  channel: z.enum(NOTIFICATION_CHANNELS),
});
export type ResendNotificationRequest = z.output<typeof resendNotificationSchema>;
