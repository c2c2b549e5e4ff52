import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { ITEM_ONLY, itemKeyOf, SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/**
 * Local only (local/seed.ts, docs/data-model.md patterns 6 and 6b): that the demo organisation
 * (`SEED`) and its devices (`DEVICES`) have been seeded, written once with a conditional Put.
 */
export const seedMarker = new Entity({
  model: { entity: 'seedMarker', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    kind: { type: ['SEED', 'DEVICES'] as const, required: true },
    seededAt: { type: 'string' },
    origin: { type: 'string' },
  },
  indexes: {
    byKind: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#SEED', casing: 'none' },
      sk: { field: 'sk', composite: ['kind'], template: '${kind}', casing: 'none' },
    },
  },
});
export type SeedMarkerItem = EntityItem<typeof seedMarker>;

/** The marker that the demo organisation has been seeded (written once: `attribute_not_exists(pk)`). */
export const organisationSeededPut = (tableName: string, customerId: string, seededAt: string): PutParams =>
  seedMarker.put({ customerId, kind: 'SEED', seededAt }).params<PutParams>({ table: tableName });

/**
 * The key of any seed's marker (lambdas/data/seed-markers.ts: `ALARMPROFILES`, ...): the
 * entity's partition, the seed's kind as the sort key, as the seeds have always written them.
 */
export const seedMarkerKey = (customerId: string, kind: string): { pk: string; sk: string } =>
  ({ pk: itemKeyOf(seedMarker.get({ customerId, kind: 'SEED' }).params<KeyParams>({ table: ITEM_ONLY })).pk, sk: kind });
