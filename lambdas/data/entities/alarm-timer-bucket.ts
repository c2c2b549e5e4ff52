import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../key-parts';
import type { GuardedItem } from '../transaction';
import { plainPut } from '../writes';
import { alarmClockCursor } from './alarm-clock-cursor';

/**
 * The alarm clock's due index (issue 13 section 2; docs/decisions/0058-alarm-clock-and-its-due-index.md): the
 * devices to look at in a minute are items of that minute's partition,
 * `ALARMCLOCK#<YYYY-MM-DDTHH:mm>` / `SET#<when written>#<random>#<n>`, each written once by one
 * `setTimers` call (a PutItem: it costs its own size, never another call's entries) and naming
 * its devices in `timers` (organisation → `S<sensorId>` / `G<gatewayId>`). The clock reads a
 * minute with one Query of its partition (one request when nothing is due, whatever the fleet)
 * and deletes nothing: each item carries `ttl` (the table's TTL attribute, lib/data.ts; deleting
 * by TTL is free on DynamoDB) a week after its minute, long after the clock has done it (a
 * clock down for longer would lose its timers; DynamoDB Local keeps expired items).
 * The partition starts with no organisation on purpose: one clock serves them all.
 */
export const alarmTimerBucket = new Entity({
  model: { entity: 'alarmTimerBucket', version: '2', service: SERVICE },
  attributes: {
    minute: { type: 'string', required: true },
    set: { type: 'string', required: true },
  },
  indexes: {
    byMinute: {
      pk: { field: 'pk', composite: ['minute'], template: 'ALARMCLOCK#${minute}', casing: 'none' },
      sk: { field: 'sk', composite: ['set'], template: 'SET#${set}', casing: 'none' },
    },
  },
});
export type AlarmTimerBucketItem = EntityItem<typeof alarmTimerBucket>;

/** Devices per item: about 20 bytes each, far below the 400 KB item limit. */
export const TIMERS_PER_ITEM = 5000;
/** How long after its minute an item stays (then TTL deletes it). */
export const TIMER_ITEM_TTL_MS = 7 * 24 * 60 * 60_000;
/**
 * A timer is never put into a minute that may end before the write lands: a device is looked
 * at in the minute of max(its time, now + this), so a timer set by a tick for the coming
 * minute is done by the next tick, and one written at the very end of a minute waits one more.
 */
export const TIMER_GUARD_MS = 10_000;
const MINUTE_MS = 60_000;

/**
 * What is due: a device the alarm engine looks at again (`SENSOR`, `GATEWAY`), an alarm whose
 * notifications the notifier plans again (`ALARM`: its next escalation step or a retry), or a
 * user's messages the storm rule held on a channel (`RECIPIENT`, id `<accountId>|<channel>`).
 */
export type TimerKind = 'SENSOR' | 'GATEWAY' | 'ALARM' | 'RECIPIENT';

export interface TimerEntry {
  customerId: string;
  deviceType: TimerKind;
  deviceId: string;
}

const TIMER_LETTERS: Record<TimerKind, string> = { SENSOR: 'S', GATEWAY: 'G', ALARM: 'A', RECIPIENT: 'R' };
const TIMER_KINDS = new Map(Object.entries(TIMER_LETTERS).map(([kind, letter]) => [letter, kind as TimerKind]));

/** `YYYY-MM-DDTHH:mm` of a time: its bucket. */
export const minuteOf = (ms: number) => new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS).toISOString().slice(0, 16);
export const minuteStart = (minute: string) => Date.parse(`${minute}:00.000Z`);

const deviceName = (entry: TimerEntry) => `${TIMER_LETTERS[entry.deviceType]}${entry.deviceId}`;
/** The devices an item's `timers` names (anything else in it is ignored). */
export function entriesOf(item: Readonly<Record<string, unknown>>): TimerEntry[] {
  const timers = item['timers'];
  if (typeof timers !== 'object' || timers === null) return [];
  return Object.entries(timers as Record<string, unknown>).flatMap(([customerId, names]) => (Array.isArray(names) ? names : []).flatMap((name): TimerEntry[] => {
    if (typeof name !== 'string' || name.length < 2 || customerId === '') return [];
    const kind = TIMER_KINDS.get(name[0] ?? '');
    if (kind === undefined) return [];
    return [{ customerId, deviceType: kind, deviceId: name.slice(1) }];
  }));
}

const bucketKey = (minute: string, set: string): Record<string, unknown> => alarmTimerBucket.get({ minute, set }).params<{ Key: Record<string, unknown> }>({ table: 'item-only' }).Key;
const minutePk = (minute: string) => String(bucketKey(minute, 'x')['pk']);
const CURSOR_KEY = alarmClockCursor.get({ name: 'clock' }).params<{ Key: Record<string, unknown> }>({ table: 'item-only' }).Key;

export interface TimerIo {
  onConsumed?: (consumed: number) => void;
}

/**
 * Sets timers: each device is looked at in the minute of its time, but never in a minute that
 * may end before the write lands (TIMER_GUARD_MS). One PutItem per minute (per TIMERS_PER_ITEM
 * devices) for all the timers of the call: the clock sets a tick's timers in one call.
 */
