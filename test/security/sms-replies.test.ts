import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import { WRONG_REPLY_CODE_LIMIT } from '@domain/notifications/reply-guard';
import type { PortalAuditEntry } from '@domain/reports/portal-audit';
import { accountKeyParams, isOpenReplyCode, readSmsReplyCode, readSmsReplyGuard } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import type { OutboxMessage } from '../../local/outbox';
import { putFridgeAlarm } from '../support/alarms';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { addNotificationGroup } from '../support/notification-groups';
import { createSensorPlace } from '../support/sensors';

/**
 * Issue 32 item 1: SMS reply codes could be guessed. An alarm's text says "Reply NNNNNN to
 * acknowledge."; a reply from the recipient's phone naming the code acknowledges the alarm. An
 * attacker able to send texts as that phone walked every 4-digit code (3,334 replies of three
 * codes in 30 s) and acknowledged the alarm. Through the whole local stack (the outbox's Reply,
 * as two-way SMS would deliver each reply): a burst of wrong codes from the recipient's number
 * locks it, the right code then does nothing, the organisation sees the lock in its Portal
 * Audit, another recipient's number is still read, and a used code cannot be used again.
 */
const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }), {
  marshallOptions: { removeUndefinedValues: true },
});
afterAll(() => documents.destroy());

const MINUTE = 60_000;
const POLL = { timeout: 20_000, interval: 250 };
/** Replies of the walk, sent at once (a few dozen show the lock; the attack sent thousands). */
const WALK_REPLIES = 24;
const REPLY = /Reply (\d+) to acknowledge\./;

const outboxMessages = (): OutboxMessage[] => {
  const file = join(stack.dataDir, 'outbox', 'messages.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as OutboxMessage);
};

/** The outbox's Reply to `text`: what two-way SMS delivers when its recipient's phone texts back. */
async function reply(text: OutboxMessage, body: string): Promise<number> {
  const answer = await fetch(`${stack.portalUrl}/outbox/sms/${encodeURIComponent(text.id)}/reply`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body }),
  });
  return answer.status;
}

