import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { batchGet, batchWrite } from '../batch';
import { SERVICE } from '../key-parts';
import { alarmClockCursor } from './alarm-clock-cursor';

/**
 * The alarm clock's due index (issue 13 section 2; docs/decisions.md "The alarm clock"): one
 * item per minute and shard, `ALARMCLOCK#<YYYY-MM-DDTHH:mm>` / `SHARD#<n>`, whose attributes
 * (`T#<customerId>|<SENSOR or GATEWAY>|<deviceId>`) name the devices to look at in that minute.
 * The clock reads the minutes it has not done yet, a fixed number of keys (ALARM_CLOCK_SHARDS
 * per minute) whatever the fleet, and deletes each bucket it has done. Many devices share one
 * item, so the clock's re-arming of a thousand inactivity timers is a handful of writes.
 * The partition starts with no organisation on purpose: one clock serves them all.
 */
export const alarmTimerBucket = new Entity({
  model: { entity: 'alarmTimerBucket', version: '1', service: SERVICE },
  attributes: {
    minute: { type: 'string', required: true },
    shard: { type: 'number', required: true },
  },
  indexes: {
    byMinute: {
      pk: { field: 'pk', composite: ['minute'], template: 'ALARMCLOCK#${minute}', casing: 'none' },
      sk: { field: 'sk', composite: ['shard'], template: 'SHARD#${shard}', casing: 'none' },
    },
  },
});
export type AlarmTimerBucketItem = EntityItem<typeof alarmTimerBucket>;

/** Shards per minute: each bucket item stays far below the 400 KB item limit up to ~25,000 devices due in one minute. */
export const ALARM_CLOCK_SHARDS = 4;
const MINUTE_MS = 60_000;
const ENTRY_PREFIX = 'T#';

export interface TimerEntry {
  customerId: string;
  deviceType: 'SENSOR' | 'GATEWAY';
  deviceId: string;
}

/** `YYYY-MM-DDTHH:mm` of a time: its bucket. */
export const minuteOf = (ms: number) => new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS).toISOString().slice(0, 16);
export const minuteStart = (minute: string) => Date.parse(`${minute}:00.000Z`);

const entryName = (entry: TimerEntry) => `${ENTRY_PREFIX}${entry.customerId}|${entry.deviceType}|${entry.deviceId}`;
export function entryOf(name: string): TimerEntry | undefined {
  if (!name.startsWith(ENTRY_PREFIX)) return undefined;
  const [customerId, deviceType, deviceId] = name.slice(ENTRY_PREFIX.length).split('|');
  if (!customerId || (deviceType !== 'SENSOR' && deviceType !== 'GATEWAY') || !deviceId) return undefined;
  return { customerId, deviceType, deviceId };
}
const shardOf = (entry: TimerEntry) => (createHash('sha1').update(entryName(entry)).digest()[0] ?? 0) % ALARM_CLOCK_SHARDS;

const bucketKey = (minute: string, shard: number): Record<string, unknown> => alarmTimerBucket.get({ minute, shard }).params<{ Key: Record<string, unknown> }>({ table: 'item-only' }).Key;
const CURSOR_KEY = alarmClockCursor.get({ name: 'clock' }).params<{ Key: Record<string, unknown> }>({ table: 'item-only' }).Key;

export interface TimerIo {
  onConsumed?: (consumed: number) => void;
}

/**
 * Sets timers: each device is looked at in the minute of its time, but never in a minute the
 * clock may be doing already (`now`'s or earlier: the next one then), so no timer is written
 * into a bucket being read. One UpdateItem per bucket, whatever the number of devices in it.
 */
export async function setTimers(client: DynamoDBDocumentClient, tableName: string, timers: ReadonlyArray<{ entry: TimerEntry; at: number }>, now: number, io: TimerIo = {}): Promise<void> {
  const buckets = new Map<string, { minute: string; shard: number; entries: TimerEntry[] }>();
  const earliest = Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  for (const { entry, at } of timers) {
    const minute = minuteOf(Math.max(at, earliest));
    const shard = shardOf(entry);
    const key = `${minute}|${shard}`;
    const bucket = buckets.get(key) ?? { minute, shard, entries: [] };
    bucket.entries.push(entry);
    buckets.set(key, bucket);
  }
  await Promise.all([...buckets.values()].map(async ({ minute, shard, entries }) => {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = [...new Map(entries.map((entry) => [entryName(entry), entry])).keys()].map((name, index) => {
      names[`#e${index}`] = name;
      values[`:v${index}`] = 1;
      return `#e${index} = :v${index}`;
    });
    const result = await client.send(new UpdateCommand({
      TableName: tableName, Key: bucketKey(minute, shard), UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnConsumedCapacity: 'TOTAL',
    }));
    io.onConsumed?.(result.ConsumedCapacity?.CapacityUnits ?? 0);
  }));
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

/** The devices due in these minutes (one BatchGetItem of the minutes' shards). */
export async function dueTimers(client: DynamoDBDocumentClient, tableName: string, minutes: readonly string[], io: TimerIo = {}): Promise<TimerEntry[]> {
  if (minutes.length === 0) return [];
  const keys = minutes.flatMap((minute) => Array.from({ length: ALARM_CLOCK_SHARDS }, (_, shard) => bucketKey(minute, shard)));
  const { onConsumed } = io;
  const items = await batchGet(client, tableName, keys, {
    consistent: true,
    ...(onConsumed ? { onConsumed: (consumed) => onConsumed(consumed.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0)) } : {}),
  });
  const due = new Map<string, TimerEntry>();
  for (const item of items) {
    for (const name of Object.keys(item)) {
      const entry = entryOf(name);
      if (entry !== undefined) due.set(name, entry);
    }
  }
  return [...due.values()];
}

/** Forgets the buckets of minutes done. */
export async function deleteBuckets(client: DynamoDBDocumentClient, tableName: string, minutes: readonly string[]): Promise<void> {
  const requests = minutes.flatMap((minute) => Array.from({ length: ALARM_CLOCK_SHARDS }, (_, shard) => ({ DeleteRequest: { Key: bucketKey(minute, shard) } })));
  if (requests.length > 0) await batchWrite(client, tableName, requests);
}
