import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { validationError, type DomainError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { billingAddressOf, type SiteDocumentInfo, type SiteInput } from '@domain/organisation/site';
import { customerIdAttribute, idListAttribute, namedRecordAttributes, namedRecordIndexes, strings } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import { setAndClear, type KeyParams, type PutParams, type UpdateParams } from '../writes';

/** The fields of SPEC section 3 a site keeps, as given (the billing address resolved). */
export const SITE_FIELDS = [
  'name', 'siteId', 'locationIds', 'timezone', 'address', 'city', 'state', 'country', 'postalCode', 'latitude', 'longitude',
  'adminName', 'adminEmail', 'adminPhone', 'billingName', 'billingEmail', 'billingPhone', 'billingAddressSameAsSite',
  'billingAddress', 'haccpSubscriptionStart', 'haccpSubscriptionEnd', 'monitoringSubscriptionStart',
  'monitoringSubscriptionEnd', 'installationDate', 'taxExempt', 'retainAdditionalFieldAnswers',
] as const;
export type SiteField = (typeof SITE_FIELDS)[number];

export interface StoredDocument extends SiteDocumentInfo {
  /** The object's key in the files bucket. */
  key: string;
}

/** A site as the API answers it (before the counts a list adds). */
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
 * A site (docs/data-model.md "Locations and sites"): by id, and the organisation's sites by
 * name on gsi1 (`byName`). Its name and site id are unique (markers); it is attached to each
 * of its locations by a reference (entities/reference.ts); what is attached to it adds to its
 * `refCount`, which its delete is conditioned on.
 */
export const site = new Entity({
  model: { entity: 'site', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    siteId: { type: 'string' },
    locationIds: idListAttribute,
    timezone: { type: 'string' },
    address: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    country: { type: 'string' },
    postalCode: { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    adminName: { type: 'string' },
    adminEmail: { type: 'string' },
    adminPhone: { type: 'string' },
    billingName: { type: 'string' },
    billingEmail: { type: 'string' },
    billingPhone: { type: 'string' },
    billingAddressSameAsSite: { type: 'boolean' },
    // A postal address (domain/organisation/site.ts billingAddressOf), kept as given.
    billingAddress: { type: 'any' },
    haccpSubscriptionStart: { type: 'string' },
    haccpSubscriptionEnd: { type: 'string' },
    monitoringSubscriptionStart: { type: 'string' },
    monitoringSubscriptionEnd: { type: 'string' },
    installationDate: { type: 'string' },
    taxExempt: { type: 'boolean' },
    retainAdditionalFieldAnswers: { type: 'boolean' },
    // The uploaded PDF's description (StoredDocument), kept as given.
    document: { type: 'any' },
    type: { type: 'string', default: 'SITE' },
  },
  indexes: namedRecordIndexes('SITE'),
});
export type SiteItem = EntityItem<typeof site>;

/** The item of a site (also what the demo seed writes). */
export const sitePut = (tableName: string, customerId: string, record: SiteRecord): PutParams =>
  site.put({ customerId, ...record }).params<PutParams>({ table: tableName });

/** The refusal when a write names a site that does not exist (a gateway's or a sensor's). */
export const unknownSite = (): DomainError => validationError(MESSAGES.unknownSite, { siteId: MESSAGES.unknownSite });

export const siteKey = (tableName: string, customerId: string, id: string): KeyParams =>
  site.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** A site read consistently (what a placement names, what a store updates), or undefined. */
export async function readSite(client: DynamoDBDocumentClient, tableName: string, customerId: string, id: string): Promise<SiteRecord | undefined> {
  const result = await client.send(new GetCommand({ ...siteKey(tableName, customerId, id), ConsistentRead: true }));
  return result.Item ? toSiteRecord(result.Item) : undefined;
}

/** The fields a change names (`undefined` clears one), the name's index key with them. */
export function siteUpdate(tableName: string, customerId: string, id: string, changes: Partial<Record<string, unknown>>): UpdateParams {
  const { set, clear } = setAndClear(changes);
  const update = site.update({ customerId, id }).set(set);
  return (clear.length > 0 ? update.remove(clear as never[]) : update).params<UpdateParams>({ table: tableName });
}

export const sitesByName = (tableName: string, customerId: string) =>
  site.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** The stored fields of a validated input: the billing address resolved, empty values left out. */
export function siteFieldsOf(input: SiteInput): Pick<SiteRecord, SiteField> {
  const fields: Record<string, unknown> = {};
  for (const field of SITE_FIELDS) if (field !== 'billingAddress' && input[field] !== undefined) fields[field] = input[field];
  const billingAddress = billingAddressOf(input);
  if (billingAddress !== undefined) fields['billingAddress'] = billingAddress;
  return fields as Pick<SiteRecord, SiteField>;
}

/** The API's shape, picked field by field (no keys, no `__edb_e__`, no `refCount`). */
export function toSiteRecord(item: Record<string, unknown>): SiteRecord {
  const record: Record<string, unknown> = {};
  for (const field of SITE_FIELDS) if (item[field] !== undefined) record[field] = item[field];
  for (const field of ['id', 'document', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'version'] as const) {
    if (item[field] !== undefined) record[field] = item[field];
  }
  return {
    ...record,
    locationIds: strings(item['locationIds']),
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
