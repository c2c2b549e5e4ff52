import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { myNotificationsSchema, type MyNotifications } from '@domain/notifications/my-notifications';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, type TestUser } from '../support/identity';
import { addNotificationGroup } from '../support/notification-groups';
import { createSensorPlace, type SensorPlace } from '../support/sensors';
import { accountKeyParams } from '../../lambdas/data';

const stack = inject('stack');
/** Two organisations of these tests' own. */
const ORG = 'my-notifications-test-org';
const OTHER_ORG = 'my-notifications-other-org';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

interface OutboxEntry { channel: string; at: string; to: string; subject?: string; body: string }

/** The outbox's messages on a channel to an address since a moment (the local SES emulator and stand-ins keep every one). */
async function outboxTo(channel: string, to: string, since: number): Promise<OutboxEntry[]> {
  const response = await fetch(`${stack.portalUrl}/outbox/messages.json`);
  const messages = (await response.json()) as OutboxEntry[];
  const from = Math.floor(since / 1000) * 1000;
  return messages.filter((message) => message.channel === channel && Date.parse(message.at) >= from
    && message.to.toLowerCase().split(/,\s*/).includes(to.toLowerCase()));
}

/** Sets fields of a user's account record as user administration would have. */
async function setAccount(user: TestUser, fields: Record<string, unknown>): Promise<void> {
  const names = Object.keys(fields);
  await documents.send(new UpdateCommand({
    ...accountKeyParams(stack.tableName, user.customerId, user.accountId),
    UpdateExpression: `SET ${names.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#f${index}`, name])),
    ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, fields[name]])),
  }));
}

