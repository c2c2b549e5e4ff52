import useSWR, { type SWRResponse } from 'swr';
import type { AlarmNotification, FailedNotification, ResendNotificationRequest } from '@domain/notifications/delivery-answers';
import { ALARM_REFRESH_MS, ALARMS_KEY } from './alarms';
import { ALARM_ROUTES } from '@domain/api/alarms';
import { call, pages } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/**
 * An alarm's messages and the dead-letter store (issue 14 section 3). An alarm's messages are
 * under the alarms' key: what refreshes the alarm (an acknowledgement) refreshes them too.
 */
export const FAILED_NOTIFICATIONS_KEY = 'failed-notifications';

/** One message's key: its alarm, step and channel (the grid's row id, the resend's body). */
export const notificationIdOf = (notification: Pick<AlarmNotification, 'alarmId' | 'stepKey' | 'channel'>): string =>
  `${notification.alarmId}#${notification.stepKey}#${notification.channel}`;

/** The alarm's messages, newest first, asked again every 30 s as the alarm is. */
export function useAlarmNotifications(alarmId: string | undefined): SWRResponse<AlarmNotification[], ApiError> {
  return useSWR<AlarmNotification[], ApiError, readonly [string, string, string] | null>(
    alarmId === undefined ? null : [ALARMS_KEY, 'notifications', alarmId],
    async ([, , id]) => (await call(ALARM_ROUTES.getNotifications, { params: { id } })).items,
    { refreshInterval: ALARM_REFRESH_MS },
  );
}

const listFailed = (onPage: PageProgress<FailedNotification>) =>
  fetchAllPages(pages(ALARM_ROUTES.getNotificationsFailed), onPage);

/** The Failed notifications screen's list: the first page at once, the rest as it comes. */
export function useFailedNotifications(): PagedList<FailedNotification> {
  return usePagedList(FAILED_NOTIFICATIONS_KEY, listFailed);
}

/** Sends a parked message again: it comes back queued (409 when it is no longer failed). */
export function resendNotification(ref: ResendNotificationRequest): Promise<FailedNotification> {
  return call(ALARM_ROUTES.postNotificationsFailedResend, {
    body: { alarmId: ref.alarmId, stepKey: ref.stepKey, channel: ref.channel },
  });
}
