import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountKeyParams, organisationAuditNewestFirst, queryAll, readSmsReplyGuard, smsReplyCodeKey, toAuditEntry } from '../../lambdas/data';
import { planAlarmNotifications } from '../../lambdas/notifier/plan';
import { WRONG_REPLY_CODE_LIMIT } from '@domain/notifications/reply-guard';
import { acknowledgeByText } from '../../lambdas/alarms/sms-acknowledge';
import { LOCAL_REGION } from '../../local/identity';
import { notifierTable, type ScheduledUser } from '../support/notifier-table';

const stack = inject('stack');

/**
 * The SMS reply code (issue 14 section 2): an alarm's text asks "Reply NNNNNN to acknowledge.", and
 * a reply from that phone naming the code acknowledges the alarm as its recipient, which stops
 * the escalation. On a table of this test's own without a stream, with the providers replaced by
 * a recorder and the clock set by the test (test/support/notifier-table.ts, as
 * test/integration/notifier.test.ts), the reply handed to the same function the SNS topic's
 * handler and the outbox's Reply call.
 */
const MINUTE = 60_000;
const T0 = Date.parse('2026-11-26T09:00:00.000Z');
const ORG = 'reply-org';
const OTHER_ORG = 'reply-other-org';
const ADMIN = { accountId: 'acct-admin', email: 'admin@reply.example', firstName: 'Ada', lastName: 'Admin', phone: '+447700900123' };
const SECOND = { accountId: 'acct-second', email: 'second@reply.example' };
const OTHER_ADMIN = { accountId: 'acct-other', email: 'other@elsewhere.example', firstName: 'Olga', lastName: 'Other', phone: '+447700900456' };
const REPLY = /Reply (\d{6}) to acknowledge\./;

let now = T0;
const table = notifierTable(stack, 'sms-reply', () => now);
const { documents, deps, sent, put, deliveriesOf, sendQueued, readAlarm, tableName: TABLE } = table;
const replyDeps = { client: documents, tableName: TABLE, clock: () => new Date(now) };

const textTo = (phone: string) => sent.filter((message) => message.provider === 'text' && message.to === phone).at(-1)?.text ?? '';
const codeIn = (text: string) => REPLY.exec(text)?.[1] ?? '';

/** An organisation's kitchen with one sensor: `first` at level 1 by text and email, `second` at level 2 after 15 minutes. */
async function organisation(customerId: string, first: { accountId: string }, second?: { accountId: string }): Promise<void> {
  const users: ScheduledUser[] = [
    { accountId: first.accountId, level: 1, delayMinutes: 0, channels: ['email', 'text'] },
    ...(second === undefined ? [] : [{ accountId: second.accountId, level: 2, delayMinutes: 15, channels: ['email'] } satisfies ScheduledUser]),
  ];
  await table.putKitchen(customerId, { siteId: 'site', profileId: 'profile', groupId: 'group', sensorIds: ['sensor'], users });
}

const raise = (customerId: string) => table.raise(customerId, { deviceId: 'sensor', siteId: 'site', profileId: 'profile' });

beforeAll(async () => {
  await table.create();
  await organisation(ORG, ADMIN, SECOND);
  await organisation(OTHER_ORG, OTHER_ADMIN);
  await put({ ...accountKeyParams(TABLE, ORG, ADMIN.accountId).Key, ...ADMIN, role: 'admin', phoneVerified: true, smsEnabled: true, lang: 'en', isActive: true });
  await put({ ...accountKeyParams(TABLE, ORG, SECOND.accountId).Key, ...SECOND, role: 'admin', lang: 'en', isActive: true });
  await put({ ...accountKeyParams(TABLE, OTHER_ORG, OTHER_ADMIN.accountId).Key, ...OTHER_ADMIN, role: 'admin', phoneVerified: true, smsEnabled: true, lang: 'en', isActive: true });
});

afterAll(() => table.drop());

