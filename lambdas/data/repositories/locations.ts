import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '@domain/core/errors';
import type { LocationInput, LocationPatch } from '@domain/organisation/location';
import { MESSAGES } from '@domain/core/messages';
import { locationDeleteRefusal } from '@domain/organisation/site';
import {
  auditEntryPut,
  batchGet,
  batchWrite,
  claimUnique,
  countReferences,
  createPut,
  deleteWhenNothingAttached,
  LOCATION_FIELDS,
  locationKey,
  locationPut,
  locationsByName,
  locationShareAccepted,
  locationShareKey,
  locationSharePut,
  locationSharesOf,
  locationSharesWith,
  locationUpdate,
  nameKeyOf,
  partitionOf,
  queryAll,
  queryPage,
  refusedWith,
  releaseUnique,
  runTransaction,
  shareAuditId,
  toLocationRecord,
  toShareRecord,
  uniqueMarker,
  versionedDelete,
  versionedUpdate,
  type AuditAction,
  type GuardedItem,
  type KeyParams,
  type LocationRecord,
  type PageRequest,
  type ShareRecord,
  accountKeyParams,
  ENTITY,
} from '..';
import type { Caller } from '../../shared/caller';

export type { LocationRecord, ShareRecord } from '..';

export interface Invitee {
  customerId: string;
  accountId: string;
  email: string;
}

/**
 * Locations on the single table (docs/data-model.md "Locations and sites"; the entities are
 * lambdas/data/entities/location*.ts). Names are unique within the organisation under
 * concurrency (a marker written in the same transaction); updates and deletes are
 * conditioned on the version read; every change writes its audit entry in the same
 * transaction.
 */
/** A location as a proxy session's banner names it (one consistent GetItem): undefined when there is none; no `name` when it has none. */
export async function readLocationName(client: DynamoDBDocumentClient, tableName: string, customerId: string, locationId: string): Promise<{ name?: string } | undefined> {
  const item = (await client.send(new GetCommand({ ...locationKey(tableName, customerId, locationId), ConsistentRead: true }))).Item;
  if (item === undefined) return undefined;
  return typeof item['name'] === 'string' ? { name: item['name'] } : {};
}

