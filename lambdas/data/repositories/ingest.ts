import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { blockKey, blockRollups, hourKey, hourStartOf, hoursOfBlock, ROLLUP_BLOCK_HOURS, type Rollup, type RollupSource } from '@domain/telemetry/rollups';
import { DEAD_LETTER_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from '@domain/telemetry/telemetry';
import type { DeviceLiveState, NewestReading } from '@domain/telemetry/telemetry-state';
import { ALARM_STATE_SUFFIX, batchGet, batchWrite, newestReadings, READING_VALUES_PROJECTION, readingRowOf, type BatchOptions } from '..';
import { deadLetterPartition } from '../dead-letters';
import { deviceConfigVersionItemKey as deviceConfigVersionKey, deviceKey, deviceStateKey, directoryPartition as entityPartition } from '../device-keys';
import { ENTITY } from '../entities/audit-entry';
import { readingPartition } from '../readings';
import { rollupPartition } from '../rollups';
import { eachLimited } from '../../shared/concurrency';
import { countConsumed, ingestMetrics } from '../ingest-metrics';

/**
 * The ingest's DynamoDB reads and writes (docs/data-model.md "Device data"; lambdas/ingest drives them). Every call asks
 * for its consumed capacity, summed into `ingestMetrics` for the benchmark; batches go through
 * the data layer's batchGet and batchWrite (lambdas/data/batch.ts), which report it.
 */

export type DirectoryEntity = 'SENSOR' | 'GATEWAY' | 'DATALOGGINGPROFILE' | 'ALARMPROFILE' | 'SITE';
export type StoredItem = Record<string, unknown>;

/**
 * The organisation's device configuration version (0 before any device was written) and
 * whether the organisation is disabled (issue 16: its devices are not heard), one item.
 */
export interface ConfigVersion {
  version: number;
  disabled: boolean;
}

/** The reads the ingest's device directory needs (lambdas/ingest/directory.ts); `TelemetryTable` does them. */
export interface DirectoryReader {
  /** The organisation's device configuration version and status, read strongly consistent. */
  configVersion(customerId: string): Promise<ConfigVersion>;
  /** Every item of the organisation's partition of this entity (`C#<cid>#SENSOR`, ...), read strongly consistent. */
  loadPartition(customerId: string, entity: DirectoryEntity): Promise<StoredItem[]>;
  /** The configuration, state and alarm state items of these devices (one BatchGetItem per 33 devices). */
  getDevices(customerId: string, entity: 'SENSOR' | 'GATEWAY', ids: readonly string[]): Promise<StoredItem[]>;
  /** The newest stored reading of each of these sensors (absent: none). */
  newestReadings(customerId: string, sensorIds: readonly string[]): Promise<Map<string, NewestReading>>;
}

const DAY_SECONDS = 24 * 60 * 60;
/** BatchWriteItem takes at most 25 items: one data-layer batchWrite per 25, so a failure fails only its own records. */
const BATCH_WRITE_LIMIT = 25;
/** Calls per BatchWriteItem (the first and the retries of unprocessed items, with exponential backoff) before their records fail. */
const UNPROCESSED_ATTEMPTS = 6;
const BACKOFF_BASE_MS = 25;
/** BatchWriteItem requests of one batch in flight at once. */
const PARALLEL_BATCH_WRITES = 4;

export const ttlAfter = (time: string, days: number) => Math.floor(Date.parse(time) / 1000) + days * DAY_SECONDS;

// A reading item is encoded and decoded in the data layer (lambdas/data/readings.ts), for every reader.
export { readingItem, type ReadingItemFields } from '..';
// The newest readings of a gateway batch, for the sensor list (docs/decisions/0081-newest-readings-for-the-sensor-list.md).
export { MIN_BATCH_ITEM_READINGS, newestBatchItem, UNBATCHED_MARK_MS, type BatchReading } from '../newest-readings';
import { unbatchedMark } from '../newest-readings';

/** An hourly rollup item, as the ingest wrote them before blocks (still read by the graph: lambdas/data/repositories/telemetry.ts). */
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

/**
 * A block's rollup item: sort key the block's first hour, `blockHours` hours covered, and under
 * `hours` the hourly rollup of each hour that had readings (keyed by its hour key); an hour of
 * the block not in it had none.
 */
export function rollupBlockItem(customerId: string, sensorId: string, block: string, rollups: readonly Rollup[], computedAt: string): StoredItem {
  return {
    pk: rollupPartition(customerId, sensorId),
    sk: block,
    blockHours: ROLLUP_BLOCK_HOURS,
    hours: Object.fromEntries(rollups.filter((rollup) => rollup.readings > 0).map((rollup) => [hourKey(rollup.start), { readings: rollup.readings, channels: rollup.channels }])),
    computedAt,
    ttl: ttlAfter(new Date(hourStartOf(block)).toISOString(), ROLLUP_RETENTION_DAYS),
  };
}

/** A write queued for BatchWriteItem, with the SQS records that depend on it. */
export interface QueuedPut {
  item: StoredItem;
  records: readonly number[];
}

const backoff = (attempt: number) => BACKOFF_BASE_MS * 2 ** (attempt - 1);

const PARTITION_ENTITY = { SENSOR: ENTITY.sensor, GATEWAY: ENTITY.gateway, DATALOGGINGPROFILE: ENTITY.dataLoggingProfile, ALARMPROFILE: ENTITY.alarmProfile, SITE: ENTITY.site } as const;

export class TelemetryTable implements DirectoryReader {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async configVersion(customerId: string): Promise<ConfigVersion> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: deviceConfigVersionKey(customerId),
      ProjectionExpression: '#version, disabled',
      ExpressionAttributeNames: { '#version': 'version' },
      ConsistentRead: true,
      ReturnConsumedCapacity: 'TOTAL',
    }));
    countConsumed('read', result.ConsumedCapacity);
    const version = result.Item?.['version'];
    return { version: typeof version === 'number' ? version : 0, disabled: result.Item?.['disabled'] === true };
  }

  async loadPartition(customerId: string, entity: DirectoryEntity): Promise<StoredItem[]> {
    const partition = entityPartition(customerId, PARTITION_ENTITY[entity]);
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
    const keys = ids.flatMap((id) => {
      const config = deviceKey(customerId, kind, id);
      // The alarm engine's state item sits beside the device's (lambdas/data/entities/device-alarm-state.ts).
      return [config, deviceStateKey(customerId, kind, id), { pk: config.pk, sk: `${config.sk}${ALARM_STATE_SUFFIX}` }];
    });
    // Eventually consistent, as before: a state another container just wrote may be a moment late.
    return batchGet(this.client, this.tableName, keys, {
      consistent: false, attempts: UNPROCESSED_ATTEMPTS + 1, backoffMs: backoff, onConsumed: (consumed) => countConsumed('read', consumed),
    });
  }

  /** The newest stored reading of each of these sensors (one Limit 1 Query each, a few at a time). */
  async newestReadings(customerId: string, sensorIds: readonly string[]): Promise<Map<string, NewestReading>> {
    return newestReadings(this.client, this.tableName, customerId, sensorIds, { onConsumed: (consumed) => countConsumed('read', consumed) });
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
    await eachLimited(chunks, PARALLEL_BATCH_WRITES, (chunk) => this.putChunk(chunk, failed));
    return failed;
  }

  /** One BatchWriteItem of at most 25, its unprocessed items sent again with backoff; what is never written fails its records. */
  private async putChunk(chunk: QueuedPut[], failed: Set<number>): Promise<void> {
    const options: BatchOptions = {
      attempts: UNPROCESSED_ATTEMPTS,
      backoffMs: backoff,
      onConsumed: (consumed) => countConsumed('write', consumed),
      onRetry: (pending) => {
        ingestMetrics.unprocessedRetries += pending;
      },
    };
    try {
      await batchWrite(this.client, this.tableName, chunk.map((put) => ({ PutRequest: { Item: put.item } })), options);
    } catch (error) {
      // A call that threw was still a request; one left unprocessed was counted as it answered.
      if (!(error instanceof Error && error.message.includes('still unprocessed'))) ingestMetrics.writeRequests += 1;
      for (const put of chunk) put.records.forEach((record) => failed.add(record));
    }
  }

  /** The readings of one rollup block of one sensor: one Query, more pages only past 1 MB. */
  async blockReadings(customerId: string, sensorId: string, block: string): Promise<RollupSource[]> {
    const hours = hoursOfBlock(block);
    const readings: RollupSource[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new QueryCommand({
        TableName: this.tableName,
        // Reading times are ISO: from the block's first hour to the end of its last (`\uffff` sorts after any time in it).
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: { ':pk': readingPartition(customerId, sensorId), ':first': hours[0], ':last': `${hours.at(-1) ?? block}\uffff` },
        ...READING_VALUES_PROJECTION,
        ReturnConsumedCapacity: 'TOTAL',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      countConsumed('read', page.ConsumedCapacity);
      for (const item of page.Items ?? []) {
        const { time, channels } = readingRowOf(item, sensorId);
        readings.push({ time, channels });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return readings;
  }

  /**
   * Computes the rollup block a time or hour key falls in from its raw readings and writes it
   * (a recompute overwrites). Returns the block's hourly rollups.
   */
  async writeRollup(customerId: string, sensorId: string, period: string, now: Date): Promise<Rollup[]> {
    const block = blockKey(hourStartOf(period.slice(0, 13)));
    const rollups = blockRollups(block, await this.blockReadings(customerId, sensorId, block));
    const result = await this.client.send(new PutCommand({
      TableName: this.tableName,
      Item: rollupBlockItem(customerId, sensorId, block, rollups, now.toISOString()),
      ReturnConsumedCapacity: 'TOTAL',
    }));
    countConsumed('write', result.ConsumedCapacity);
    ingestMetrics.rollupWrites += 1;
    return rollups;
  }

  /**
   * Marks a gateway's batch received at `receivedAt` as having no batch item, so the sensor list
   * reads its sensors one Query each while the mark holds (docs/decisions/0081-newest-readings-for-the-sensor-list.md).
   */
  async markUnbatched(customerId: string, gatewayId: string, receivedAt: number): Promise<void> {
    try {
      const result = await this.client.send(new UpdateCommand({ ...unbatchedMark(this.tableName, customerId, gatewayId, receivedAt), ReturnConsumedCapacity: 'TOTAL' }));
      countConsumed('write', result.ConsumedCapacity);
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException || (error as { name?: string }).name === 'ConditionalCheckFailedException')) throw error;
      // A later mark holds already; the refused update still costs a write unit.
      ingestMetrics.writeRequests += 1;
      ingestMetrics.writeCapacityUnits += 1;
    }
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
