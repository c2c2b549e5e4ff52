import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { raiseAlarm, type Alarm, type AlarmType } from '@domain/alarms/alarm';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import type { NotificationDelivery } from '../../lambdas/data';
import { composer } from '../../lambdas/notifier/compose';
import { DEMO_ORGANISATION } from '../../local/demo';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, type TestUser } from '../support/identity';

const stack = inject('stack');

/**
 * Notification templates (issue 14 section 3) on the local stack: an administrator's override
 * is stored, previewed, and used by the sender's composer (called directly on the stack's
 * table) for a message of that organisation only; a basic user and unknown placeholders are
 * refused.
 */
const base = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials });
const documents = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
const compose = composer({ client: documents, tableName: stack.tableName });

const ORG = `templates-${randomUUID().slice(0, 8)}`;
const OTHER_ORG = `templates-other-${randomUUID().slice(0, 8)}`;
let admin: TestUser;
let basic: TestUser;

const alarmOf = (type: AlarmType): Alarm => raiseAlarm({
  id: randomUUID(), deviceKind: 'sensor', deviceId: 'sensor-1', deviceName: 'Blast Chiller', siteId: 'site-none', channel: '1', type,
  run: { startedAt: Date.now() - 60_000, lastAlarmAt: Date.now(), worst: 9.4, worstAt: Date.now(), last: 9.1 },
  now: Date.now(),
});
const deliveryOf = (customerId: string, channel: NotificationChannel, alarm: Alarm): NotificationDelivery => ({
  customerId, alarmId: alarm.id, stepKey: 'L1', channel, kind: 'alarm', level: 1, accountId: 'account-none', status: 'sending', attempts: 0,
  dueAt: new Date().toISOString(), queuedAt: new Date().toISOString(), updatedAt: new Date().toISOString(), language: 'en',
}) as NotificationDelivery;
const composed = async (customerId: string, channel: NotificationChannel, type: AlarmType = 'threshold') => {
  const alarm = alarmOf(type);
  return compose({ delivery: deliveryOf(customerId, channel, alarm), alarm, grouped: [] });
};

beforeAll(async () => {
  admin = await createUser(stack, 'admin', ORG);
  basic = await createUser(stack, 'basicuser', ORG);
});

afterAll(() => {
  documents.destroy();
});

describe('notification templates', () => {
  const textOverride = { kind: 'alarm', channel: 'text', language: 'en', alarmType: 'threshold', body: 'HOT {device}: {value} over {limit}' };

  it("stores an administrator's override, lists and previews it, and the composer uses it for that organisation only", async () => {
    // Act
    const saved = await api(stack, admin, 'PUT', '/notificationtemplates', textOverride);
    const listed = await api(stack, admin, 'GET', '/notificationtemplates');
    const preview = await api(stack, admin, 'POST', '/notificationtemplates/preview', textOverride);
    const ours = await composed(ORG, 'text');
    const theirs = await composed(OTHER_ORG, 'text');
    // Assess
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ template: { ...textOverride, version: 1, updatedBy: admin.email } });
    expect(listed.body).toMatchObject({ items: [{ ...textOverride, version: 1 }] });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ channel: 'text', message: { body: 'HOT Walk-in Freezer 2: -12.4 °C over -18 °C' }, unknownPlaceholders: [] });
    expect(ours.text).toBe('HOT Blast Chiller: 9.4 °C over');
    expect(theirs.text).toContain('Out of range: Blast Chiller');
    // The email of the same alarm keeps the product's wording.
    expect((await composed(ORG, 'email')).subject).toContain('Out of range');
  });

  it("falls back on the organisation's 'any' override for another type, and a reset brings the default back", async () => {
    // Prepare
    const any = await api(stack, admin, 'PUT', '/notificationtemplates', { kind: 'alarm', channel: 'email', language: 'en', subject: 'ALARM {device} at {site}' });
    expect(any.status).toBe(200);
    // Act
    const battery = await composed(ORG, 'email', 'battery');
    const reset = await api(stack, admin, 'DELETE', '/notificationtemplates?kind=alarm&channel=email&language=en');
    const again = await api(stack, admin, 'DELETE', '/notificationtemplates?kind=alarm&channel=email&language=en');
    const after = await composed(ORG, 'email', 'battery');
    // Assess
    expect(battery.subject).toBe('ALARM Blast Chiller at');
    expect(reset.status).toBe(204);
    expect(again.status).toBe(404);
    expect(after.subject).toContain('Low battery');
  });

  it("ends an alarm email with the organisation's name, as the composer reads it (issue 17 item 14)", async () => {
    const email = await composed(DEMO_ORGANISATION.customerId, 'email');
    expect(email.text.endsWith('\n\nSent for Demo Foods by the cold-chain monitoring portal.'), email.text).toBe(true);
    expect(email.html).toContain('<p>Sent for Demo Foods by the cold-chain monitoring portal.</p>');
    // The editor's preview says the same as what is sent.
    const preview = await api(stack, admin, 'POST', '/notificationtemplates/preview', { kind: 'alarm', channel: 'email', language: 'en', alarmType: 'threshold' });
    expect((preview.body as { message: { text: string } }).message.text).toMatch(/\n\nSent for \S+ by the cold-chain monitoring portal\.$/);
  });

  it('heads a pager email with the organisation and ends it with the link to the alarm; a pager by text stays one SMS (issue 17 item 14)', async () => {
    const alarm = alarmOf('threshold');
    const pager = deliveryOf(DEMO_ORGANISATION.customerId, 'pager', alarm);
    const byEmail = await compose({ delivery: { ...pager, provider: 'email', to: '5551234@pager.example' }, alarm, grouped: [] });
    const byText = await compose({ delivery: { ...pager, provider: 'text', to: '+15551234567' }, alarm, grouped: [] });
    expect(byEmail.link).toMatch(new RegExp(`/app/alarms/${alarm.id}$`));
    expect(byEmail.text).toBe(`[Demo Foods] ${byText.text}\n${byEmail.link}`);
    expect(byEmail.html).toContain(`<a href="${byEmail.link}">`);
    expect(byText.text).not.toContain('Demo Foods');
    expect(byText.text.length).toBeLessThanOrEqual(160);
  });

  it('previews the default when no field is given, saving nothing', async () => {
    const preview = await api(stack, admin, 'POST', '/notificationtemplates/preview', { kind: 'reminder', channel: 'push', language: 'fr', alarmType: 'threshold' });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ channel: 'push', message: { title: 'Rappel – Hors plage : Walk-in Freezer 2' } });
    const listed = (await api(stack, admin, 'GET', '/notificationtemplates')).body as { items: { kind: string }[] };
    expect(listed.items.map((item) => item.kind)).not.toContain('reminder');
  });

  it('refuses a basic user (403) and unknown placeholders (400, naming them)', async () => {
    const refused = await api(stack, basic, 'PUT', '/notificationtemplates', textOverride);
    const unknown = await api(stack, admin, 'PUT', '/notificationtemplates', { ...textOverride, body: '{device} {temperature} {site} {oops}' });
    expect(refused.status).toBe(403);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'This template uses unknown placeholders: {temperature}, {oops}. Use only {device}, {site}, {organisation}, {value}, {limit}, {time}, {link}, {code} and {more}.' });
    expect((await api(stack, basic, 'POST', '/notificationtemplates/preview', textOverride)).status).toBe(403);
  });
});