export async function setTimers(client: DynamoDBDocumentClient, tableName: string, timers: ReadonlyArray<{ entry: TimerEntry; at: number }>, now: number, io: TimerIo = {}): Promise<void> {
  const byMinute = new Map<string, Map<string, TimerEntry>>();
  for (const { entry, at } of timers) {
    const minute = minuteOf(Math.max(at, now + TIMER_GUARD_MS));
    const entries = byMinute.get(minute) ?? new Map<string, TimerEntry>();
    entries.set(`${entry.customerId}|${deviceName(entry)}`, entry);
    byMinute.set(minute, entries);
  }
  const set = setName(now);
  const puts = [...byMinute].flatMap(([minute, entries]) => {
    const all = [...entries.values()];
    return Array.from({ length: Math.ceil(all.length / TIMERS_PER_ITEM) }, (_, index) => timerItem(minute, `${set}#${index}`, all.slice(index * TIMERS_PER_ITEM, (index + 1) * TIMERS_PER_ITEM)));
  });
  await Promise.all(puts.map(async (item) => {
    const result = await client.send(new PutCommand({ TableName: tableName, Item: item, ReturnConsumedCapacity: 'TOTAL' }));
    io.onConsumed?.(result.ConsumedCapacity?.CapacityUnits ?? 0);
  }));
}

const setName = (now: number) => `${new Date(now).toISOString()}#${randomUUID().slice(0, 8)}`;

/** One timer item: the devices of one set in one minute, grouped by organisation, gone a week after its minute. */
function timerItem(minute: string, set: string, entries: readonly TimerEntry[]): Record<string, unknown> {
  const grouped: Record<string, string[]> = {};
  for (const entry of entries) (grouped[entry.customerId] ??= []).push(deviceName(entry));
  return { ...bucketKey(minute, set), minute, timers: grouped, ttl: Math.floor((minuteStart(minute) + TIMER_ITEM_TTL_MS) / 1000) };
}

/**
 * A timer for the clock's next minute, as an item of the transaction that deletes the device:
 * the clock then finds the device gone and clears its open alarms (the device's alarm state is
 * kept for that), which nothing else would do for a device that had no timer set.
 */
export function deletedDeviceTimerPut(tableName: string, entry: TimerEntry, now: number): GuardedItem {
  return plainPut({ TableName: tableName, Item: timerItem(minuteOf(now + TIMER_GUARD_MS), `${setName(now)}#0`, [entry]) });
}

/** A timer as an item of another transaction (what must happen later, written with what caused it). */
export function timerPut(tableName: string, entry: TimerEntry, at: number, now: number): GuardedItem {
  return plainPut({ TableName: tableName, Item: timerItem(minuteOf(Math.max(at, now + TIMER_GUARD_MS)), `${setName(now)}#0`, [entry]) });
}

/** The minutes after the cursor the clock may do at `now` (those that ended), at most `max`. */
export function minutesToDo(cursor: string | undefined, now: number, max: number): string[] {
  const lastDone = Math.floor(now / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
  const first = cursor === undefined ? lastDone : minuteStart(cursor) + MINUTE_MS;
  const minutes: string[] = [];
  for (let at = first; at <= lastDone && minutes.length < max; at += MINUTE_MS) minutes.push(minuteOf(at));
  return minutes;
}

export async function readClockCursor(client: DynamoDBDocumentClient, tableName: string, io: TimerIo = {}): Promise<string | undefined> {
  const result = await client.send(new GetCommand({ TableName: tableName, Key: CURSOR_KEY, ConsistentRead: true, ReturnConsumedCapacity: 'TOTAL' }));
  io.onConsumed?.(result.ConsumedCapacity?.CapacityUnits ?? 0);
  const minute = result.Item?.['minute'];
  return typeof minute === 'string' ? minute : undefined;
}

export async function writeClockCursor(client: DynamoDBDocumentClient, tableName: string, minute: string): Promise<void> {
  await client.send(new PutCommand(alarmClockCursor.put({ name: 'clock', minute }).params<{ TableName: string; Item: Record<string, unknown> }>({ table: tableName })));
}

/** The devices due in these minutes, each once (one Query of each minute's partition). */
export async function dueTimers(client: DynamoDBDocumentClient, tableName: string, minutes: readonly string[], io: TimerIo = {}): Promise<TimerEntry[]> {
  const due = new Map<string, TimerEntry>();
  for (const minute of minutes) {
    let start: Record<string, unknown> | undefined;
    do {
      const result = await client.send(new QueryCommand({
        TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': minutePk(minute) },
        ConsistentRead: true, ReturnConsumedCapacity: 'TOTAL', ...(start === undefined ? {} : { ExclusiveStartKey: start }),
      }));
      io.onConsumed?.(result.ConsumedCapacity?.CapacityUnits ?? 0);
      for (const item of result.Items ?? []) {
        for (const entry of entriesOf(item)) due.set(`${entry.customerId}|${deviceName(entry)}`, entry);
      }
      start = result.LastEvaluatedKey;
    } while (start !== undefined);
  }
  return [...due.values()];
}
