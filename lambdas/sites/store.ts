import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { billingAddressOf, siteDeleteRefusal, type SiteDocumentInfo, type SiteInput, type SiteUser } from '@domain/organisation/site';
import { auditPut, type AuditAction } from '../shared/audit';
import type { Caller } from '../shared/caller';
import {
  byNamePartition,
  byNameSortKey,
  ENTITY,
  entityPartition,
  entitySortKey,
  normaliseUnique,
} from '../shared/keys';
import { claimUnique, releaseUnique, uniqueMarker } from '../shared/named-records';
import { type PageRequest, queryAll, queryByNamePage } from '../shared/pagination';
import {
  attachReference,
  countReferences,
  detachReference,
  listReferences,
  NOTHING_ATTACHED,
  NOTHING_ATTACHED_VALUES,
  renameReference,
  type Reference,
} from '../shared/references';
import { runTransaction, type GuardedItem } from '../shared/transactions';
import { versionedUpdate } from '../shared/update-expression';
import { unknownLocation } from '../locations/store';

/** The fields of SPEC section 3 a site keeps, as given (the billing address resolved). */
const SITE_FIELDS = [
  'name', 'siteId', 'locationIds', 'timezone', 'address', 'city', 'state', 'country', 'postalCode', 'latitude', 'longitude',
  'adminName', 'adminEmail', 'adminPhone', 'billingName', 'billingEmail', 'billingPhone', 'billingAddressSameAsSite',
  'billingAddress', 'haccpSubscriptionStart', 'haccpSubscriptionEnd', 'monitoringSubscriptionStart',
  'monitoringSubscriptionEnd', 'installationDate', 'taxExempt', 'retainAdditionalFieldAnswers',
] as const;
type SiteField = (typeof SITE_FIELDS)[number];

export interface StoredDocument extends SiteDocumentInfo {
  /** The object's key in the files bucket. */
  key: string;
}

/** A site as stored in its organisation's partition. */
export type SiteRecord = Omit<SiteInput, 'billingAddress'> & {
  id: string;
  billingAddress?: ReturnType<typeof billingAddressOf>;
  document?: StoredDocument;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
};

/**
 * Sites on the single table (docs/data-model.md "Locations and sites"). The name and the site
 * id are unique within the organisation (markers in the write transaction); a site is
 * attached to each of its locations by a reference, so a location with sites is not deleted;
 * updates and deletes are conditioned on the version read; every change writes its audit
 * entry in the same transaction.
 */
