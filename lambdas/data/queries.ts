import type { DynamoDBDocumentClient, QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { type PageRequest } from '../shared/pagination';
import { queryAll as queryEvery, queryPage as queryOnePage } from './query-pages';

export type { PageRequest } from '../shared/pagination';

/** A Query as an entity's access pattern builds it (`entity.query.byName(...).params({ table })`). */
export type QueryParams = Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>;

/** One page of an access pattern, each item decoded; the cursor is the opaque form of LastEvaluatedKey. */
export async function queryPage<T>(
  client: DynamoDBDocumentClient,
  params: QueryParams,
  page: PageRequest,
  decode: (item: Record<string, unknown>) => T,
): Promise<{ items: T[]; nextCursor?: string }> {
  const { items, nextCursor } = await queryOnePage<Record<string, unknown>>(client, params, page);
  return { items: items.map(decode), ...(nextCursor ? { nextCursor } : {}) };
}

/** Every item of an access pattern, decoded (only for partitions the product keeps small). */
export async function queryAll<T>(
  client: DynamoDBDocumentClient,
  params: QueryParams,
  decode: (item: Record<string, unknown>) => T,
): Promise<T[]> {
  return (await queryEvery<Record<string, unknown>>(client, params)).map(decode);
}

/** The partition an access pattern reads (`:pk`), which a page cursor must belong to. */
export const partitionOf = (params: QueryParams): string => String(params.ExpressionAttributeValues?.[':pk']);

/**
 * A device's own items of one entity (its notes, its commands), newest first (their ids sort by
 * time), read consistently: the partition and the sort key prefix of the entity's query
 * (`entity.query.byDevice(...)`), in the expression the stores have always sent.
 */
export function newestFirstUnder(table: string, built: QueryParams): QueryParams {
  return {
    TableName: table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partitionOf(built), ':prefix': String(built.ExpressionAttributeValues?.[':sk1']) },
    ScanIndexForward: false,
    ConsistentRead: true,
  };
}
