import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import { MESSAGES } from '@domain/core/messages';
import {
  alarmNotificationListSchema,
  failedNotificationPageSchema,
  failedNotificationSchema,
  type FailedNotification,
} from '@domain/notifications/delivery-answers';
import type { NotificationDelivery } from '../../lambdas/data';
import { putTestAlarm } from '../support/alarms';
import { putTestDelivery } from '../support/deliveries';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');

/**
 * An alarm's messages in the portal and the dead-letter store (issue 14 section 3): deliveries
 * written straight into the table as the notifier's senders leave them, read and resent
 * through the local gateway. Organisations of these tests' own.
 */
describe('notification deliveries through the local gateway', () => {
  const ORG = `deliveries-${randomUUID().slice(0, 8)}`;
  const OTHER_ORG = `deliveries-other-${randomUUID().slice(0, 8)}`;
  let admin: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let alarm: Alarm;
  let otherAlarm: Alarm;
  const written: Record<'sent' | 'dead' | 'skipped' | 'grouped' | 'stranger', NotificationDelivery | undefined> = {
    sent: undefined, dead: undefined, skipped: undefined, grouped: undefined, stranger: undefined,
  };
  const delivery = (name: keyof typeof written): NotificationDelivery => {
    const found = written[name];
    if (found === undefined) throw new Error(`${name} was not written`);
    return found;
  };
  const refOf = (of: NotificationDelivery) => ({ alarmId: of.alarmId, stepKey: of.stepKey, channel: of.channel });
  const base = Date.now();
  const minutesAgo = (minutes: number) => new Date(base - minutes * 60_000).toISOString();

  const failedPages = async (user: TestUser): Promise<FailedNotification[]> => {
    const items: FailedNotification[] = [];
    let cursor: string | undefined;
    do {
      const response = await api(stack, user, 'GET', `/notifications/failed?limit=2${cursor === undefined ? '' : `&cursor=${cursor}`}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const page = failedNotificationPageSchema.parse(response.body);
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return items;
  };

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    reader = await createUser(stack, 'basicuser', ORG);
    outsider = await createUser(stack, 'admin', OTHER_ORG);
    // Everyone reaches every site of their organisation (corporate access); the reader is named.
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: ORG, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true });
    await provisionAccount(stack, { email: outsider.email, role: 'admin', customerId: OTHER_ORG, accountId: outsider.accountId, hasDefaultLocAccess: true, isOwner: true, firstName: 'Other', lastName: 'Person' });
    await provisionAccount(stack, { email: reader.email, role: 'basicuser', customerId: ORG, accountId: reader.accountId, hasDefaultLocAccess: true, firstName: 'Rita', lastName: 'Reader' });
    alarm = await putTestAlarm(stack, ORG, { deviceId: 'D1E2F3A4', deviceName: 'Walk-in fridge', siteId: `site-${randomUUID().slice(0, 8)}` });
    otherAlarm = await putTestAlarm(stack, OTHER_ORG, { deviceId: 'D1E2F3A5', siteId: `site-${randomUUID().slice(0, 8)}` });
    written.sent = await putTestDelivery(stack, ORG, {
      alarmId: alarm.id, accountId: reader.accountId, stepKey: `0:alarm:${reader.accountId}`, channel: 'email', provider: 'email', to: reader.email,
      status: 'sent', attempts: 1, sentAt: minutesAgo(30), dueAt: minutesAgo(31), queuedAt: minutesAgo(31), updatedAt: minutesAgo(30), lastError: undefined,
    });
    written.dead = await putTestDelivery(stack, ORG, {
      alarmId: alarm.id, accountId: reader.accountId, stepKey: `0:alarm:${reader.accountId}`, channel: 'text', dueAt: minutesAgo(31), queuedAt: minutesAgo(31), updatedAt: minutesAgo(5),
    });
    written.skipped = await putTestDelivery(stack, ORG, {
      alarmId: alarm.id, accountId: admin.accountId, stepKey: `0:reminder:1:${admin.accountId}`, kind: 'reminder', reminder: 1, level: 2, channel: 'voice',
      status: 'skipped', reason: 'noVerifiedPhone', attempts: 0, to: undefined, provider: undefined, lastError: undefined, dueAt: minutesAgo(10), queuedAt: minutesAgo(10), updatedAt: minutesAgo(10),
    });
    written.grouped = await putTestDelivery(stack, ORG, {
      alarmId: alarm.id, accountId: admin.accountId, stepKey: `0:normal:${admin.accountId}`, kind: 'normal', channel: 'push', provider: 'push', to: admin.accountId,
      status: 'grouped', groupedInto: `another-alarm#0:alarm:${admin.accountId}#push`, attempts: 0, lastError: undefined, dueAt: minutesAgo(2), queuedAt: minutesAgo(2), updatedAt: minutesAgo(1),
    });
    // A message of org A's alarm to an account id of org B: org B's user is never read for its name.
    written.stranger = await putTestDelivery(stack, ORG, {
      alarmId: alarm.id, accountId: outsider.accountId, stepKey: `0:alarm:${outsider.accountId}`, channel: 'email', provider: 'email', to: 'someone@test.example',
      status: 'sent', attempts: 1, sentAt: minutesAgo(20), lastError: undefined, dueAt: minutesAgo(21), queuedAt: minutesAgo(21), updatedAt: minutesAgo(20),
    });
    // Org B's own dead message, under the same alarm id as org A's alarm, and one of its own alarm.
    await putTestDelivery(stack, OTHER_ORG, { alarmId: alarm.id, accountId: outsider.accountId, stepKey: `0:alarm:${outsider.accountId}`, channel: 'email', lastError: 'Other organisation' });
    await putTestDelivery(stack, OTHER_ORG, { alarmId: otherAlarm.id, accountId: outsider.accountId, stepKey: `0:alarm:${outsider.accountId}`, channel: 'text', lastError: 'Other organisation' });
  });

  it("lists an alarm's messages newest first, with the recipient's name, never another organisation's", async () => {
    for (const user of [admin, reader]) {
      const response = await api(stack, user, 'GET', `/alarms/${alarm.id}/notifications`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const { items } = alarmNotificationListSchema.parse(response.body);
      expect(items.map((item) => `${item.stepKey}#${item.channel}`)).toEqual(
        [delivery('grouped'), delivery('skipped'), delivery('stranger'), delivery('dead'), delivery('sent')].map((one) => `${one.stepKey}#${one.channel}`),
      );
      expect(items[0]).toMatchObject({ kind: 'normal', status: 'grouped', groupedInto: delivery('grouped').groupedInto, recipientName: admin.email });
      expect(items[1]).toMatchObject({ kind: 'reminder', reminder: 1, level: 2, status: 'skipped', reason: 'noVerifiedPhone', channel: 'voice' });
      expect(items[2]).toMatchObject({ status: 'sent', accountId: outsider.accountId });
      expect(items[2]).not.toHaveProperty('recipientName');
      // Due at the same time: the one changed last first.
      expect(items[3]).toMatchObject({ status: 'dead', channel: 'text', recipientName: 'Rita Reader', attempts: 5, lastError: 'ServiceQuotaExceededException: Rate exceeded' });
      expect(items[4]).toMatchObject({ status: 'sent', channel: 'email', recipientName: 'Rita Reader', sentAt: delivery('sent').sentAt, attempts: 1 });
      const text = JSON.stringify(items);
      expect(text).not.toContain('Other organisation');
      expect(text).not.toContain('Other Person');
      // The address a message went to is not shown.
      expect(text).not.toContain('+15550100200');
      expect(text).not.toContain('someone@test.example');
    }
  });

  it("is 404 for another organisation's alarm and for an unknown one", async () => {
    const other = await api(stack, outsider, 'GET', `/alarms/${alarm.id}/notifications`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: MESSAGES.alarmNotFound });
    expect((await api(stack, admin, 'GET', `/alarms/${otherAlarm.id}/notifications`)).status).toBe(404);
    expect((await api(stack, admin, 'GET', `/alarms/${randomUUID()}/notifications`)).status).toBe(404);
  });

  it('shows the administrator the dead messages of their organisation only, page by page', async () => {
    const failed = await failedPages(admin);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      ...refOf(delivery('dead')), status: 'dead', attempts: 5, lastError: 'ServiceQuotaExceededException: Rate exceeded', recipientName: 'Rita Reader',
      deviceKind: 'sensor', deviceId: 'D1E2F3A4', deviceName: 'Walk-in fridge', alarmType: 'threshold', siteId: alarm.siteId,
    });
    expect(JSON.stringify(failed)).not.toContain('+15550100200');
    const theirs = await failedPages(outsider);
    expect(theirs.map((item) => item.lastError)).toEqual(['Other organisation', 'Other organisation']);
    expect(theirs.map((item) => item.alarmId).sort()).toEqual([alarm.id, otherAlarm.id].sort());
  });

  it('refuses the dead-letter store to a basic user', async () => {
    expect((await api(stack, reader, 'GET', '/notifications/failed')).status).toBe(403);
    expect((await api(stack, reader, 'POST', '/notifications/failed/resend', refOf(delivery('dead')))).status).toBe(403);
  });

  it('resends a dead message: queued with its attempts from zero; 404 for another organisation, 409 the second time', async () => {
    const stranger = await api(stack, outsider, 'POST', '/notifications/failed/resend', refOf(delivery('dead')));
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: MESSAGES.notificationDeliveryNotFound });
    const unknown = await api(stack, admin, 'POST', '/notifications/failed/resend', { ...refOf(delivery('dead')), stepKey: '9:alarm:nobody' });
    expect(unknown.status).toBe(404);

    const resent = await api(stack, admin, 'POST', '/notifications/failed/resend', refOf(delivery('dead')));
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(failedNotificationSchema.parse(resent.body)).toMatchObject({ ...refOf(delivery('dead')), status: 'queued', attempts: 0, deviceName: 'Walk-in fridge' });
    expect(resent.body).not.toHaveProperty('nextAttemptAt');

    const again = await api(stack, admin, 'POST', '/notifications/failed/resend', refOf(delivery('dead')));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: MESSAGES.notificationNoLongerFailed });
    // A message that never failed is not resent either.
    expect((await api(stack, admin, 'POST', '/notifications/failed/resend', refOf(delivery('sent')))).status).toBe(409);
    expect(await failedPages(admin)).toEqual([]);
  });
});