export class SiteStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  listPartition(customerId: string): string {
    return byNamePartition(customerId, ENTITY.site);
  }

  list(customerId: string, page: PageRequest): Promise<{ items: SiteRecord[]; nextCursor?: string }> {
    return queryByNamePage(this.client, this.tableName, this.listPartition(customerId), page, toSiteRecord);
  }

  async find(customerId: string, id: string): Promise<SiteRecord | undefined> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: this.key(customerId, id), ConsistentRead: true }));
    return result.Item ? toSiteRecord(result.Item) : undefined;
  }

  async get(customerId: string, id: string): Promise<SiteRecord> {
    const found = await this.find(customerId, id);
    if (found === undefined) throw notFound(MESSAGES.siteNotFound);
    return found;
  }

  async create(caller: Caller, customerId: string, input: SiteInput): Promise<SiteRecord> {
    const now = this.clock().toISOString();
    const record: SiteRecord = {
      ...siteFieldsOf(input),
      id: randomUUID(),
      createdAt: now,
      updatedAt: now,
      createdBy: caller.email,
      updatedBy: caller.email,
      version: 1,
    };
    const items: GuardedItem[] = [
      { item: { Put: { TableName: this.tableName, Item: this.toItem(customerId, record), ConditionExpression: 'attribute_not_exists(pk)' } } },
      this.claim(customerId, 'name', record.name, record.id),
      ...(record.siteId ? [this.claim(customerId, 'siteId', record.siteId, record.id)] : []),
      ...record.locationIds.flatMap((locationId) => this.attach(customerId, locationId, record)),
      this.audit(caller, customerId, record.id, 'create', undefined, record),
    ];
    await runTransaction(this.client, items);
    return record;
  }

  /**
   * Replaces every field (PUT): one left out is cleared. The uploaded PDF stays. `read` is the
   * site as the caller just read it (consistent), so it is not read again; the write is
   * conditioned on its version either way.
   */
  async update(caller: Caller, customerId: string, id: string, input: SiteInput, read?: SiteRecord): Promise<SiteRecord> {
    const before = read ?? await this.get(customerId, id);
    const fields = siteFieldsOf(input);
    const changed = SITE_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(fields[field]));
    if (changed.length === 0) return before;
    // The site's own fields come from `fields` only, so a cleared one is gone.
    const after = {
      ...Object.fromEntries(Object.entries(before).filter(([field]) => !(SITE_FIELDS as readonly string[]).includes(field))),
      ...fields,
      updatedAt: this.clock().toISOString(),
      updatedBy: caller.email,
      version: before.version + 1,
    } as SiteRecord;
    const update = versionedUpdate(this.tableName, this.key(customerId, id), {
      ...Object.fromEntries(changed.map((field) => [field, fields[field]])),
      gsi1sk: byNameSortKey(after.name, id),
      updatedAt: after.updatedAt,
      updatedBy: after.updatedBy,
      version: after.version,
    }, before.version);
    const items: GuardedItem[] = [
      { item: update },
    ];
    if (normaliseUnique(after.name) !== normaliseUnique(before.name)) {
      items.push(this.claim(customerId, 'name', after.name, id), this.release(customerId, 'name', before.name));
    }
    const beforeSiteId = before.siteId ? normaliseUnique(before.siteId) : undefined;
    const afterSiteId = after.siteId ? normaliseUnique(after.siteId) : undefined;
    if (afterSiteId !== beforeSiteId) {
      if (after.siteId) items.push(this.claim(customerId, 'siteId', after.siteId, id));
      if (before.siteId) items.push(this.release(customerId, 'siteId', before.siteId));
    }
    const added = after.locationIds.filter((locationId) => !before.locationIds.includes(locationId));
    const removed = before.locationIds.filter((locationId) => !after.locationIds.includes(locationId));
    const kept = after.locationIds.filter((locationId) => before.locationIds.includes(locationId));
    for (const locationId of added) items.push(...this.attach(customerId, locationId, after));
    for (const locationId of removed) items.push(...detachReference(this.tableName, customerId, { entity: ENTITY.location, id: locationId }, 'SITE', id));
    if (after.name !== before.name) {
      for (const locationId of kept) items.push(renameReference(this.tableName, customerId, { entity: ENTITY.location, id: locationId }, this.reference(after)));
    }
    items.push(this.audit(caller, customerId, id, 'update', before, after));
    await runTransaction(this.client, items);
    return after;
  }

  /** What is attached to a site, as the delete rule and the site's page read it. */
  async attachments(customerId: string, site: SiteRecord) {
    const [counts, users] = await Promise.all([
      countReferences(this.client, this.tableName, customerId, { entity: ENTITY.site, id: site.id }),
      this.users(customerId, site.id),
    ]);
    return {
      shifts: counts.SHIFT,
      checklists: counts.CHECKLIST,
      sensors: counts.SENSOR,
      gateways: counts.GATEWAY,
      locations: site.locationIds.length,
      users: users.length,
    };
  }

  /** Deletes a site (the corporate-access check is the caller's), refused while SPEC section 8 says so. */
  async delete(caller: Caller, customerId: string, id: string, read?: SiteRecord): Promise<SiteRecord> {
    const before = read ?? await this.get(customerId, id);
    const refusal = siteDeleteRefusal(await this.attachments(customerId, before));
    if (refusal !== undefined) throw conflict(refusal);
    await runTransaction(this.client, [
      {
        item: {
          Delete: {
            TableName: this.tableName,
            Key: this.key(customerId, id),
            ConditionExpression: `version = :expected AND ${NOTHING_ATTACHED}`,
            ExpressionAttributeValues: { ':expected': before.version, ...NOTHING_ATTACHED_VALUES },
          },
        },
      },
      this.release(customerId, 'name', before.name),
      ...(before.siteId ? [this.release(customerId, 'siteId', before.siteId)] : []),
      ...before.locationIds.flatMap((locationId) => detachReference(this.tableName, customerId, { entity: ENTITY.location, id: locationId }, 'SITE', id)),
      this.audit(caller, customerId, id, 'delete', before, undefined),
    ]);
    return before;
  }

  /** Records a new uploaded PDF (the file is already in the bucket); returns the site before and after. */
  async setDocument(
    caller: Caller,
    customerId: string,
    id: string,
    document: StoredDocument | undefined,
    read?: SiteRecord,
  ): Promise<{ before: SiteRecord; after: SiteRecord }> {
    const before = read ?? await this.get(customerId, id);
    const after: SiteRecord = { ...before, updatedAt: this.clock().toISOString(), updatedBy: caller.email, version: before.version + 1 };
    if (document === undefined) delete after.document;
    else after.document = document;
    await runTransaction(this.client, [
      { item: versionedUpdate(this.tableName, this.key(customerId, id), { document, updatedAt: after.updatedAt, updatedBy: after.updatedBy, version: after.version }, before.version) },
      this.audit(caller, customerId, id, 'update', before, after),
    ]);
    return { before, after };
  }

  /** The site's sensors and gateways (their references). */
  async devices(customerId: string, id: string): Promise<{ sensors: Reference[]; gateways: Reference[] }> {
    const references = await listReferences(this.client, this.tableName, customerId, { entity: ENTITY.site, id });
    return {
      sensors: references.filter((reference) => reference.kind === 'SENSOR'),
      gateways: references.filter((reference) => reference.kind === 'GATEWAY'),
    };
  }

  /**
   * The users assigned to a site: the organisation's accounts whose sites include it
   * (superadmin accounts never appear in an organisation's lists).
   */
  async users(customerId: string, id: string): Promise<SiteUser[]> {
    const items = await queryAll<Record<string, unknown>>(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'attribute_exists(email) AND contains(siteIds, :site)',
      ExpressionAttributeValues: { ':pk': entityPartition(customerId, ENTITY.user), ':site': id },
      ConsistentRead: true,
    });
    const users: SiteUser[] = items.filter((item) => item['role'] !== 'superadmin').map((item) => ({
      accountId: String(item['accountId']),
      email: String(item['email']),
      firstName: String(item['firstName'] ?? ''),
      lastName: String(item['lastName'] ?? ''),
      role: String(item['role'] ?? ''),
    }));
    return users.sort((a, b) => a.email.localeCompare(b.email));
  }

  private key(customerId: string, id: string) {
    return { pk: entityPartition(customerId, ENTITY.site), sk: entitySortKey(ENTITY.site, id) };
  }

  private toItem(customerId: string, record: SiteRecord): Record<string, unknown> {
    return siteItem(customerId, record);
  }

  private reference(site: Pick<SiteRecord, 'id' | 'name'>): Reference {
    return { kind: 'SITE', id: site.id, name: site.name };
  }

  private attach(customerId: string, locationId: string, site: SiteRecord): GuardedItem[] {
    return attachReference(this.tableName, customerId, { entity: ENTITY.location, id: locationId }, this.reference(site), unknownLocation);
  }

  private claim(customerId: string, field: 'name' | 'siteId', value: string, ownerId: string): GuardedItem {
    return {
      item: claimUnique(this.tableName, customerId, ENTITY.site, field, value, ownerId),
      onConditionFailed: () => conflict(field === 'name' ? MESSAGES.siteNameTaken : MESSAGES.siteIdTaken),
    };
  }

  private release(customerId: string, field: 'name' | 'siteId', value: string): GuardedItem {
    return { item: releaseUnique(this.tableName, customerId, ENTITY.site, field, value) };
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: SiteRecord | undefined, after: SiteRecord | undefined): GuardedItem {
    return auditPut(this.tableName, customerId, caller, ENTITY.site, id, action, before ? { ...before } : undefined, after ? { ...after } : undefined, this.clock());
  }
}

