import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { raiseAlarm, type Alarm } from '@domain/alarms/alarm';
import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { STORM_WINDOW_MINUTES } from '@domain/notifications/storm';
import { runAlarmClock } from '../../lambdas/alarm-engine/clock';
import {
  accountKeyParams,
  alarmProfileKey,
  alarmPutParams,
  deliveriesOfAlarm,
  deliveriesOfRecipient,
  deliveryRefText,
  minuteOf,
  notificationGroupKey,
  queryAll,
  siteKey,
  toNotificationDelivery,
  writeClockCursor,
  type NotificationDelivery,
  deviceKey,
  ENTITY,
} from '../../lambdas/data';
import { planAlarmNotifications } from '../../lambdas/notifier/plan';
import { ingestMetrics } from '../../lambdas/ingest/handler';
import { composer } from '../../lambdas/notifier/compose';
import { sendDelivery, type ChannelProviders, type ComposeInput, type SenderDependencies } from '../../lambdas/notifier/send';
import { createPortalLogger } from '../../lambdas/shared/observability';
import { LOCAL_REGION } from '../../local/identity';
import type { OutboxMessage } from '../../local/outbox';
import { freePorts } from '../../local/ports';
import { syntheticFleet } from '../../local/simulator/fleet';
import { registerSyntheticFleet } from '../../local/simulator/synthetic-registration';
import { startLocalStack } from '../../local/stack';
import { ensureTable } from '../../local/table';
import { connectDevice, type DeviceConnection } from '../support/devices';
import { api, createUser, provisionAccount } from '../support/identity';
import { percentile, stackUnderTest, time } from './measure';

/**
 * `npm run bench` (notifications, issue 14 section 5), in one run on a fresh local stack:
 * 1. latency, the whole stack: an out-of-range reading (alarm and notification delays 0)
 *    published over MQTT by its gateway, through the ingest and the alarm engine, the table's
 *    stream, the planner and the senders, to its email in the SES emulator and its text in the
 *    outbox (messages.jsonl); each sample a sensor of its own whose group has a user of its own
 *    (the storm rule holds a second message to the same user and channel within its window);
 *    against a raw PutItem on the same DynamoDB Local and the stream reader's poll interval;
 * 2. level 2 on time: the real alarm clock (runAlarmClock) at simulated minutes on a private
 *    stream-less table, alarms raised at every few seconds of a minute; when the level-2 step
 *    was planned and sent, relative to its due time;
 * 3. a storm: 500 alarms at once on one site, a group of a few users by email and text, planned
 *    and sent with the clock's ticks (the storm rule's releases) until nothing is held;
 * 4. a text channel failing its next 3 sends, then recovering: each message accepted once,
 *    and when (simulated time).
 * Sections 2 to 4 drive planAlarmNotifications / sendDelivery / the clock themselves, as
 * test/integration/notifier.test.ts does, with providers that record what they accept; "the
 * stream" there is the bench handing every queued delivery to its sender after each step.
 * Figures, not assertions; recorded in docs/performance.md.
 */

const MINUTE = 60_000;
const LATENCY_SAMPLES = Number(process.env['NOTIFY_BENCH_SAMPLES'] ?? 40);
const STORM_ALARMS = Number(process.env['NOTIFY_BENCH_STORM'] ?? 500);
const STORM_USERS = 3;
/** The storm's simulated minutes at most: 499 held a user and channel go in 6 grouped sends (STORM_GROUP_MAX 90), one a window, about 40 minutes. */
const STORM_MINUTES = 60;
const LEVEL2_ALARMS = 20;
const LEVEL2_DELAY_MINUTES = 15;
/** The local stream reader's pause between reads of a quiet stream (local/table-stream.ts, `pollMs` default). */
const STREAM_POLL_MS = 250;
const ORG = 'bench-notify-org';
const SITE = 'bench-site';
const ALWAYS = { name: 'Always', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], start: '00:00', end: '23:59' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const spread = (samples: number[], unit = 'ms', digits = 0) =>
  `p50 ${percentile(samples, 50).toFixed(digits)} ${unit}   p95 ${percentile(samples, 95).toFixed(digits)} ${unit}   max ${Math.max(...samples).toFixed(digits)} ${unit}`;

