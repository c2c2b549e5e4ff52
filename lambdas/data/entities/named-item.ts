import { Entity, type EntityItem } from 'electrodb';
import type { NamedCatalogKind, NamedItem } from '@domain/organisation/named-catalog';
import { customerIdAttribute, namedRecordAttributes } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/** The entity type of each catalogue (`DEPARTMENT`, `DIVISION`): the part of the keys that tells them apart. */
export const NAMED_ITEM_ENTITY = { department: 'DEPARTMENT', division: 'DIVISION' } as const satisfies Record<NamedCatalogKind, string>;
export type NamedItemEntity = (typeof NAMED_ITEM_ENTITY)[NamedCatalogKind];

/**
 * A department or a division (docs/data-model.md "Departments and divisions"): by id, and the
 * organisation's items of one catalogue by name on gsi1 (`byName`). `kindKey` repeats `kind` in
 * the sort key (ElectroDB takes an attribute once per key).
 */
export const namedItem = new Entity({
  model: { entity: 'namedItem', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    kind: { type: 'string', required: true },
    kindKey: { type: 'string', required: true, hidden: true },
    ...namedRecordAttributes,
    type: { type: 'string', watch: ['kind'], set: (_value: unknown, item: { kind?: unknown }) => String(item.kind) },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['customerId', 'kind'], template: 'C#${customerId}#${kind}', casing: 'none' },
      sk: { field: 'sk', composite: ['kindKey', 'id'], template: '${kindKey}#${id}', casing: 'none' },
    },
    byName: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId', 'kind'], template: 'C#${customerId}#${kind}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['nameKey', 'id'], template: 'NAME#${nameKey}#${id}', casing: 'none' },
    },
  },
});
export type NamedItemItem = EntityItem<typeof namedItem>;

export const namedItemPut = (tableName: string, customerId: string, kind: NamedItemEntity, item: NamedItem): PutParams =>
  namedItem.put({ customerId, kind, kindKey: kind, ...item }).params<PutParams>({ table: tableName });

export const namedItemKey = (tableName: string, customerId: string, kind: NamedItemEntity, id: string): KeyParams =>
  namedItem.get({ customerId, kind, kindKey: kind, id }).params<KeyParams>({ table: tableName });

/** A department's and a division's key by id (what a write naming them checks). */
export const departmentKey = (tableName: string, customerId: string, id: string): KeyParams => namedItemKey(tableName, customerId, NAMED_ITEM_ENTITY.department, id);
export const divisionKey = (tableName: string, customerId: string, id: string): KeyParams => namedItemKey(tableName, customerId, NAMED_ITEM_ENTITY.division, id);

/** One catalogue of an organisation by name (gsi1). */
export const namedItemsByName = (tableName: string, customerId: string, kind: NamedItemEntity) =>
  namedItem.query.byName({ customerId, kind }).params<QueryParams>({ table: tableName });

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toNamedItem(item: Record<string, unknown>): NamedItem {
  return {
    id: String(item['id']),
    name: String(item['name']),
    createdAt: String(item['createdAt']),
    updatedAt: String(item['updatedAt']),
    createdBy: String(item['createdBy']),
    updatedBy: String(item['updatedBy']),
    version: Number(item['version']),
  };
}
