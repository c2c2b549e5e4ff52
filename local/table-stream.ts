import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import { latestStreamArn, type TableChange } from '../lambdas/data/table-changes';

/**
 * The table's stream, locally (ARCHITECTURE.md "Events, timers and messages"): reads DynamoDB
 * Local's stream of the table, shard by shard, and hands each batch of changes to the same code
 * the stream function runs on AWS (`onChanges`: lambdas/notifier/stream.ts). It starts at the
 * newest change (what happened while the stack was down was planned by the alarm clock's timers
 * or is planned again at the alarm's next change), follows new shards from their start, and
 * reads a batch again from the change that failed, after a pause, as Lambda's event source does.
 */

export interface TableStreamOptions {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  tableName: string;
  onChanges(changes: readonly TableChange[]): Promise<{ failedSequenceNumber?: string }>;
  onError(error: unknown): void;
  /** How long to wait between reads of a quiet stream. */
  pollMs?: number;
}

export interface TableStream {
  /** Resolves once every change written before the call has been handed over (tests wait on it). */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

const RETRY_PAUSE_MS = 1_000;
const SHARD_REFRESH_MS = 5_000;

interface ShardCursor {
  iterator: string | undefined;
  closed: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startTableStream(options: TableStreamOptions): Promise<TableStream> {
  const clientConfig = { endpoint: options.endpoint, region: options.region, credentials: options.credentials };
  const streamArn = await latestStreamArn(clientConfig, options.tableName);
  const streams = new DynamoDBStreamsClient(clientConfig);
  if (streamArn === undefined) throw new Error(`The table ${options.tableName} has no stream: the notifier would never see an alarm`);

  const shards = new Map<string, ShardCursor>();
  const iteratorOf = async (shardId: string, type: ShardIteratorType, sequenceNumber?: string) =>
    (await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, ...(sequenceNumber === undefined ? {} : { SequenceNumber: sequenceNumber }) }))).ShardIterator;

  const listShards = async (): Promise<Shard[]> => {
    const all: Shard[] = [];
    let start: string | undefined;
    do {
      const page = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ...(start === undefined ? {} : { ExclusiveStartShardId: start }) }));
      all.push(...(page.StreamDescription?.Shards ?? []));
      start = page.StreamDescription?.LastEvaluatedShardId;
    } while (start !== undefined);
    return all;
  };

  // At start: the open shards from their newest change; shards found later are read from their start.
  for (const shard of await listShards()) {
    if (shard.ShardId === undefined) continue;
    const open = shard.SequenceNumberRange?.EndingSequenceNumber === undefined;
    shards.set(shard.ShardId, { iterator: open ? await iteratorOf(shard.ShardId, 'LATEST') : undefined, closed: !open });
  }
  const refresh = async () => {
    for (const shard of await listShards()) {
      if (shard.ShardId === undefined || shards.has(shard.ShardId)) continue;
      shards.set(shard.ShardId, { iterator: await iteratorOf(shard.ShardId, 'TRIM_HORIZON'), closed: false });
    }
  };

  let stopped = false;
  let passes = 0;
  const waiters: Array<{ after: number; resolve: () => void }> = [];

  /** One read of a shard; true when it handed changes over. A shard that ends is marked closed (its children are found by the next refresh). */
  const readShard = async (shardId: string, cursor: ShardCursor): Promise<boolean> => {
    if (cursor.iterator === undefined) return false;
    let result;
    try {
      result = await streams.send(new GetRecordsCommand({ ShardIterator: cursor.iterator, Limit: 1000 }));
    } catch (error) {
      if (error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException) {
        cursor.iterator = await iteratorOf(shardId, 'LATEST');
        return false;
      }
      throw error;
    }
    const records = (result.Records ?? []) as TableChange[];
    if (records.length > 0) {
      const outcome = await options.onChanges(records);
      if (outcome.failedSequenceNumber !== undefined) {
        await pause(RETRY_PAUSE_MS);
        cursor.iterator = await iteratorOf(shardId, 'AT_SEQUENCE_NUMBER', outcome.failedSequenceNumber);
        return true;
      }
    }
    cursor.iterator = result.NextShardIterator;
    if (cursor.iterator === undefined) cursor.closed = true;
    return records.length > 0;
  };

  const loop = (async () => {
    let lastRefresh = Date.now();
    while (!stopped) {
      let busy = false;
      try {
        let shardEnded = false;
        for (const [shardId, cursor] of shards) {
          if (stopped || cursor.closed) continue;
          if (await readShard(shardId, cursor)) busy = true;
          if (cursor.closed) shardEnded = true;
        }
        if (shardEnded || Date.now() - lastRefresh > SHARD_REFRESH_MS) {
          await refresh();
          lastRefresh = Date.now();
        }
      } catch (error) {
        if (!stopped) options.onError(error);
        await pause(RETRY_PAUSE_MS);
      }
      passes += 1;
      for (const waiter of waiters.splice(0).filter((candidate) => {
        if (passes > candidate.after + 1 && !busy) {
          candidate.resolve();
          return false;
        }
        return true;
      })) waiters.push(waiter);
      if (!busy) await pause(options.pollMs ?? 250);
    }
  })();

  return {
    caughtUp: () => new Promise<void>((resolve) => waiters.push({ after: passes, resolve })),
    stop: async () => {
      stopped = true;
      for (const waiter of waiters.splice(0)) waiter.resolve();
      await loop;
      streams.destroy();
    },
  };
}
