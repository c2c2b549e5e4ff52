import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { encodeCursor, type PageRequest } from '../shared/pagination';

/**
 * The Query runners of the API's lists (the cursor and its checks are lambdas/shared/pagination.ts):
 * one page with the cursor of the next, one name-sorted page, or every item of a small partition.
 */

/** One page of a Query, with the cursor of the next page (lists of the API). */
export async function queryPage<T>(
  client: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>,
  page: PageRequest,
): Promise<{ items: T[]; nextCursor?: string }> {
  const result = await client.send(new QueryCommand({
    ...input,
    Limit: page.limit,
    ...(page.startKey ? { ExclusiveStartKey: page.startKey } : {}),
  }));
  const nextCursor = encodeCursor(result.LastEvaluatedKey);
  return { items: (result.Items ?? []) as T[], ...(nextCursor ? { nextCursor } : {}) };
}

/** One page of a name-sorted list (the items of one gsi1 partition, by `gsi1sk`), each item read by `toRecord`. */
export async function queryByNamePage<T>(
  client: DynamoDBDocumentClient,
  tableName: string,
  partition: string,
  page: PageRequest,
  toRecord: (item: Record<string, unknown>) => T,
): Promise<{ items: T[]; nextCursor?: string }> {
  const { items, nextCursor } = await queryPage<Record<string, unknown>>(client, {
    TableName: tableName,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': partition },
  }, page);
  return { items: items.map(toRecord), ...(nextCursor ? { nextCursor } : {}) };
}

/**
 * Every item a Query finds, following `LastEvaluatedKey`. Only for partitions the product
 * keeps small (a user's sessions, an organisation's locations and sites, a group's members).
 */
export async function queryAll<T>(client: DynamoDBDocumentClient, input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({ ...input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined);
  return items;
}

/**
 * One page of the items of a Query (table keys `pk`, `sk`) that `keep` accepts: reads on past
 * the ones it drops, so a page is short only at the end; the cursor is the last kept item's key.
 */
export async function queryOnePageKept<T>(
  client: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>,
  page: PageRequest,
  decode: (item: Record<string, unknown>) => T,
  keep: (record: T) => boolean,
): Promise<{ items: T[]; nextCursor?: string }> {
  const kept: T[] = [];
  let startKey = page.startKey;
  for (;;) {
    const wanted = page.limit - kept.length;
    const result = await client.send(new QueryCommand({ ...input, Limit: Math.min(Math.max(2 * wanted, 25), 500), ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    const items = result.Items ?? [];
    for (const [index, item] of items.entries()) {
      const record = decode(item);
      if (!keep(record)) continue;
      kept.push(record);
      if (kept.length === page.limit) {
        const more = index < items.length - 1 || result.LastEvaluatedKey !== undefined;
        return { items: kept, ...(more ? { nextCursor: encodeCursor({ pk: item['pk'], sk: item['sk'] }) ?? '' } : {}) };
      }
    }
    startKey = result.LastEvaluatedKey;
    if (startKey === undefined) return { items: kept };
  }
}
