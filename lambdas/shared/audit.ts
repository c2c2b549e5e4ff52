import { randomUUID } from 'node:crypto';
import type { Caller } from './caller';
import { auditPartition, historyPartition, type EntityType } from './keys';
import type { GuardedItem } from './transactions';

export type AuditAction = 'create' | 'update' | 'delete';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One entry of the audit trail: who, when, which entity, what changed, before and after. */
export interface AuditEntry {
  id: string;
  at: string;
  actor: { userId: string; email: string; role: string };
  entityType: EntityType;
  entityId: string;
  action: AuditAction;
  changes: FieldChange[];
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** Fields that are bookkeeping, not something a user changed. */
const IGNORED_FIELDS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'version', 'updatedAt', 'updatedBy']);

export function diffFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): FieldChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of [...fields].sort()) {
    if (IGNORED_FIELDS.has(field)) continue;
    const previous = before?.[field];
    const next = after?.[field];
    if (JSON.stringify(previous) !== JSON.stringify(next)) changes.push({ field, before: previous, after: next });
  }
  return changes;
}

/**
 * The DynamoDB item of an audit entry, to be written in the same transaction as the change
 * it records, so there is never a change without its entry or the reverse.
 */
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
  const at = now.toISOString();
  const id = randomUUID();
  const entry: AuditEntry = {
    id,
    at,
    actor: { userId: caller.userId, email: caller.email, role: caller.role },
    entityType,
    entityId,
    action,
    changes: diffFields(before, after),
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
  };
  return {
    pk: auditPartition(customerId),
    sk: `${at}#${id}`,
    gsi1pk: historyPartition(customerId, entityType, entityId),
    gsi1sk: `${at}#${id}`,
    type: 'AuditEntry',
    ...entry,
  };
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
  return { item: { Put: { TableName: tableName, Item: auditItem(customerId, caller, entityType, entityId, action, before, after, now) } } };
}