describe('acknowledging an alarm by replying to its text', () => {
  it('texts a reply code; only that code from that phone acknowledges, as the recipient, and level 2 is never told', async () => {
    // Prepare: an alarm in each organisation, level 1 told.
    now = T0;
    sent.length = 0;
    const alarm = await raise(ORG);
    const otherAlarm = await raise(OTHER_ORG);
    for (const [customerId, id] of [[ORG, alarm.id], [OTHER_ORG, otherAlarm.id]] as const) {
      await planAlarmNotifications(deps, customerId, id);
      await sendQueued(customerId, id);
    }
    const code = codeIn(textTo(ADMIN.phone));
    const otherCode = codeIn(textTo(OTHER_ADMIN.phone));
    // Assess: the text asks for the code, the delivery keeps it, the email does not ask.
    expect(textTo(ADMIN.phone)).toMatch(REPLY);
    expect((await deliveriesOf(ORG, alarm.id)).find((delivery) => delivery.channel === 'text')?.replyCode).toBe(code);
    expect(sent.find((message) => message.provider === 'email' && message.to === ADMIN.email)?.text).not.toMatch(/Reply/);

    // Act: a wrong code, the right code from another phone, another organisation's code from this phone, this code from the other phone.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = [
      await acknowledgeByText(replyDeps, { originationNumber: ADMIN.phone, messageBody: wrong === otherCode ? '000000' : wrong }),
      await acknowledgeByText(replyDeps, { originationNumber: '+447700900999', messageBody: code }),
      await acknowledgeByText(replyDeps, { originationNumber: ADMIN.phone, messageBody: otherCode === code ? '' : otherCode }),
      await acknowledgeByText(replyDeps, { originationNumber: OTHER_ADMIN.phone, messageBody: code === otherCode ? '' : code }),
      await acknowledgeByText(replyDeps, { originationNumber: ADMIN.phone, messageBody: `${'9'.repeat(5_000)} \u0000<b>` }),
    ];
    // Assess: nothing acknowledged anywhere.
    expect(refused).toEqual(['ignored', 'ignored', 'ignored', 'ignored', 'ignored']);
    expect((await readAlarm(ORG, alarm.id)).acknowledgedAt).toBeUndefined();
    expect((await readAlarm(OTHER_ORG, otherAlarm.id)).acknowledgedAt).toBeUndefined();

    // Act: the recipient replies the code (as people type it), then again (the code is spent).
    now = T0 + 2 * MINUTE;
    const outcome = await acknowledgeByText(replyDeps, { originationNumber: '+44 7700 900123', messageBody: `ok ${code} on my way`, inboundMessageId: 'inbound-1' });
    const again = await acknowledgeByText(replyDeps, { originationNumber: ADMIN.phone, messageBody: code });
    // Assess
    expect([outcome, again]).toEqual(['acknowledged', 'ignored']);
    expect(await readAlarm(ORG, alarm.id)).toMatchObject({ acknowledgedBy: ADMIN.email, acknowledgeReason: 'Acknowledged by text: Ada Admin' });
    expect((await readAlarm(OTHER_ORG, otherAlarm.id)).acknowledgedAt).toBeUndefined();

    // Act: 16 minutes on, the alarm's timer would plan level 2.
    now = T0 + 16 * MINUTE;
    await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(ORG, alarm.id);
    // Assess: the second level is never told.
    expect(sent.filter((message) => message.to === SECOND.email)).toEqual([]);
  });

  it('names the same code when a failed text is sent again, and a code no longer opens once expired', async () => {
    // Prepare: the first try of the text fails.
    now = T0 + 3 * 24 * 60 * MINUTE;
    sent.length = 0;
    table.refuse('text', 1);
    const alarm = await raise(ORG);
    await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(ORG, alarm.id);
    const failed = (await deliveriesOf(ORG, alarm.id)).find((delivery) => delivery.channel === 'text');
    // Act: the alarm's timer queues it again after its pause; it is sent.
    now = Date.parse(failed?.nextAttemptAt ?? '');
    await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(ORG, alarm.id);
    // Assess
    expect(failed).toMatchObject({ status: 'retrying', replyCode: expect.stringMatching(/^\d{6}$/) });
    expect(codeIn(textTo(ADMIN.phone))).toBe(failed?.replyCode);

    // Act: the code's expiry is passed (DynamoDB's TTL removes items late: the reader checks it).
    await documents.send(new UpdateCommand({
      TableName: TABLE, Key: smsReplyCodeKey(TABLE, ADMIN.phone, failed?.replyCode ?? '').Key,
      UpdateExpression: 'SET #ttl = :past', ExpressionAttributeNames: { '#ttl': 'ttl' }, ExpressionAttributeValues: { ':past': Math.floor(now / 1000) - 1 },
    }));
    const late = await acknowledgeByText(replyDeps, { originationNumber: ADMIN.phone, messageBody: failed?.replyCode ?? '' });
    // Assess
    expect(late).toBe('ignored');
    expect((await readAlarm(ORG, alarm.id)).acknowledgedAt).toBeUndefined();
  });

  it('locks a number after five wrong codes in an hour: its right code does nothing until an hour passes without a reply, and its organisation sees the lock', async () => {
    // Prepare
    now = T0 + 4 * 24 * 60 * MINUTE;
    const lockStart = now;
    sent.length = 0;
    const alarm = await raise(ORG);
    await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(ORG, alarm.id);
    const code = codeIn(textTo(ADMIN.phone));
    const wrong = Array.from({ length: 6 }, (_, index) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'));
    const reply = (messageBody: string, originationNumber = ADMIN.phone) => acknowledgeByText(replyDeps, { originationNumber, messageBody });

    // Act: three wrong codes, three more (the sixth code locks the number), the right code, and 59 minutes on the right code again.
    const outcomes = [await reply(wrong.slice(0, 3).join(' ')), await reply(wrong.slice(3).join(' ')), await reply(code)];
    now += 59 * MINUTE;
    outcomes.push(await reply(`ok ${code}`));
    const otherNumber = await reply('123456', OTHER_ADMIN.phone);
    // Assess: locked, the alarm not acknowledged, another number still read, the replies counted.
    expect(outcomes).toEqual(['ignored', 'locked', 'locked', 'locked']);
    expect(otherNumber).toBe('ignored');
    expect((await readAlarm(ORG, alarm.id)).acknowledgedAt).toBeUndefined();
    const guard = await readSmsReplyGuard(documents, TABLE, ADMIN.phone);
    expect(guard.state).toMatchObject({ lockedAt: lockStart, lockedUntil: now + 60 * MINUTE, ignoredReplies: 3 });
    expect(guard.state.triedAt).toHaveLength(5);
    // Assess: the organisation's Portal Audit names the recipient and the lock's end, once.
    const audit = await queryAll(documents, organisationAuditNewestFirst(TABLE, ORG, new Date(lockStart - MINUTE).toISOString(), new Date(now).toISOString()), toAuditEntry);
    const locks = audit.filter((entry) => entry.changes.some((change) => change.field === 'smsRepliesBlockedUntil'));
    expect(locks).toMatchObject([{
      entityType: 'USER', entityId: ADMIN.accountId, action: 'update', actor: { email: ADMIN.phone },
      changes: [{ field: 'smsRepliesBlockedUntil', after: new Date(lockStart + 60 * MINUTE).toISOString() }],
    }]);

    // Act: an hour after its last reply, the number is read again.
    now += 60 * MINUTE;
    const after = await reply(code);
    // Assess
    expect(after).toBe('acknowledged');
    expect((await readAlarm(ORG, alarm.id)).acknowledgedBy).toBe(ADMIN.email);
  });

  it('looks up no more codes than the limit between replies that arrive at once', async () => {
    // Prepare: a client that records each reply code it reads (the lookups), for a number with none open.
    now = T0 + 5 * 24 * 60 * MINUTE;
    const lookups: string[] = [];
    const counting = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }), {
      marshallOptions: { removeUndefinedValues: true },
    });
    counting.middlewareStack.add((next) => async (args) => {
      const sortKey = (args.input as { Key?: { sk?: unknown } }).Key?.sk;
      const text = typeof sortKey === 'string' ? sortKey : (sortKey as { S?: string } | undefined)?.S;
      if (text?.startsWith('CODE#') === true) lookups.push(text);
      return next(args);
    }, { step: 'initialize', name: 'recordCodeLookups' });
    const phone = '+447700900555';
    // Act: twenty replies of three codes each, all at once.
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, index) => acknowledgeByText(
      { client: counting, tableName: TABLE, clock: () => new Date(now) },
      { originationNumber: phone, messageBody: [0, 1, 2].map((offset) => String(100_000 + index * 3 + offset)).join(' ') },
    )));
    counting.destroy();
    // Assess: the limit's codes were looked up, the number is locked, every other reply left unread.
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.length).toBeLessThanOrEqual(WRONG_REPLY_CODE_LIMIT);
    expect(outcomes.filter((outcome) => outcome === 'locked').length).toBeGreaterThanOrEqual(20 - WRONG_REPLY_CODE_LIMIT);
    expect((await readSmsReplyGuard(documents, TABLE, phone)).state.lockedUntil).toBe(now + 60 * MINUTE);
  });

  it('does nothing for a recipient no longer active', async () => {
    // Prepare
    now = T0 + 6 * 24 * 60 * MINUTE;
    sent.length = 0;
    const alarm = await raise(ORG);
    await planAlarmNotifications(deps, ORG, alarm.id);
    await sendQueued(ORG, alarm.id);
    const code = codeIn(textTo(ADMIN.phone));
    await documents.send(new UpdateCommand({
      TableName: TABLE, Key: accountKeyParams(TABLE, ORG, ADMIN.accountId).Key, UpdateExpression: 'SET isActive = :no', ExpressionAttributeValues: { ':no': false },
    }));
    // Act
    const outcome = await acknowledgeByText(replyDeps, { originationNumber: ADMIN.phone, messageBody: code });
    // Assess
    expect(code).toMatch(/^\d{6}$/);
    expect(outcome).toBe('ignored');
    expect((await readAlarm(ORG, alarm.id)).acknowledgedAt).toBeUndefined();
  });
});
