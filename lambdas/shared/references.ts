import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DomainError } from '@domain/core/errors';
import { REFERENCE_KINDS, type ReferenceKind } from '@domain/organisation/site';
import { ENTITY, entityPartition, entitySortKey, referencePartition, referenceSortKey } from './keys';
import { queryAll } from './pagination';
import type { GuardedItem } from './transactions';

/**
 * What hangs off a site or a location. A store that attaches something (a site to its
 * locations; later a sensor, a gateway, a shift or a checklist to its site and location)
 * adds `attachReference(...)` to its own write transaction, and `detachReference(...)` when
 * it lets go. Each reference is one item under the target's partition (consistent counts
 * and lists, with the attached item's name), plus `refCount` on the target itself, which a
 * delete of the target is conditioned on: nothing can be attached between the delete's
 * check and its write.
 */
export type ReferenceTargetEntity = typeof ENTITY.site | typeof ENTITY.location;

export interface ReferenceTarget {
  entity: ReferenceTargetEntity;
  id: string;
}

export interface Reference {
  kind: ReferenceKind;
  id: string;
  name: string;
}

export type ReferenceCounts = Record<ReferenceKind, number>;

const targetKey = (customerId: string, target: ReferenceTarget) => ({
  pk: entityPartition(customerId, target.entity),
  sk: entitySortKey(target.entity, target.id),
});

function referenceKey(customerId: string, target: ReferenceTarget, kind: ReferenceKind, id: string) {
  return { pk: referencePartition(customerId, target.entity, target.id), sk: referenceSortKey(kind, id) };
}

/** The item of one reference (also what the demo seed writes). */
export function referenceItem(customerId: string, target: ReferenceTarget, reference: Reference): Record<string, unknown> {
  return { ...referenceKey(customerId, target, reference.kind, reference.id), type: 'REFERENCE', ...reference };
}

/**
 * The writes that attach `reference` to `target`: the reference item, and the target's
 * count, on the condition that the target exists (`targetMissing` is the user's error then).
 */
export function attachReference(
  tableName: string,
  customerId: string,
  target: ReferenceTarget,
  reference: Reference,
  targetMissing: () => DomainError,
): GuardedItem[] {
  return [
    {
      item: {
        Update: {
          TableName: tableName,
          Key: targetKey(customerId, target),
          UpdateExpression: 'ADD refCount :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      onConditionFailed: targetMissing,
    },
    { item: { Put: { TableName: tableName, Item: referenceItem(customerId, target, reference) } } },
  ];
}

/**
 * `attachReference` for several items attached to one target in one transaction (a batch of
 * sensors): one reference item each, and the target's count added once, by their number.
 */
export function attachReferences(
  tableName: string,
  customerId: string,
  target: ReferenceTarget,
  references: readonly Reference[],
  targetMissing: () => DomainError,
): GuardedItem[] {
  if (references.length === 0) return [];
  return [
    {
      item: {
        Update: {
          TableName: tableName,
          Key: targetKey(customerId, target),
          UpdateExpression: 'ADD refCount :count',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':count': references.length },
        },
      },
      onConditionFailed: targetMissing,
    },
    ...references.map((reference) => ({ item: { Put: { TableName: tableName, Item: referenceItem(customerId, target, reference) } } })),
  ];
}

/** The writes that detach a reference (a target with references cannot have been deleted). */
export function detachReference(tableName: string, customerId: string, target: ReferenceTarget, kind: ReferenceKind, id: string): GuardedItem[] {
  return [
    {
      item: {
        Update: {
          TableName: tableName,
          Key: targetKey(customerId, target),
          UpdateExpression: 'ADD refCount :minusOne',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    },
    { item: { Delete: { TableName: tableName, Key: referenceKey(customerId, target, kind, id) } } },
  ];
}

/** The write that keeps a reference's name in step with the attached item's. */
export function renameReference(tableName: string, customerId: string, target: ReferenceTarget, reference: Reference): GuardedItem {
  return { item: { Put: { TableName: tableName, Item: referenceItem(customerId, target, reference) } } };
}

/** The condition a delete of the target adds: nothing attached (written by `attachReference`). */
export const NOTHING_ATTACHED = '(attribute_not_exists(refCount) OR refCount <= :zero)';
export const NOTHING_ATTACHED_VALUES = { ':zero': 0 } as const;

/** Everything attached to a target, read consistently (optionally of one kind). */
export async function listReferences(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  target: ReferenceTarget,
  kind?: ReferenceKind,
): Promise<Reference[]> {
  const items = await queryAll<Record<string, unknown>>(client, {
    TableName: tableName,
    KeyConditionExpression: kind ? 'pk = :pk AND begins_with(sk, :kind)' : 'pk = :pk',
    ExpressionAttributeValues: {
      ':pk': referencePartition(customerId, target.entity, target.id),
      ...(kind ? { ':kind': `${kind}#` } : {}),
    },
    ConsistentRead: true,
  });
  const references: Reference[] = [];
  for (const item of items) {
    const itemKind = item['kind'];
    if (typeof itemKind === 'string' && (REFERENCE_KINDS as readonly string[]).includes(itemKind)) {
      references.push({ kind: itemKind as ReferenceKind, id: String(item['id']), name: String(item['name'] ?? '') });
    }
  }
  return references;
}

/** How many of each kind are attached to a target. */
export async function countReferences(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  target: ReferenceTarget,
): Promise<ReferenceCounts> {
  const counts = Object.fromEntries(REFERENCE_KINDS.map((kind) => [kind, 0])) as ReferenceCounts;
  for (const reference of await listReferences(client, tableName, customerId, target)) counts[reference.kind] += 1;
  return counts;
}
