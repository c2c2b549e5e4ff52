import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { validationError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  limit: number;
  /** DynamoDB's ExclusiveStartKey, decoded from the cursor. */
  startKey?: Record<string, unknown>;
}

/** The cursor is the opaque, URL-safe form of DynamoDB's LastEvaluatedKey. */
export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | undefined {
  return lastKey === undefined ? undefined : Buffer.from(JSON.stringify(lastKey)).toString('base64url');
}

/**
 * Reads `limit` and `cursor` from the query. A cursor must decode to a key of the caller's
 * own partition (`expectedPartition`), so a forged cursor cannot reach another tenant.
 */
export function pageRequestFrom(
  query: Record<string, string>,
  expectedPartition: { attribute: string; value: string },
): PageRequest {
  const rawLimit = query['limit'];
  let limit = DEFAULT_PAGE_SIZE;
  if (rawLimit !== undefined) {
    const parsed = Number(rawLimit);
    if (!Number.isInteger(parsed) || parsed < 1) throw validationError(MESSAGES.invalidCursor);
    limit = Math.min(parsed, MAX_PAGE_SIZE);
  }
  const cursor = query['cursor'];
  if (cursor === undefined || cursor === '') return { limit };
  let startKey: unknown;
  try {
    startKey = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw validationError(MESSAGES.invalidCursor);
  }
  if (
    typeof startKey !== 'object' || startKey === null || Array.isArray(startKey) ||
    (startKey as Record<string, unknown>)[expectedPartition.attribute] !== expectedPartition.value ||
    !Object.values(startKey).every((part) => typeof part === 'string')
  ) {
    throw validationError(MESSAGES.invalidCursor);
  }
  return { limit, startKey: startKey as Record<string, unknown> };
}

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
