import { myNotificationSettingsSchema, myNotificationsSchema, TEST_MESSAGE_LIMIT, testMessageInputSchema, testMessageResultSchema } from '../notifications/my-notifications';
import { contract, SIGNED_IN } from './contract';

/** The contracts of lambdas/users/my-notifications.ts (docs/adding-a-route.md). */
export const MY_NOTIFICATION_ROUTES = {
  getMeNotifications: contract({
    method: 'GET', path: '/users/me/notifications', roles: SIGNED_IN, summary: 'My notifications: the groups (schedules, level, delay, channels) that name me, and whether each channel reaches me now (why not)', response: myNotificationsSchema,
  }),
  putMeNotifications: contract({
    method: 'PUT', path: '/users/me/notifications', roles: SIGNED_IN, personalSetting: true, summary: 'Turn my notifications, or my text messages (they need a verified phone), on or off', body: myNotificationSettingsSchema, response: myNotificationsSchema,
  }),
  postMeNotificationsTest: contract({
    method: 'POST', path: '/users/me/notifications/test', roles: SIGNED_IN, summary: `Send myself a test message on a channel (to my own verified address; at most ${TEST_MESSAGE_LIMIT.max} in ${TEST_MESSAGE_LIMIT.windowMs / 60_000} minutes)`, body: testMessageInputSchema, response: testMessageResultSchema,
  }),
} as const;
