import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEVICE_CLOCK_SKEW_MS } from '@domain/telemetry/telemetry';
import type { NewestReading } from '@domain/telemetry/telemetry-state';
import { eachLimited } from '../shared/concurrency';
import { newestReadings, NEWEST_READING_QUERIES, type ReadingItemFields } from './readings';
import type { UpdateParams } from './writes';

/**
 * The newest readings of a gateway's sensors, as the sensor list reads them
 * (docs/decisions/0081-newest-readings-for-the-sensor-list.md). For each gateway batch the ingest
 * stores, one more item beside the readings: the newest reading of each sensor in the batch, its
 * values included. The list reads a gateway's newest batch items (one Query, newest first) instead
 * of one `Limit 1` Query per sensor. Keyed by hand like the readings
 * (docs/decisions/0080-readings-and-rollups-outside-electrodb.md): the item is billed by its bytes.
 *
 * `C#<cid>#NEWEST#<gatewayId>`, sort key `<newest reading time in the batch>#<batch id>`; an item
 * is written once and never rewritten (a late batch adds its own item, older by its sort key), so
 * no batch can overwrite a newer value: the reader compares times.
 */

/** A gateway's partition of newest-reading batch items. */
export const newestBatchPartition = (customerId: string, gatewayId: string): string => `C#${customerId}#NEWEST#${gatewayId.toUpperCase()}`;

/**
 * A batch item costs a write unit: it is written only for a gateway batch of at least this many
 * readings (at most 0.02 write units a reading). A smaller batch (a gateway of few sensors, or of
 * sensors reporting seldom) gets none; instead its gateway is marked (`unbatchedMark`) before its
 * readings are stored, and the list reads that gateway's sensors one Query each while the mark holds.
 */
export const MIN_BATCH_ITEM_READINGS = 50;
/** How long a mark holds after the batch it was written for: one write a gateway and container per half of it. */
export const UNBATCHED_MARK_MS = 4 * 60 * 60 * 1000;
/** The mark's sort key: after every time, so a newest-first Query of the partition reads it first. */
const UNBATCHED_MARK_KEY = '~unbatched';

/** The list takes a sensor's newest reading from batch items this recent; older ones are read by a Query of the sensor. */
export const NEWEST_BATCH_HORIZON_MS = 30 * 60 * 1000;
/** Batch items expire a day after their newest reading (the list reads only the last NEWEST_BATCH_HORIZON_MS). */
const NEWEST_BATCH_RETENTION_SECONDS = 24 * 60 * 60;
/** The first page of a gateway's batch items (a sensor reporting every minute is found in the newest two), and the next ones. */
const FIRST_PAGE_ITEMS = 4;
const NEXT_PAGE_ITEMS = 25;
/** An ISO time's length (`2026-12-07T20:15:00.000Z`): the sort key's prefix. */
const ISO_LENGTH = 24;

/** A sensor's reading in a gateway batch: the reading item's fields and the sensor's id. */
export interface BatchReading {
  sensorId: string;
  fields: ReadingItemFields;
}

/** A message id, shortened: it only tells apart two batches of one gateway with the same newest time. */
const batchIdOf = (messageId: string): string => createHash('sha256').update(messageId).digest('base64url').slice(0, 10);

const FIELD = '\t';
const LINE = '\n';
const base36 = (value: number): string => (value === 0 ? '' : value.toString(36));
const fromBase36 = (text: string): number => (text === '' ? 0 : parseInt(text, 36));
const numberText = (value: number | undefined): string => (value === undefined ? '' : String(value));
const numberOf = (text: string | undefined): number | undefined => (text === undefined || text === '' ? undefined : Number(text));

/**
 * A gateway batch's item: per sensor its newest reading in the batch, one line each
 * (`id`, the time as milliseconds before the sort key's, `channel:value` pairs, battery, signal,
 * SNR, the arrival as milliseconds after the item's `r`), deflated: a hundred one-channel
 * sensors' lines take under 1 KB, one write unit. Numbers are written as JavaScript writes them, so they read back the same.
 * Undefined when no reading is given.
 */
