import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { conflict, notFound, validationError } from '@domain/core/errors';
import type { LocationInput, LocationPatch } from '@domain/organisation/location';
import { MESSAGES } from '@domain/core/messages';
import { locationDeleteRefusal } from '@domain/organisation/site';
import { auditPut, type AuditAction } from '../shared/audit';
import type { Caller } from '../shared/caller';
import {
  byNamePartition,
  byNameSortKey,
  ENTITY,
  entityPartition,
  entitySortKey,
  locationSharesPartition,
  locationShareSortKey,
  normaliseUnique,
  sharedWithPartition,
  sharedWithSortKey,
  UNIQUENESS_SORT_KEY,
  uniquenessPartition,
} from '../shared/keys';
import { claimUnique, releaseUnique, uniqueMarker } from '../shared/named-records';
import { type PageRequest, queryAll, queryByNamePage } from '../shared/pagination';
import { countReferences, NOTHING_ATTACHED, NOTHING_ATTACHED_VALUES } from '../shared/references';
import { runTransaction, type GuardedItem } from '../shared/transactions';
import { versionedUpdate } from '../shared/update-expression';

/** A location as stored in its organisation's partition. */
export interface LocationRecord {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  latitude?: number;
  longitude?: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
}

/** A location shared with a user of another organisation (SPEC section 4: acceptance pending until accepted). */
export interface ShareRecord {
  locationId: string;
  ownerCustomerId: string;
  customerId: string;
  accountId: string;
  email: string;
  isAdmin: boolean;
  isAcceptancePending: boolean;
  sharedAt: string;
  sharedBy: string;
  acceptedAt?: string;
  version: number;
}

export interface Invitee {
  customerId: string;
  accountId: string;
  email: string;
}

const LOCATION_FIELDS = ['name', 'address', 'city', 'state', 'country', 'postalCode', 'latitude', 'longitude'] as const;

/** Deleting shares after the location: a BatchWrite takes at most 25 requests. */
const BATCH_WRITE_MAX = 25;

/**
 * Locations on the single table (docs/data-model.md "Locations and sites"). Names are unique
 * within the organisation under concurrency (a marker written in the same transaction);
 * updates and deletes are conditioned on the version read; every change writes its audit
 * entry in the same transaction.
 */
