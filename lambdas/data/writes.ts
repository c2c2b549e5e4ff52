import type { GuardedItem } from './transaction';

/**
 * Transaction items every store writes, built from an entity's own parameters
 * (`entity.put(record).params({ table })`, `entity.delete(key).params({ table })`), each with
 * the refusal its failed condition maps to (none: "changed by someone else", the optimistic
 * lock's message, MESSAGES.concurrentChange).
 */
export interface PutParams {
  TableName: string;
  Item: Record<string, unknown>;
}
export interface KeyParams {
  TableName: string;
  Key: Record<string, unknown>;
}

const withRefusal = (item: GuardedItem['item'], onConditionFailed: GuardedItem['onConditionFailed']): GuardedItem =>
  (onConditionFailed === undefined ? { item } : { item, onConditionFailed });

/** A new item: refused when one with its key exists. */
export function createPut({ TableName, Item }: PutParams, onConditionFailed?: GuardedItem['onConditionFailed']): GuardedItem {
  return withRefusal({ Put: { TableName, Item, ConditionExpression: 'attribute_not_exists(pk)' } }, onConditionFailed);
}

/** The whole item again, on the version read (optimistic lock): a concurrent change makes it fail. */
export function versionedPut({ TableName, Item }: PutParams, expectedVersion: number, onConditionFailed?: GuardedItem['onConditionFailed']): GuardedItem {
  return withRefusal({
    Put: { TableName, Item, ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expectedVersion } },
  }, onConditionFailed);
}

/** The item's delete, on the version read. */
export function versionedDelete({ TableName, Key }: KeyParams, expectedVersion: number, onConditionFailed?: GuardedItem['onConditionFailed']): GuardedItem {
  return withRefusal({
    Delete: { TableName, Key, ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expectedVersion } },
  }, onConditionFailed);
}

/** The item's delete, on it still being there (refused with `onConditionFailed`: it is gone). */
export function existingDelete({ TableName, Key }: KeyParams, onConditionFailed: GuardedItem['onConditionFailed']): GuardedItem {
  return withRefusal({ Delete: { TableName, Key, ConditionExpression: 'attribute_exists(pk)' } }, onConditionFailed);
}

/** A check, written nothing, that an item exists (what a new item hangs on): refused with `onConditionFailed`. */
export function existsCheck({ TableName, Key }: KeyParams, onConditionFailed: GuardedItem['onConditionFailed']): GuardedItem {
  return withRefusal({ ConditionCheck: { TableName, Key, ConditionExpression: 'attribute_exists(pk)' } }, onConditionFailed);
}

/** A put or delete without a condition (items only this transaction writes: memberships, audit entries). */
export const plainPut = ({ TableName, Item }: PutParams): GuardedItem => ({ item: { Put: { TableName, Item } } });
export const plainDelete = ({ TableName, Key }: KeyParams): GuardedItem => ({ item: { Delete: { TableName, Key } } });

/**
 * `ADD attribute delta` on another entity's item (a site's `refCount`, a gateway's
 * `sensorCount`, a profile's `useCount`), conditioned on that item existing, so nothing is
 * attached to or counted on a deleted item; refused with `onConditionFailed`.
 */
export function counterAdd(
  { TableName, Key }: KeyParams,
  attribute: string,
  delta: number,
  onConditionFailed?: GuardedItem['onConditionFailed'],
): GuardedItem {
  return withRefusal({
    Update: {
      TableName,
      Key,
      UpdateExpression: 'ADD #counter :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#counter': attribute },
      ExpressionAttributeValues: { ':delta': delta },
    },
  }, onConditionFailed);
}

/** An UpdateItem as an entity builds it (`entity.update(key).set(...).remove(...).params({ table })`). */
export interface UpdateParams {
  TableName: string;
  Key: Record<string, unknown>;
  UpdateExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** The fields an update sets, and those it clears (given as `undefined`). */
export function setAndClear(changes: Record<string, unknown>): { set: Record<string, unknown>; clear: string[] } {
  const entries = Object.entries(changes);
  return {
    set: Object.fromEntries(entries.filter(([, value]) => value !== undefined)),
    clear: entries.filter(([, value]) => value === undefined).map(([field]) => field),
  };
}

/**
 * Only the fields a change names, on the version read: counters other stores keep on the same
 * item (a site's `refCount`, a profile's `useCount`) are never overwritten by a stale copy.
 */
export function versionedUpdate({ ExpressionAttributeNames, ExpressionAttributeValues, ...update }: UpdateParams, expectedVersion: number, onConditionFailed?: GuardedItem['onConditionFailed']): GuardedItem {
  return withRefusal({
    Update: {
      ...update,
      ConditionExpression: '#version = :expected',
      ExpressionAttributeNames: { ...ExpressionAttributeNames, '#version': 'version' },
      ExpressionAttributeValues: { ...ExpressionAttributeValues, ':expected': expectedVersion },
    },
  }, onConditionFailed);
}
