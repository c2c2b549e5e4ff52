import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { hourStartOf, rollupOf, type Rollup, type RollupSource } from '@domain/telemetry/rollups';
import { DEAD_LETTER_RETENTION_DAYS, READING_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from '@domain/telemetry/telemetry';
import type { DeviceLiveState } from '@domain/telemetry/telemetry-state';
import {
  deadLetterPartition,
  deviceConfigVersionKey,
  deviceKey,
  deviceStateKey,
  ENTITY,
  entityPartition,
  readingPartition,
  rollupPartition,
} from '../shared/keys';
import type { DirectoryEntity, DirectoryReader, StoredItem } from './directory';
import { countConsumed, ingestMetrics } from './metrics';

/**
 * The ingest's DynamoDB reads and writes (docs/data-model.md "Device data"). Every call asks
 * for its consumed capacity, summed into `ingestMetrics` for the benchmark.
 */

const DAY_SECONDS = 24 * 60 * 60;
/** BatchWriteItem takes at most 25 items; BatchGetItem at most 100 keys. */
const BATCH_WRITE_LIMIT = 25;
const BATCH_GET_LIMIT = 100;
/** Unprocessed items are sent again this many times, with exponential backoff, before their records fail. */
const UNPROCESSED_ATTEMPTS = 6;
const BACKOFF_BASE_MS = 25;
/** BatchWriteItem requests of one batch in flight at once. */
const PARALLEL_BATCH_WRITES = 4;

export const ttlAfter = (time: string, days: number) => Math.floor(Date.parse(time) / 1000) + days * DAY_SECONDS;

/** One stored reading, as the reading item holds it. */
export interface ReadingItemFields {
  time: string;
  channels: Record<string, number | null>;
  battery?: number;
  signal?: number;
  snr?: number;
  receivedAt: string;
  sourceDeviceId: string;
  disabled?: boolean;
}

export function readingItem(customerId: string, sensorId: string, reading: ReadingItemFields): StoredItem {
  return {
    pk: readingPartition(customerId, sensorId),
    sk: reading.time,
    ...reading,
    ttl: ttlAfter(reading.time, READING_RETENTION_DAYS),
  };
}

export function rollupItem(customerId: string, sensorId: string, hour: string, rollup: Rollup, computedAt: string): StoredItem {
  return {
    pk: rollupPartition(customerId, sensorId),
    sk: hour,
    readings: rollup.readings,
    channels: rollup.channels,
    computedAt,
    ttl: ttlAfter(new Date(rollup.start).toISOString(), ROLLUP_RETENTION_DAYS),
  };
}

/** A write queued for BatchWriteItem, with the SQS records that depend on it. */
export interface QueuedPut {
  item: StoredItem;
  records: readonly number[];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class TelemetryTable implements DirectoryReader {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly sleep: (ms: number) => Promise<unknown> = wait,
  ) {}

  async configVersion(customerId: string): Promise<number> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: deviceConfigVersionKey(customerId),
      ProjectionExpression: '#version',
      ExpressionAttributeNames: { '#version': 'version' },
      ConsistentRead: true,
      ReturnConsumedCapacity: 'TOTAL',
    }));
    countConsumed('read', result.ConsumedCapacity);
    const version = result.Item?.['version'];
    return typeof version === 'number' ? version : 0;
  }

  async loadPartition(customerId: string, entity: DirectoryEntity): Promise<StoredItem[]> {
    const partition = entityPartition(customerId, entity === 'SENSOR' ? ENTITY.sensor : entity === 'GATEWAY' ? ENTITY.gateway : ENTITY.dataLoggingProfile);
    const items: StoredItem[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        // Consistent, so it holds every change up to the configuration version read before it.
        ConsistentRead: true,
        ReturnConsumedCapacity: 'TOTAL',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      countConsumed('read', page.ConsumedCapacity);
      items.push(...((page.Items ?? []) as StoredItem[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return items;
  }

  async getDevices(customerId: string, entity: 'SENSOR' | 'GATEWAY', ids: readonly string[]): Promise<StoredItem[]> {
    const kind = entity === 'SENSOR' ? ENTITY.sensor : ENTITY.gateway;
    let keys = ids.flatMap((id) => [deviceKey(customerId, kind, id), deviceStateKey(customerId, kind, id)]);
    const items: StoredItem[] = [];
    for (let attempt = 0; keys.length > 0; attempt += 1) {
      const chunk = keys.slice(0, BATCH_GET_LIMIT);
      const rest = keys.slice(BATCH_GET_LIMIT);
      const result = await this.client.send(new BatchGetCommand({
        RequestItems: { [this.tableName]: { Keys: chunk } },
        ReturnConsumedCapacity: 'TOTAL',
      }));
      countConsumed('read', result.ConsumedCapacity);
      items.push(...((result.Responses?.[this.tableName] ?? []) as StoredItem[]));
      const unprocessed = (result.UnprocessedKeys?.[this.tableName]?.Keys ?? []) as Record<string, unknown>[];
      if (unprocessed.length > 0) {
        if (attempt >= UNPROCESSED_ATTEMPTS) throw new Error('DynamoDB left keys unprocessed after retries');
        await this.sleep(BACKOFF_BASE_MS * 2 ** attempt);
      }
      keys = [...unprocessed, ...rest] as typeof keys;
    }
    return items;
  }

  /**
   * Puts items with BatchWriteItem, 25 per request, sending unprocessed items again with
   * exponential backoff. Returns the records whose items could not be written (their SQS
   * messages are then reported as failures, and come back).
   */
  async putAll(puts: readonly QueuedPut[]): Promise<Set<number>> {
    const failed = new Set<number>();
    const chunks: QueuedPut[][] = [];
    for (let offset = 0; offset < puts.length; offset += BATCH_WRITE_LIMIT) chunks.push(puts.slice(offset, offset + BATCH_WRITE_LIMIT));
    // A few requests at a time: a gateway's big batch is not written one request after another.
    let next = 0;
    const worker = async () => {
      for (let chunk = chunks[next++]; chunk !== undefined; chunk = chunks[next++]) await this.putChunk(chunk, failed);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_BATCH_WRITES, chunks.length) }, worker));
    return failed;
  }

  /** One BatchWriteItem, its unprocessed items sent again with backoff; what is never written fails its records. */
  private async putChunk(chunk: QueuedPut[], failed: Set<number>): Promise<void> {
    let pending = chunk;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      let unprocessed: StoredItem[];
      try {
        const result = await this.client.send(new BatchWriteCommand({
          RequestItems: { [this.tableName]: pending.map((put) => ({ PutRequest: { Item: put.item } })) },
          ReturnConsumedCapacity: 'TOTAL',
        }));
        countConsumed('write', result.ConsumedCapacity);
        unprocessed = (result.UnprocessedItems?.[this.tableName] ?? []).flatMap((request) => (request.PutRequest?.Item ? [request.PutRequest.Item as StoredItem] : []));
      } catch {
        ingestMetrics.writeRequests += 1;
        for (const put of pending) put.records.forEach((record) => failed.add(record));
        break;
      }
      const left = new Set(unprocessed.map((item) => `${String(item['pk'])}|${String(item['sk'])}`));
      pending = pending.filter((put) => left.has(`${String(put.item['pk'])}|${String(put.item['sk'])}`));
      if (pending.length === 0) break;
      if (attempt + 1 >= UNPROCESSED_ATTEMPTS) {
        for (const put of pending) put.records.forEach((record) => failed.add(record));
        break;
      }
      ingestMetrics.unprocessedRetries += pending.length;
      await this.sleep(BACKOFF_BASE_MS * 2 ** attempt);
    }
  }

  /** The readings of one hour of one sensor (for its rollup): one Query, more pages only past 1 MB. */
  async hourReadings(customerId: string, sensorId: string, hour: string): Promise<RollupSource[]> {
    const readings: RollupSource[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :hour)',
        ExpressionAttributeValues: { ':pk': readingPartition(customerId, sensorId), ':hour': hour },
        ProjectionExpression: 'sk, channels',
        ReturnConsumedCapacity: 'TOTAL',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      countConsumed('read', page.ConsumedCapacity);
      for (const item of page.Items ?? []) {
        readings.push({ time: String(item['sk']), channels: (item['channels'] ?? {}) as Record<string, number | null> });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return readings;
  }

  /** Computes one finished hour's rollup from its raw readings and writes it (a recompute overwrites). */
  async writeRollup(customerId: string, sensorId: string, hour: string, now: Date): Promise<Rollup> {
    const readings = await this.hourReadings(customerId, sensorId, hour);
    const rollup = rollupOf(hourStartOf(hour), readings);
    const result = await this.client.send(new PutCommand({
      TableName: this.tableName,
      Item: rollupItem(customerId, sensorId, hour, rollup, now.toISOString()),
      ReturnConsumedCapacity: 'TOTAL',
    }));
    countConsumed('write', result.ConsumedCapacity);
    ingestMetrics.rollupWrites += 1;
    return rollup;
  }

  /**
   * Writes a device's live state, unless the stored one is newer: a sensor's by reading time
   * (an older reading never overwrites a newer state), a gateway's by last communication.
   * Returns false when the condition refused it.
   */
  async writeState(customerId: string, entity: 'SENSOR' | 'GATEWAY', deviceId: string, state: DeviceLiveState): Promise<boolean> {
    const kind = entity === 'SENSOR' ? ENTITY.sensor : ENTITY.gateway;
    const order = entity === 'SENSOR' ? 'lastReadingAt' : 'lastCommunicated';
    const value = entity === 'SENSOR' ? state.lastReadingAt : state.lastCommunicated;
    try {
      const result = await this.client.send(new PutCommand({
        TableName: this.tableName,
        Item: { ...deviceStateKey(customerId, kind, deviceId), type: `${kind}_STATE`, id: deviceId, ...state },
        ConditionExpression: `attribute_not_exists(#order) OR #order < :value`,
        ExpressionAttributeNames: { '#order': order },
        ExpressionAttributeValues: { ':value': value },
        ReturnConsumedCapacity: 'TOTAL',
      }));
      countConsumed('write', result.ConsumedCapacity);
      ingestMetrics.stateWrites += 1;
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException || (error as { name?: string }).name === 'ConditionalCheckFailedException') {
        // A refused conditional write still costs a write unit.
        ingestMetrics.writeRequests += 1;
        ingestMetrics.writeCapacityUnits += 1;
        return false;
      }
      throw error;
    }
  }
}

/** A dead letter: a device message (or one reading of it) the ingest refused, with the reason. */
export interface DeadLetterFields {
  receivedAt: string;
  messageId: string;
  /** Which part of the message: `message`, or the reading's index in a batch. */
  part: string;
  reason: string;
  kind: string;
  sourceDeviceId: string;
  sensorId?: string;
  payload: string;
}

export function deadLetterItem(customerId: string, fields: DeadLetterFields): StoredItem {
  const { messageId, part, ...rest } = fields;
  // Sorted by receive time; the SQS message id and part make a retried message overwrite its own letters.
  const id = `${messageId}.${part}`;
  return {
    pk: deadLetterPartition(customerId),
    sk: `${fields.receivedAt}#${id}`,
    type: 'DEADLETTER',
    id,
    ...rest,
    ttl: ttlAfter(fields.receivedAt, DEAD_LETTER_RETENTION_DAYS),
  };
}
