import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import type { DomainError } from '@domain/core/errors';
import { REFERENCE_KINDS, type ReferenceKind } from '@domain/organisation/site';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import { partitionOf, queryAll, type QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import { plainDelete, plainPut, type KeyParams, type PutParams } from '../writes';
import { locationKey } from './location';
import { siteKey } from './site';

/**
 * What hangs off a site or a location (docs/data-model.md "Locations and sites"). A store that
 * attaches something (a site to its locations; a sensor, a gateway, a shift or a checklist to
 * its site and location) adds `attachReference(...)` to its own write transaction, and
 * `detachReference(...)` when it lets go. Each reference is one item under the target's
 * partition (`byTarget`: consistent counts and lists, with the attached item's name), plus
 * `refCount` on the target itself, which a delete of the target is conditioned on
 * (`deleteWhenNothingAttached`): nothing can be attached between the delete's check and its write.
 */
export type ReferenceTargetEntity = 'SITE' | 'LOCATION';

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

export const reference = new Entity({
  model: { entity: 'reference', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    targetEntity: { type: 'string', required: true },
    targetId: { type: 'string', required: true },
    kind: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string' },
    type: { type: 'string', default: 'REFERENCE' },
  },
  indexes: {
    byTarget: {
      pk: { field: 'pk', composite: ['customerId', 'targetEntity', 'targetId'], template: 'C#${customerId}#${targetEntity}#${targetId}#REF', casing: 'none' },
      sk: { field: 'sk', composite: ['kind', 'id'], template: '${kind}#${id}', casing: 'none' },
    },
  },
});
export type ReferenceItem = EntityItem<typeof reference>;

/** The target's own item (its `refCount`). */
const targetKey = (tableName: string, customerId: string, target: ReferenceTarget): KeyParams =>
  (target.entity === 'SITE' ? siteKey(tableName, customerId, target.id) : locationKey(tableName, customerId, target.id));

/** The item of one reference (also what the demo seed writes). */
export const referencePut = (tableName: string, customerId: string, target: ReferenceTarget, attached: Reference): PutParams =>
  reference.put({ customerId, targetEntity: target.entity, targetId: target.id, ...attached }).params<PutParams>({ table: tableName });

/** ElectroDB builds a request for a table; where only the item is wanted, any name does. */
const ITEM_ONLY = 'item-only';

/** The item of one reference, without a table (the demo seed and tests write it themselves). */
export const referenceItem = (customerId: string, target: ReferenceTarget, attached: Reference): Record<string, unknown> =>
  referencePut(ITEM_ONLY, customerId, target, attached).Item;

const referenceKey = (tableName: string, customerId: string, target: ReferenceTarget, kind: ReferenceKind, id: string): KeyParams =>
  reference.get({ customerId, targetEntity: target.entity, targetId: target.id, kind, id }).params<KeyParams>({ table: tableName });

/**
 * `ADD refCount` on the target, on the condition that it exists. The expressions are those the
 * stores' tests have always seen (`:one`, `:count`, `:minusOne`).
 */
function refCountAdd(
  tableName: string,
  customerId: string,
  target: ReferenceTarget,
  [placeholder, delta]: [':one' | ':count' | ':minusOne', number],
  targetMissing?: () => DomainError,
): GuardedItem {
  const { TableName, Key } = targetKey(tableName, customerId, target);
  return {
    item: {
      Update: {
        TableName,
        Key,
        UpdateExpression: `ADD refCount ${placeholder}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { [placeholder]: delta },
      },
    },
    ...(targetMissing === undefined ? {} : { onConditionFailed: targetMissing }),
  };
}

/**
 * The writes that attach `attached` to `target`: the target's count, on the condition that
 * the target exists (`targetMissing` is the user's error then), and the reference item.
 */
export function attachReference(
  tableName: string,
  customerId: string,
  target: ReferenceTarget,
  attached: Reference,
  targetMissing: () => DomainError,
): GuardedItem[] {
  return [refCountAdd(tableName, customerId, target, [':one', 1], targetMissing), plainPut(referencePut(tableName, customerId, target, attached))];
}

/**
 * `attachReference` for several items attached to one target in one transaction (a batch of
 * sensors): one reference item each, and the target's count added once, by their number.
 */
export function attachReferences(
  tableName: string,
  customerId: string,
  target: ReferenceTarget,
  attached: readonly Reference[],
  targetMissing: () => DomainError,
): GuardedItem[] {
  if (attached.length === 0) return [];
  return [
    refCountAdd(tableName, customerId, target, [':count', attached.length], targetMissing),
    ...attached.map((one) => plainPut(referencePut(tableName, customerId, target, one))),
  ];
}

/** The writes that detach a reference (a target with references cannot have been deleted). */
export function detachReference(tableName: string, customerId: string, target: ReferenceTarget, kind: ReferenceKind, id: string): GuardedItem[] {
  return [refCountAdd(tableName, customerId, target, [':minusOne', -1]), plainDelete(referenceKey(tableName, customerId, target, kind, id))];
}

/** The write that keeps a reference's name in step with the attached item's. */
export const renameReference = (tableName: string, customerId: string, target: ReferenceTarget, attached: Reference): GuardedItem =>
  plainPut(referencePut(tableName, customerId, target, attached));

/**
 * The delete of a site or a location, on the version read and on nothing being attached
 * (its `refCount`, written by `attachReference`), so nothing attached since the count is lost.
 */
export function deleteWhenNothingAttached({ TableName, Key }: KeyParams, expectedVersion: number): GuardedItem {
  return {
    item: {
      Delete: {
        TableName,
        Key,
        ConditionExpression: 'version = :expected AND (attribute_not_exists(refCount) OR refCount <= :zero)',
        ExpressionAttributeValues: { ':expected': expectedVersion, ':zero': 0 },
      },
    },
  };
}

/**
 * Everything attached to a target (`byTarget`, optionally of one kind), read consistently. The
 * partition and the kind's prefix come from the entity; the expression is the one the stores'
 * tests have always matched (`pk = :pk`, `:kind`).
 */
export function referencesOf(tableName: string, customerId: string, target: ReferenceTarget, kind?: ReferenceKind): QueryParams {
  const built = reference.query.byTarget({ customerId, targetEntity: target.entity, targetId: target.id }).params<QueryParams>({ table: tableName });
  const kindPrefix = kind === undefined ? undefined : String(referencePut(tableName, customerId, target, { kind, id: '', name: '' }).Item['sk']);
  return {
    TableName: tableName,
    KeyConditionExpression: kindPrefix === undefined ? 'pk = :pk' : 'pk = :pk AND begins_with(sk, :kind)',
    ExpressionAttributeValues: { ':pk': partitionOf(built), ...(kindPrefix === undefined ? {} : { ':kind': kindPrefix }) },
    ConsistentRead: true,
  };
}

/** The API's shape of a reference; items of an unknown kind are left out. */
export function toReference(item: Record<string, unknown>): Reference | undefined {
  const kind = item['kind'];
  if (typeof kind !== 'string' || !(REFERENCE_KINDS as readonly string[]).includes(kind)) return undefined;
  return { kind: kind as ReferenceKind, id: String(item['id']), name: String(item['name'] ?? '') };
}

/** Everything attached to a target, read consistently (optionally of one kind). */
export async function listReferences(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  target: ReferenceTarget,
  kind?: ReferenceKind,
): Promise<Reference[]> {
  const found = await queryAll(client, referencesOf(tableName, customerId, target, kind), toReference);
  return found.filter((one): one is Reference => one !== undefined);
}

/** How many of each kind are attached to a target. */
export async function countReferences(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  target: ReferenceTarget,
): Promise<ReferenceCounts> {
  const counts = Object.fromEntries(REFERENCE_KINDS.map((kind) => [kind, 0])) as ReferenceCounts;
  for (const one of await listReferences(client, tableName, customerId, target)) counts[one.kind] += 1;
  return counts;
}