export function newestBatchItem(customerId: string, gatewayId: string, messageId: string, readings: readonly BatchReading[]): Record<string, unknown> | undefined {
  const newest = new Map<string, ReadingItemFields>();
  for (const { sensorId, fields } of readings) {
    const known = newest.get(sensorId);
    if (known === undefined || fields.time > known.time) newest.set(sensorId, fields);
  }
  const all = [...newest.values()];
  if (all.length === 0) return undefined;
  const time = all.reduce((latest, fields) => (fields.time > latest ? fields.time : latest), '');
  const timeMs = Date.parse(time);
  const receivedMs = Math.min(...all.map((fields) => Date.parse(fields.receivedAt)));
  // Sorted by id: neighbouring ids share their leading characters, which deflate takes once.
  const lines = [...newest].sort(([a], [b]) => a.localeCompare(b)).map(([sensorId, fields]) => [
    sensorId,
    base36(timeMs - Date.parse(fields.time)),
    Object.entries(fields.channels).map(([channel, value]) => `${channel}:${numberText(value ?? undefined)}`).join(','),
    numberText(fields.battery),
    numberText(fields.signal),
    numberText(fields.snr),
    base36(Date.parse(fields.receivedAt) - receivedMs),
  ].join(FIELD));
  return {
    pk: newestBatchPartition(customerId, gatewayId),
    sk: `${time}#${batchIdOf(messageId)}`,
    r: receivedMs,
    v: deflateRawSync(Buffer.from(lines.join(LINE), 'utf8')),
    ttl: Math.floor(timeMs / 1000) + NEWEST_BATCH_RETENTION_SECONDS,
  };
}

/**
 * The mark that a batch of the gateway, received at `receivedAt` (ms), has no batch item: an
 * update of one item per gateway, holding until `UNBATCHED_MARK_MS` after the newest such batch
 * (the condition keeps a later one; a refused update means a later mark holds already).
 */