export class LocationStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The gsi1 partition a list reads; a cursor must belong to it. */
  listPartition(customerId: string): string {
    return partitionOf(locationsByName(this.tableName, customerId));
  }

  list(customerId: string, page: PageRequest): Promise<{ items: LocationRecord[]; nextCursor?: string }> {
    return queryPage(this.client, locationsByName(this.tableName, customerId), page, toLocationRecord);
  }

  /** Every location of the organisation, by name. */
  all(customerId: string): Promise<LocationRecord[]> {
    return queryAll(this.client, locationsByName(this.tableName, customerId), toLocationRecord);
  }

  async find(customerId: string, id: string): Promise<LocationRecord | undefined> {
    const result = await this.client.send(new GetCommand({ ...locationKey(this.tableName, customerId, id), ConsistentRead: true }));
    return result.Item ? toLocationRecord(result.Item) : undefined;
  }

  async get(customerId: string, id: string): Promise<LocationRecord> {
    const found = await this.find(customerId, id);
    if (found === undefined) throw notFound(MESSAGES.locationNotFound);
    return found;
  }

  /** Locations of any organisations, by key (a user's shared locations); missing ones are left out. */
  async findMany(keys: readonly { customerId: string; id: string }[]): Promise<Map<string, LocationRecord>> {
    const items = await batchGet(this.client, this.tableName, keys.map(({ customerId, id }) => locationKey(this.tableName, customerId, id).Key), { consistent: false });
    const found = new Map<string, LocationRecord>();
    for (const item of items) {
      const record = toLocationRecord(item);
      found.set(record.id, record);
    }
    return found;
  }

  /** The existence check by name (consistent: the uniqueness marker). */
  async nameExists(customerId: string, name: string): Promise<boolean> {
    const key = uniqueMarker.get({ customerId, entityType: ENTITY.location, field: 'name', valueKey: nameKeyOf(name) }).params<KeyParams>({ table: this.tableName });
    const result = await this.client.send(new GetCommand({ ...key, ConsistentRead: true }));
    return result.Item !== undefined;
  }

  /**
   * Adds a location. `assignTo` is the creator's account when they see only the locations
   * assigned to them, so what they add does not vanish from their own lists.
   */
  async create(caller: Caller, customerId: string, input: LocationInput, assignTo?: string): Promise<LocationRecord> {
    const now = this.clock().toISOString();
    const record: LocationRecord = {
      id: randomUUID(),
      ...pickLocationFields(input),
      createdAt: now,
      updatedAt: now,
      createdBy: caller.email,
      updatedBy: caller.email,
      version: 1,
    };
    const items: GuardedItem[] = [
      createPut(locationPut(this.tableName, customerId, record)),
      this.claimName(customerId, record.name, record.id),
      this.audit(caller, customerId, ENTITY.location, record.id, 'create', undefined, { ...record }),
    ];
    if (assignTo !== undefined) {
      // Only the account's locations: the record itself is user administration's (its version is not moved).
      items.push({
        item: {
          Update: {
            TableName: this.tableName,
            Key: accountKeyParams(this.tableName, customerId, assignTo).Key,
            UpdateExpression: 'SET locationIds = list_append(if_not_exists(locationIds, :none), :added)',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':none': [], ':added': [record.id] },
          },
        },
      });
    }
    await runTransaction(this.client, items);
    return record;
  }

  /**
   * Changes a location: `replace` (PUT) gives every field, so one left out is cleared;
   * `merge` (the mapping update) changes only the fields it names.
   */
  async update(caller: Caller, customerId: string, id: string, changes: LocationPatch, mode: 'replace' | 'merge'): Promise<LocationRecord> {
    const before = await this.get(customerId, id);
    const fields = pickLocationFields(mode === 'replace' ? changes : { ...before, ...changes });
    const changed = LOCATION_FIELDS.filter((field) => (mode === 'replace' || field in changes) && before[field] !== fields[field]);
    if (changed.length === 0) return before;
    // The record's own fields come from `fields` only, so a cleared one is gone.
    const { latitude: _latitude, longitude: _longitude, ...kept } = before;
    const after: LocationRecord = {
      ...kept,
      ...fields,
      updatedAt: this.clock().toISOString(),
      updatedBy: caller.email,
      version: before.version + 1,
    };
    const renamed = nameKeyOf(after.name) !== nameKeyOf(before.name);
    const update = locationUpdate(this.tableName, customerId, id, {
      ...Object.fromEntries(changed.map((field) => [field, fields[field]])),
      // The by-name index key follows the name as written, also when only its case changed.
      name: after.name,
      updatedAt: after.updatedAt,
      updatedBy: after.updatedBy,
      version: after.version,
    });
    const items: GuardedItem[] = [
      versionedUpdate(update, before.version),
      this.audit(caller, customerId, ENTITY.location, id, 'update', { ...before }, { ...after }),
    ];
    if (renamed) items.push(this.claimName(customerId, after.name, id), this.releaseName(customerId, before.name));
    await runTransaction(this.client, items);
    return after;
  }

  /**
   * Deletes a location (the corporate-access check is the caller's). Refused while anything
   * is attached; its shares go with it.
   */
  async delete(caller: Caller, customerId: string, id: string): Promise<void> {
    const before = await this.get(customerId, id);
    const counts = await countReferences(this.client, this.tableName, customerId, { entity: ENTITY.location, id });
    const refusal = locationDeleteRefusal({ sensors: counts.SENSOR, gateways: counts.GATEWAY, sites: counts.SITE });
    if (refusal !== undefined) throw conflict(refusal);
    const shares = await this.shares(customerId, id);
    await runTransaction(this.client, [
      // Nothing may have been attached since the count.
      deleteWhenNothingAttached(locationKey(this.tableName, customerId, id), before.version),
      this.releaseName(customerId, before.name),
      this.audit(caller, customerId, ENTITY.location, id, 'delete', { ...before, sharedWith: shares.map((share) => share.email) }, undefined),
    ]);
    // A share of a location that no longer exists is never shown; these only tidy up.
    await batchWrite(this.client, this.tableName, shares.map((share) => ({ DeleteRequest: { Key: locationShareKey(this.tableName, share).Key } })));
  }

  /** The shares of one location, as its owner sees them (consistent). */
  shares(ownerCustomerId: string, locationId: string): Promise<ShareRecord[]> {
    return queryAll(this.client, locationSharesOf(this.tableName, ownerCustomerId, locationId), toShareRecord);
  }

  /** Shares a location with a user of another organisation: pending until they accept. */
  async share(caller: Caller, ownerCustomerId: string, locationId: string, invitee: Invitee, isAdmin: boolean): Promise<ShareRecord> {
    await this.get(ownerCustomerId, locationId);
    const share: ShareRecord = {
      locationId,
      ownerCustomerId,
      customerId: invitee.customerId,
      accountId: invitee.accountId,
      email: invitee.email,
      isAdmin,
      isAcceptancePending: true,
      sharedAt: this.clock().toISOString(),
      sharedBy: caller.email,
      version: 1,
    };
    const { TableName, Key } = locationKey(this.tableName, ownerCustomerId, locationId);
    await runTransaction(this.client, [
      refusedWith(createPut(locationSharePut(this.tableName, share)).item, MESSAGES.locationAlreadyShared),
      {
        // The location must still be there when the share is written.
        item: { ConditionCheck: { TableName, Key, ConditionExpression: 'attribute_exists(pk)' } },
        onConditionFailed: () => notFound(MESSAGES.locationNotFound),
      },
      this.audit(caller, ownerCustomerId, ENTITY.locationShare, shareAuditId(share), 'create', undefined, { ...share }),
    ]);
    return share;
  }

  /** Ends a share (the owner's side). */
  async unshare(caller: Caller, ownerCustomerId: string, locationId: string, inviteeCustomerId: string, inviteeAccountId: string): Promise<void> {
    const key = locationShareKey(this.tableName, { ownerCustomerId, locationId, customerId: inviteeCustomerId, accountId: inviteeAccountId });
    const result = await this.client.send(new GetCommand({ ...key, ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.shareNotFound);
    const before = toShareRecord(result.Item);
    await runTransaction(this.client, [
      versionedDelete(key, before.version),
      this.audit(caller, ownerCustomerId, ENTITY.locationShare, shareAuditId(before), 'delete', { ...before }, undefined),
    ]);
  }

  /** Every share made to one user (gsi1, from the invitee's organisation). */
  sharesWith(inviteeCustomerId: string, inviteeAccountId: string): Promise<ShareRecord[]> {
    return queryAll(this.client, locationSharesWith(this.tableName, inviteeCustomerId, inviteeAccountId), toShareRecord);
  }

  /** The share of one location made to one user, read consistently from the owner's side. */
  async shareWith(inviteeCustomerId: string, inviteeAccountId: string, locationId: string): Promise<ShareRecord | undefined> {
    const found = await queryAll(this.client, locationSharesWith(this.tableName, inviteeCustomerId, inviteeAccountId, locationId), toShareRecord);
    const indexed = found.find((share) => share.locationId === locationId);
    if (indexed === undefined) return undefined;
    // The index is eventually consistent: the share itself is read again from its own key.
    const result = await this.client.send(new GetCommand({ ...locationShareKey(this.tableName, indexed), ConsistentRead: true }));
    return result.Item ? toShareRecord(result.Item) : undefined;
  }

  /** The invitee accepts (the location then counts for them) or declines (the share ends). */
  async answer(caller: Caller, share: ShareRecord, accept: boolean): Promise<ShareRecord | undefined> {
    if (!accept) {
      await runTransaction(this.client, [
        versionedDelete(locationShareKey(this.tableName, share), share.version),
        this.audit(caller, share.ownerCustomerId, ENTITY.locationShare, shareAuditId(share), 'delete', { ...share }, undefined),
      ]);
      return undefined;
    }
    if (!share.isAcceptancePending) return share;
    const after: ShareRecord = { ...share, isAcceptancePending: false, acceptedAt: this.clock().toISOString(), version: share.version + 1 };
    await runTransaction(this.client, [
      versionedUpdate(locationShareAccepted(this.tableName, share, after.acceptedAt ?? '', after.version), share.version),
      this.audit(caller, share.ownerCustomerId, ENTITY.locationShare, shareAuditId(share), 'update', { ...share }, { ...after }),
    ]);
    return after;
  }

  private claimName(customerId: string, name: string, ownerId: string): GuardedItem {
    return claimUnique(this.tableName, { customerId, entityType: ENTITY.location, field: 'name', value: name }, ownerId, MESSAGES.locationNameTaken);
  }

  private releaseName(customerId: string, name: string): GuardedItem {
    return releaseUnique(this.tableName, { customerId, entityType: ENTITY.location, field: 'name', value: name });
  }

  private audit(
    caller: Caller,
    customerId: string,
    entity: typeof ENTITY.location | typeof ENTITY.locationShare,
    id: string,
    action: AuditAction,
    before: Record<string, unknown> | undefined,
    after: Record<string, unknown> | undefined,
  ): GuardedItem {
    return auditEntryPut(this.tableName, { customerId, caller, entityType: entity, entityId: id, action, before, after, now: this.clock() });
  }
}

function pickLocationFields(source: Partial<Record<(typeof LOCATION_FIELDS)[number], unknown>>): Pick<LocationRecord, (typeof LOCATION_FIELDS)[number]> {
  const picked: Record<string, unknown> = {};
  for (const field of LOCATION_FIELDS) if (source[field] !== undefined) picked[field] = source[field];
  return picked as Pick<LocationRecord, (typeof LOCATION_FIELDS)[number]>;
}
