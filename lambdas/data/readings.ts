import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { READING_RETENTION_DAYS, type ReadingRow } from '@domain/telemetry/telemetry';
import { liveStateWithReading, type NewestReading, type StoredLiveState } from '@domain/telemetry/telemetry-state';
import { eachLimited } from '../shared/concurrency';

/**
 * A sensor's reading items, their one encoder and decoder (`readingItem`, `readingRowOf`), and
 * its newest reading (docs/data-model.md "Device data"): the access pattern every reader
 * of live state uses, since the ingest no longer rewrites the state item for each reading
 * (docs/decisions/0055-a-reading-costs-one-write.md). One newest-first Query with
 * Limit 1 of the sensor's reading partition (`C#<cid>#READING#<id>`, sort key the reading's
 * time); for many sensors, NEWEST_READING_QUERIES at a time. The sensor list reads most of its
 * sensors' newest readings from their gateways' batch items instead (lambdas/data/newest-readings.ts).
 */

/**
 * A sensor's reading partition, `C#<cid>#READING#<sensorId>` (sort key the reading's ISO time):
 * the one definition of a reading's keys. Readings are not an ElectroDB entity: its composite
 * and identity attributes would double a reading's stored bytes
 * (docs/decisions/0080-readings-and-rollups-outside-electrodb.md).
 */
export const readingPartition = (customerId: string, sensorId: string): string => `C#${customerId}#READING#${sensorId}`;

/** A reading item's key. */
export const readingKey = (customerId: string, sensorId: string, time: string): { pk: string; sk: string } =>
  ({ pk: readingPartition(customerId, sensorId), sk: time });

/** Newest-reading Queries in flight at once, whatever the number of sensors asked for. */
export const NEWEST_READING_QUERIES = 16;

export interface NewestReadingOptions {
  /** Strongly consistent (default): a reading just stored shows at once. */
  consistent?: boolean;
  /** Called with what each Query consumed (asked for only when this is given). */
  onConsumed?: (consumed: ConsumedCapacity) => void;
}

const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const DAY_SECONDS = 24 * 60 * 60;

/**
 * A reading item's attributes besides `pk`, `sk` (the reading's time) and `ttl`
 * (docs/data-model.md "Device data"). DynamoDB bills every attribute's name with its value, in
 * storage and in point-in-time recovery, on every reading kept 400 days: one letter each.
 */
export const READING_ATTRIBUTE = {
  /** Channel values, `{"1": number | null}`. */
  channels: 'c',
  battery: 'b',
  signal: 's',
  snr: 'n',
  /** Milliseconds from the reading's time to its arrival (absent: 0; negative for a device clock ahead). */
  receivedAfter: 'r',
  /** The device that sent it, present only when it is not the sensor itself (a gateway). */
  source: 'g',
  /** `true` when the sensor was disabled (absent otherwise). */
  disabled: 'd',
} as const;

/** Items written before the short form (no migration: they are read as they are until their TTL). */
const LONG_FORM = { channels: 'channels', battery: 'battery', signal: 'signal', snr: 'snr', receivedAt: 'receivedAt', source: 'sourceDeviceId', disabled: 'disabled' } as const;

/** A reading as stored: the row the API answers with (`readingRowSchema`). */
export type ReadingItemFields = ReadingRow;

/** Asks a Query for what a rollup or the graph needs of a reading: its time and channels, in either form. */
export const READING_VALUES_PROJECTION = {
  ProjectionExpression: 'sk, #c, #channels',
  ExpressionAttributeNames: { '#c': READING_ATTRIBUTE.channels, '#channels': LONG_FORM.channels },
} as const;

/** A reading's time, channels and disabled flag, in either form (the temperature reports). */
const READING_VALUES_AND_STATE_PROJECTION = {
  ProjectionExpression: 'sk, #c, #channels, #d, #disabled',
  ExpressionAttributeNames: { '#c': READING_ATTRIBUTE.channels, '#channels': LONG_FORM.channels, '#d': READING_ATTRIBUTE.disabled, '#disabled': LONG_FORM.disabled },
} as const;

/**
 * The reading item of a sensor's reading (D5): the time only in the sort key, the arrival as
 * milliseconds after it, the source only when it is a gateway. `readingRowOf` reads it back to
 * the same row.
 */
