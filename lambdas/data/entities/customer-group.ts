import { Entity, type EntityItem } from 'electrodb';
import type { CustomerGroup } from '@domain/organisation/organisation';
import { text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams, UpdateParams } from '../writes';

/**
 * Customer groups (SPEC section 6: an invitation names one), the platform's, not an
 * organisation's: one partition of the super-administrator's (a handful of groups). A group's
 * id is its name's slug, so a second group of the same name is refused by its key.
 */
export const customerGroup = new Entity({
  model: { entity: 'customerGroup', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    createdBy: { type: 'string' },
    type: { type: 'string', default: 'CUSTOMERGROUP' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: [], template: 'SYSTEM#CUSTOMERGROUPS', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'CUSTOMERGROUP#${id}', casing: 'none' },
    },
  },
});
export type CustomerGroupItem = EntityItem<typeof customerGroup>;

/** The id a group of this name has: lower case letters, digits and hyphens. */
export function customerGroupIdOf(name: string): string {
  const slug = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug === '' ? encodeURIComponent(name.trim().toLowerCase()) : slug;
}

export const customerGroupPut = (tableName: string, group: CustomerGroup & { createdBy?: string }): PutParams =>
  customerGroup.put(group).params<PutParams>({ table: tableName });

/** A group's new name (its id, its key, stays). */
export const customerGroupRename = (tableName: string, id: string, name: string): UpdateParams =>
  customerGroup.update({ id }).set({ name }).params<UpdateParams>({ table: tableName });

export const customerGroupKeyParams = (tableName: string, id: string): KeyParams =>
  customerGroup.get({ id }).params<KeyParams>({ table: tableName });

/** Access pattern: every customer group (one partition, in id order). */
export const customerGroupsAll = (tableName: string): QueryParams =>
  customerGroup.query.byId({}).params<QueryParams>({ table: tableName });

export const toCustomerGroup = (item: Record<string, unknown>): CustomerGroup =>
  ({ id: text(item['id']), name: text(item['name']), createdAt: text(item['createdAt']) });
