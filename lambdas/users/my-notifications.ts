import { DomainError, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { addressFor, type DeliveryRecipient } from '@domain/notifications/delivery';
import {
  channelStates,
  groupsNaming,
  TEST_MESSAGE_LIMIT,
  TEST_REFUSAL,
  type ChannelBlock,
  type MyNotifications,
} from '@domain/notifications/my-notifications';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { escapeHtml, formatInZone, pagerEmail, renderNotification, type TemplateLanguage } from '@domain/notifications/templates';
import {
  claimTestMessage,
  notificationGroupsByName,
  queryAll,
  toNotificationGroup,
  type AccountRecord,
} from '../data';
import type { Caller } from '../shared/caller';
import { awsMessageProviders } from '../shared/channel-providers';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { pushProvider, pushTargetsOf } from '../notifier/push';
import { describeError } from '../shared/observability';
import { route, type ResourceRoute } from '../shared/routing';
import { readSiteName } from '../data/repositories/sites';
import { UserStore } from '../data/repositories/users';
import { organisationSummaryOf } from '../data/organisations';
import { MY_NOTIFICATION_ROUTES } from '@domain/api/my-notifications';

/**
 * A user's own notifications (issue 14 section 2): the groups and levels they are in, whether
 * each channel reaches them now, their own switches, and a test message per channel. Every
 * route acts on the caller only (the account and organisation of the verified token): a test
 * message goes to the addresses on their own record that delivery would use (`addressFor`:
 * text and voice only to a verified phone), never to an address the request names.
 */

const store = () => new UserStore(dynamoDocumentClient(), backendConfig().tableName);

const ownRecord = (caller: Caller) => store().get(caller.customerId, caller.accountId, { includeSuperadmin: true });

const languageOf = (value: unknown): TemplateLanguage => (value === 'fr' || value === 'es' ? value : 'en');

const recipientOf = (record: AccountRecord): DeliveryRecipient => ({
  accountId: record.accountId,
  email: record.email,
  ...(record.lang === undefined ? {} : { lang: record.lang }),
  ...(record.isActive === undefined ? {} : { isActive: record.isActive }),
  ...(record.notificationsEnabled === undefined ? {} : { notificationsEnabled: record.notificationsEnabled }),
  ...(record.phone === undefined ? {} : { phone: record.phone }),
  ...(record.phoneVerified === undefined ? {} : { phoneVerified: record.phoneVerified }),
  ...(record.smsEnabled === undefined ? {} : { smsEnabled: record.smsEnabled }),
  ...(record.enablePager === undefined ? {} : { enablePager: record.enablePager }),
  ...(record.pagerType === undefined ? {} : { pagerType: record.pagerType }),
  ...(record.pagerNumber === undefined ? {} : { pagerNumber: record.pagerNumber }),
});

/** Whether the caller has a device that takes push now (one Query of their sessions). */
async function hasPushDevice(caller: Caller): Promise<boolean> {
  const targets = await pushTargetsOf(dynamoDocumentClient(), backendConfig().tableName, caller.customerId, caller.accountId, new Date());
  return targets.length > 0;
}

/** Why a channel cannot reach the user now (undefined: it can), as delivery judges it. */
function blockOf(record: AccountRecord, channel: NotificationChannel, pushDevice: boolean): ChannelBlock | undefined {
  const address = addressFor(recipientOf(record), channel);
  if ('skip' in address) return address.skip;
  if (address.provider === 'push' && !pushDevice) return 'noPushDevice';
  return undefined;
}

async function myNotifications(caller: Caller, record: AccountRecord): Promise<MyNotifications> {
  const client = dynamoDocumentClient();
  const { tableName } = backendConfig();
  // One Query of the organisation's groups (by name), kept to those naming the caller.
  const [groups, pushDevice] = await Promise.all([
    queryAll(client, notificationGroupsByName(tableName, caller.customerId), toNotificationGroup),
    hasPushDevice(caller),
  ]);
  return {
    notificationsEnabled: record.notificationsEnabled ?? true,
    smsEnabled: record.smsEnabled ?? false,
    phoneVerified: record.phoneVerified ?? false,
    groups: groupsNaming(groups, caller.accountId),
    channels: channelStates((channel) => blockOf(record, channel, pushDevice)),
  };
}

/**
 * Under a proxy the actor has no account in the organisation acted for, and nothing of theirs
 * is stored there (routing.ts, personalSetting): as that organisation's stand-in
 * administrator they are named in no group and receive nothing, so every channel answers
 * that notifications are off, and no test message is sent to anyone.
 */
const PROXIED_NOTIFICATIONS: MyNotifications = {
  notificationsEnabled: false,
  smsEnabled: false,
  phoneVerified: false,
  groups: [],
  channels: channelStates(() => 'notificationsOff'),
};

/** What a test message names: the caller's first site, else their organisation. */
async function siteNameOf(caller: Caller, record: AccountRecord): Promise<string> {
  const client = dynamoDocumentClient();
  const { tableName } = backendConfig();
  const firstSite = record.siteIds?.[0];
  if (firstSite !== undefined) {
    const name = await readSiteName(client, tableName, caller.customerId, firstSite);
    if (name !== undefined && name !== '') return name;
  }
  return organisationNameOf(caller.customerId);
}

/** The caller's organisation's name, which every email names (issue 17 item 14). */
async function organisationNameOf(customerId: string): Promise<string> {
  return (await organisationSummaryOf(dynamoDocumentClient(), backendConfig().tableName, customerId)).name;
}

/** The portal's address, for the link in a test message. */
const portalUrl = (): string => (process.env['PORTAL_URL'] ?? 'http://localhost:3000').replace(/\/+$/, '');

/**
 * Sends the test message on the channel through the providers alarms go through, to the
 * address delivery would use; false when a push found no device.
 */
async function sendTest(caller: Caller, record: AccountRecord, channel: NotificationChannel, now: Date): Promise<boolean> {
  const address = addressFor(recipientOf(record), channel);
  if ('skip' in address) throw validationError(TEST_REFUSAL[address.skip]);
  const language = languageOf(record.lang);
  const [site, organisation] = await Promise.all([siteNameOf(caller, record), organisationNameOf(caller.customerId)]);
  const values = { site, organisation, time: formatInZone(now.getTime(), record.timezone ?? 'UTC', language), link: `${portalUrl()}/app` };
  const request = { kind: 'test' as const, language, values };
  const providers = awsMessageProviders(pushProvider());
  const context = { customerId: caller.customerId, accountId: caller.accountId, test: 'true' };
  const email = renderNotification({ ...request, channel: 'email' });
  switch (address.provider) {
    case 'email': {
      if (channel === 'pager') {
        // Short, as a pager is, naming the organisation and linking to the portal as an alarm's page does.
        await providers.email(address.to, { subject: email.subject, ...pagerEmail(renderNotification({ ...request, channel: 'pager' }).body, values) });
      } else {
        await providers.email(address.to, email);
      }
      return true;
    }
    case 'text':
      await providers.text(address.to, renderNotification({ ...request, channel: channel === 'pager' ? 'pager' : 'text' }).body, context);
      return true;
    case 'voice':
      await providers.voice(address.to, `<speak>${escapeHtml(renderNotification({ ...request, channel: 'voice' }).script)}</speak>`, language, context);
      return true;
    case 'push': {
      const push = renderNotification({ ...request, channel: 'push' });
      return (await providers.push(caller.customerId, caller.accountId, { title: push.title, text: push.body, link: values.link })) !== undefined;
    }
  }
}

/** Served by the users resource (lambdas/users/routes.ts adds them to its routes). */
export const myNotificationRoutes: ResourceRoute[] = [
  route(MY_NOTIFICATION_ROUTES.getMeNotifications, {
    action: async ({ caller }) => ({
      statusCode: 200,
      body: caller.proxy === undefined ? await myNotifications(caller, await ownRecord(caller)) : PROXIED_NOTIFICATIONS,
    }),
  }),
  route(MY_NOTIFICATION_ROUTES.putMeNotifications, {
    action: async ({ caller, body }) => {
      if (caller.proxy !== undefined) {
        // Not stored under a proxy (routing.ts, personalSetting); the stand-in has no verified phone.
        if (body.smsEnabled === true) throw validationError(MESSAGES.smsNeedsVerifiedPhone, { smsEnabled: MESSAGES.smsNeedsVerifiedPhone });
        return { statusCode: 200, body: PROXIED_NOTIFICATIONS };
      }
      const before = await ownRecord(caller);
      const changes = {
        ...(body.notificationsEnabled === undefined ? {} : { notificationsEnabled: body.notificationsEnabled }),
        ...(body.smsEnabled === undefined ? {} : { smsEnabled: body.smsEnabled }),
      };
      // SPEC section 5: "SMS needs a verified phone".
      if (changes.smsEnabled === true && !(before.phone && before.phoneVerified === true)) {
        throw validationError(MESSAGES.smsNeedsVerifiedPhone, { smsEnabled: MESSAGES.smsNeedsVerifiedPhone });
      }
      const unchanged = Object.entries(changes).every(([field, value]) => before[field as keyof typeof changes] === value);
      const after = unchanged ? before : await store().update(caller, caller.customerId, before, changes);
      return { statusCode: 200, body: await myNotifications(caller, after) };
    },
  }),
  route(MY_NOTIFICATION_ROUTES.postMeNotificationsTest, {
    action: async ({ caller, body, request }) => {
      const { channel } = body;
      if (caller.proxy !== undefined) throw validationError(TEST_REFUSAL.notificationsOff, { channel: TEST_REFUSAL.notificationsOff });
      const record = await ownRecord(caller);
      // A channel that cannot reach the caller is refused before it counts.
      const blocked = blockOf(record, channel, channel === 'push' ? await hasPushDevice(caller) : true);
      if (blocked !== undefined) throw validationError(TEST_REFUSAL[blocked], { channel: TEST_REFUSAL[blocked] });
      const now = new Date();
      const claimed = await claimTestMessage(dynamoDocumentClient(), backendConfig().tableName, caller.customerId, caller.accountId, now.getTime(), TEST_MESSAGE_LIMIT);
      if (!claimed) throw validationError(MESSAGES.testMessageLimitReached);
      let sent: boolean;
      try {
        sent = await sendTest(caller, record, channel, now);
      } catch (error) {
        if (error instanceof DomainError) throw error;
        request.logger.error('test message not sent', { channel, ...describeError(error) });
        throw validationError(MESSAGES.testMessageFailed);
      }
      if (!sent) throw validationError(MESSAGES.testMessageNoPushDevice, { channel: MESSAGES.testMessageNoPushDevice });
      request.logger.info('test message sent', { channel });
      return { statusCode: 200, body: { channel, sentAt: now.toISOString() } };
    },
  }),
];
