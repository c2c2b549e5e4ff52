import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { acknowledgeAlarm, clearAlarm } from '@domain/alarms/alarm';
import { conflict } from '@domain/core/errors';
import { MAX_DELIVERY_ATTEMPTS, SENDING_LEASE_MS } from '@domain/notifications/delivery';
import { accountKeyParams, dueTimers, minuteOf, notificationDelivery, type NotificationDelivery } from '../../lambdas/data';
import { releaseHeld, resendDelivery, planAlarmNotifications, STORM_GROUP_MAX } from '../../lambdas/notifier/plan';
import { STORM_WINDOW_MINUTES } from '@domain/notifications/storm';
import { sendDelivery } from '../../lambdas/notifier/send';
import { notifierTable } from '../support/notifier-table';

const stack = inject('stack');

/**
 * The notifier's planning and sending (issue 14 sections 2 and 3) over DynamoDB Local, on a table
 * of this test's own without a stream (the stack's stream reader never sees it), with the
 * providers replaced by a recorder and the clock set by the test: so each rule is seen
 * deterministically, step by step, as the stream and the alarm clock would drive it.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T0 = Date.parse('2026-11-25T09:00:00.000Z');
const ORG = 'notifier-org';
const OTHER_ORG = 'notifier-other-org';
const SITE = 'site-kitchen';
const SENSOR = 'sensor-walk-in';
const PROFILE = 'profile-fridge';
const GROUP = 'group-kitchen';
const ADMIN = { accountId: 'acct-admin', email: 'admin@notifier.example', phone: '+447700900123' };
const SECOND = { accountId: 'acct-second', email: 'second@notifier.example' };
const STRANGER = { accountId: 'acct-stranger', email: 'stranger@other.example' };

let now = T0;
const table = notifierTable(stack, 'notifier', () => now);
const { documents, deps, sent, put, tableName: TABLE } = table;

const deliveriesOf = (alarmId: string): Promise<NotificationDelivery[]> => table.deliveriesOf(ORG, alarmId);
const sendQueued = (alarmId: string) => table.sendQueued(ORG, alarmId);
const readAlarm = (id: string) => table.readAlarm(ORG, id);
const raise = (deviceId = SENSOR) => table.raise(ORG, { deviceId, siteId: SITE, profileId: PROFILE });

beforeAll(async () => {
  await table.create();
  await table.putKitchen(ORG, {
    siteId: SITE, profileId: PROFILE, groupId: GROUP, sensorIds: [SENSOR, 'sensor-2', 'sensor-3', 'sensor-4'],
    users: [
      { accountId: ADMIN.accountId, level: 1, delayMinutes: 0, channels: ['email', 'text'] },
      { accountId: SECOND.accountId, level: 2, delayMinutes: 15, channels: ['email'] },
      // A user of another organisation, named in this group by id: never told.
      { accountId: STRANGER.accountId, level: 1, delayMinutes: 0, channels: ['email'] },
    ],
  });
  await put({ ...accountKeyParams(TABLE, ORG, ADMIN.accountId).Key, ...ADMIN, phoneVerified: true, smsEnabled: true, lang: 'en', isActive: true });
  await put({ ...accountKeyParams(TABLE, ORG, SECOND.accountId).Key, ...SECOND, lang: 'fr', isActive: true });
  await put({ ...accountKeyParams(TABLE, OTHER_ORG, STRANGER.accountId).Key, ...STRANGER, isActive: true });
});

afterAll(() => table.drop());

describe('the notifier', () => {
  // Each case a day after the one before: a user's last message (the storm rule) never reaches into the next case.
  let start = T0 - DAY;
  beforeEach(() => {
    start += DAY;
  });

  it('tells level 1 at once on its channels, level 2 after its delay, each message once, and never another organisation\'s user', async () => {
    // Prepare
    now = start;
    sent.length = 0;
    const alarm = await raise();
    // Act: the alarm's change (the stream) plans it; its senders send; the stream delivers again.
    const planned = await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(alarm.id);
    const again = await Promise.all((await deliveriesOf(alarm.id)).map((delivery) => sendDelivery(deps, delivery)));
    // Assess: the admin by email and text; the stranger's entry skipped; level 2 waits for its 15 minutes.
    expect(planned.nextAt).toBe(start + 15 * MINUTE);
    expect(sent.map(({ provider, to }) => `${provider}:${to}`).sort()).toEqual([`email:${ADMIN.email}`, `text:${ADMIN.phone}`]);
    expect(again.every((outcome) => outcome === 'nothing')).toBe(true);
    const first = await deliveriesOf(alarm.id);
    expect(first.find((delivery) => delivery.accountId === STRANGER.accountId)).toMatchObject({ status: 'skipped', reason: 'unknownUser' });
    expect(first.filter((delivery) => delivery.accountId === ADMIN.accountId).map((delivery) => delivery.status)).toEqual(['sent', 'sent']);
    expect(sent.find((message) => message.provider === 'email')?.subject).toContain('Walk-in fridge');
    expect(sent.find((message) => message.provider === 'text')?.text).toContain('9.4 °C');

    // Act: the alarm's timer, 15 minutes on (the clock), and planning again at once (a redelivered stream record).
    now = start + 15 * MINUTE;
    await planAlarmNotifications(deps, ORG, alarm.id);
    await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(alarm.id);
    // Assess: the second level once, in French.
    const toSecond = sent.filter((message) => message.to === SECOND.email);
    expect(toSecond).toHaveLength(1);
    expect(toSecond[0]?.text).toContain('Main Kitchen');
    expect(toSecond[0]?.subject).toMatch(/Alarme|alarme|Hors plage/);
    expect(sent.some((message) => message.to === STRANGER.email)).toBe(false);
  });

  it('stops at an acknowledgement: nothing due after it goes, not even a message queued before it', async () => {
    // Prepare
    now = start;
    sent.length = 0;
    const alarm = await raise('sensor-2');
    await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(alarm.id);
    now = start + 15 * MINUTE;
    await planAlarmNotifications(deps, ORG, alarm.id);
    // Act: acknowledged after the level-2 message was queued, before its sender took it.
    const acknowledged = acknowledgeAlarm(await readAlarm(alarm.id), ADMIN.accountId, now, { reason: 'Door closed' });
    if ('refused' in acknowledged) throw new Error('not acknowledged');
    await table.writeAlarm(ORG, acknowledged);
    await sendQueued(alarm.id);
    now = start + 60 * MINUTE;
    const later = await planAlarmNotifications(deps, ORG, alarm.id);
    // Assess
    expect(sent.filter((message) => message.to === SECOND.email)).toEqual([]);
    expect((await deliveriesOf(alarm.id)).find((delivery) => delivery.accountId === SECOND.accountId)).toMatchObject({ status: 'dropped', reason: 'acknowledged' });
    expect(later).toEqual({ planned: 0, retried: 0 });
  });

  it('tries a failing provider again with a pause, parks it as dead, and an administrator\'s resend sends it once', async () => {
    // Prepare
    now = start;
    sent.length = 0;
    table.refuse('text', MAX_DELIVERY_ATTEMPTS);
    const alarm = await raise('sensor-3');
    await planAlarmNotifications(deps, ORG, alarm.id);
    // Act: every try fails; the alarm's timer queues it again when its pause is over.
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      const text = (await deliveriesOf(alarm.id)).find((delivery) => delivery.channel === 'text' && delivery.accountId === ADMIN.accountId);
      if (text === undefined) throw new Error('no text delivery');
      outcomes.push(await sendDelivery(deps, text));
      const stored = (await deliveriesOf(alarm.id)).find((delivery) => delivery.stepKey === text.stepKey && delivery.channel === 'text');
      if (stored?.nextAttemptAt !== undefined) {
        now = Date.parse(stored.nextAttemptAt);
        await planAlarmNotifications(deps, ORG, alarm.id);
      }
    }
    // Assess: four retries, then the dead-letter store, with the provider's reason.
    expect(outcomes).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'dead']);
    const dead = (await deliveriesOf(alarm.id)).find((delivery) => delivery.channel === 'text' && delivery.accountId === ADMIN.accountId);
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_DELIVERY_ATTEMPTS, lastError: 'Error: text provider unavailable' });
    expect(sent.filter((message) => message.provider === 'text')).toEqual([]);

    // Act: resent by an administrator, then handed over twice.
    if (dead === undefined) throw new Error('no dead delivery');
    const resent = await resendDelivery(deps, dead, () => conflict('not dead'));
    const outcomesAfter = [await sendDelivery(deps, resent), await sendDelivery(deps, resent)];
    // Assess
    expect(outcomesAfter).toEqual(['sent', 'nothing']);
    expect(sent.filter((message) => message.provider === 'text')).toHaveLength(1);
    await expect(resendDelivery(deps, { ...resent, status: 'sent' }, () => conflict('not dead'))).rejects.toThrow('not dead');
  });

  it('queues again a message whose sender stopped after its claim, once the claim\'s lease is over, and sends it once', async () => {
    // Prepare
    now = start;
    sent.length = 0;
    table.refuse('text', 0);
    const alarm = await raise('sensor-2');
    await planAlarmNotifications(deps, ORG, alarm.id);
    const email = (await deliveriesOf(alarm.id)).find((delivery) => delivery.channel === 'email' && delivery.accountId === ADMIN.accountId);
    if (email === undefined) throw new Error('no email delivery');
    // Act: its sender claims it and never comes back.
    const reached = table.stallNext('email');
    void sendDelivery(deps, email);
    await reached;
    const storedOf = async () => (await deliveriesOf(alarm.id)).find((delivery) => delivery.stepKey === email.stepKey && delivery.channel === 'email');
    // Within the lease the claim holds (a slow sender is not raced); the alarm's timer is set for its end.
    now = start + SENDING_LEASE_MS - MINUTE;
    await planAlarmNotifications(deps, ORG, alarm.id);
    const during = await storedOf();
    const timers = await dueTimers(documents, TABLE, [minuteOf(start + SENDING_LEASE_MS)]);
    now = start + SENDING_LEASE_MS;
    await planAlarmNotifications(deps, ORG, alarm.id);
    const after = await storedOf();
    await sendQueued(alarm.id);
    await sendQueued(alarm.id);
    // Assess
    expect(during?.status).toBe('sending');
    expect(timers).toContainEqual({ customerId: ORG, deviceType: 'ALARM', deviceId: alarm.id });
    expect(after?.status).toBe('queued');
    expect(await storedOf()).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sent.filter((message) => message.to === ADMIN.email)).toHaveLength(1);
  });

  it('sends "back to normal" to those told once the condition clears', async () => {
    // Prepare
    now = start;
    sent.length = 0;
    table.refuse('text', 0);
    const alarm = await raise('sensor-4');
    await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(alarm.id);
    // Act: cleared five minutes later, before level 2 was due.
    now = start + 5 * MINUTE;
    await table.writeAlarm(ORG, clearAlarm(await readAlarm(alarm.id), now));
    await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(alarm.id);
    now = start + 20 * MINUTE;
    await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(alarm.id);
    // Assess: the admin gets it on both channels; the second level, never told, gets nothing (nor the stranger, unknown here).
    const normal = (await deliveriesOf(alarm.id)).filter((delivery) => delivery.kind === 'normal');
    expect(normal.map((delivery) => `${delivery.accountId}:${delivery.channel}:${delivery.status}`).sort())
      .toEqual([`${ADMIN.accountId}:email:sent`, `${ADMIN.accountId}:text:sent`, `${STRANGER.accountId}:email:skipped`]);
    expect(sent.filter((message) => message.provider === 'email').at(-1)?.subject).toMatch(/normal/i);
    expect(sent.some((message) => message.to === SECOND.email)).toBe(false);
  });

  it('holds a storm to one message per user and channel per window, the others grouped in the next, none lost or doubled', async () => {
    // Prepare: three alarms at once on the site (the window is 5 minutes).
    now = start;
    sent.length = 0;
    const alarms = [await raise(SENSOR), await raise('sensor-2'), await raise('sensor-3')];
    for (const alarm of alarms) await planAlarmNotifications(deps, ORG, alarm.id);
    // Act
    for (const alarm of alarms) await sendQueued(alarm.id);
    const firstRound = sent.filter((message) => message.to === ADMIN.email).length;
    now += 5 * MINUTE;
    await releaseHeld(deps, ORG, ADMIN.accountId, 'email');
    for (const alarm of alarms) await sendQueued(alarm.id);
    // Assess: one email, then one carrying the two others ("1 more alarm" beside its own).
    const emails = sent.filter((message) => message.to === ADMIN.email);
    expect(firstRound).toBe(1);
    expect(emails).toHaveLength(2);
    expect(emails[1]?.text).toContain('1 more alarm at Main Kitchen');
    const adminEmails = (await Promise.all(alarms.map((alarm) => deliveriesOf(alarm.id)))).flat().filter((delivery) => delivery.accountId === ADMIN.accountId && delivery.channel === 'email' && delivery.kind === 'alarm');
    expect(adminEmails.map((delivery) => delivery.status).sort()).toEqual(['grouped', 'sent', 'sent']);
  });

  it('releases a storm larger than one message carries over several windows: the rest waits for the next, none left held', async () => {
    // Prepare: more held emails for the admin than one message carries.
    now = start;
    const held = Array.from({ length: STORM_GROUP_MAX + 5 }, (_, index): NotificationDelivery => ({
      customerId: ORG, alarmId: `storm-${String(index).padStart(3, '0')}`, stepKey: `0:alarm:${ADMIN.accountId}`, channel: 'email', kind: 'alarm', level: 1,
      accountId: ADMIN.accountId, status: 'held', attempts: 0, dueAt: new Date(start - MINUTE).toISOString(), queuedAt: new Date(start).toISOString(),
      updatedAt: new Date(start).toISOString(), siteId: SITE, language: 'en', provider: 'email', to: ADMIN.email, version: 1,
    }));
    for (const delivery of held) await documents.send(new PutCommand(notificationDelivery.put(delivery).params({ table: TABLE })));
    // Act
    const first = await releaseHeld(deps, ORG, ADMIN.accountId, 'email');
    // Assess: one message carries STORM_GROUP_MAX others; the recipient's timer is set for the next window, for the rest.
    expect(first.released).toBe(STORM_GROUP_MAX + 1);
    const due = await dueTimers(documents, TABLE, [minuteOf(start + STORM_WINDOW_MINUTES * MINUTE)]);
    expect(due).toContainEqual({ customerId: ORG, deviceType: 'RECIPIENT', deviceId: `${ADMIN.accountId}|email` });
  });
});