export function readingItem(customerId: string, sensorId: string, reading: ReadingItemFields): Record<string, unknown> {
  const time = Date.parse(reading.time);
  const received = Date.parse(reading.receivedAt);
  // An arrival that is not the ISO text of its milliseconds (never, from the ingest) is kept as it came, so it reads back the same.
  const offset = Number.isFinite(time) && Number.isFinite(received) && new Date(received).toISOString() === reading.receivedAt ? received - time : undefined;
  const attribute = READING_ATTRIBUTE;
  return {
    ...readingKey(customerId, sensorId, reading.time),
    ...(Object.keys(reading.channels).length > 0 ? { [attribute.channels]: reading.channels } : {}),
    ...(reading.battery !== undefined ? { [attribute.battery]: reading.battery } : {}),
    ...(reading.signal !== undefined ? { [attribute.signal]: reading.signal } : {}),
    ...(reading.snr !== undefined ? { [attribute.snr]: reading.snr } : {}),
    ...(offset === undefined ? { [LONG_FORM.receivedAt]: reading.receivedAt } : offset !== 0 ? { [attribute.receivedAfter]: offset } : {}),
    ...(reading.sourceDeviceId !== sensorId ? { [attribute.source]: reading.sourceDeviceId } : {}),
    ...(reading.disabled === true ? { [attribute.disabled]: true } : {}),
    ttl: Math.floor(time / 1000) + READING_RETENTION_DAYS * DAY_SECONDS,
  };
}

const channelsOf = (value: unknown): Record<string, number | null> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([channel, reading]) => [channel, finite(reading) ?? null]))
    : undefined;

/**
 * The one decoder of a reading item, short form (`readingItem`) or long (items stored before it:
 * `time`, `channels`, `battery`, `signal`, `snr`, `receivedAt` ISO, `sourceDeviceId`, `disabled`),
 * to the row the API answers with. `sensorId` is the sensor whose partition it came from (the
 * source of a reading that names none). Attributes a projection left out read as absent.
 */
export function readingRowOf(item: Record<string, unknown>, sensorId: string): ReadingRow {
  const time = String(item['sk']);
  const value = (short: string, long: string) => finite(item[short]) ?? finite(item[long]);
  const offset = finite(item[READING_ATTRIBUTE.receivedAfter]);
  const longReceivedAt = item[LONG_FORM.receivedAt];
  const receivedAt = typeof longReceivedAt === 'string'
    ? longReceivedAt
    : offset === undefined || Number.isNaN(Date.parse(time)) ? time : new Date(Date.parse(time) + offset).toISOString();
  const source = item[READING_ATTRIBUTE.source] ?? item[LONG_FORM.source];
  const battery = value(READING_ATTRIBUTE.battery, LONG_FORM.battery);
  const signal = value(READING_ATTRIBUTE.signal, LONG_FORM.signal);
  const snr = value(READING_ATTRIBUTE.snr, LONG_FORM.snr);
  return {
    time,
    channels: channelsOf(item[READING_ATTRIBUTE.channels]) ?? channelsOf(item[LONG_FORM.channels]) ?? {},
    ...(battery !== undefined ? { battery } : {}),
    ...(signal !== undefined ? { signal } : {}),
    ...(snr !== undefined ? { snr } : {}),
    receivedAt,
    sourceDeviceId: typeof source === 'string' ? source : sensorId,
    ...(item[READING_ATTRIBUTE.disabled] === true || item[LONG_FORM.disabled] === true ? { disabled: true } : {}),
  };
}

/** A reading item as the live state takes it (through `readingRowOf`); undefined for an item that is not one. */
export function toNewestReading(item: Record<string, unknown> | undefined): NewestReading | undefined {
  const time = item?.['sk'];
  // A reading's sort key is its ISO time: anything else is not a reading.
  if (item === undefined || typeof time !== 'string' || Number.isNaN(Date.parse(time))) return undefined;
  // The live state does not use the source: no sensor id needed.
  const { channels, battery, signal, snr, receivedAt } = readingRowOf(item, '');
  return { time, channels, receivedAt, ...(battery !== undefined ? { battery } : {}), ...(signal !== undefined ? { signal } : {}), ...(snr !== undefined ? { snr } : {}) };
}

