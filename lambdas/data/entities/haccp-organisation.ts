import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { PutParams } from '../writes';

/**
 * An organisation that has HACCP checklists (issue 15 section 2), in one system partition
 * (`byOrganisation`): the HACCP schedule job creates instances ahead for each organisation
 * listed here, with one Query instead of a Scan of the table. Written with a checklist's
 * create (a plain put: writing it again changes nothing) and by the job itself.
 */
export const haccpOrganisation = new Entity({
  model: { entity: 'haccpOrganisation', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    registeredAt: { type: 'string', required: true },
  },
  indexes: {
    byOrganisation: {
      pk: { field: 'pk', composite: [], template: 'SYSTEM#HACCPORGANISATIONS', casing: 'none' },
      sk: { field: 'sk', composite: ['customerId'], template: 'C#${customerId}', casing: 'none' },
    },
  },
});
export type HaccpOrganisationItem = EntityItem<typeof haccpOrganisation>;

/** The organisation's registration (put it beside its first checklist). */
export const haccpOrganisationPut = (tableName: string, customerId: string, registeredAt: string): PutParams =>
  haccpOrganisation.put({ customerId, registeredAt }).params<PutParams>({ table: tableName });

export const haccpOrganisations = (tableName: string): QueryParams =>
  haccpOrganisation.query.byOrganisation({}).params<QueryParams>({ table: tableName });

export const toHaccpOrganisationId = (item: Record<string, unknown>): string => text(item['customerId']);