/** The stored item of a site (also what the demo seed writes). */
export function siteItem(customerId: string, record: SiteRecord): Record<string, unknown> {
  return {
    pk: entityPartition(customerId, ENTITY.site),
    sk: entitySortKey(ENTITY.site, record.id),
    gsi1pk: byNamePartition(customerId, ENTITY.site),
    gsi1sk: byNameSortKey(record.name, record.id),
    type: ENTITY.site,
    ...record,
  };
}

/** The markers that keep a site's name and site id unique in its organisation. */
export function siteMarker(customerId: string, field: 'name' | 'siteId', value: string, ownerId: string): Record<string, unknown> {
  return uniqueMarker(customerId, ENTITY.site, field, value, ownerId);
}

/** The stored fields of a validated input: the billing address resolved, empty values left out. */
export function siteFieldsOf(input: SiteInput): Pick<SiteRecord, SiteField> {
  const fields: Record<string, unknown> = {};
  for (const field of SITE_FIELDS) if (field !== 'billingAddress' && input[field] !== undefined) fields[field] = input[field];
  const billingAddress = billingAddressOf(input);
  if (billingAddress !== undefined) fields['billingAddress'] = billingAddress;
  return fields as Pick<SiteRecord, SiteField>;
}

function toSiteRecord(item: Record<string, unknown>): SiteRecord {
  const record: Record<string, unknown> = {};
  for (const field of SITE_FIELDS) if (item[field] !== undefined) record[field] = item[field];
  for (const field of ['id', 'document', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'version'] as const) {
    if (item[field] !== undefined) record[field] = item[field];
  }
  const locationIds = Array.isArray(item['locationIds']) ? item['locationIds'].map(String) : [];
  return {
    ...record,
    locationIds,
    timezone: String(item['timezone'] ?? 'UTC'),
    billingAddressSameAsSite: item['billingAddressSameAsSite'] === true,
    taxExempt: item['taxExempt'] === true,
    retainAdditionalFieldAnswers: item['retainAdditionalFieldAnswers'] === true,
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: Number(item['version'] ?? 1),
  } as SiteRecord;
}
