import { BatchGetCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict } from '@domain/core/errors';
import { runTransaction as runGuardedTransaction, type TransactItem, type TransactItems } from './transactions';
import { entityPartition, entitySortKey, UNIQUENESS_SORT_KEY, uniquenessPartition, type EntityType } from './keys';

/**
 * Helpers for the writes every named, versioned, audited record makes (docs/data-model.md
 * "Writes"): claim and release a unique name in the same transaction as the item, map a
 * cancelled transaction to the user's words, and check that referenced items exist.
 */
export type { TransactItem, TransactItems } from './transactions';

/** The marker item that keeps `field` = `value` unique among the organisation's `entity` items (also what the demo seed writes). */
export function uniqueMarker(customerId: string, entity: EntityType, field: string, value: string, ownerId: string): Record<string, unknown> {
  return { pk: uniquenessPartition(customerId, entity, field, value), sk: UNIQUENESS_SORT_KEY, ownerId };
}

export function claimUnique(tableName: string, customerId: string, entity: EntityType, field: string, value: string, ownerId: string): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: uniqueMarker(customerId, entity, field, value, ownerId),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function releaseUnique(tableName: string, customerId: string, entity: EntityType, field: string, value: string): TransactItem {
  return { Delete: { TableName: tableName, Key: { pk: uniquenessPartition(customerId, entity, field, value), sk: UNIQUENESS_SORT_KEY } } };
}

/**
 * Runs a transaction (the one runner, `./transactions`). A failed condition on one of
 * `uniqueClaims` (position -> message) is that message (409); any other failed condition,
 * or a collision with another transaction, is a concurrent change (409).
 */
export function runTransaction(
  client: DynamoDBDocumentClient,
  items: TransactItems,
  uniqueClaims: ReadonlyMap<number, string> = new Map(),
): Promise<void> {
  return runGuardedTransaction(client, items.map((item, index) => {
    const message = uniqueClaims.get(index);
    return message === undefined ? { item } : { item, onConditionFailed: () => conflict(message) };
  }));
}

/** BatchGetItem reads at most 100 keys a call. */
const BATCH_GET_MAX = 100;

/**
 * The items of one entity type with these ids (`C#<cid>#<ENTITY>` / `<ENTITY>#<id>`), read
 * strongly consistent, keyed by id; ids that do not exist are absent.
 */
export async function readByIds(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  entity: EntityType,
  ids: readonly string[],
  keyOf: (id: string) => Record<string, string> = (id) => ({ pk: entityPartition(customerId, entity), sk: entitySortKey(entity, id) }),
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Set(ids)];
  const idByKey = new Map(unique.map((id) => {
    const key = keyOf(id);
    return [`${key['pk'] ?? ''}|${key['sk'] ?? ''}`, id];
  }));
  for (let start = 0; start < unique.length; start += BATCH_GET_MAX) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(start, start + BATCH_GET_MAX).map(keyOf);
    // Unprocessed keys (throttling) are asked for again until none is left.
    for (let attempt = 0; keys !== undefined && keys.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      const result: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
      for (const item of result.Responses?.[tableName] ?? []) {
        const id = idByKey.get(`${String(item['pk'])}|${String(item['sk'])}`);
        if (id !== undefined) found.set(id, item);
      }
      keys = result.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return found;
}