describe("a user's own notifications through the local gateway", () => {
  let admin: TestUser;
  let reader: TestUser;
  let otherAdmin: TestUser;
  let place: SensorPlace;
  let groupId: string;
  let otherGroupId: string;

  const mine = async (user: TestUser): Promise<MyNotifications> => {
    const result = await api(stack, user, 'GET', '/users/me/notifications');
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    // The answer is what the web app parses it with.
    return myNotificationsSchema.parse(result.body);
  };
  const test = (user: TestUser, channel: string) => api(stack, user, 'POST', '/users/me/notifications/test', { channel });

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    reader = await createUser(stack, 'basicuser', ORG);
    otherAdmin = await createUser(stack, 'admin', OTHER_ORG);
    place = await createSensorPlace(stack, admin);
    groupId = await addNotificationGroup(stack, admin, place, {
      schedules: [
        { name: 'Weekdays', days: ['monday', 'friday'], start: '08:00', end: '18:00', users: [
          { accountId: admin.accountId, level: 1, delayMinutes: 0, channels: ['email'] },
          { accountId: reader.accountId, level: 2, delayMinutes: 15, channels: ['email', 'push'] },
        ] },
        { name: 'Nights', days: ['saturday'], start: '00:00', end: '06:00', users: [
          { accountId: admin.accountId, level: 1, delayMinutes: 0, channels: ['text'] },
        ] },
      ],
    });
    otherGroupId = await addNotificationGroup(stack, otherAdmin, await createSensorPlace(stack, otherAdmin));
  });

  it("shows the groups that name the caller, with their level, delay and channels, and never another organisation's", async () => {
    const readers = await mine(reader);
    expect(readers.groups).toEqual([{
      id: groupId, name: expect.any(String), groupType: 'sensor',
      // Only the schedules that name the reader.
      schedules: [{ name: 'Weekdays', days: ['monday', 'friday'], start: '08:00', end: '18:00', level: 2, delayMinutes: 15, channels: ['email', 'push'] }],
    }]);
    expect(readers.notificationsEnabled).toBe(true);
    // Email reaches them; texts are off, no pager, no device with push on.
    expect(readers.channels).toEqual([
      { channel: 'email', reachable: true },
      { channel: 'text', reachable: false, reason: 'textOff' },
      { channel: 'pager', reachable: false, reason: 'noPager' },
      { channel: 'push', reachable: false, reason: 'noPushDevice' },
      { channel: 'voice', reachable: false, reason: 'noVerifiedPhone' },
    ]);

    const admins = await mine(admin);
    expect(admins.groups.map((group) => group.id)).toEqual([groupId]);
    expect(admins.groups[0]?.schedules.map((schedule) => schedule.name)).toEqual(['Weekdays', 'Nights']);
    // Another organisation's admin sees their own group only, and ours is not among it.
    const others = await mine(otherAdmin);
    expect(others.groups.map((group) => group.id)).toEqual([otherGroupId]);
    expect((await mine(reader)).groups.map((group) => group.id)).not.toContain(otherGroupId);
  });

  it('says when the caller is in no group', async () => {
    const loner = await createUser(stack, 'basicuser', ORG);
    expect((await mine(loner)).groups).toEqual([]);
  });

  it('sends a test email to the caller\'s own address', async () => {
    const user = await createUser(stack, 'basicuser', ORG);
    const since = Date.now();
    const result = await test(user, 'email');
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ channel: 'email', sentAt: expect.any(String) });
    const emails = await outboxTo('email', user.email, since);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toContain('Test notification');
    expect(emails[0]?.body).toContain('notifications on this channel reach you');
  });

  it('refuses a test text without a verified phone, and texts turned on without one', async () => {
    const user = await createUser(stack, 'basicuser', ORG);
    // Texts off: the refusal says to turn them on.
    let refused = await test(user, 'text');
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toBe(MESSAGES.testMessageTextOff);
    // SPEC section 5: "SMS needs a verified phone" (the caller cannot turn texts on without one).
    const turnOn = await api(stack, user, 'PUT', '/users/me/notifications', { smsEnabled: true });
    expect(turnOn.status).toBe(400);
    expect((turnOn.body as { message: string }).message).toBe(MESSAGES.smsNeedsVerifiedPhone);
    // Texts on (by an administrator) and a phone not verified yet: refused, and nothing was sent.
    const phone = '+15550004242';
    await setAccount(user, { smsEnabled: true, phone, phoneVerified: false });
    expect((await mine(user)).channels.find((state) => state.channel === 'text')).toEqual({ channel: 'text', reachable: false, reason: 'noVerifiedPhone' });
    const since = Date.now();
    refused = await test(user, 'text');
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toBe(MESSAGES.testMessageNoVerifiedPhone);
    expect(await outboxTo('sms', phone, since)).toEqual([]);

    // Verified: the test text goes to that phone.
    await setAccount(user, { phoneVerified: true });
    const sent = await test(user, 'text');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const texts = (await fetch(`${stack.portalUrl}/outbox/messages.json`).then((response) => response.json()) as OutboxEntry[])
      .filter((message) => message.to.includes(phone) && Date.parse(message.at) >= Math.floor(since / 1000) * 1000);
    expect(texts.map((message) => message.body).join('\n')).toContain('this channel works');
  });

  it('turns the caller\'s own notifications off and on; off, nothing reaches them and a test is refused', async () => {
    const user = await createUser(stack, 'basicuser', ORG);
    const off = await api(stack, user, 'PUT', '/users/me/notifications', { notificationsEnabled: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const answer = myNotificationsSchema.parse(off.body);
    expect(answer.notificationsEnabled).toBe(false);
    expect(answer.channels.every((state) => !state.reachable && state.reason === 'notificationsOff')).toBe(true);
    const refused = await test(user, 'email');
    expect((refused.body as { message: string }).message).toBe(MESSAGES.testMessageNotificationsOff);
    const on = await api(stack, user, 'PUT', '/users/me/notifications', { notificationsEnabled: true });
    expect(myNotificationsSchema.parse(on.body).channels[0]).toEqual({ channel: 'email', reachable: true });
  });

  it('refuses the sixth test message within ten minutes', async () => {
    const user = await createUser(stack, 'basicuser', ORG);
    for (let sent = 1; sent <= 5; sent += 1) {
      const result = await test(user, 'email');
      expect(result.status, `test ${sent}: ${JSON.stringify(result.body)}`).toBe(200);
    }
    const sixth = await test(user, 'email');
    expect(sixth.status).toBe(400);
    expect((sixth.body as { message: string }).message).toBe(MESSAGES.testMessageLimitReached);
    // Another user's own limit is theirs.
    expect((await test(reader, 'email')).status).toBe(200);
  });

  it('takes no address from the request: a test goes to the caller only', async () => {
    const since = Date.now();
    const result = await api(stack, reader, 'POST', '/users/me/notifications/test', { channel: 'email', to: 'someone@else.example', accountId: admin.accountId });
    expect(result.status).toBeLessThan(500);
    expect(await outboxTo('email', 'someone@else.example', since)).toEqual([]);
    expect(await outboxTo('email', admin.email, since)).toEqual([]);
  });
});
