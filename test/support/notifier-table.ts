import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { raiseAlarm, type Alarm } from '@domain/alarms/alarm';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import {
  alarmKey,
  alarmProfileKey,
  alarmPutParams,
  deliveriesOfAlarm,
  notificationGroupKey,
  queryAll,
  siteKey,
  toAlarm,
  toNotificationDelivery,
  type NotificationDelivery,
  deviceKey,
  ENTITY,
} from '../../lambdas/data';
import { composer } from '../../lambdas/notifier/compose';
import { sendDelivery, type ChannelProviders, type SenderDependencies } from '../../lambdas/notifier/send';
import { LOCAL_REGION } from '../../local/identity';
import { ensureTable } from '../../local/table';
import type { StackUnderTest } from './global-setup';

/** A message a provider was handed. */
export interface SentMessage {
  provider: string;
  to: string;
  text: string;
  subject?: string;
}

/** A user of a notification group's schedule: told at `level`, `delayMinutes` after the alarm, on `channels`. */
export interface ScheduledUser {
  accountId: string;
  level: number;
  delayMinutes: number;
  channels: NotificationChannel[];
}

const MINUTE = 60_000;
const ALWAYS = { name: 'Always', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], start: '00:00', end: '23:59' };

/**
 * The notifier's planning and sending over DynamoDB Local, on a table of the test's own
 * without a stream (the stack's stream reader never sees it), with the providers replaced by a
 * recorder and the clock the test's (`now`): so a test drives each step as the stream and the
 * alarm clock would, deterministically. `create()` before the tests, `drop()` after them.
 */
export function notifierTable(stack: Pick<StackUnderTest, 'dynamoEndpoint' | 'credentials'>, prefix: string, now: () => number) {
  const tableName = `${prefix}-${randomUUID().slice(0, 8)}`;
  const base = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials });
  const documents = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });

  const sent: SentMessage[] = [];
  /** How many more times each provider refuses (a provider's outage). */
  const failures: Partial<Record<string, number>> = {};
  const fail = (provider: string) => {
    const left = failures[provider] ?? 0;
    if (left <= 0) return;
    failures[provider] = left - 1;
    throw new Error(`${provider} provider unavailable`);
  };
  /** A provider that never answers: its sender is as good as stopped after its claim (a crash, a lost container). */
  let stalled: { provider: string; reached: () => void } | undefined;
  const stall = async (provider: string): Promise<void> => {
    if (stalled?.provider !== provider) return;
    const { reached } = stalled;
    stalled = undefined;
    reached();
    await new Promise<never>(() => undefined);
  };
  const providers: ChannelProviders = {
    email: async (to, message) => { await stall('email'); fail('email'); sent.push({ provider: 'email', to, text: message.text, subject: message.subject }); return randomUUID(); },
    text: async (to, body) => { fail('text'); sent.push({ provider: 'text', to, text: body }); return randomUUID(); },
    voice: async (to, ssml) => { fail('voice'); sent.push({ provider: 'voice', to, text: ssml }); return randomUUID(); },
    push: async () => undefined,
  };
  const deps: SenderDependencies = { client: documents, tableName, now, providers, compose: composer({ client: documents, tableName }) };

  const put = (item: Record<string, unknown>) => documents.send(new PutCommand({ TableName: tableName, Item: item }));
  const deliveriesOf = (customerId: string, alarmId: string): Promise<NotificationDelivery[]> =>
    queryAll(documents, { ...deliveriesOfAlarm(tableName, customerId, alarmId), ConsistentRead: true }, toNotificationDelivery);
  const writeAlarm = (customerId: string, alarm: Alarm) => documents.send(new PutCommand(alarmPutParams(tableName, customerId, alarm)));

  return {
    tableName,
    documents,
    deps,
    /** What the providers were handed, in order. */
    sent,
    /** The next `times` tries of `provider` fail; `refuse(provider, 0)` ends an outage. */
    refuse(provider: string, times: number): void {
      failures[provider] = times;
    },
    /** The next send through `provider` claims its delivery and never answers; resolves once it has claimed. */
    stallNext(provider: string): Promise<void> {
      return new Promise<void>((resolve) => {
        stalled = { provider, reached: resolve };
      });
    },
    put,
    deliveriesOf,
    /** What the stream would do: every queued delivery of the alarm to its sender. */
    async sendQueued(customerId: string, alarmId: string): Promise<void> {
      for (const delivery of (await deliveriesOf(customerId, alarmId)).filter((candidate) => candidate.status === 'queued')) await sendDelivery(deps, delivery);
    },
    async readAlarm(customerId: string, id: string): Promise<Alarm> {
      return toAlarm((await documents.send(new GetCommand({ ...alarmKey(tableName, customerId, id), ConsistentRead: true }))).Item ?? {});
    },
    writeAlarm,
    /** A threshold alarm of a sensor's channel 1, out of range for ten minutes (9.4 °C at worst), raised at `now`. */
    async raise(customerId: string, where: { deviceId: string; siteId: string; profileId: string }): Promise<Alarm> {
      const at = now();
      const alarm = raiseAlarm({
        id: randomUUID(), deviceKind: 'sensor', deviceName: 'Walk-in fridge', channel: '1', type: 'threshold', ...where,
        run: { startedAt: at - 10 * MINUTE, lastAlarmAt: at, worst: 9.4, worstAt: at - MINUTE, last: 9.1 },
        now: at,
      });
      await writeAlarm(customerId, alarm);
      return alarm;
    },
    /**
     * An organisation's kitchen: the site (Main Kitchen, Paris), a fridge profile (2-8 °C, no
     * delay), a group on duty at all times with `users`, and the sensors (Walk-in fridge) at the
     * site that tell the group.
     */
    async putKitchen(customerId: string, kitchen: { siteId: string; profileId: string; groupId: string; sensorIds: readonly string[]; users: readonly ScheduledUser[] }): Promise<void> {
      const { siteId, profileId, groupId } = kitchen;
      await put({ ...siteKey(tableName, customerId, siteId).Key, id: siteId, name: 'Main Kitchen', timezone: 'Europe/Paris' });
      await put({ ...alarmProfileKey(tableName, customerId, profileId).Key, id: profileId, name: 'Fridge', types: ['outOfRange'], min: 2, max: 8, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 2 });
      await put({
        ...notificationGroupKey(tableName, customerId, groupId).Key, id: groupId, name: 'Kitchen', groupType: 'sensor', siteIds: [siteId],
        schedules: [{ ...ALWAYS, users: kitchen.users }],
      });
      for (const id of kitchen.sensorIds) await put({ ...deviceKey(customerId, ENTITY.sensor, id), id, name: 'Walk-in fridge', siteId, notificationGroupIds: [groupId] });
    },
    create: () => ensureTable(base, tableName, { stream: false }),
    async drop(): Promise<void> {
      await base.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
      documents.destroy();
    },
  };
}
