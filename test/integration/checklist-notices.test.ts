import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import { localDateIn, MISSED_AFTER_MINUTES } from '@domain/haccp/instance';
import { checklistNoticeId, raiseDueChecklistNotices } from '../../lambdas/data/repositories/checklist-notices';
import {
  alarmKey, checklistDuePut, checklistInstancePut, deliveriesOfAlarm, queryAll, toAlarm, toNotificationDelivery, type NotificationDelivery,
} from '../../lambdas/data';
import { fridgeQuestion, testDocuments } from '../support/haccp';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
const MINUTE = 60_000;
const POLL = { timeout: 15_000, interval: 250 };

/**
 * A checklist's reminders and exceptions through the local stack (issue 15 sections 3 and 5):
 * the reminder and missed-checklist job (run here with an explicit clock, as the local cron
 * would) and an out-of-limits answer raise alarm records of device kind `checklist`, which the
 * notifier plans for the instance's HACCP notification group and sends: the deliveries reach the
 * outbox (sent; the email emulator has them). An organisation of its own.
 */
describe('HACCP reminders and exceptions reach the outbox', () => {
  const organisation = `haccp-notices-${randomUUID().slice(0, 8)}`;
  const documents = testDocuments(stack);
  afterAll(() => documents.destroy());
  let admin: TestUser;
  let cook: TestUser;
  let otherCook: TestUser;
  let siteId: string;
  let groupId: string;

  const deliveriesOf = (alarmId: string): Promise<NotificationDelivery[]> =>
    queryAll(documents, { ...deliveriesOfAlarm(stack.tableName, organisation, alarmId), ConsistentRead: true }, toNotificationDelivery);
  const sentTo = async (alarmId: string) => (await deliveriesOf(alarmId)).filter((delivery) => delivery.status === 'sent').map((delivery) => delivery.accountId).sort();
  /**
   * Whom the notifier addressed: sent, or on their way (the storm rule holds a recipient's second
   * message within its window, as the earlier tests' messages make it here, for one grouped send).
   */
  const toldTo = async (alarmId: string) => (await deliveriesOf(alarmId))
    .filter((delivery) => ['queued', 'sending', 'sent', 'held', 'grouped'].includes(delivery.status)).map((delivery) => delivery.accountId).sort();
  const storedAlarm = async (id: string): Promise<Alarm | undefined> => {
    const found = await documents.send(new GetCommand({ ...alarmKey(stack.tableName, organisation, id), ConsistentRead: true }));
    return found.Item === undefined ? undefined : toAlarm(found.Item);
  };
  const outboxPage = async () => (await fetch(`${stack.portalUrl}/outbox`)).text();

  /** An instance as the instances job writes it (with its due markers), its window placed around `now`. */
  async function putInstance(now: number, fields: { windowEndMinutes: number; remindMinutes?: number; assignedUserIds?: string[]; completed?: boolean }): Promise<{ id: string; questionId: string; missedAt: string; remindAt?: string }> {
    const windowEnd = now + fields.windowEndMinutes * MINUTE;
    const windowStart = windowEnd - 4 * 60 * MINUTE;
    const missedAt = new Date(windowEnd + MISSED_AFTER_MINUTES * MINUTE).toISOString();
    const remindAt = fields.remindMinutes === undefined ? undefined : new Date(now + fields.remindMinutes * MINUTE).toISOString();
    const question = fridgeQuestion();
    const id = randomUUID().replace(/-/g, '').slice(0, 22);
    const put = checklistInstancePut(stack.tableName, organisation, {
      id, checklistId: `checklist-${id}`, checklistVersion: 1, checklistName: 'Closing checks',
      checklist: { name: 'Closing checks', description: '', questions: [question], allowPartialUpload: false, allowManualReadings: false, allowNotApplicable: false },
      siteId, shiftId: `shift-${id}`, shiftName: 'Evening', scheduleId: `schedule-${id}`, scheduleName: 'Every day',
      assignedUserIds: fields.assignedUserIds ?? [], notificationGroupId: groupId, date: localDateIn(new Date(windowStart), 'UTC'),
      windowStart: new Date(windowStart).toISOString(), windowEnd: new Date(windowEnd).toISOString(), ...(remindAt === undefined ? {} : { remindAt }), missedAt,
      questionCount: 1, createdAt: new Date(windowStart - 60 * MINUTE).toISOString(), version: 1,
    });
    const completedAt = new Date(windowStart + MINUTE).toISOString();
    await documents.send(new PutCommand({ ...put, Item: { ...put.Item, ...(fields.completed === true ? { completedAt, startedAt: completedAt } : {}) } }));
    await documents.send(new PutCommand(checklistDuePut(stack.tableName, organisation, id, 'missed', missedAt)));
    if (remindAt !== undefined) await documents.send(new PutCommand(checklistDuePut(stack.tableName, organisation, id, 'remind', remindAt)));
    return { id, questionId: question.id, missedAt, ...(remindAt === undefined ? {} : { remindAt }) };
  }

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', organisation);
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: organisation, accountId: admin.accountId, hasDefaultLocAccess: true });
    const address = { address: '1 High Street', city: 'Leeds', state: 'West Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
    const location = await api(stack, admin, 'POST', '/locations', { name: `Kitchens ${randomUUID().slice(0, 6)}`, ...address });
    const locationId = (location.body as { id: string }).id;
    const site = await api(stack, admin, 'POST', '/sites', {
      name: `Leeds kitchen ${randomUUID().slice(0, 6)}`, locationIds: [locationId], timezone: 'UTC', ...address, billingAddressSameAsSite: false, billingAddress: address,
    });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    siteId = (site.body as { id: string }).id;
    const haccpUser = async () => {
      const user = await createUser(stack, 'basicuser', organisation);
      await provisionAccount(stack, {
        email: user.email, role: 'basicuser', customerId: organisation, accountId: user.accountId, locationIds: [locationId], siteIds: [siteId], isHaccpAvailable: true,
      });
      return user;
    };
    cook = await haccpUser();
    otherCook = await haccpUser();
    const group = await api(stack, admin, 'POST', '/notificationgroups', {
      name: `Kitchen HACCP ${randomUUID().slice(0, 6)}`, description: 'Checklist reminders and exceptions', groupType: 'haccp', locationId, siteIds: [siteId],
      schedules: [{
        name: 'Every day', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], start: '00:00', end: '23:59',
        users: [{ accountId: admin.accountId, level: 1, delayMinutes: 0, channels: ['email'] }, { accountId: cook.accountId, level: 1, delayMinutes: 0, channels: ['email'] }],
      }],
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    groupId = (group.body as { id: string }).id;
  });

  it('a missed checklist raises an exception once, and its notification reaches the group in the outbox', async () => {
    const now = Date.now();
    const missed = await putInstance(now, { windowEndMinutes: -(MISSED_AFTER_MINUTES + 5) });
    const id = checklistNoticeId('checklistMissed', missed.id, missed.missedAt);

    const first = await raiseDueChecklistNotices(documents, stack.tableName, new Date(now));
    await raiseDueChecklistNotices(documents, stack.tableName, new Date(now + 5 * MINUTE));

    // Raised by this run (or the local cron's, had it just run): once either way.
    expect(first.missed + first.existing).toBeGreaterThanOrEqual(1);
    expect(await storedAlarm(id)).toMatchObject({ deviceKind: 'checklist', deviceId: missed.id, deviceName: 'Closing checks', type: 'checklistMissed', status: 'active' });
    await expect.poll(() => sentTo(id), POLL).toEqual([admin.accountId, cook.accountId].sort());
    expect(await deliveriesOf(id)).toHaveLength(2);
    await expect.poll(async () => (await outboxPage()).includes(cook.email), POLL).toBe(true);
    // The alarm list shows it; acknowledged as an alarm, it is over.
    const listed = await api(stack, admin, 'GET', '/alarms');
    expect((listed.body as { items: Alarm[] }).items.map((alarm) => alarm.id)).toContain(id);
    const acknowledged = await api(stack, admin, 'PUT', `/alarms/${id}/acknowledge`, { reason: 'Closing checks done on paper' });
    expect(acknowledged).toMatchObject({ status: 200, body: { status: 'history', acknowledgedBy: admin.email } });
  });

  it('an out-of-limits answer notifies the group as an alarm would', async () => {
    const instance = await putInstance(Date.now(), { windowEndMinutes: 120 });
    const answered = await api(stack, cook, 'PUT', `/haccp/instances/${instance.id}/answers/${instance.questionId}`, {
      idempotencyKey: `k-${randomUUID()}`, value: 9, correctiveActionText: 'Moved the stock to the spare fridge', answeredAt: new Date().toISOString(),
    });
    expect(answered).toMatchObject({ status: 200, body: { isException: true } });
    const id = checklistNoticeId('checklistException', instance.id, instance.questionId);
    expect(await storedAlarm(id)).toMatchObject({ type: 'checklistException', deviceId: instance.id, timeline: [{ kind: 'raised', detail: 'Walk-in fridge temperature' }] });
    await expect.poll(() => toldTo(id), POLL).toEqual([admin.accountId, cook.accountId].sort());
  });

  it('reminds at the remind-at time the assigned user who has not completed the checklist, not the one who has', async () => {
    const now = Date.now();
    const open = await putInstance(now, { windowEndMinutes: 60, remindMinutes: -5, assignedUserIds: [cook.accountId] });
    const done = await putInstance(now, { windowEndMinutes: 60, remindMinutes: -5, assignedUserIds: [otherCook.accountId], completed: true });

    await raiseDueChecklistNotices(documents, stack.tableName, new Date(now));

    const reminder = checklistNoticeId('checklistReminder', open.id, open.remindAt ?? '');
    await expect.poll(() => toldTo(reminder), POLL).toEqual([cook.accountId]);
    expect(await storedAlarm(checklistNoticeId('checklistReminder', done.id, done.remindAt ?? ''))).toBeUndefined();
    // A message only: not in the alarm lists.
    const history = await api(stack, admin, 'GET', '/alarms?status=history');
    expect((history.body as { items: Alarm[] }).items.map((alarm) => alarm.id)).not.toContain(reminder);
  });
});
