import { acknowledgementSchema, alarmSchema, bulkAcknowledgementSchema } from '../alarms/alarm';
import { alarmSummarySchema, bulkAcknowledgementResultSchema } from '../alarms/alarm-answers';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { alarmNotificationListSchema, failedNotificationSchema, resendNotificationSchema } from '../notifications/delivery-answers';
import { contract } from './contract';

/**
 * Who reads and acknowledges alarms: everyone of the organisation who sees its sensors
 * (administrators and basic users, as the sensors list); a basic user only the alarms of the
 * sites and sensors the access layer lets them reach. The organisation is the token's: another
 * organisation's alarm is as unknown as a missing one.
 */
export const ALARM_ROLES = ORGANISATION_READERS;
/** Who reads the dead-letter store of the organisation's messages and sends them again: its administrators. */
export const FAILED_NOTIFICATION_ROLES = ORGANISATION_WRITERS;

/** The contracts of lambdas/alarms/routes.ts (docs/adding-a-route.md). */
export const ALARM_ROUTES = {
  list: contract({
    method: 'GET', path: '/alarms', roles: ALARM_ROLES, summary: 'The alarms I reach, newest first: status active (default) or history; siteId, locationId, type, deviceId (deviceKind sensor, gateway or checklist), userViewId, from/to (at most 7 days), minCount/maxCount (devices with that many alarms in the list)', response: alarmSchema, paginated: true,
  }),
  getSummary: contract({
    method: 'GET', path: '/alarms/summary', roles: ALARM_ROLES, summary: 'The active alarms I reach, counted: all, unacknowledged, by type, by site and by device', response: alarmSummarySchema,
  }),
  get: contract({
    method: 'GET', path: '/alarms/{id}', roles: ALARM_ROLES, summary: 'An alarm, with its timeline', response: alarmSchema,
  }),
  getNotifications: contract({
    method: 'GET', path: '/alarms/{id}/notifications', roles: ALARM_ROLES, summary: "An alarm's messages, newest first: channel, recipient's name, kind, level, status, attempts, times, the provider's last refusal and the reason code of a skipped or dropped one", response: alarmNotificationListSchema,
  }),
  putAcknowledge: contract({
    method: 'PUT', path: '/alarms/{id}/acknowledge', roles: ALARM_ROLES, summary: "Acknowledge an alarm with a reason and a corrective action (409 in the product's words when already acknowledged); a cleared alarm moves to history", body: acknowledgementSchema, response: alarmSchema,
  }),
  postAcknowledge: contract({
    method: 'POST', path: '/alarms/acknowledge', roles: ALARM_ROLES, summary: 'Acknowledge several alarms with one reason, each on its own version: which were acknowledged, which refused and why', body: bulkAcknowledgementSchema, response: bulkAcknowledgementResultSchema,
  }),
  putSnooze: contract({
    method: 'PUT', path: '/alarms/{id}/snooze', roles: ALARM_ROLES, summary: "Snooze an alarm's reminders for its profile's snooze interval, at most its snooze limit of times (409 in the product's words otherwise)", response: alarmSchema,
  }),
  getNotificationsFailed: contract({
    method: 'GET', path: '/notifications/failed', roles: FAILED_NOTIFICATION_ROLES, summary: 'The dead-letter store: messages the providers refused until they were parked, most recent first, with their alarm\'s device and the provider\'s last refusal', response: failedNotificationSchema, paginated: true,
  }),
  postNotificationsFailedResend: contract({
    method: 'POST', path: '/notifications/failed/resend', roles: FAILED_NOTIFICATION_ROLES, summary: 'Send a parked message again (its alarm, step and channel): queued with its attempts from zero; 404 when unknown, 409 when it is no longer failed', body: resendNotificationSchema, response: failedNotificationSchema,
  }),
} as const;
