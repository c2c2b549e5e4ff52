import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ChannelRollup, Rollup, RollupSource } from '@domain/telemetry/rollups';
import { hourStartOf } from '@domain/telemetry/rollups';
import type { DeadLetter, ReadingRow } from '@domain/telemetry/telemetry';
import { deadLetterPartition, deviceKey, ENTITY, readingPartition, rollupPartition } from '../shared/keys';
import { queryPage, type PageRequest } from '../shared/pagination';

/**
 * Reads of device data for the API (docs/data-model.md "Device data"): a sensor's
 * configuration item, its raw readings and hourly rollups over a range, and the
 * organisation's dead letters.
 */

type Item = Record<string, unknown>;

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export function readingRowOf(item: Item): ReadingRow {
  const optional = (key: 'battery' | 'signal' | 'snr') => (numberOr(item[key]) === undefined ? {} : { [key]: numberOr(item[key]) });
  return {
    time: String(item['sk']),
    channels: (item['channels'] ?? {}) as Record<string, number | null>,
    ...optional('battery'),
    ...optional('signal'),
    ...optional('snr'),
    receivedAt: String(item['receivedAt'] ?? item['sk']),
    sourceDeviceId: String(item['sourceDeviceId'] ?? ''),
    ...(item['disabled'] === true ? { disabled: true } : {}),
  };
}

function rollupOfItem(item: Item): Rollup {
  return {
    start: hourStartOf(String(item['sk'])),
    readings: numberOr(item['readings']) ?? 0,
    channels: (item['channels'] ?? {}) as Record<string, ChannelRollup>,
  };
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
        ProjectionExpression: 'sk, channels',
        ScanIndexForward: !newestFirst,
        Limit: limit + 1 - items.length,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      items.push(...((page.Items ?? []) as Item[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined && items.length <= limit);
    const more = items.length > limit;
    const kept = items.slice(0, limit).map((item) => ({ time: String(item['sk']), channels: (item['channels'] ?? {}) as Record<string, number | null> }));
    return { readings: newestFirst ? kept.reverse() : kept, more };
  }

  /** Hourly rollups from the hour `fromHour` to `toHour` (keys `YYYY-MM-DDTHH`), in time order. */
  async rollups(customerId: string, sensorId: string, fromHour: string, toHour: string): Promise<Rollup[]> {
    const rollups: Rollup[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': rollupPartition(customerId, sensorId), ':from': fromHour, ':to': toHour },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      rollups.push(...((page.Items ?? []) as Item[]).map(rollupOfItem));
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return rollups;
  }

  /** One page of a sensor's readings in [start, end], newest first (the data tab's table). */
  async readingsPage(customerId: string, sensorId: string, start: number, end: number, page: PageRequest): Promise<{ items: ReadingRow[]; nextCursor?: string }> {
    const result = await queryPage<Item>(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :start AND :end',
      ExpressionAttributeValues: { ':pk': readingPartition(customerId, sensorId), ':start': new Date(start).toISOString(), ':end': new Date(end).toISOString() },
      ScanIndexForward: false,
    }, page);
    return { items: result.items.map(readingRowOf), ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
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
