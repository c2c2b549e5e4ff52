import useSWR, { type SWRResponse } from 'swr';
import type { MyNotifications, MyNotificationSettings, TestMessageResult } from '@domain/notifications/my-notifications';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { MY_NOTIFICATION_ROUTES } from '@domain/api/my-notifications';
import { call } from './client';
import type { ApiError } from './ApiError';

export const MY_NOTIFICATIONS_KEY = 'users/me/notifications';

/** GET users/me/notifications: the groups that name me and whether each channel reaches me. */
export function useMyNotifications(): SWRResponse<MyNotifications, ApiError> {
  return useSWR<MyNotifications, ApiError, string>(MY_NOTIFICATIONS_KEY,
    () => call(MY_NOTIFICATION_ROUTES.getMeNotifications), { revalidateOnFocus: false });
}

/** PUT users/me/notifications: my notifications or my texts on or off. */
export function saveMyNotificationSettings(settings: MyNotificationSettings): Promise<MyNotifications> {
  return call(MY_NOTIFICATION_ROUTES.putMeNotifications, { body: settings });
}

/** POST users/me/notifications/test: a test message to me on the channel. */
export function sendTestMessage(channel: NotificationChannel): Promise<TestMessageResult> {
  return call(MY_NOTIFICATION_ROUTES.postMeNotificationsTest, { body: { channel } });
}
