/**
 * Single-table keys. Every key starts with the organisation (`C#<customerId>#`), then the
 * entity (`DEPARTMENT#`), so one tenant's items can never be reached through another's key.
 * `#` is the delimiter; ids are UUIDs and names are encoded, so neither can contain it.
 * The access patterns are listed in docs/data-model.md.
 */
export const ENTITY = {
  department: 'DEPARTMENT',
  division: 'DIVISION',
  audit: 'AUDIT',
  site: 'SITE',
  location: 'LOCATION',
  user: 'USER',
} as const;
export type EntityType = (typeof ENTITY)[keyof typeof ENTITY];

export const tenantPrefix = (customerId: string) => `C#${customerId}`;

/** Items of one entity type within an organisation share a partition. */
export const entityPartition = (customerId: string, entity: EntityType) =>
  `${tenantPrefix(customerId)}#${entity}`;
export const entitySortKey = (entity: EntityType, id: string) => `${entity}#${id}`;

/** Uniqueness marker items: one per unique value, written in the same transaction as the item. */
export const uniquenessPartition = (customerId: string, entity: EntityType, field: string, value: string) =>
  `${tenantPrefix(customerId)}#UNIQUE#${entity}#${field}#${encodeURIComponent(normaliseUnique(value))}`;
export const UNIQUENESS_SORT_KEY = 'UNIQUE';

/** Case and surrounding spaces do not make two names different. */
export function normaliseUnique(value: string): string {
  return value.trim().toLocaleLowerCase('en');
}

/** gsi1: an entity's items sorted by name. */
export const byNamePartition = entityPartition;
export const byNameSortKey = (name: string, id: string) =>
  `NAME#${encodeURIComponent(normaliseUnique(name))}#${id}`;

/** The audit trail: one partition per organisation, newest last; gsi1 gives an entity's history. */
export const auditPartition = (customerId: string) => `${tenantPrefix(customerId)}#${ENTITY.audit}`;
export const historyPartition = (customerId: string, entity: EntityType, id: string) =>
  `${tenantPrefix(customerId)}#HISTORY#${entity}#${id}`;