export class LocationStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The gsi1 partition a list reads; a cursor must belong to it. */
  listPartition(customerId: string): string {
    return byNamePartition(customerId, ENTITY.location);
  }

  list(customerId: string, page: PageRequest): Promise<{ items: LocationRecord[]; nextCursor?: string }> {
    return queryByNamePage(this.client, this.tableName, this.listPartition(customerId), page, toLocationRecord);
  }

  /** Every location of the organisation, by name. */
  async all(customerId: string): Promise<LocationRecord[]> {
    const items = await queryAll<Record<string, unknown>>(this.client, {
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': this.listPartition(customerId) },
    });
    return items.map(toLocationRecord);
  }

  async find(customerId: string, id: string): Promise<LocationRecord | undefined> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: this.key(customerId, id),
      ConsistentRead: true,
    }));
    return result.Item ? toLocationRecord(result.Item) : undefined;
  }

  async get(customerId: string, id: string): Promise<LocationRecord> {
    const found = await this.find(customerId, id);
    if (found === undefined) throw notFound(MESSAGES.locationNotFound);
    return found;
  }

  /** Locations of any organisations, by key (a user's shared locations); missing ones are left out. */
  async findMany(keys: readonly { customerId: string; id: string }[]): Promise<Map<string, LocationRecord>> {
    const found = new Map<string, LocationRecord>();
    for (let start = 0; start < keys.length; start += 100) {
      let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
        [this.tableName]: { Keys: keys.slice(start, start + 100).map(({ customerId, id }) => this.key(customerId, id)) },
      };
      while (request !== undefined && Object.keys(request).length > 0) {
        const result: BatchGetCommandOutput = await this.client.send(new BatchGetCommand({ RequestItems: request }));
        for (const item of result.Responses?.[this.tableName] ?? []) {
          const record = toLocationRecord(item);
          found.set(record.id, record);
        }
        const unprocessed: { Keys?: Record<string, unknown>[] } | undefined = result.UnprocessedKeys?.[this.tableName];
        request = unprocessed?.Keys?.length ? { [this.tableName]: { Keys: unprocessed.Keys } } : undefined;
      }
    }
    return found;
  }

  /** The existence check by name (consistent: the uniqueness marker). */
  async nameExists(customerId: string, name: string): Promise<boolean> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: { pk: uniquenessPartition(customerId, ENTITY.location, 'name', name), sk: UNIQUENESS_SORT_KEY },
      ConsistentRead: true,
    }));
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
      {
        item: {
          Put: {
            TableName: this.tableName,
            Item: this.toItem(customerId, record),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
      this.claimName(customerId, record.name, record.id),
      this.audit(caller, customerId, ENTITY.location, record.id, 'create', undefined, { ...record }),
    ];
    if (assignTo !== undefined) {
      items.push({
        item: {
          Update: {
            TableName: this.tableName,
            Key: { pk: entityPartition(customerId, ENTITY.user), sk: entitySortKey(ENTITY.user, assignTo) },
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
    const renamed = normaliseUnique(after.name) !== normaliseUnique(before.name);
    const update = versionedUpdate(this.tableName, this.key(customerId, id), {
      ...Object.fromEntries(changed.map((field) => [field, fields[field]])),
      gsi1sk: byNameSortKey(after.name, id),
      updatedAt: after.updatedAt,
      updatedBy: after.updatedBy,
      version: after.version,
    }, before.version);
    const items: GuardedItem[] = [
      { item: update },
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
      {
        item: {
          Delete: {
            TableName: this.tableName,
            Key: this.key(customerId, id),
            // Nothing may have been attached since the count.
            ConditionExpression: `version = :expected AND ${NOTHING_ATTACHED}`,
            ExpressionAttributeValues: { ':expected': before.version, ...NOTHING_ATTACHED_VALUES },
          },
        },
      },
      this.releaseName(customerId, before.name),
      this.audit(caller, customerId, ENTITY.location, id, 'delete', { ...before, sharedWith: shares.map((share) => share.email) }, undefined),
    ]);
    // A share of a location that no longer exists is never shown; these only tidy up.
    const keys = shares.map((share) => ({ pk: locationSharesPartition(customerId, id), sk: locationShareSortKey(share.customerId, share.accountId) }));
    for (let start = 0; start < keys.length; start += BATCH_WRITE_MAX) {
      await this.client.send(new BatchWriteCommand({
        RequestItems: { [this.tableName]: keys.slice(start, start + BATCH_WRITE_MAX).map((Key) => ({ DeleteRequest: { Key } })) },
      }));
    }
  }

  /** The shares of one location, as its owner sees them (consistent). */
  async shares(ownerCustomerId: string, locationId: string): Promise<ShareRecord[]> {
    const items = await queryAll<Record<string, unknown>>(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': locationSharesPartition(ownerCustomerId, locationId) },
      ConsistentRead: true,
    });
    return items.map(toShareRecord);
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
    await runTransaction(this.client, [
      {
        item: {
          Put: {
            TableName: this.tableName,
            Item: this.toShareItem(share),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        onConditionFailed: () => conflict(MESSAGES.locationAlreadyShared),
      },
      {
        // The location must still be there when the share is written.
        item: { ConditionCheck: { TableName: this.tableName, Key: this.key(ownerCustomerId, locationId), ConditionExpression: 'attribute_exists(pk)' } },
        onConditionFailed: () => notFound(MESSAGES.locationNotFound),
      },
      this.audit(caller, ownerCustomerId, ENTITY.locationShare, shareAuditId(share), 'create', undefined, { ...share }),
    ]);
    return share;
  }

  /** Ends a share (the owner's side). */
  async unshare(caller: Caller, ownerCustomerId: string, locationId: string, inviteeCustomerId: string, inviteeAccountId: string): Promise<void> {
    const key = { pk: locationSharesPartition(ownerCustomerId, locationId), sk: locationShareSortKey(inviteeCustomerId, inviteeAccountId) };
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.shareNotFound);
    const before = toShareRecord(result.Item);
    await runTransaction(this.client, [
      {
        item: {
          Delete: { TableName: this.tableName, Key: key, ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': before.version } },
        },
      },
      this.audit(caller, ownerCustomerId, ENTITY.locationShare, shareAuditId(before), 'delete', { ...before }, undefined),
    ]);
  }

  /** Every share made to one user (gsi1, from the invitee's organisation). */
  async sharesWith(inviteeCustomerId: string, inviteeAccountId: string): Promise<ShareRecord[]> {
    const items = await queryAll<Record<string, unknown>>(this.client, {
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': sharedWithPartition(inviteeCustomerId, inviteeAccountId) },
    });
    return items.map(toShareRecord);
  }

  /** The share of one location made to one user, read consistently from the owner's side. */
  async shareWith(inviteeCustomerId: string, inviteeAccountId: string, locationId: string): Promise<ShareRecord | undefined> {
    const found = await this.client.send(new QueryCommand({
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': sharedWithPartition(inviteeCustomerId, inviteeAccountId), ':sk': sharedWithSortKey(locationId) },
    }));
    const indexed = found.Items?.[0];
    if (indexed === undefined) return undefined;
    const share = toShareRecord(indexed);
    // The index is eventually consistent: the share itself is read again from its own key.
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: { pk: locationSharesPartition(share.ownerCustomerId, locationId), sk: locationShareSortKey(inviteeCustomerId, inviteeAccountId) },
      ConsistentRead: true,
    }));
    return result.Item ? toShareRecord(result.Item) : undefined;
  }

  /** The invitee accepts (the location then counts for them) or declines (the share ends). */
  async answer(caller: Caller, share: ShareRecord, accept: boolean): Promise<ShareRecord | undefined> {
    const key = { pk: locationSharesPartition(share.ownerCustomerId, share.locationId), sk: locationShareSortKey(share.customerId, share.accountId) };
    if (!accept) {
      await runTransaction(this.client, [
        {
          item: { Delete: { TableName: this.tableName, Key: key, ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': share.version } } },
        },
        this.audit(caller, share.ownerCustomerId, ENTITY.locationShare, shareAuditId(share), 'delete', { ...share }, undefined),
      ]);
      return undefined;
    }
    if (!share.isAcceptancePending) return share;
    const after: ShareRecord = { ...share, isAcceptancePending: false, acceptedAt: this.clock().toISOString(), version: share.version + 1 };
    await runTransaction(this.client, [
      {
        item: {
          Update: {
            TableName: this.tableName,
            Key: key,
            UpdateExpression: 'SET isAcceptancePending = :false, acceptedAt = :at, version = :next',
            ConditionExpression: 'version = :expected',
            ExpressionAttributeValues: { ':false': false, ':at': after.acceptedAt, ':next': after.version, ':expected': share.version },
          },
        },
      },
      this.audit(caller, share.ownerCustomerId, ENTITY.locationShare, shareAuditId(share), 'update', { ...share }, { ...after }),
    ]);
    return after;
  }

  private key(customerId: string, id: string) {
    return { pk: entityPartition(customerId, ENTITY.location), sk: entitySortKey(ENTITY.location, id) };
  }

  private toItem(customerId: string, record: LocationRecord): Record<string, unknown> {
    return locationItem(customerId, record);
  }

  private toShareItem(share: ShareRecord): Record<string, unknown> {
    return {
      pk: locationSharesPartition(share.ownerCustomerId, share.locationId),
      sk: locationShareSortKey(share.customerId, share.accountId),
      gsi1pk: sharedWithPartition(share.customerId, share.accountId),
      gsi1sk: sharedWithSortKey(share.locationId),
      type: ENTITY.locationShare,
      ...share,
    };
  }

  private claimName(customerId: string, name: string, ownerId: string): GuardedItem {
    return {
      item: claimUnique(this.tableName, customerId, ENTITY.location, 'name', name, ownerId),
      onConditionFailed: () => conflict(MESSAGES.locationNameTaken),
    };
  }

  private releaseName(customerId: string, name: string): GuardedItem {
    return { item: releaseUnique(this.tableName, customerId, ENTITY.location, 'name', name) };
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
    return auditPut(this.tableName, customerId, caller, entity, id, action, before, after, this.clock());
  }
}

/** The stored item of a location (also what the demo seed writes). */
export function locationItem(customerId: string, record: LocationRecord): Record<string, unknown> {
  return {
    pk: entityPartition(customerId, ENTITY.location),
    sk: entitySortKey(ENTITY.location, record.id),
    gsi1pk: byNamePartition(customerId, ENTITY.location),
    gsi1sk: byNameSortKey(record.name, record.id),
    type: ENTITY.location,
    ...record,
  };
}

/** The marker that keeps a location name unique in its organisation. */
export function locationNameMarker(customerId: string, name: string, ownerId: string): Record<string, unknown> {
  return uniqueMarker(customerId, ENTITY.location, 'name', name, ownerId);
}

const shareAuditId = (share: Pick<ShareRecord, 'locationId' | 'customerId' | 'accountId'>) =>
  `${share.locationId}:${share.customerId}:${share.accountId}`;

function pickLocationFields(source: Partial<Record<(typeof LOCATION_FIELDS)[number], unknown>>): Pick<LocationRecord, (typeof LOCATION_FIELDS)[number]> {
  const picked: Record<string, unknown> = {};
  for (const field of LOCATION_FIELDS) if (source[field] !== undefined) picked[field] = source[field];
  return picked as Pick<LocationRecord, (typeof LOCATION_FIELDS)[number]>;
}

function toLocationRecord(item: Record<string, unknown>): LocationRecord {
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const latitude = number(item['latitude']);
  const longitude = number(item['longitude']);
  return {
    id: String(item['id']),
    name: String(item['name']),
    address: String(item['address'] ?? ''),
    city: String(item['city'] ?? ''),
    state: String(item['state'] ?? ''),
    country: String(item['country'] ?? ''),
    postalCode: String(item['postalCode'] ?? ''),
    ...(latitude === undefined ? {} : { latitude }),
    ...(longitude === undefined ? {} : { longitude }),
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}

function toShareRecord(item: Record<string, unknown>): ShareRecord {
  const acceptedAt = item['acceptedAt'];
  return {
    locationId: String(item['locationId']),
    ownerCustomerId: String(item['ownerCustomerId']),
    customerId: String(item['customerId']),
    accountId: String(item['accountId']),
    email: String(item['email']),
    isAdmin: item['isAdmin'] === true,
    isAcceptancePending: item['isAcceptancePending'] !== false,
    sharedAt: String(item['sharedAt']),
    sharedBy: String(item['sharedBy']),
    ...(typeof acceptedAt === 'string' ? { acceptedAt } : {}),
    version: Number(item['version'] ?? 1),
  };
}

/** A request that names a location the caller cannot use as a site's location. */
export const unknownLocation = () => validationError(MESSAGES.siteLocationNotFound, { locationIds: MESSAGES.siteLocationNotFound });
