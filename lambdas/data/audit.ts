import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../shared/caller';
import type { GuardedItem } from './transaction';
import { auditEntryPut, auditEntryPutParams, type AuditAction, type EntityType } from './entities/audit-entry';

/** ElectroDB builds a request for a table; where only the item is wanted, any name does. */
const ITEM_ONLY = 'item-only';

/**
 * The audit entry is an entity of the data layer (lambdas/data/entities/audit-entry.ts); these
 * are its old helpers, with their old signatures, for the stores not yet moved onto it.
 */
export { diffFields, toAuditEntry, type AuditAction, type AuditEntry, type FieldChange } from './entities/audit-entry';

/** The DynamoDB item of an audit entry, to be written in the same transaction as the change it records. */
export function auditItem(
  customerId: string,
  caller: Caller,
  entityType: EntityType,
  entityId: string,
  action: AuditAction,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  now: Date,
): Record<string, unknown> {
  // The item only: the caller puts it in its own transaction, with its own table name.
  return auditEntryPutParams(ITEM_ONLY, { customerId, caller, entityType, entityId, action, before, after, now }).Item;
}

/** The transaction item that writes an audit entry (auditItem) with the change it records. */
export function auditPut(
  tableName: string,
  customerId: string,
  caller: Caller,
  entityType: EntityType,
  entityId: string,
  action: AuditAction,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  now: Date,
): GuardedItem {
  return auditEntryPut(tableName, { customerId, caller, entityType, entityId, action, before, after, now });
}

/** Writes an audit entry on its own, for a change made outside the table (a password the identity service changed). */
export async function putAuditEntry(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  caller: Caller,
  entityType: EntityType,
  entityId: string,
  action: AuditAction,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  now: Date,
): Promise<void> {
  await client.send(new PutCommand({ TableName: tableName, Item: auditItem(customerId, caller, entityType, entityId, action, before, after, now) }));
}