/** Runs `work` on each item, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) await work(item);
  }));
}

const dataDir = mkdtempSync(join(tmpdir(), 'coldchain-bench-notify-'));
const startedAt = Date.now();
const local = await startLocalStack({ ports: await freePorts(), dataDir, seed: false });
const startSeconds = (Date.now() - startedAt) / 1000;
const base = new DynamoDBClient({ endpoint: local.urls.dynamodb, region: LOCAL_REGION, credentials: local.credentials });
const documents = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
const privateTables: string[] = [];
let gateway: DeviceConnection | undefined;
const benchStarted = Date.now();
try {
  const stack = stackUnderTest(local);
  const { tableName } = local;
  const put = (table: string, item: Record<string, unknown>) => documents.send(new PutCommand({ TableName: table, Item: item }));

  // ---- 1. Latency through the whole stack ----
  const admin = await createUser(stack, 'admin', ORG);
  await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: ORG, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true });
  const address = { address: '9 Bench Road', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
  const locationId = ((await api(stack, admin, 'POST', '/locations', { name: 'Bench Depot', ...address })).body as { id: string }).id;
  const siteId = ((await api(stack, admin, 'POST', '/sites', { name: 'Bench Kitchen', locationIds: [locationId], timezone: 'Europe/London', billingAddressSameAsSite: false, billingAddress: address })).body as { id: string }).id;
  const dataLoggingProfileId = ((await api(stack, admin, 'POST', '/dataloggingprofiles', { name: 'Every minute', valueToLog: 'instant', intervalMinutes: 1, calculationWindowMinutes: 1, deviation: 0.5 })).body as { id: string }).id;
  const createdProfile = await api(stack, admin, 'POST', '/alarmprofiles', {
    name: 'Bench vaccine fridge', description: 'Out of range 0-8 °C, delays 0', types: ['outOfRange'],
    alarmDelayMinutes: 0, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3, min: 0, max: 8,
  });
  if (createdProfile.status !== 201) throw new Error(`The alarm profile was refused: ${JSON.stringify(createdProfile.body)}`);
  const profile = createdProfile.body as AlarmProfile;

  // The sensors (one gateway), each with a notification group of its own holding a user of its own (email + text, verified phone).
  const fleet = syntheticFleet({ count: LATENCY_SAMPLES, perGateway: LATENCY_SAMPLES, reportSeconds: 60, seed: 'bench-notify', idPrefix: 'E' });
  await registerSyntheticFleet(documents, tableName, fleet, { mode: 'batch', placement: { customerId: ORG, siteId, locationId, dataLoggingProfileId } });
  const recipients = fleet.sensors.map((sensor, index) => ({
    sensor, accountId: `bench-user-${index}`, groupId: `bench-group-${index}`,
    email: `user${index}@notify.bench.example`, phone: `+4477009${String(index).padStart(5, '0')}`,
  }));
  for (const recipient of recipients) {
    await put(tableName, {
      ...accountKeyParams(tableName, ORG, recipient.accountId).Key, accountId: recipient.accountId, customerId: ORG, email: recipient.email,
      firstName: 'Bench', lastName: `User ${recipient.accountId}`, phone: recipient.phone, phoneVerified: true, smsEnabled: true, lang: 'en', isActive: true,
    });
    await put(tableName, {
      ...notificationGroupKey(tableName, ORG, recipient.groupId).Key, id: recipient.groupId, customerId: ORG, name: `Bench ${recipient.groupId}`, groupType: 'sensor', siteIds: [siteId],
      schedules: [{ ...ALWAYS, users: [{ accountId: recipient.accountId, level: 1, delayMinutes: 0, channels: ['email', 'text'] }] }],
    });
    await documents.send(new UpdateCommand({
      TableName: tableName, Key: deviceKey(ORG, ENTITY.sensor, recipient.sensor.id),
      UpdateExpression: 'SET alarmProfileId = :profile, notificationGroupIds = :groups', ExpressionAttributeValues: { ':profile': profile.id, ':groups': [recipient.groupId] },
    }));
  }
  const gatewayId = fleet.gateways[0]?.id ?? '';
  gateway = await connectDevice(stack, ORG, gatewayId, { protocolVersion: 4 });
  const reading = (sensorId: string, at: number, value: number) => ({ deviceId: sensorId, time: iso(at), channels: { '1': value }, battery: 90, signal: -72, snr: 9 });
  // Arming: one in-range reading per sensor (the engine's first look), settled before any sample.
  const armedAt = Date.now();
  const storedBefore = ingestMetrics.readingsStored;
  await gateway.publishReadings({ readings: fleet.sensors.map((sensor) => reading(sensor.id, armedAt, 4.5)), sentAt: iso(armedAt) });
  while (ingestMetrics.readingsStored < storedBefore + LATENCY_SAMPLES && Date.now() < armedAt + MINUTE) await sleep(20);
  await local.rules.idle();
  await local.notifier.idle();

  const outboxFile = join(dataDir, 'outbox', 'messages.jsonl');
  const texts = (): OutboxMessage[] => (existsSync(outboxFile)
    ? readFileSync(outboxFile, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as OutboxMessage) : []);
  const emailsTo = async (): Promise<Set<string>> => {
    const store = (await (await fetch(`${local.urls.ses}/store`)).json()) as { emails: Array<{ destination: { to: string[] } }> };
    return new Set(store.emails.flatMap((email) => email.destination.to));
  };
  const toEmail: number[] = [];
  const toText: number[] = [];
  const toBoth: number[] = [];
  const toPlanned: number[] = [];
  const toSent: number[] = [];
  const missing: string[] = [];
  for (const recipient of recipients) {
    await sleep(1200 + Math.random() * 300);
    const publishedAt = Date.now();
    const started = process.hrtime.bigint();
    await gateway.publishReadings({ readings: [reading(recipient.sensor.id, publishedAt, 12)], sentAt: iso(publishedAt) });
    let email: number | undefined;
    let text: number | undefined;
    while ((email === undefined || text === undefined) && Date.now() < publishedAt + MINUTE) {
      const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
      if (text === undefined && texts().some((message) => message.to === recipient.phone)) text = elapsed();
      if (email === undefined && (await emailsTo()).has(recipient.email)) email = elapsed();
      if (email === undefined || text === undefined) await sleep(10);
    }
    if (email === undefined || text === undefined) {
      missing.push(`${recipient.sensor.id}: ${email === undefined ? 'no email' : ''} ${text === undefined ? 'no text' : ''}`);
      continue;
    }
    toEmail.push(email);
    toText.push(text);
    toBoth.push(Math.max(email, text));
    // Where the time went, from the deliveries' own times (the same process's clock).
    const alarms = (await api(stack, admin, 'GET', `/alarms?status=active&deviceId=${recipient.sensor.id}&limit=10`)).body as { items?: Alarm[] };
    const alarm = alarms.items?.[0];
    if (alarm !== undefined) {
      const deliveries = await queryAll(documents, { ...deliveriesOfAlarm(tableName, ORG, alarm.id), ConsistentRead: true }, toNotificationDelivery);
      for (const delivery of deliveries) {
        toPlanned.push(Date.parse(delivery.queuedAt) - publishedAt);
        if (delivery.sentAt !== undefined) toSent.push(Date.parse(delivery.sentAt) - publishedAt);
      }
    }
  }
  // The baseline on the same emulator: one raw PutItem of a small item.
  const rawPut = () => base.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'BENCH#RAW' }, sk: { S: randomUUID() }, value: { N: '1' } } }));
  await time(20, rawPut);
  const raw = await time(100, rawPut);

  // ---- Sections 2 to 4: private stream-less tables, providers that record what they accept, a controlled clock ----
  const logger = createPortalLogger();
  interface Accepted { key: string; carries: string[]; provider: string; to: string; at: number }
  /** A table of the bench's own on the stack's DynamoDB Local, its providers and its clock. */
  const harness = async (name: string) => {
    const table = `bench-notify-${name}-${randomUUID().slice(0, 6)}`;
    await ensureTable(base, table, { stream: false });
    privateTables.push(table);
    const clock = { now: 0 };
    const accepted: Accepted[] = [];
    const failures: Partial<Record<string, number>> = {};
    /** The deliveries each composed message carries (its own first), by the message object the provider is given. */
    const carried = new WeakMap<object, string[]>();
    const realCompose = composer({ client: documents, tableName: table });
    const compose = async (input: ComposeInput) => {
      const message = await realCompose(input);
      const keys = [deliveryRefText(input.delivery), ...input.grouped.map((other) => deliveryRefText(other))];
      carried.set(message, keys);
      return message;
    };
    const fail = (provider: string) => {
      const left = failures[provider] ?? 0;
      if (left <= 0) return;
      failures[provider] = left - 1;
      throw new Error(`${provider} provider unavailable`);
    };
    // A text's and a call's context names its delivery; an email is known by its composed message.
    const groupedByRef = new Map<string, string[]>();
    const providers: ChannelProviders = {
      email: async (to, message) => {
        fail('email');
        accepted.push({ key: carried.get(message)?.[0] ?? '?', carries: carried.get(message) ?? [], provider: 'email', to, at: clock.now });
        return randomUUID();
      },
      text: async (to, _body, context) => {
        fail('text');
        const key = context['delivery'] ?? '?';
        accepted.push({ key, carries: groupedByRef.get(key) ?? [key], provider: 'text', to, at: clock.now });
        return randomUUID();
      },
      voice: async () => { throw new Error('no voice in this bench'); },
      push: async () => undefined,
    };
    const deps: SenderDependencies = {
      client: documents, tableName: table, now: () => clock.now, providers,
      compose: async (input) => {
        const message = await compose(input);
        groupedByRef.set(deliveryRefText(input.delivery), carried.get(message) ?? []);
        return message;
      },
    };
    await put(table, { ...siteKey(table, ORG, SITE).Key, id: SITE, name: 'Main Kitchen', timezone: 'Europe/London' });
    const deliveriesOf = (alarmId: string): Promise<NotificationDelivery[]> =>
      queryAll(documents, { ...deliveriesOfAlarm(table, ORG, alarmId), ConsistentRead: true }, toNotificationDelivery);
    /** A sender that throws (the table, not the provider) is tried again after a pause, as the local notifier's queue does. */
    const senderErrors: string[] = [];
    const send = async (delivery: NotificationDelivery) => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        try {
          return await sendDelivery(deps, delivery);
        } catch (error) {
          senderErrors.push(String(error));
          await sleep(50 * attempt);
        }
      }
      return 'nothing';
    };
    /** What the stream would do: each queued delivery of these alarms to its sender. */
    const sendQueuedOf = async (alarmIds: readonly string[], width = 8) => {
      const queued = (await Promise.all(alarmIds.map(deliveriesOf))).flat().filter((delivery) => delivery.status === 'queued');
      await inParallel(queued, width, send);
      return queued.length;
    };
    const raise = async (sensorId: string, profileId: string, at: number): Promise<Alarm> => {
      const alarm = raiseAlarm({
        id: randomUUID(), deviceKind: 'sensor', deviceId: sensorId, deviceName: `Fridge ${sensorId}`, siteId: SITE, profileId, channel: '1', type: 'threshold',
        run: { startedAt: at - MINUTE, lastAlarmAt: at, worst: 9.4, worstAt: at, last: 9.1 }, now: at,
      });
      await documents.send(new PutCommand(alarmPutParams(table, ORG, alarm)));
      return alarm;
    };
    const tick = (at: number) => {
      clock.now = at;
      return runAlarmClock({ client: documents, tableName: table, now: at, logger });
    };
    return { table, clock, accepted, failures, deps, deliveriesOf, send, senderErrors, sendQueuedOf, raise, tick };
  };
  const profileItem = (table: string, id: string, snoozeLimit: number) => ({
    ...alarmProfileKey(table, ORG, id).Key, id, name: `Profile ${id}`, types: ['outOfRange'], min: 0, max: 8,
    alarmDelayMinutes: 0, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit,
  });
  const account = (table: string, accountId: string, index: number) => ({
    ...accountKeyParams(table, ORG, accountId).Key, accountId, customerId: ORG, email: `${accountId}@notify.bench.example`,
    phone: `+4477008${String(index).padStart(5, '0')}`, phoneVerified: true, smsEnabled: true, lang: 'en', isActive: true,
  });
  const sensorItem = (sensorId: string, groupIds: string[]) => ({ ...deviceKey(ORG, ENTITY.sensor, sensorId), id: sensorId, name: `Fridge ${sensorId}`, siteId: SITE, notificationGroupIds: groupIds });
  const group = (table: string, groupId: string, users: Array<{ accountId: string; level: number; delayMinutes: number; channels: NotificationChannel[] }>) => ({
    ...notificationGroupKey(table, ORG, groupId).Key, id: groupId, name: `Group ${groupId}`, groupType: 'sensor', siteIds: [SITE], schedules: [{ ...ALWAYS, users }],
  });
  /** A simulated minute, far from today (the private table's timers are its own). */
  const T0 = Date.parse('2026-12-07T09:00:00.000Z');

  // ---- 2. Level 2 on time, with the real clock ----
  const level2 = await harness('level2');
  await put(level2.table, profileItem(level2.table, 'p', 0));
  const level2Alarms: Array<{ alarm: Alarm; dueAt: number }> = [];
  for (let index = 0; index < LEVEL2_ALARMS; index += 1) {
    const first = `l1-${index}`;
    const second = `l2-${index}`;
    await put(level2.table, account(level2.table, first, index));
    await put(level2.table, account(level2.table, second, 100 + index));
    await put(level2.table, group(level2.table, `g-${index}`, [
      { accountId: first, level: 1, delayMinutes: 0, channels: ['email'] },
      { accountId: second, level: 2, delayMinutes: LEVEL2_DELAY_MINUTES, channels: ['email', 'text'] },
    ]));
    await put(level2.table, sensorItem(`s-${index}`, [`g-${index}`]));
  }
  await writeClockCursor(documents, level2.table, minuteOf(T0 - MINUTE));
  // Raised at every 3 s of the minute 09:00 (the stream plans each at once: level 1 sent, the alarm's timer set for level 2).
  for (let index = 0; index < LEVEL2_ALARMS; index += 1) {
    const at = T0 + index * 3000 + 500;
    level2.clock.now = at;
    const alarm = await level2.raise(`s-${index}`, 'p', at);
    await planAlarmNotifications(level2.deps, ORG, alarm.id);
    await level2.sendQueuedOf([alarm.id]);
    level2Alarms.push({ alarm, dueAt: at + LEVEL2_DELAY_MINUTES * MINUTE });
  }
  let level2Ticks = 0;
  for (let at = T0 + MINUTE; at <= T0 + (LEVEL2_DELAY_MINUTES + 3) * MINUTE; at += MINUTE) {
    await level2.tick(at);
    level2Ticks += 1;
    await level2.sendQueuedOf(level2Alarms.map(({ alarm }) => alarm.id));
  }
  const level2Planned: number[] = [];
  const level2Sent: number[] = [];
  let level2Missing = 0;
  for (const { alarm, dueAt } of level2Alarms) {
    for (const delivery of (await level2.deliveriesOf(alarm.id)).filter((candidate) => candidate.level === 2)) {
      level2Planned.push((Date.parse(delivery.queuedAt) - dueAt) / 1000);
      if (delivery.status === 'sent' && delivery.sentAt !== undefined) level2Sent.push((Date.parse(delivery.sentAt) - dueAt) / 1000);
      else level2Missing += 1;
    }
  }
  const level2Accepted = level2.accepted.filter((message) => !message.to.startsWith('l1-'));

  // ---- 3. A storm: 500 alarms at once on one site ----
  const storm = await harness('storm');
  await put(storm.table, profileItem(storm.table, 'p', 0));
  const stormUsers = Array.from({ length: STORM_USERS }, (_, index) => `storm-user-${index}`);
  for (const [index, accountId] of stormUsers.entries()) await put(storm.table, account(storm.table, accountId, 200 + index));
  await put(storm.table, group(storm.table, 'storm', stormUsers.map((accountId) => ({ accountId, level: 1, delayMinutes: 0, channels: ['email', 'text'] as NotificationChannel[] }))));
  const stormSensors = Array.from({ length: STORM_ALARMS }, (_, index) => `storm-${index}`);
  await inParallel(stormSensors, 8, (sensorId) => put(storm.table, sensorItem(sensorId, ['storm'])));
  await writeClockCursor(documents, storm.table, minuteOf(T0 - MINUTE));
  const stormStarted = Date.now();
  storm.clock.now = T0;
  const stormAlarms: Alarm[] = [];
  await inParallel(stormSensors, 8, async (sensorId) => { stormAlarms.push(await storm.raise(sensorId, 'p', T0)); });
  const raisedMs = Date.now() - stormStarted;
  const planStarted = Date.now();
  await inParallel(stormAlarms, 8, (alarm) => planAlarmNotifications(storm.deps, ORG, alarm.id));
  const planMs = Date.now() - planStarted;
  const sendStarted = Date.now();
  const firstSent = await storm.sendQueuedOf(stormAlarms.map((alarm) => alarm.id), 8);
  const firstSendMs = Date.now() - sendStarted;
  const held = async () => {
    let count = 0;
    for (const accountId of stormUsers) {
      for (const channel of ['email', 'text'] as const) count += (await queryAll(documents, deliveriesOfRecipient(storm.table, ORG, accountId, channel, 'held'), toNotificationDelivery)).length;
    }
    return count;
  };
  const heldAfterFirst = await held();
  // The clock each minute (its recipient timers release the held messages at their window's end), and "the stream" after each tick.
  let stormTicks = 0;
  let stillHeld = heldAfterFirst;
  for (let at = T0 + MINUTE; stillHeld > 0 && at <= T0 + STORM_MINUTES * MINUTE; at += MINUTE) {
    await storm.tick(at);
    stormTicks += 1;
    for (const accountId of stormUsers) {
      for (const channel of ['email', 'text'] as const) {
        const queued = await queryAll(documents, deliveriesOfRecipient(storm.table, ORG, accountId, channel, 'queued'), toNotificationDelivery);
        await inParallel(queued, 4, storm.send);
      }
    }
    stillHeld = await held();
  }
  const stormMs = Date.now() - stormStarted;
  const stormEnd = storm.clock.now;
  // Every delivery: its final status, and how many accepted messages carried it.
  const stormDeliveries = (await Promise.all(stormAlarms.map((alarm) => storm.deliveriesOf(alarm.id)))).flat();
  const carriedCount = new Map<string, number>();
  for (const message of storm.accepted) for (const key of message.carries) carriedCount.set(key, (carriedCount.get(key) ?? 0) + 1);
  const statuses = new Map<string, number>();
  for (const delivery of stormDeliveries) statuses.set(delivery.status, (statuses.get(delivery.status) ?? 0) + 1);
  const lost = stormDeliveries.filter((delivery) => (carriedCount.get(deliveryRefText(delivery)) ?? 0) === 0).length;
  const doubled = stormDeliveries.filter((delivery) => (carriedCount.get(deliveryRefText(delivery)) ?? 0) > 1).length;
  const notEnded = stormDeliveries.filter((delivery) => delivery.status !== 'sent' && delivery.status !== 'grouped').length;
  const perUserChannel = new Map<string, number[]>();
  for (const message of storm.accepted) {
    const who = `${message.to} ${message.provider}`;
    perUserChannel.set(who, [...(perUserChannel.get(who) ?? []), message.at]);
  }
  const windowMs = STORM_WINDOW_MINUTES * MINUTE;
  const maxInWindow = (times: number[]) => Math.max(...times.map((start) => times.filter((other) => other >= start && other < start + windowMs).length));
  const stormCounts = [...perUserChannel.values()].map((times) => times.length);
  const stormWindowMax = Math.max(...[...perUserChannel.values()].map(maxInWindow));
  const lastAcceptedAt = Math.max(...storm.accepted.map((message) => message.at));

  // ---- 4. A text channel failing its next 3 sends, then recovering ----
  const failure = await harness('failure');
  await put(failure.table, profileItem(failure.table, 'p', 0));
  const FAILURE_ALARMS = [1, 20];
  const failureRuns: Array<{ alarms: number; messages: number; accepted: number; exactlyOnce: boolean; failedTexts: number; retried: number[]; firstTry: number; ticks: number; statuses: string }> = [];
  let failureOffset = 0;
  for (const count of FAILURE_ALARMS) {
    const start = T0 + failureOffset * 60 * MINUTE + 20_000;
    failureOffset += 1;
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const accountId = `fail-${count}-${index}`;
      await put(failure.table, account(failure.table, accountId, 300 + count * 10 + index));
      await put(failure.table, group(failure.table, `fg-${count}-${index}`, [{ accountId, level: 1, delayMinutes: 0, channels: ['email', 'text'] }]));
      await put(failure.table, sensorItem(`fs-${count}-${index}`, [`fg-${count}-${index}`]));
    }
    await writeClockCursor(documents, failure.table, minuteOf(start - MINUTE));
    failure.failures['text'] = 3;
    failure.accepted.length = 0;
    failure.clock.now = start;
    for (let index = 0; index < count; index += 1) {
      const alarm = await failure.raise(`fs-${count}-${index}`, 'p', start);
      ids.push(alarm.id);
      await planAlarmNotifications(failure.deps, ORG, alarm.id);
    }
    await failure.sendQueuedOf(ids, 4);
    let ticks = 0;
    const pending = async () => (await Promise.all(ids.map(failure.deliveriesOf))).flat().filter((delivery) => !['sent', 'dead', 'skipped', 'dropped', 'grouped'].includes(delivery.status)).length;
    for (let at = Math.floor(start / MINUTE) * MINUTE + MINUTE; (await pending()) > 0 && at <= start + 60 * MINUTE; at += MINUTE) {
      await failure.tick(at);
      ticks += 1;
      await failure.sendQueuedOf(ids, 4);
    }
    const deliveries = (await Promise.all(ids.map(failure.deliveriesOf))).flat();
    const acceptedBy = new Map<string, number>();
    for (const message of failure.accepted) acceptedBy.set(message.key, (acceptedBy.get(message.key) ?? 0) + 1);
    const failed = deliveries.filter((delivery) => delivery.attempts > 1);
    const byStatus = new Map<string, number>();
    for (const delivery of deliveries) byStatus.set(delivery.status, (byStatus.get(delivery.status) ?? 0) + 1);
    failureRuns.push({
      alarms: count, messages: deliveries.length, accepted: failure.accepted.length,
      exactlyOnce: deliveries.every((delivery) => acceptedBy.get(deliveryRefText(delivery)) === 1) && failure.accepted.length === deliveries.length,
      failedTexts: failed.length,
      retried: failed.map((delivery) => (Date.parse(delivery.sentAt ?? '') - start) / 1000),
      firstTry: deliveries.filter((delivery) => delivery.attempts === 1).length,
      ticks,
      statuses: [...byStatus].map(([status, n]) => `${n} ${status}`).join(', '),
    });
  }

  console.log(`
Notifications (issue 14 section 5; ${cpus().length} cores, Node ${process.version}); local stack ready in ${startSeconds.toFixed(1)} s; bench ${((Date.now() - benchStarted) / 1000).toFixed(0)} s

1. Reading → email and text in the outbox, the whole local stack: ${toBoth.length} sensors one at a time, each a reading at 12 °C (profile out of range 0-8 °C,
   alarm and notification delays 0) published over MQTT (QoS 1) by its gateway; ingest → alarm engine → the table's stream → planner → senders →
   SES emulator (email, polled every 10 ms) and the SMS stand-in (text, messages.jsonl polled every 10 ms); each sensor's group a user of its own${missing.length > 0 ? `\n   NOT delivered within 60 s: ${missing.join('; ')}` : ''}
  email in the outbox          ${spread(toEmail)}
  text in the outbox           ${spread(toText)}
  both                         ${spread(toBoth)}
  (the deliveries' own times, from the publish: planned (queuedAt) ${spread(toPlanned)};
   taken by its sender (sentAt, the sender's time as it starts) ${spread(toSent)})
  baseline, same DynamoDB Local: one raw PutItem p50 ${percentile(raw, 50).toFixed(1)} ms, p95 ${percentile(raw, 95).toFixed(1)} ms; the local stream reader's poll interval ${STREAM_POLL_MS} ms
  (the path waits on the stream twice: the alarm's write, then the queued deliveries' write; on AWS the stream's Lambda and the SQS queues replace the poll)

2. Level 2 on time, the real alarm clock (runAlarmClock) at each simulated minute, a private table: ${LEVEL2_ALARMS} alarms raised at 3 s steps of one minute,
   level 2 (email + text) after ${LEVEL2_DELAY_MINUTES} minutes, "the stream" handing queued deliveries to the senders after each tick (${level2Ticks} ticks)
  planned after its due time   min ${Math.min(...level2Planned).toFixed(0)} s, p50 ${percentile(level2Planned, 50).toFixed(0)} s, p95 ${percentile(level2Planned, 95).toFixed(0)} s, max ${Math.max(...level2Planned).toFixed(0)} s
  sent after its due time      min ${Math.min(...level2Sent).toFixed(0)} s, p50 ${percentile(level2Sent, 50).toFixed(0)} s, p95 ${percentile(level2Sent, 95).toFixed(0)} s, max ${Math.max(...level2Sent).toFixed(0)} s   (${level2Sent.length} sent, ${level2Missing} not; ${level2Accepted.length} accepted by the providers)
  within ± 60 s of due: ${level2Sent.length > 0 && level2Sent.every((delay) => Math.abs(delay) <= 60) && level2Missing === 0 ? 'met' : 'NOT met'} (a timer's minute is done by the tick at that minute's end; TIMER_GUARD 10 s)

3. Storm: ${STORM_ALARMS} alarms at once on one site, a group of ${STORM_USERS} users by email and text (${stormDeliveries.length} deliveries), a private table;
   planned (8 at a time), sent (8 at a time), then the clock each simulated minute releasing held messages at their window's end (${STORM_WINDOW_MINUTES} min)
  messages accepted per user per channel: ${[...new Set(stormCounts)].join(', ')} (${storm.accepted.length} in all, for ${stormDeliveries.length} deliveries)
  most messages per user per channel in any ${STORM_WINDOW_MINUTES}-minute window: ${stormWindowMax}
  deliveries: ${[...statuses].map(([status, n]) => `${n} ${status}`).join(', ')}; carried by no accepted message (lost): ${lost}; by more than one (doubled): ${doubled}; not ended sent or grouped: ${notEnded}
  held after the first send: ${heldAfterFirst}; ${stillHeld === 0 ? 'nothing held' : `STILL HELD: ${stillHeld}`} after ${stormTicks} ticks (simulated ${seconds(stormEnd - T0)}); last message at +${seconds(lastAcceptedAt - T0)}
  none lost, none doubled: ${lost === 0 && doubled === 0 && notEnded === 0 ? 'met' : 'NOT met'}
  senders that threw (the table; tried again): ${storm.senderErrors.length}${storm.senderErrors.length > 0 ? ` (${[...new Set(storm.senderErrors)].slice(0, 2).join('; ')})` : ''}
  wall time: alarms written ${seconds(raisedMs)}, planned ${(planMs / 1000).toFixed(1)} s, first sends ${(firstSendMs / 1000).toFixed(1)} s (${firstSent} deliveries), all ${(stormMs / 1000).toFixed(1)} s

4. A text provider failing its next 3 sends, then recovering (email + text per alarm, a user each, the clock each simulated minute):
${failureRuns.map((run) => `  ${run.alarms} alarm${run.alarms === 1 ? '' : 's'}: ${run.messages} messages, ${run.accepted} accepted, each exactly once: ${run.exactlyOnce ? 'yes' : 'NO'} (${run.statuses}); ${run.firstTry} on the first try;
    ${run.failedTexts} text${run.failedTexts === 1 ? '' : 's'} retried, delivered at +${run.retried.map((value) => value.toFixed(0)).join(', +')} s after the alarm (retries after 1, 2, 4 min, each on the clock's next minute); ${run.ticks} ticks`).join('\n')}
`);
} finally {
  await gateway?.close().catch(() => undefined);
  for (const table of privateTables) await base.send(new DeleteTableCommand({ TableName: table })).catch(() => undefined);
  documents.destroy();
  await local.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
