import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { raiseAlarm, type Alarm } from '@domain/alarms/alarm';
import type { NotificationGroup } from '@domain/notifications/notification-group';
import { alarmPutParams, deliveriesOfAlarm, minuteOf, queryAll, toNotificationDelivery, accountListKeys } from '../../lambdas/data';
import { DEMO_ORGANISATION, DEMO_USERS } from '../../local/demo';
import { DEMO_NOTIFICATION_GROUP, DEMO_SENSORS } from '../../local/demo-devices';
import { LOCAL_REGION } from '../../local/identity';
import type { OutboxMessage } from '../../local/outbox';
import { runAlarmClockAhead } from '../support/alarms';
import { launchBrowser } from '../support/browser';
import { signedInContext } from '../support/browser-session';
import { connectDevice } from '../support/devices';
import { addPlace, choose, created, hex, newOrganisationAdmin } from '../support/device-pages';
import { api, createUser, openSession, provisionAccount, type TestUser } from '../support/identity';
import { addNotificationGroup } from '../support/notification-groups';

const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }), {
  marshallOptions: { removeUndefinedValues: true },
});
const MINUTE = 60_000;
const POLL = { timeout: 20_000, interval: 250 };

const outboxMessages = (): OutboxMessage[] => {
  const file = join(stack.dataDir, 'outbox', 'messages.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as OutboxMessage);
};
const base64url = (bytes: number) => randomBytes(bytes).toString('base64url');

/** The service worker side of `navigator` the test reads in the page (the Node typings have no DOM). */
interface WorkerNavigator {
  serviceWorker: { ready: Promise<{ getNotifications(): Promise<Array<{ title: string; body: string; data: unknown }>> }> };
}

/**
 * Alarm notifications in the browser (issue 14 section 6): an alarm of a sensor in a two-level
 * group sends its email and its push at once; the administrator opens the outbox, follows the
 * email's link to the alarm, signs in and acknowledges it there, and the second level, due 15
 * minutes later, is never told. The push the sender made is delivered to the portal's service
 * worker through the DevTools protocol's `ServiceWorker.deliverPushMessage` (offline, no push
 * service can deliver it; the notifications permission granted) and shown as a notification
 * that opens the alarm. An administrator builds a two-level group on the Administration page;
 * the demo's unplugged probe sends its email and text to the outbox.
 */
describe('alarm notifications in the browser', () => {
  let browser: Browser;
  let admin: TestUser;
  let second: TestUser;
  let alarm: Alarm;
  let places: { locationName: string; siteName: string; siteId: string; locationId: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newOrganisationAdmin(stack, 'notify-e2e');
    second = await createUser(stack, 'admin', admin.customerId);
    // Both named and on the users list (its index), as a notification group's user picker shows them.
    for (const [user, firstName, lastName, owner] of [[admin, 'Olu', 'Owner', true], [second, 'Sam', 'Second', false]] as const) {
      await provisionAccount(stack, {
        email: user.email, role: user.role, customerId: user.customerId, accountId: user.accountId, firstName, lastName,
        hasDefaultLocAccess: true, isOwner: owner,
        ...accountListKeys(user.customerId, { accountId: user.accountId, email: user.email, firstName, lastName }),
      });
    }
    const address = { address: '1 Cold Store Lane', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
    const names = { locationName: `Depot ${hex(2)}`, siteName: `Kitchen ${hex(2)}` };
    const { location, site } = await addPlace(stack, admin, { ...names, address });
    places = { ...names, siteId: site.id, locationId: location.id };
    const profile = await created(api(stack, admin, 'POST', '/alarmprofiles', {
      name: `Cooler ${hex(2)}`, description: '0-5 °C', types: ['outOfRange'], alarmDelayMinutes: 0, notificationDelayMinutes: 0,
      snoozeIntervalMinutes: 30, snoozeLimit: 3, measurement: 'temperature', unit: 'C', min: 0, max: 5,
    }), 'an alarm profile');
    const place = { siteId: site.id, locationId: location.id, gatewayId: '', otherSiteId: '', otherGatewayId: '', profileId: '', otherProfileId: '' };
    const groupId = await addNotificationGroup(stack, admin, place, {
      schedules: [{
        name: 'Every day', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], start: '00:00', end: '23:59',
        users: [
          { accountId: admin.accountId, level: 1, delayMinutes: 0, channels: ['email', 'push'] },
          { accountId: second.accountId, level: 2, delayMinutes: 15, channels: ['email'] },
        ],
      }],
    });
    // The admin's device takes push (a browser's subscription: offline, the push is recorded, not sent).
    const sessionId = await openSession(stack, admin.token);
    const pushOn = await api(stack, admin, 'PUT', `/session/active/devices/${sessionId}`, {
      pushEnabled: true, subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/${hex(8)}`, keys: { p256dh: base64url(65), auth: base64url(16) } },
    });
    expect(pushOn.status, JSON.stringify(pushOn.body)).toBe(200);
    const logging = await created(api(stack, admin, 'POST', '/dataloggingprofiles', {
      name: `Every 5 minutes ${hex(2)}`, valueToLog: 'instant', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0,
    }), 'a data logging profile');
    const gateway = await created(api(stack, admin, 'POST', '/gateways', {
      name: `Gateway ${hex(2)}`, model: 'GW-SG1', macId: hex(6), eui: hex(8), locationIds: [location.id], siteId: site.id,
    }), 'a gateway');
    const sensorId = hex(4);
    await created(api(stack, admin, 'POST', '/sensors', {
      id: sensorId, name: 'Walk-in fridge', deviceModel: 'CT-100', connectionType: 'subGhz', locationId: location.id, siteId: site.id,
      gatewayId: gateway.id, alarmProfileId: profile.id, notificationGroupIds: [groupId],
      channels: [{ channel: 1, dataLoggingProfileId: logging.id, sensorType: 'temperature', sensorSubType: 'refrigerator' }],
    }), 'a sensor');
    // The engine's write of a raised alarm: the notifier follows it on the table's stream.
    const now = Date.now();
    alarm = raiseAlarm({
      id: `e2e-${hex(6)}`, deviceKind: 'sensor', deviceId: sensorId, deviceName: 'Walk-in fridge', siteId: site.id, locationId: location.id, profileId: profile.id,
      channel: '1', type: 'threshold', run: { startedAt: now - 5 * MINUTE, lastAlarmAt: now, worst: 7.5, worstAt: now - MINUTE, last: 7.2 }, now,
    });
    await documents.send(new PutCommand(alarmPutParams(stack.tableName, admin.customerId, alarm)));
  });

  afterAll(async () => {
    await browser?.close();
    documents.destroy();
  });

  it('lets an admin build a group with two levels, stored as built and shown again when reopened', async () => {
    const context = await signedInContext(browser, stack, admin.email);
    const page = await context.newPage();
    await page.goto(`${stack.portalUrl}/app/notification-groups`);
    await page.getByRole('button', { name: 'Add notification group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add notification group' });
    const name = `Night shift ${hex(2)}`;
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^Description/ }).fill('The cold store overnight');
    await choose(page, dialog, /^Location/, places.locationName);
    await dialog.getByRole('checkbox', { name: places.siteName }).check();
    // The schedule: Monday, Wednesday, Friday and Saturday, 07:00 to 19:30 (a new one is Monday to Friday, 08:00 to 18:00).
    const schedule = dialog.getByRole('group', { name: 'Schedule 1' });
    await schedule.getByRole('textbox', { name: /^Schedule name/ }).fill('Late week');
    for (const day of ['Tuesday', 'Thursday', 'Saturday']) await schedule.getByRole('button', { name: day, exact: true }).click();
    await schedule.getByLabel(/^Start/).fill('07:00');
    await schedule.getByLabel(/^End/).fill('19:30');
    // Level 1: the admin at once, by email and text; level 2: the second user after 20 minutes, by push only.
    const first = schedule.getByRole('group', { name: 'User 1' });
    await choose(page, first, /^User/, 'Olu Owner');
    await first.getByRole('checkbox', { name: 'Text' }).check();
    await schedule.getByRole('button', { name: 'Add user' }).click();
    const next = schedule.getByRole('group', { name: 'User 2' });
    await choose(page, next, /^User/, 'Sam Second');
    await next.getByRole('textbox', { name: /^Delay/ }).fill('20');
    await next.getByRole('checkbox', { name: 'Email' }).uncheck();
    await next.getByRole('checkbox', { name: 'Push' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Stored as built.
    const stored = ((await api(stack, admin, 'GET', '/notificationgroups?limit=100')).body as { items: NotificationGroup[] }).items.find((group) => group.name === name);
    expect(stored).toMatchObject({
      locationId: places.locationId, siteIds: [places.siteId], groupType: 'sensor', isDefault: false,
      schedules: [{
        name: 'Late week', days: ['monday', 'wednesday', 'friday', 'saturday'], start: '07:00', end: '19:30',
        users: [
          { accountId: admin.accountId, level: 1, delayMinutes: 0, channels: ['email', 'text'] },
          { accountId: second.accountId, level: 2, delayMinutes: 20, channels: ['push'] },
        ],
      }],
    });

    // Reopened, the dialog shows both levels as they were saved.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit notification group' });
    const saved = edit.getByRole('group', { name: 'Schedule 1' });
    expect(await saved.getByRole('textbox', { name: /^Schedule name/ }).inputValue()).toBe('Late week');
    const pressed = async (day: string) => await saved.getByRole('button', { name: day, exact: true }).getAttribute('aria-pressed') === 'true';
    expect(await Promise.all(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(pressed))).toEqual([true, false, true, false, true, true, false]);
    expect([await saved.getByLabel(/^Start/).inputValue(), await saved.getByLabel(/^End/).inputValue()]).toEqual(['07:00', '19:30']);
    const row = async (number: number) => {
      const user = saved.getByRole('group', { name: `User ${number}` });
      const channels = [];
      for (const channel of ['Email', 'Text', 'Pager', 'Push', 'Voice']) if (await user.getByRole('checkbox', { name: channel }).isChecked()) channels.push(channel);
      return {
        user: await user.getByRole('combobox', { name: /^User/ }).innerText(),
        level: await user.getByRole('textbox', { name: /^Level/ }).inputValue(),
        delay: await user.getByRole('textbox', { name: /^Delay/ }).inputValue(),
        channels,
      };
    };
    expect([await row(1), await row(2)]).toEqual([
      { user: 'Olu Owner', level: '1', delay: '0', channels: ['Email', 'Text'] },
      { user: 'Sam Second', level: '2', delay: '20', channels: ['Push'] },
    ]);
    await context.close();
  });

  it('follows the email\'s link to the alarm, acknowledges it there, and the second level is never told', async () => {
    const context = await signedInContext(browser, stack, admin.email);
    const page = await context.newPage();
    // The outbox shows the email with its link to the alarm.
    await expect.poll(async () => (await (await fetch(`${stack.portalUrl}/outbox`)).text()).includes(admin.email), POLL).toBe(true);
    await page.goto(`${stack.portalUrl}/outbox`);
    const email = page.locator('article', { hasText: admin.email }).filter({ hasText: 'Walk-in fridge' }).first();
    const text = await email.innerText();
    const link = /https?:\/\/\S+\/app\/alarms\/\S+/.exec(text)?.[0];
    expect(link, text).toContain(`/app/alarms/${alarm.id}`);

    // Signed in (the context), the link opens the alarm, which the administrator acknowledges.
    await page.goto(link ?? '');
    await page.getByRole('button', { name: /^Acknowledge/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Door closed after a delivery');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => ((await api(stack, admin, 'GET', `/alarms/${alarm.id}`)).body as Alarm).acknowledgedAt, POLL).toBeDefined();

    // 16 minutes on (the alarm clock, run ahead, through the minute level 2 was due in): the clock plans the
    // alarm's due steps itself, so once it has run the second level has no delivery, and so nothing in the outbox.
    const run = await runAlarmClockAhead(documents, stack.tableName, 16 * MINUTE);
    expect(run.minutes).toContain(minuteOf(Date.parse(alarm.raisedAt) + 15 * MINUTE));
    const deliveries = await queryAll(documents, { ...deliveriesOfAlarm(stack.tableName, admin.customerId, alarm.id), ConsistentRead: true }, toNotificationDelivery);
    expect(deliveries.map((delivery) => delivery.accountId)).not.toContain(second.accountId);
    expect(await (await fetch(`${stack.portalUrl}/outbox`)).text()).not.toContain(second.email);
    await context.close();
  });

  it("sends the email and the text of the demo's unplugged probe, seen in the outbox", async () => {
    // The test stack has the demo organisation as `npm start` seeds it: its Chest Freezer Probe is in the Main Kitchen group.
    const probe = DEMO_SENSORS.find((sensor) => sensor.name === 'Chest Freezer Probe');
    const level1 = DEMO_USERS.find((user) => user.accountId === DEMO_NOTIFICATION_GROUP.schedules[0]?.users.find((entry) => entry.level === 1)?.accountId);
    if (probe === undefined || level1?.phone === undefined) throw new Error('The demo has no Chest Freezer Probe, or its group no level 1 user with a phone.');
    const demoAdmin = await createUser(stack, 'admin');
    await provisionAccount(stack, { email: demoAdmin.email, role: 'admin', customerId: demoAdmin.customerId, accountId: demoAdmin.accountId, hasDefaultLocAccess: true });
    const found = await api(stack, demoAdmin, 'GET', `/sensors/${probe.id}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const sensor = found.body as { notificationGroupIds: string[] };
    const groups = ((await api(stack, demoAdmin, 'GET', '/notificationgroups?limit=100')).body as { items: NotificationGroup[] }).items;
    expect(groups.filter((group) => sensor.notificationGroupIds.includes(group.id)).map((group) => group.name)).toEqual([DEMO_NOTIFICATION_GROUP.name]);

    // The simulator's fault, as its gateway forwards it: for 35 minutes the probe (channel 1) reads nothing while the
    // freezer's air (channel 2) reports every 5 minutes. Past the profile's 30 minutes, the engine raises the alarm.
    const device = await connectDevice(stack, DEMO_ORGANISATION.customerId, probe.id);
    try {
      const now = Date.now();
      for (let minutesAgo = 35; minutesAgo >= 0; minutesAgo -= 5) {
        await device.publishReadings({ time: new Date(now - minutesAgo * MINUTE).toISOString(), channels: { '1': null, '2': -19.2 }, battery: 71 });
      }
    } finally {
      await device.close();
    }
    const probeAlarms = async () => ((await api(stack, demoAdmin, 'GET', `/alarms?status=active&deviceId=${probe.id}`)).body as { items: Alarm[] }).items
      .filter((alarm) => alarm.type === 'probeMissing');
    await expect.poll(async () => (await probeAlarms()).length, POLL).toBe(1);
    const [unplugged] = await probeAlarms();
    if (unplugged === undefined) throw new Error('The probe missing alarm is gone.');

    // The outbox page shows the alarm's email and text to the level 1 user, naming the probe.
    const page = await browser.newPage();
    const messagesOfAlarm = async () => {
      await page.goto(`${stack.portalUrl}/outbox`);
      const articles = page.locator('article', { hasText: unplugged.id });
      return Promise.all((await articles.all()).map(async (article) => {
        const [channel, to, text] = [await article.locator('.channel').innerText(), await article.locator('p', { hasText: 'To:' }).innerText(), await article.innerText()];
        return { channel: channel.toLowerCase(), to: /^To:\s*(\S+)/.exec(to)?.[1], namesProbe: text.includes(probe.name) };
      }));
    };
    await expect.poll(async () => (await messagesOfAlarm()).sort((a, b) => a.channel.localeCompare(b.channel)), POLL).toEqual([
      { channel: 'email', to: level1.email, namesProbe: true },
      { channel: 'sms', to: level1.phone, namesProbe: true },
    ]);
    await page.close();
  });

  it('shows the alarm\'s push in the portal\'s service worker, opening the alarm', async () => {
    // The push the sender made for the admin's device (its title, body and link).
    await expect.poll(() => outboxMessages().some((message) => message.channel === 'push' && message.context?.['accountId'] === admin.accountId), POLL).toBe(true);
    const push = outboxMessages().find((message) => message.channel === 'push' && message.context?.['accountId'] === admin.accountId);
    const lines = (push?.body ?? '').split('\n');
    const payload = { title: push?.subject ?? '', body: lines.slice(0, -1).join('\n'), url: lines.at(-1) ?? '' };
    expect(payload.url).toContain(`/app/alarms/${alarm.id}`);

    const context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: stack.portalUrl });
    const page = await context.newPage();
    await page.goto(`${stack.portalUrl}/login`);
    await page.evaluate(async () => { await (navigator as unknown as WorkerNavigator).serviceWorker.ready; });
    // The portal's worker as DevTools knows it: its registration, once its version is activated.
    const devtools = await context.newCDPSession(page);
    const activated: string[] = [];
    devtools.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      activated.push(...versions.filter((version) => version.status === 'activated' && version.scriptURL.startsWith(stack.portalUrl)).map((version) => version.registrationId));
    });
    await devtools.send('ServiceWorker.enable');
    await expect.poll(() => activated.length, POLL).toBeGreaterThan(0);
    // Act: the push, delivered to the worker by the browser (offline, no push service can; DevTools stands in for it).
    await devtools.send('ServiceWorker.deliverPushMessage', { origin: stack.portalUrl, registrationId: activated[0] ?? '', data: JSON.stringify(payload) });
    // Assess: shown, with the alarm's page to open.
    await expect.poll(() => page.evaluate(async () => (await (await (navigator as unknown as WorkerNavigator).serviceWorker.ready).getNotifications())
      .map((notification) => ({ title: notification.title, body: notification.body, url: (notification.data as { url?: string } | null)?.url }))), POLL)
      .toEqual([{ title: payload.title, body: payload.body, url: payload.url }]);
    expect(payload.title).toContain('Walk-in fridge');
    await context.close();
  });
});