/** One sensor's newest stored reading, or undefined when it has none. */
export async function newestReading(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  sensorId: string,
  options: NewestReadingOptions = {},
): Promise<NewestReading | undefined> {
  const result = await client.send(new QueryCommand({
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': readingPartition(customerId, sensorId) },
    ScanIndexForward: false,
    Limit: 1,
    ConsistentRead: options.consistent ?? true,
    ...(options.onConsumed === undefined ? {} : { ReturnConsumedCapacity: 'TOTAL' as const }),
  }));
  if (options.onConsumed !== undefined && result.ConsumedCapacity !== undefined) options.onConsumed(result.ConsumedCapacity);
  return toNewestReading(result.Items?.[0]);
}

/** These sensors' newest readings, by id (sensors without one are absent); NEWEST_READING_QUERIES Queries at a time. */
export async function newestReadings(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  sensorIds: Iterable<string>,
  options: NewestReadingOptions = {},
): Promise<Map<string, NewestReading>> {
  const ids = [...new Set(sensorIds)];
  const readings = await eachLimited(ids, NEWEST_READING_QUERIES, (id) => newestReading(client, tableName, customerId, id, options));
  const found = new Map<string, NewestReading>();
  ids.forEach((id, index) => {
    const reading = readings[index];
    if (reading !== undefined) found.set(id, reading);
  });
  return found;
}

/**
 * Sensors' live states as the API shows them: each stored state item (or undefined) with the
 * sensor's newest reading on top when it is newer (`liveStateWithReading`). One Query per sensor.
 */
export async function sensorLiveStates<S extends StoredLiveState>(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  stored: ReadonlyMap<string, S | undefined>,
): Promise<Map<string, StoredLiveState | undefined>> {
  const newest = await newestReadings(client, tableName, customerId, stored.keys());
  return new Map([...stored].map(([id, state]) => [id, liveStateWithReading(state, newest.get(id))]));
}

/** A reading as the alarm engine judges it: its own time (ms), channel values and battery. */
export interface ReadingForAlarms {
  time: number;
  channels: Record<string, number | null>;
  battery?: number;
}

/** The alarm engine's look back at a sensor's readings in [start, end] (a re-scan), oldest first, at most `limit`. */
export async function readingsForAlarms(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  sensorId: string,
  range: { start: number; end: number; limit: number },
  onConsumed?: (consumed: ConsumedCapacity) => void,
): Promise<ReadingForAlarms[]> {
  const readings: ReadingForAlarms[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :start AND :end',
      ExpressionAttributeValues: { ':pk': readingPartition(customerId, sensorId), ':start': new Date(range.start).toISOString(), ':end': new Date(range.end).toISOString() },
      ConsistentRead: true,
      Limit: range.limit - readings.length,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      ...(onConsumed ? { ReturnConsumedCapacity: 'TOTAL' as const } : {}),
    }));
    if (page.ConsumedCapacity) onConsumed?.(page.ConsumedCapacity);
    for (const item of page.Items ?? []) {
      const row = readingRowOf(item, sensorId);
      const time = Date.parse(row.time);
      if (Number.isFinite(time)) readings.push({ time, channels: row.channels, ...(row.battery !== undefined ? { battery: row.battery } : {}) });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined && readings.length < range.limit);
  return readings;
}

/**
 * A sensor's readings in [start, end), oldest first, page by page as DynamoDB returns them (a
 * report reads a month of a sensor without holding more than a page of items at a time).
 */
export async function* readingPagesBetween(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  sensorId: string,
  range: { start: number; end: number },
  options: { valuesOnly?: boolean } = {},
): AsyncGenerator<ReadingRow[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :start AND :end',
      ExpressionAttributeValues: { ':pk': readingPartition(customerId, sensorId), ':start': new Date(range.start).toISOString(), ':end': new Date(range.end - 1).toISOString() },
      // The temperature reports read a reading's time, values and whether the sensor was disabled: nothing else crosses the wire.
      ...(options.valuesOnly ? READING_VALUES_AND_STATE_PROJECTION : {}),
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }));
    yield (page.Items ?? []).map((item) => readingRowOf(item, sensorId));
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined);
}
