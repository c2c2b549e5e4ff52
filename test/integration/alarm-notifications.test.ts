import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { raiseAlarm, type Alarm } from '@domain/alarms/alarm';
import { accountKeyParams, alarmPutParams, deliveriesOfAlarm, queryAll, toNotificationDelivery, deviceKey, ENTITY } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import type { OutboxMessage } from '../../local/outbox';
import { putFridgeAlarm, runAlarmClockAhead } from '../support/alarms';
import { api, createUser, type TestUser } from '../support/identity';
import { untilStackIdle } from '../support/idle';
import { addNotificationGroup } from '../support/notification-groups';
import { createSensorPlace, type SensorPlace } from '../support/sensors';

const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }), {
  marshallOptions: { removeUndefinedValues: true },
});
afterAll(() => documents.destroy());

const MINUTE = 60_000;
const POLL = { timeout: 20_000, interval: 250 };
const ADMIN_PHONE = '+447700900777';

/** Texts, voice calls and pushes the stand-ins recorded (the outbox page lists them with the SES emulator's emails). */
const outboxMessages = (): OutboxMessage[] => {
  const file = join(stack.dataDir, 'outbox', 'messages.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as OutboxMessage);
};
const outboxPage = async () => (await fetch(`${stack.portalUrl}/outbox`)).text();

/**
 * Alarms reach people through the whole local stack (issue 14 sections 2 to 4): an alarm written
 * to the table is seen on its stream, planned, and its email, text and voice call land in the
 * outbox; a key press on the voice call (the outbox's stand-in for the phone) acknowledges it,
 * and the second level, due 15 minutes later (the alarm clock run ahead), is never sent.
 */
describe('alarm notifications through the local stack', () => {
  const ORG = `notify-${randomUUID().slice(0, 8)}`;
  let admin: TestUser;
  let second: TestUser;
  let place: SensorPlace;
  let profileId: string;
  const sensorId = `S${randomUUID().slice(0, 6).toUpperCase()}`;

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    second = await createUser(stack, 'admin', ORG);
    place = await createSensorPlace(stack, admin);
    // The admin takes texts on a verified phone and has IVR: the voice call asks to press 1 (set after the place, which rewrites their record).
    await documents.send(new UpdateCommand({
      TableName: stack.tableName, Key: accountKeyParams(stack.tableName, ORG, admin.accountId).Key,
      UpdateExpression: 'SET firstName = :first, lastName = :last, phone = :phone, phoneVerified = :yes, smsEnabled = :yes, enableIVR = :yes',
      ExpressionAttributeValues: { ':first': 'Ada', ':last': 'Admin', ':phone': ADMIN_PHONE, ':yes': true },
    }));
    const profile = await api(stack, admin, 'POST', '/alarmprofiles', {
      name: `Fridge ${randomUUID().slice(0, 6)}`, description: 'Notifications test', types: ['outOfRange'], min: 2, max: 8,
      alarmDelayMinutes: 0, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 2,
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    profileId = (profile.body as { id: string }).id;
    const groupId = await addNotificationGroup(stack, admin, place, {
      schedules: [{
        name: 'Every day', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], start: '00:00', end: '23:59',
        users: [
          { accountId: admin.accountId, level: 1, delayMinutes: 0, channels: ['email', 'text', 'voice'] },
          { accountId: second.accountId, level: 2, delayMinutes: 15, channels: ['email'] },
        ],
      }],
    });
    await documents.send(new PutCommand({ TableName: stack.tableName, Item: {
      ...deviceKey(ORG, ENTITY.sensor, sensorId), id: sensorId, name: 'Walk-in fridge', siteId: place.siteId, locationId: place.locationId,
      alarmProfileId: profileId, notificationGroupIds: [groupId], deviceStatus: 'active', disabled: false,
      channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'refrigerator' }],
    } }));
  });

  it('emails, texts and calls level 1 at once; pressing 1 on the call acknowledges the alarm and level 2 is never told', async () => {
    // Act: the engine's write of a raised alarm (its stream record is what the notifier follows).
    const now = Date.now();
    const alarm = raiseAlarm({
      id: randomUUID(), deviceKind: 'sensor', deviceId: sensorId, deviceName: 'Walk-in fridge', siteId: place.siteId, profileId, channel: '1', type: 'threshold',
      run: { startedAt: now - 5 * MINUTE, lastAlarmAt: now, worst: 9.6, worstAt: now - MINUTE, last: 9.2 }, now,
    });
    await documents.send(new PutCommand(alarmPutParams(stack.tableName, ORG, alarm)));
    // Assess: the text and the voice call (asking to press 1) to the admin's phone, the email to their address.
    await expect.poll(() => outboxMessages().filter((message) => message.context?.['alarmId'] === alarm.id).map((message) => message.channel).sort(), POLL).toEqual(['sms', 'voice'])
      .catch(async (error: unknown) => {
        // What the notifier made of it, to tell a planning fault from a sending one.
        const deliveries = await queryAll(documents, { ...deliveriesOfAlarm(stack.tableName, ORG, alarm.id), ConsistentRead: true }, toNotificationDelivery);
        throw new Error(`${String(error)}; the alarm's deliveries: ${JSON.stringify(deliveries)}`);
      });
    const call = outboxMessages().find((message) => message.context?.['alarmId'] === alarm.id && message.channel === 'voice');
    expect(call).toMatchObject({ to: ADMIN_PHONE, context: { ivr: 'true' } });
    expect(call?.body).toContain('Press 1');
    await expect.poll(async () => (await outboxPage()).includes(admin.email), POLL).toBe(true);

    // Act: the listener presses 1 (what the voice provider would send).
    const pressed = await fetch(`${stack.portalUrl}/outbox/voice/${call?.id ?? ''}/keypress`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ digit: '1' }),
    });
    // Assess
    expect(pressed.status).toBeLessThan(400);
    await expect.poll(async () => ((await api(stack, admin, 'GET', `/alarms/${alarm.id}`)).body as Alarm).acknowledgedAt, POLL).toBeDefined();
    const acknowledged = (await api(stack, admin, 'GET', `/alarms/${alarm.id}`)).body as Alarm;
    expect(acknowledged.acknowledgeReason).toBe('Acknowledged by phone: Ada Admin');

    // Act: 16 minutes on, the alarm clock plans level 2 (run here ahead of time, its cursor put back after).
    await runAlarmClockAhead(documents, stack.tableName, 16 * MINUTE);
    // Assess: nothing to the second level, ever (once the notifier has planned and sent what the clock wrote).
    await untilStackIdle();
    expect(await outboxPage()).not.toContain(second.email);
  });

  it("texts a reply code; the outbox's Reply from that phone acknowledges the alarm as the recipient and level 2 is never told", async () => {
    // Prepare: the second admin takes texts (a phone of their own) at level 1 of another sensor's group, the first admin at level 2.
    const SECOND_PHONE = '+447700900778';
    await documents.send(new UpdateCommand({
      TableName: stack.tableName, Key: accountKeyParams(stack.tableName, ORG, second.accountId).Key,
      UpdateExpression: 'SET firstName = :first, lastName = :last, phone = :phone, phoneVerified = :yes, smsEnabled = :yes',
      ExpressionAttributeValues: { ':first': 'Sam', ':last': 'Second', ':phone': SECOND_PHONE, ':yes': true },
    }));
    const textSensorId = `S${randomUUID().slice(0, 6).toUpperCase()}`;
    const textGroupId = await addNotificationGroup(stack, admin, place, {
      name: `Texts ${randomUUID().slice(0, 6)}`,
      schedules: [{
        name: 'Every day', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], start: '00:00', end: '23:59',
        users: [
          { accountId: second.accountId, level: 1, delayMinutes: 0, channels: ['text'] },
          { accountId: admin.accountId, level: 2, delayMinutes: 15, channels: ['email'] },
        ],
      }],
    });
    const alarm = await putFridgeAlarm(stack, ORG, { sensorId: textSensorId, name: 'Reach-in fridge', place, profileId, notificationGroupIds: [textGroupId] });
    await expect.poll(() => outboxMessages().some((message) => message.context?.['alarmId'] === alarm.id && message.channel === 'sms'), POLL).toBe(true);
    const text = outboxMessages().find((message) => message.context?.['alarmId'] === alarm.id && message.channel === 'sms');
    const code = /Reply (\d{6}) to acknowledge\./.exec(text?.body ?? '')?.[1] ?? '';
    const reply = (body: string) => fetch(`${stack.portalUrl}/outbox/sms/${text?.id ?? ''}/reply`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body }),
    });
    // Assess
    expect(text?.to).toBe(SECOND_PHONE);
    expect(code).toMatch(/^\d{6}$/);
    expect(await outboxPage()).toContain(`action="/outbox/sms/${text?.id ?? ''}/reply"`);

    // Act: a wrong code, then the code.
    const wrong = await reply(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    const unacknowledged = ((await api(stack, admin, 'GET', `/alarms/${alarm.id}`)).body as Alarm).acknowledgedAt;
    const right = await reply(`ok ${code}`);
    // Assess
    expect([wrong.status, right.status]).toEqual([200, 200]);
    expect(unacknowledged).toBeUndefined();
    const acknowledged = (await api(stack, admin, 'GET', `/alarms/${alarm.id}`)).body as Alarm;
    expect(acknowledged.acknowledgeReason).toBe('Acknowledged by text: Sam Second');

    // Act: 16 minutes on, the alarm clock plans level 2.
    await runAlarmClockAhead(documents, stack.tableName, 16 * MINUTE);
    await untilStackIdle();
    // Assess: nothing sent to the first admin for this alarm.
    const deliveries = await queryAll(documents, { ...deliveriesOfAlarm(stack.tableName, ORG, alarm.id), ConsistentRead: true }, toNotificationDelivery);
    expect(deliveries.filter((delivery) => delivery.accountId === admin.accountId && delivery.status === 'sent')).toEqual([]);
  });
});