export function unbatchedMark(tableName: string, customerId: string, gatewayId: string, receivedAt: number): UpdateParams & { ConditionExpression: string } {
  const until = receivedAt + UNBATCHED_MARK_MS;
  return {
    TableName: tableName,
    Key: { pk: newestBatchPartition(customerId, gatewayId), sk: UNBATCHED_MARK_KEY },
    UpdateExpression: 'SET #until = :until, #ttl = :ttl',
    ConditionExpression: 'attribute_not_exists(#until) OR #until < :until',
    ExpressionAttributeNames: { '#until': 'until', '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':until': until, ':ttl': Math.floor(until / 1000) + NEWEST_BATCH_RETENTION_SECONDS },
  };
}

/**
 * The newest readings a batch item holds, by sensor id (empty for an item that is not one);
 * only those `wanted` returns true for, when given (the others' lines are not decoded).
 */
export function newestBatchReadings(item: Record<string, unknown>, wanted: (sensorId: string) => boolean = () => true): Map<string, NewestReading> {
  const found = new Map<string, NewestReading>();
  const time = String(item['sk']).slice(0, ISO_LENGTH);
  const timeMs = Date.parse(time);
  const receivedMs = item['r'];
  const packed = item['v'];
  if (Number.isNaN(timeMs) || typeof receivedMs !== 'number' || !(packed instanceof Uint8Array)) return found;
  for (const line of inflateRawSync(packed).toString('utf8').split(LINE)) {
    const idEnd = line.indexOf(FIELD);
    if (idEnd <= 0 || !wanted(line.slice(0, idEnd))) continue;
    const [sensorId = '', before, channels, battery, signal, snr, arrival] = line.split(FIELD);
    const reading: NewestReading = {
      time: new Date(timeMs - fromBase36(before ?? '')).toISOString(),
      channels: Object.fromEntries((channels ?? '').split(',').filter((pair) => pair !== '').map((pair) => {
        const [channel = '', value = ''] = pair.split(':');
        return [channel, numberOf(value) ?? null];
      })),
      receivedAt: new Date(receivedMs + fromBase36(arrival ?? '')).toISOString(),
    };
    const [batteryValue, signalValue, snrValue] = [numberOf(battery), numberOf(signal), numberOf(snr)];
    if (batteryValue !== undefined) reading.battery = batteryValue;
    if (signalValue !== undefined) reading.signal = signalValue;
    if (snrValue !== undefined) reading.snr = snrValue;
    found.set(sensorId, reading);
  }
  return found;
}

/** A sensor as the list gives it to `listedNewestReadings`: its id, its gateway, and how it connects. */
export interface ListedSensor {
  id: string;
  gatewayId?: string;
  connectionType?: string;
}

export interface ListedNewestReadingOptions {
  /** The time the list is read at (the batch items' horizon counts back from it). */
  now: Date;
  /** Called with what each Query consumed (asked for only when this is given). */
  onConsumed?: (consumed: ConsumedCapacity) => void;
}

/**
 * The newest readings of these gateway's sensors found in its batch items of the last
 * NEWEST_BATCH_HORIZON_MS, read newest first (consistent, like the per-sensor Query). A sensor's
 * newest value in the items read is known to be its newest reading once an item whose sort-key
 * time is before it has been read (every item after holds only older readings), or when the
 * items within the horizon are all read; sensors not known so are left out, and all of them
 * while the gateway's unbatched mark holds.
 */
async function newestFromBatches(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  gatewayId: string,
  sensorIds: ReadonlySet<string>,
  options: ListedNewestReadingOptions,
): Promise<Map<string, NewestReading>> {
  const horizon = new Date(options.now.getTime() - NEWEST_BATCH_HORIZON_MS).toISOString();
  const known = new Map<string, NewestReading>();
  const candidates = new Map<string, NewestReading>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk >= :horizon',
      ExpressionAttributeValues: { ':pk': newestBatchPartition(customerId, gatewayId), ':horizon': horizon },
      ScanIndexForward: false,
      ConsistentRead: true,
      Limit: startKey === undefined ? FIRST_PAGE_ITEMS : NEXT_PAGE_ITEMS,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      ...(options.onConsumed === undefined ? {} : { ReturnConsumedCapacity: 'TOTAL' as const }),
    }));
    if (options.onConsumed !== undefined && page.ConsumedCapacity !== undefined) options.onConsumed(page.ConsumedCapacity);
    for (const item of page.Items ?? []) {
      if (item['sk'] === UNBATCHED_MARK_KEY) {
        // A batch without an item may hold a newer reading (a device clock ahead included) than the items: read the sensors themselves.
        if (typeof item['until'] === 'number' && item['until'] > options.now.getTime() - NEWEST_BATCH_HORIZON_MS - DEVICE_CLOCK_SKEW_MS) return new Map();
        continue;
      }
      const itemTime = String(item['sk']).slice(0, ISO_LENGTH);
      for (const [id, reading] of candidates) {
        if (reading.time > itemTime) {
          known.set(id, reading);
          candidates.delete(id);
        }
      }
      if (known.size === sensorIds.size) return known;
      for (const [id, reading] of newestBatchReadings(item, (id) => sensorIds.has(id) && !known.has(id))) {
        const candidate = candidates.get(id);
        if (candidate === undefined || reading.time > candidate.time) candidates.set(id, reading);
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined);
  // Every item within the horizon read: a value from within it is the newest.
  for (const [id, reading] of candidates) if (reading.time >= horizon) known.set(id, reading);
  return known;
}

/**
 * The newest readings of the sensors a list shows, by id (sensors without one are absent): the
 * same values as `newestReadings`, in a few requests. Sensors relayed by a gateway (any
 * connection but Wi-Fi) from their gateway's batch items, one Query per gateway; the others, and
 * those the items do not settle (nothing relayed within the horizon), one `Limit 1` Query each.
 */
export async function listedNewestReadings(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  sensors: readonly ListedSensor[],
  options: ListedNewestReadingOptions,
): Promise<Map<string, NewestReading>> {
  const byGateway = new Map<string, Set<string>>();
  for (const sensor of sensors) {
    if (sensor.gatewayId === undefined || sensor.gatewayId === '' || sensor.connectionType === 'wifi') continue;
    const gatewayId = sensor.gatewayId.toUpperCase();
    byGateway.set(gatewayId, (byGateway.get(gatewayId) ?? new Set()).add(sensor.id));
  }
  const found = new Map<string, NewestReading>();
  const fromBatches = await eachLimited([...byGateway], NEWEST_READING_QUERIES, ([gatewayId, ids]) =>
    newestFromBatches(client, tableName, customerId, gatewayId, ids, options));
  for (const readings of fromBatches) for (const [id, reading] of readings) found.set(id, reading);
  const rest = sensors.map((sensor) => sensor.id).filter((id) => !found.has(id));
  const queried = await newestReadings(client, tableName, customerId, rest, options.onConsumed === undefined ? {} : { onConsumed: options.onConsumed });
  for (const [id, reading] of queried) found.set(id, reading);
  return found;
}
