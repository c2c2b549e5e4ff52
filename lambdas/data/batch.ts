import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  type BatchGetCommandOutput,
  type BatchWriteCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

/** DynamoDB's limits: BatchGetItem reads at most 100 keys a call, BatchWriteItem writes at most 25 items. */
export const BATCH_GET_MAX = 100;
export const BATCH_WRITE_MAX = 25;
/** How many calls a chunk gets in all before what is still unprocessed (throttling) is an error. */
export const BATCH_ATTEMPTS = 8;

export type ItemKey = Record<string, unknown>;
export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: ItemKey } };

export interface BatchOptions {
  /** Calls per chunk in all (default BATCH_ATTEMPTS). */
  attempts?: number;
  /** Pause before retry `attempt` (1-based), in ms; exponential with jitter by default. */
  backoffMs?: (attempt: number) => number;
  /**
   * Called after each call with the capacity DynamoDB says it consumed (asked for only when
   * this is given): the ingest sums it into its write and read units.
   */
  onConsumed?: (consumed: ConsumedCapacity[]) => void;
  /** Called before each retry with how many keys or items are sent again. */
  onRetry?: (pending: number) => void;
}

const consumedCapacity = (options: BatchOptions) => (options.onConsumed === undefined ? {} : { ReturnConsumedCapacity: 'TOTAL' as const });

const defaultBackoff = (attempt: number) => Math.min(1000, 25 * 2 ** attempt) * (0.5 + Math.random());
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * Calls `send` with what is left until nothing is, pausing between calls; what is still left
 * after `attempts` calls is an error (a caller must never believe an unwritten item written).
 */
async function untilProcessed<T>(first: T[], options: BatchOptions, send: (pending: T[]) => Promise<T[]>, what: string): Promise<void> {
  const attempts = options.attempts ?? BATCH_ATTEMPTS;
  const backoff = options.backoffMs ?? defaultBackoff;
  let pending = first;
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    if (attempt > attempts) throw new Error(`${what}: ${pending.length} still unprocessed after ${attempts} attempts`);
    if (attempt > 1) {
      options.onRetry?.(pending.length);
      await pause(backoff(attempt - 1));
    }
    pending = await send(pending);
  }
}

/**
 * The items with these keys of one table (strongly consistent unless told otherwise), in no
 * particular order; keys that do not exist are absent. Chunks of 100; `UnprocessedKeys` are
 * asked for again with backoff.
 */
export async function batchGet(
  client: DynamoDBDocumentClient,
  tableName: string,
  keys: readonly ItemKey[],
  options: BatchOptions & { consistent?: boolean; projection?: string; projectionNames?: Record<string, string> } = {},
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (const chunk of chunks(keys, BATCH_GET_MAX)) {
    await untilProcessed(chunk, options, async (pending) => {
      const result: BatchGetCommandOutput = await client.send(new BatchGetCommand({
        RequestItems: {
          [tableName]: {
            Keys: pending,
            ConsistentRead: options.consistent ?? true,
            ...(options.projection === undefined ? {} : { ProjectionExpression: options.projection }),
            // `#name` placeholders of the projection (reserved words such as `name`).
            ...(options.projectionNames === undefined ? {} : { ExpressionAttributeNames: options.projectionNames }),
          },
        },
        ...consumedCapacity(options),
      }));
      options.onConsumed?.(result.ConsumedCapacity ?? []);
      found.push(...(result.Responses?.[tableName] ?? []));
      return result.UnprocessedKeys?.[tableName]?.Keys ?? [];
    }, 'BatchGetItem');
  }
  return found;
}

/** Writes these puts and deletes to one table, in chunks of 25; `UnprocessedItems` are sent again with backoff. */
export async function batchWrite(
  client: DynamoDBDocumentClient,
  tableName: string,
  requests: readonly WriteRequest[],
  options: BatchOptions = {},
): Promise<void> {
  for (const chunk of chunks(requests, BATCH_WRITE_MAX)) {
    await untilProcessed(chunk, options, async (pending) => {
      const result: BatchWriteCommandOutput = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending }, ...consumedCapacity(options) }));
      options.onConsumed?.(result.ConsumedCapacity ?? []);
      return (result.UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
    }, 'BatchWriteItem');
  }
}
