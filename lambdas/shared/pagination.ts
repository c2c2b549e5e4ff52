import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';

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

/** DynamoDB's limits on key attribute values: 2,048 bytes for a partition key, 1,024 for a sort key. */
const PARTITION_KEY_MAX_BYTES = 2048;
const SORT_KEY_MAX_BYTES = 1024;
/** A cursor longer than this cannot be a key of the table (four attributes at their limits, in base64). */
const CURSOR_MAX_LENGTH = 4096;

/**
 * The attributes of a start key of the index whose partition attribute is `partitionAttribute`:
 * the table's `pk` and `sk`; for a global secondary index (`gsi1pk`), its own `gsi1pk` and
 * `gsi1sk` and the table's (lib/data.ts names every index's keys `<index>pk` and `<index>sk`).
 */
export function startKeyAttributes(partitionAttribute: string): { partition: string[]; sort: string[] } {
  if (partitionAttribute === 'pk') return { partition: ['pk'], sort: ['sk'] };
  const index = /^(gsi\d+)pk$/.exec(partitionAttribute)?.[1];
  if (index === undefined) throw new Error(`No index has the partition attribute ${partitionAttribute}`);
  return { partition: [`${index}pk`, 'pk'], sort: [`${index}sk`, 'sk'] };
}

/**
 * Reads `limit` and `cursor` from the query. A cursor must decode to a whole start key of the
 * queried index (exactly its key attributes, strings within DynamoDB's key sizes) in the
 * caller's own partition (`expectedPartition`), so a forged cursor cannot reach another
 * tenant nor make the Query fail: anything else is 400 with `MESSAGES.invalidCursor`.
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
  if (cursor.length > CURSOR_MAX_LENGTH) throw validationError(MESSAGES.invalidCursor);
  let startKey: unknown;
  try {
    startKey = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw validationError(MESSAGES.invalidCursor);
  }
  if (!isStartKeyOf(startKey, expectedPartition)) throw validationError(MESSAGES.invalidCursor);
  return { limit, startKey };
}

function isStartKeyOf(
  startKey: unknown,
  expectedPartition: { attribute: string; value: string },
): startKey is Record<string, string> {
  if (typeof startKey !== 'object' || startKey === null || Array.isArray(startKey)) return false;
  const key = startKey as Record<string, unknown>;
  const { partition, sort } = startKeyAttributes(expectedPartition.attribute);
  const expected = [...partition, ...sort];
  const given = Object.keys(key);
  if (given.length !== expected.length || !expected.every((name) => Object.hasOwn(key, name))) return false;
  const within = (names: string[], maxBytes: number) => names.every((name) => {
    const part = key[name];
    return typeof part === 'string' && part !== '' && Buffer.byteLength(part, 'utf8') <= maxBytes;
  });
  return key[expectedPartition.attribute] === expectedPartition.value
    && within(partition, PARTITION_KEY_MAX_BYTES) && within(sort, SORT_KEY_MAX_BYTES);
}
