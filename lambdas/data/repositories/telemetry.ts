import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ChannelRollup, Rollup, RollupSource } from '@domain/telemetry/rollups';
import { blockKey, hourKey, hourStartOf, rollupOf } from '@domain/telemetry/rollups';
import type { DeadLetter, ReadingRow } from '@domain/telemetry/telemetry';
import { READING_VALUES_PROJECTION, readingRowOf, deadLetterPartition, deviceKey, ENTITY, readingPartition, rollupPartition } from '..';
import type { PageRequest } from '../../shared/pagination';
import { queryPage } from '../query-pages';

/**
 * Reads of device data for the API (docs/data-model.md "Device data"): a sensor's
 * configuration item, its raw readings and hourly rollups over a range, and the
 * organisation's dead letters.
 */

type Item = Record<string, unknown>;

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

interface StoredRollups {
  /** Hourly rollups, by the hour's start. */
  rollups: Rollup[];
  /** A block item's hours override an hourly item's (a block is recomputed from the readings later). */
  block: boolean;
}

/**
 * A rollup item's hourly rollups: an hourly item (`readings`, `channels`; written before blocks)
 * gives its hour; a block item (`blockHours`, `hours`) gives every hour it covers, an hour without
 * readings as an empty rollup (it had none: nothing to read again).
 */
export function rollupsOfItem(item: Item): StoredRollups {
  const blockHours = numberOr(item['blockHours']);
  const start = hourStartOf(String(item['sk']));
  if (blockHours === undefined) {
    return { block: false, rollups: [{ start, readings: numberOr(item['readings']) ?? 0, channels: (item['channels'] ?? {}) as Record<string, ChannelRollup> }] };
  }
  const hours = (typeof item['hours'] === 'object' && item['hours'] !== null ? item['hours'] : {}) as Record<string, Item>;
  const rollups = Array.from({ length: blockHours }, (_, index): Rollup => {
    const hourStart = start + index * 3_600_000;
    const stored = hours[hourKey(hourStart)];
    return stored === undefined
      ? rollupOf(hourStart, [])
      : { start: hourStart, readings: numberOr(stored['readings']) ?? 0, channels: (stored['channels'] ?? {}) as Record<string, ChannelRollup> };
  });
  return { block: true, rollups };
}

export function deadLetterOf(item: Item): DeadLetter {
  return {
    id: String(item['id'] ?? item['sk']),
    receivedAt: String(item['receivedAt'] ?? ''),
    reason: String(item['reason'] ?? ''),
    kind: String(item['kind'] ?? ''),
    sourceDeviceId: String(item['sourceDeviceId'] ?? ''),
    ...(typeof item['sensorId'] === 'string' ? { sensorId: item['sensorId'] } : {}),
    payload: String(item['payload'] ?? ''),
  };
}

export class TelemetryStore {
  constructor(private readonly client: DynamoDBDocumentClient, private readonly tableName: string) {}

  /** A sensor's configuration item, or undefined. */
  async sensor(customerId: string, sensorId: string): Promise<Item | undefined> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: deviceKey(customerId, ENTITY.sensor, sensorId) }));
    return result.Item as Item | undefined;
  }

  /**
   * Raw readings in [start, end], oldest first, at most `limit` (asked for one more, to tell
   * whether more were there). `newestFirst` reads from the end instead (then returned oldest first).
   */
  async readingsBetween(customerId: string, sensorId: string, start: number, end: number, limit: number, newestFirst = false): Promise<{ readings: RollupSource[]; more: boolean }> {
    const items: Item[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :start AND :end',
        ExpressionAttributeValues: { ':pk': readingPartition(customerId, sensorId), ':start': new Date(start).toISOString(), ':end': new Date(end).toISOString() },
        ...READING_VALUES_PROJECTION,
        ScanIndexForward: !newestFirst,
        Limit: limit + 1 - items.length,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      items.push(...((page.Items ?? []) as Item[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined && items.length <= limit);
    const more = items.length > limit;
    const kept = items.slice(0, limit).map((item) => {
      const { time, channels } = readingRowOf(item, sensorId);
      return { time, channels };
    });
    return { readings: newestFirst ? kept.reverse() : kept, more };
  }

  /**
   * Hourly rollups from the hour `fromHour` to `toHour` (keys `YYYY-MM-DDTHH`), in time order:
   * the hourly items and the hours of the block items (from the block `fromHour` falls in).
   */
  async rollups(customerId: string, sensorId: string, fromHour: string, toHour: string): Promise<Rollup[]> {
    const byHour = new Map<number, StoredRollups & { rollup: Rollup }>();
    const from = hourStartOf(fromHour);
    const to = hourStartOf(toHour);
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': rollupPartition(customerId, sensorId), ':from': blockKey(from), ':to': toHour },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      for (const item of (page.Items ?? []) as Item[]) {
        const stored = rollupsOfItem(item);
        for (const rollup of stored.rollups) {
          if (rollup.start < from || rollup.start > to) continue;
          if (!stored.block && byHour.get(rollup.start)?.block === true) continue;
          byHour.set(rollup.start, { ...stored, rollup });
        }
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return [...byHour.values()].map((entry) => entry.rollup).sort((a, b) => a.start - b.start);
  }

  /** One page of a sensor's readings in [start, end], newest first (the data tab's table). */
  async readingsPage(customerId: string, sensorId: string, start: number, end: number, page: PageRequest): Promise<{ items: ReadingRow[]; nextCursor?: string }> {
    const result = await queryPage<Item>(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :start AND :end',
      ExpressionAttributeValues: { ':pk': readingPartition(customerId, sensorId), ':start': new Date(start).toISOString(), ':end': new Date(end).toISOString() },
      ScanIndexForward: false,
    }, page);
    return { items: result.items.map((item) => readingRowOf(item, sensorId)), ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
  }

  /** One page of the organisation's dead letters, newest first. */
  async deadLetters(customerId: string, page: PageRequest): Promise<{ items: DeadLetter[]; nextCursor?: string }> {
    const result = await queryPage<Item>(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': deadLetterPartition(customerId) },
      ScanIndexForward: false,
    }, page);
    return { items: result.items.map(deadLetterOf), ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
  }
}
