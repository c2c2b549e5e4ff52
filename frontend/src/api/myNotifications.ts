import useSWR, { type SWRResponse } from 'swr';
import {
  myNotificationsSchema,
  testMessageResultSchema,
  type MyNotifications,
  type MyNotificationSettings,
  type TestMessageResult,
} from '@domain/notifications/my-notifications';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

export const MY_NOTIFICATIONS_KEY = 'users/me/notifications';

/** GET users/me/notifications: the groups that name me and whether each channel reaches me. */
export function useMyNotifications(): SWRResponse<MyNotifications, ApiError> {
  return useSWR<MyNotifications, ApiError, string>(MY_NOTIFICATIONS_KEY,
    () => apiFetchAs(myNotificationsSchema, '/users/me/notifications'), { revalidateOnFocus: false });
}

/** PUT users/me/notifications: my notifications or my texts on or off. */
export function saveMyNotificationSettings(settings: MyNotificationSettings): Promise<MyNotifications> {
  return apiFetchAs(myNotificationsSchema, '/users/me/notifications', { method: 'PUT', body: settings });
}

/** POST users/me/notifications/test: a test message to me on the channel. */
export function sendTestMessage(channel: NotificationChannel): Promise<TestMessageResult> {
  return apiFetchAs(testMessageResultSchema, '/users/me/notifications/test', { method: 'POST', body: { channel } });
}
