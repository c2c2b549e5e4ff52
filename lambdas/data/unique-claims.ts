import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict } from '@domain/core/errors';
import { runTransaction as runGuardedTransaction, type TransactItem, type TransactItems } from './transaction';
import { claimUnique as claimMarker, releaseUnique as releaseMarker, uniqueMarkerPut } from './entities/unique-marker';
import type { EntityType } from './entities/audit-entry';

/** ElectroDB builds a request for a table; where only the item is wanted, any name does. */
const ITEM_ONLY = 'item-only';

/**
 * The old helpers of named, versioned, audited records, kept for the stores not yet moved
 * onto the data layer (lambdas/data): each is a thin wrapper over it.
 */
export type { TransactItem, TransactItems } from './transaction';
export { readByIds } from './exists';

/** The marker item that keeps `field` = `value` unique among the organisation's `entity` items (also what the demo seed writes). */
export function uniqueMarker(customerId: string, entity: EntityType, field: string, value: string, ownerId: string): Record<string, unknown> {
  // The item only: no table is written here.
  return uniqueMarkerPut(ITEM_ONLY, { customerId, entityType: entity, field, value }, ownerId).Item;
}

export function claimUnique(tableName: string, customerId: string, entity: EntityType, field: string, value: string, ownerId: string): TransactItem {
  return claimMarker(tableName, { customerId, entityType: entity, field, value }, ownerId).item;
}

export function releaseUnique(tableName: string, customerId: string, entity: EntityType, field: string, value: string): TransactItem {
  return releaseMarker(tableName, { customerId, entityType: entity, field, value }).item;
}

/**
 * Runs a transaction (the one runner, lambdas/data/transaction.ts). A failed condition on
 * one of `uniqueClaims` (position -> message) is that message (409); any other failed
 * condition, or a collision with another transaction, is a concurrent change (409).
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
