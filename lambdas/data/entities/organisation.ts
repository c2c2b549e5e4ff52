import { Entity, type EntityItem } from 'electrodb';
import type { Organisation, OrganisationModules, OrganisationStatus } from '@domain/organisation/organisation';
import { customerIdAttribute, nameKeyAttribute, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import type { KeyParams, PutParams } from '../writes';

/**
 * The organisation's own item (its name and customer group, read by the sign-in and user
 * administration; its settings, modules and status, kept by the super-administrator). Every
 * organisation is also on gsi1 in one partition by name (`all`), the super-administrator's
 * list: a few hundred tenants, read a page at a time.
 */
export const organisation = new Entity({
  model: { entity: 'organisation', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    name: { type: 'string' },
    nameKey: nameKeyAttribute,
    customerGroupId: { type: 'any' },
    address: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    country: { type: 'string' },
    postalCode: { type: 'string' },
    timezone: { type: 'string' },
    lang: { type: 'string' },
    uom: { type: 'string' },
    // The flags its users' details carry (SPEC section 3); kept as given.
    modules: { type: 'any' },
    subscriptionStart: { type: 'string' },
    subscriptionEnd: { type: 'string' },
    status: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    createdBy: { type: 'string' },
    updatedBy: { type: 'string' },
    version: { type: 'number' },
    type: { type: 'string', default: 'ORGANISATION' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#ORGANISATION', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'ORGANISATION', casing: 'none' },
    },
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: 'SYSTEM#ORGANISATIONS', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['nameKey', 'customerId'], template: 'NAME#${nameKey}#${customerId}', casing: 'none' },
    },
  },
});
export type OrganisationItem = EntityItem<typeof organisation>;

/** What an organisation's item holds (the API's `Organisation` with who wrote it). */
export type OrganisationRecord = Organisation & { createdBy?: string; updatedBy?: string };

/** The organisation's item (what the demo seed and the super-administrator write). */
export const organisationPut = (
  tableName: string,
  record: { customerId: string; name: string; customerGroupId: string | null; createdAt: string } & Partial<Omit<OrganisationRecord, 'customerId' | 'name' | 'customerGroupId' | 'createdAt'>>,
): PutParams => organisation.put(record).params<PutParams>({ table: tableName });

export const organisationKeyParams = (tableName: string, customerId: string): KeyParams =>
  organisation.get({ customerId }).params<KeyParams>({ table: tableName });

/** Access pattern: every organisation by name (gsi1, the super-administrator's list). */
export const organisationsByName = (tableName: string): QueryParams =>
  organisation.query.all({}).params<QueryParams>({ table: tableName });

/** The organisation's status alone, on the version read (disable, enable). */
export function organisationStatusUpdate(tableName: string, customerId: string, status: OrganisationStatus, at: string, by: string, expectedVersion: number): GuardedItem {
  const { TableName, Key } = organisationKeyParams(tableName, customerId);
  return {
    item: {
      Update: {
        TableName, Key,
        UpdateExpression: 'SET #status = :status, updatedAt = :at, updatedBy = :by, version = :next',
        ConditionExpression: 'version = :expected',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':at': at, ':by': by, ':next': expectedVersion + 1, ':expected': expectedVersion },
      },
    },
  };
}

/** What the portal reads of an organisation; an organisation without its item is named by its id. */
export interface OrganisationSummary { name: string; customerGroupId: string | null }

export function toOrganisationSummary(customerId: string, item: Record<string, unknown> | undefined): OrganisationSummary {
  const name = item?.['name'];
  const group = item?.['customerGroupId'];
  return { name: typeof name === 'string' ? name : customerId, customerGroupId: typeof group === 'string' ? group : null };
}

const flag = (value: unknown): boolean => value === true;
const optional = (item: Record<string, unknown>, field: string): Record<string, string> =>
  (typeof item[field] === 'string' && item[field] !== '' ? { [field]: item[field] } : {});

/** The item's module flags; one not set is off. */
export function toOrganisationModules(item: Record<string, unknown>): OrganisationModules {
  const modules = (item['modules'] ?? {}) as Record<string, unknown>;
  return {
    isHaccapAvailable: flag(modules['isHaccapAvailable']),
    enableAuditModule: flag(modules['enableAuditModule']),
    enableIVR: flag(modules['enableIVR']),
    enablePager: flag(modules['enablePager']),
  };
}

/** The API's shape of an organisation, field by field (the demo's item, written before settings, reads with the defaults). */
export function toOrganisation(item: Record<string, unknown>): OrganisationRecord {
  const lang = item['lang'];
  const group = item['customerGroupId'];
  const customerId = text(item['customerId']);
  const result = toOrganisationModules(item);
  return {
    customerId,
    name: text(item['name'], customerId),
    ...optional(item, 'address'), ...optional(item, 'city'), ...optional(item, 'state'), ...optional(item, 'country'), ...optional(item, 'postalCode'),
    timezone: text(item['timezone'], 'UTC'),
    lang: lang === 'fr' || lang === 'es' ? lang : 'en',
    uom: item['uom'] === 'F' ? 'F' : 'C',
    customerGroupId: typeof group === 'string' ? group : null,
    modules: result,
    ...optional(item, 'subscriptionStart'), ...optional(item, 'subscriptionEnd'),
    status: item['status'] === 'disabled' ? 'disabled' : 'active',
    createdAt: text(item['createdAt']),
    ...optional(item, 'updatedAt'),
    version: typeof item['version'] === 'number' ? item['version'] : 0,
    ...optional(item, 'createdBy'), ...optional(item, 'updatedBy'),
  };
}
