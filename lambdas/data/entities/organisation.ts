import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/** The organisation's own item (its name and customer group), read by the sign-in and user administration. */
export const organisation = new Entity({
  model: { entity: 'organisation', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    name: { type: 'string' },
    customerGroupId: { type: 'any' },
    createdAt: { type: 'string' },
    type: { type: 'string', default: 'ORGANISATION' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#ORGANISATION', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'ORGANISATION', casing: 'none' },
    },
  },
});
export type OrganisationItem = EntityItem<typeof organisation>;

/** The organisation's item (what the demo seed writes). */
export const organisationPut = (tableName: string, record: { customerId: string; name: string; customerGroupId: string; createdAt: string }): PutParams =>
  organisation.put(record).params<PutParams>({ table: tableName });

export const organisationKeyParams = (tableName: string, customerId: string): KeyParams =>
  organisation.get({ customerId }).params<KeyParams>({ table: tableName });

/** What the portal reads of an organisation; an organisation without its item is named by its id. */
export interface OrganisationSummary { name: string; customerGroupId: string | null }

export function toOrganisationSummary(customerId: string, item: Record<string, unknown> | undefined): OrganisationSummary {
  const name = item?.['name'];
  const group = item?.['customerGroupId'];
  return { name: typeof name === 'string' ? name : customerId, customerGroupId: typeof group === 'string' ? group : null };
}