describe('SMS reply codes cannot be guessed (issue 32 item 1)', () => {
  const ORG = `sms-guard-${randomUUID().slice(0, 8)}`;
  const TARGET_PHONE = `+4477009${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const OTHER_PHONE = `+4477008${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  let admin: TestUser;
  let target: TestUser;
  let other: TestUser;
  let alarmId: string;
  let targetText: OutboxMessage;
  let otherText: OutboxMessage;

  const readAlarm = async () => (await api(stack, admin, 'GET', `/alarms/${alarmId}`)).body as Alarm;
  const codeOf = (text: OutboxMessage) => REPLY.exec(text.body)?.[1] ?? '';

  beforeAll(async () => {
    // An organisation whose sensor's alarm texts two administrators at once, each on a phone of their own.
    admin = await createUser(stack, 'admin', ORG);
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: ORG, accountId: admin.accountId, hasDefaultLocAccess: true });
    [target, other] = await Promise.all([createUser(stack, 'admin', ORG), createUser(stack, 'admin', ORG)]);
    const place = await createSensorPlace(stack, admin);
    for (const [user, phone, first] of [[target, TARGET_PHONE, 'Tara'], [other, OTHER_PHONE, 'Otto']] as const) {
      await documents.send(new UpdateCommand({
        TableName: stack.tableName, Key: accountKeyParams(stack.tableName, ORG, user.accountId).Key,
        UpdateExpression: 'SET firstName = :first, lastName = :last, phone = :phone, phoneVerified = :yes, smsEnabled = :yes',
        ExpressionAttributeValues: { ':first': first, ':last': 'Recipient', ':phone': phone, ':yes': true },
      }));
    }
    const profile = await api(stack, admin, 'POST', '/alarmprofiles', {
      name: `Fridge ${randomUUID().slice(0, 6)}`, description: 'SMS reply guard', types: ['outOfRange'], min: 2, max: 8,
      alarmDelayMinutes: 0, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 2,
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const profileId = (profile.body as { id: string }).id;
    const groupId = await addNotificationGroup(stack, admin, place, {
      schedules: [{
        name: 'Every day', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], start: '00:00', end: '23:59',
        users: [
          { accountId: target.accountId, level: 1, delayMinutes: 0, channels: ['text'] },
          { accountId: other.accountId, level: 1, delayMinutes: 0, channels: ['text'] },
        ],
      }],
    });
    const sensorId = `S${randomUUID().slice(0, 6).toUpperCase()}`;
    const alarm = await putFridgeAlarm(stack, ORG, { sensorId, name: 'Walk-in fridge', place, profileId, notificationGroupIds: [groupId] });
    alarmId = alarm.id;
    const textTo = (phone: string) => outboxMessages().find((message) => message.context?.['alarmId'] === alarmId && message.channel === 'sms' && message.to === phone);
    // The notifier follows the table's stream: the texts land in the outbox a moment later.
    for (const deadline = Date.now() + POLL.timeout; textTo(TARGET_PHONE) === undefined || textTo(OTHER_PHONE) === undefined;) {
      if (Date.now() > deadline) throw new Error('The alarm\'s two texts never reached the outbox.');
      await new Promise((resolve) => setTimeout(resolve, POLL.interval));
    }
    targetText = textTo(TARGET_PHONE) as OutboxMessage;
    otherText = textTo(OTHER_PHONE) as OutboxMessage;
  });

  it("locks the recipient's number after a burst of wrong codes: its right code then does nothing, and the organisation sees the lock", async () => {
    // Prepare: the codes next to the right one, three a reply (as many as a reply may name), never the right one.
    const code = codeOf(targetText);
    const range = 10 ** code.length;
    const guesses = Array.from({ length: WALK_REPLIES * 3 }, (_, index) => String((Number(code) + 1 + index) % range).padStart(code.length, '0'));
    const since = new Date(Date.now() - MINUTE);

    // Act: the walk, every reply at once, then the right code.
    const walk = await Promise.all(Array.from({ length: WALK_REPLIES }, (_, index) => reply(targetText, guesses.slice(index * 3, index * 3 + 3).join(' '))));
    const right = await reply(targetText, `ok ${code}`);

    // Assess: every reply taken, none acknowledged the alarm; the code had six digits at least.
    expect([...new Set(walk), right]).toEqual([200, 200]);
    expect((await readAlarm()).acknowledgedAt).toBeUndefined();
    expect(code.length).toBeGreaterThanOrEqual(6);
    // Assess: the number is locked, no more codes than the limit were looked up, its replies counted.
    const guard = await readSmsReplyGuard(documents, stack.tableName, TARGET_PHONE);
    expect(guard.state.lockedUntil).toBeGreaterThan(Date.now() + 30 * MINUTE);
    expect(guard.state.triedAt.length).toBeLessThanOrEqual(WRONG_REPLY_CODE_LIMIT);
    expect(guard.state.ignoredReplies).toBeGreaterThanOrEqual(2);
    // Assess: the organisation's administrator finds the lock in the Portal Audit: on the recipient, once.
    const audit = await api(stack, admin, 'GET', `/reports/portal-audit?from=${encodeURIComponent(since.toISOString())}&limit=100`);
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    const locks = ((audit.body as { items: PortalAuditEntry[] }).items).filter((entry) => entry.changes.some((change) => change.field === 'smsRepliesBlockedUntil'));
    expect(locks).toMatchObject([{ entityType: 'USER', entityId: target.accountId, entityName: 'Tara Recipient', actor: { email: TARGET_PHONE } }]);
  });

  it("still reads another recipient's number, and a code once used does nothing again", async () => {
    // Act: the other recipient replies their code, then the same again.
    const code = codeOf(otherText);
    const first = await reply(otherText, code);
    await expect.poll(async () => (await readAlarm()).acknowledgedAt, POLL).toBeDefined();
    const acknowledged = await readAlarm();
    const again = await reply(otherText, code);

    // Assess: acknowledged by them; the code is spent (closed for good), the acknowledgement unchanged.
    expect([first, again]).toEqual([200, 200]);
    expect(acknowledged.acknowledgeReason).toBe('Acknowledged by text: Otto Recipient');
    const stored = await readSmsReplyCode(documents, stack.tableName, OTHER_PHONE, code);
    expect(stored?.usedAt).toBeDefined();
    expect(stored === undefined ? true : isOpenReplyCode(stored, Date.now())).toBe(false);
    expect(await readAlarm()).toEqual(acknowledged);
  });
});
