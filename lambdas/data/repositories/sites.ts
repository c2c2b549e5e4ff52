import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { siteDeleteRefusal, type SiteInput, type SiteUser } from '@domain/organisation/site';
import {
  attachReference,
  auditEntryPut,
  claimUnique,
  countReferences,
  createPut,
  deleteWhenNothingAttached,
  detachReference,
  listReferences,
  nameKeyOf,
  partitionOf,
  queryAll,
  queryPage,
  releaseUnique,
  renameReference,
  runTransaction,
  SITE_FIELDS,
  siteFieldsOf,
  readSite,
  siteKey,
  sitePut,
  sitesByName,
  siteUpdate,
  toSiteRecord,
  unknownLocation,
  versionedUpdate,
  type AuditAction,
  type GuardedItem,
  type PageRequest,
  type Reference,
  type SiteRecord,
  type StoredDocument,
  accountPartition,
  ENTITY,
} from '..';
import type { Caller } from '../../shared/caller';

export type { SiteRecord, StoredDocument } from '..';

/**
 * Sites on the single table (docs/data-model.md "Locations and sites"). The name and the site
 * id are unique within the organisation (markers in the write transaction); a site is
 * attached to each of its locations by a reference, so a location with sites is not deleted;
 * updates and deletes are conditioned on the version read; every change writes its audit
 * entry in the same transaction.
 */
/** A site's name (one eventually consistent GetItem); undefined when it has none or is gone. */
export async function readSiteName(client: DynamoDBDocumentClient, tableName: string, customerId: string, siteId: string): Promise<string | undefined> {
  const name = (await client.send(new GetCommand(siteKey(tableName, customerId, siteId)))).Item?.['name'];
  return typeof name === 'string' ? name : undefined;
}

export class SiteStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  listPartition(customerId: string): string {
    return partitionOf(sitesByName(this.tableName, customerId));
  }

  list(customerId: string, page: PageRequest): Promise<{ items: SiteRecord[]; nextCursor?: string }> {
    return queryPage(this.client, sitesByName(this.tableName, customerId), page, toSiteRecord);
  }

  find(customerId: string, id: string): Promise<SiteRecord | undefined> {
    return readSite(this.client, this.tableName, customerId, id);
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
      createPut(sitePut(this.tableName, customerId, record)),
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
    const update = siteUpdate(this.tableName, customerId, id, {
      ...Object.fromEntries(changed.map((field) => [field, fields[field]])),
      // The by-name index key follows the name as written, also when only its case changed.
      name: after.name,
      updatedAt: after.updatedAt,
      updatedBy: after.updatedBy,
      version: after.version,
    });
    const items: GuardedItem[] = [
      versionedUpdate(update, before.version),
    ];
    if (nameKeyOf(after.name) !== nameKeyOf(before.name)) {
      items.push(this.claim(customerId, 'name', after.name, id), this.release(customerId, 'name', before.name));
    }
    const beforeSiteId = before.siteId ? nameKeyOf(before.siteId) : undefined;
    const afterSiteId = after.siteId ? nameKeyOf(after.siteId) : undefined;
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
      deleteWhenNothingAttached(siteKey(this.tableName, customerId, id), before.version),
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
      versionedUpdate(siteUpdate(this.tableName, customerId, id, { document, updatedAt: after.updatedAt, updatedBy: after.updatedBy, version: after.version }), before.version),
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
    // The organisation's account items that name the site (a filter: no index keeps an account's sites).
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'attribute_exists(email) AND contains(siteIds, :site)',
      ExpressionAttributeValues: { ':pk': accountPartition(customerId), ':site': id },
      ConsistentRead: true,
    }, (item) => item);
    const users: SiteUser[] = items.filter((item) => item['role'] !== 'superadmin').map((item) => ({
      accountId: String(item['accountId']),
      email: String(item['email']),
      firstName: String(item['firstName'] ?? ''),
      lastName: String(item['lastName'] ?? ''),
      role: String(item['role'] ?? ''),
    }));
    return users.sort((a, b) => a.email.localeCompare(b.email));
  }

  private reference(site: Pick<SiteRecord, 'id' | 'name'>): Reference {
    return { kind: 'SITE', id: site.id, name: site.name };
  }

  private attach(customerId: string, locationId: string, site: SiteRecord): GuardedItem[] {
    return attachReference(this.tableName, customerId, { entity: ENTITY.location, id: locationId }, this.reference(site), unknownLocation);
  }

  private claim(customerId: string, field: 'name' | 'siteId', value: string, ownerId: string): GuardedItem {
    return claimUnique(this.tableName, { customerId, entityType: ENTITY.site, field, value }, ownerId, field === 'name' ? MESSAGES.siteNameTaken : MESSAGES.siteIdTaken);
  }

  private release(customerId: string, field: 'name' | 'siteId', value: string): GuardedItem {
    return releaseUnique(this.tableName, { customerId, entityType: ENTITY.site, field, value });
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: SiteRecord | undefined, after: SiteRecord | undefined): GuardedItem {
    return auditEntryPut(this.tableName, {
      customerId, caller, entityType: ENTITY.site, entityId: id, action, before: before ? { ...before } : undefined, after: after ? { ...after } : undefined, now: this.clock(),
    });
  }
}

