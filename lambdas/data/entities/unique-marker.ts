import { Entity, type EntityItem } from 'electrodb';
import { conflict } from '@domain/core/errors';
import type { EntityType } from './audit-entry';
import { customerIdAttribute } from '../attributes';
import { nameKeyOf, SERVICE } from '../key-parts';
import type { GuardedItem } from '../transaction';
import { createPut, plainDelete, type KeyParams, type PutParams } from '../writes';

/**
 * A uniqueness marker (docs/data-model.md pattern 3): one item per unique value of a field
 * among an organisation's items of one entity (`name` of a security group, `email` of a
 * user), written with a condition in the same transaction as the item, so of two concurrent
 * writes of the same value one is refused. `ownerId` is the item holding the value.
 */
export const uniqueMarker = new Entity({
  model: { entity: 'uniqueMarker', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    entityType: { type: 'string', required: true },
    field: { type: 'string', required: true },
    /** The value trimmed, lower-cased and URI-encoded (`nameKeyOf`). */
    valueKey: { type: 'string', required: true },
    ownerId: { type: 'string' },
  },
  indexes: {
    byValue: {
      pk: {
        field: 'pk',
        composite: ['customerId', 'entityType', 'field', 'valueKey'],
        template: 'C#${customerId}#UNIQUE#${entityType}#${field}#${valueKey}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: [], template: 'UNIQUE', casing: 'none' },
    },
  },
});
export type UniqueMarkerItem = EntityItem<typeof uniqueMarker>;

export interface UniqueValue {
  customerId: string;
  entityType: EntityType;
  field: string;
  /** As the user typed it: case and surrounding spaces do not make two values different. */
  value: string;
}

const keyOf = ({ customerId, entityType, field, value }: UniqueValue) => ({ customerId, entityType, field, valueKey: nameKeyOf(value) });

/** The marker item (also what the demo seed writes). */
export function uniqueMarkerPut(tableName: string, unique: UniqueValue, ownerId: string): PutParams {
  return uniqueMarker.put({ ...keyOf(unique), ownerId }).params<PutParams>({ table: tableName });
}

/** Claims the value for `ownerId`; a value already held is refused with `takenMessage` (409). */
export function claimUnique(tableName: string, unique: UniqueValue, ownerId: string, takenMessage?: string): GuardedItem {
  return createPut(uniqueMarkerPut(tableName, unique, ownerId), takenMessage === undefined ? undefined : () => conflict(takenMessage));
}

/** Releases the value (a rename's old name, a delete). */
export function releaseUnique(tableName: string, unique: UniqueValue): GuardedItem {
  return plainDelete(uniqueMarker.delete(keyOf(unique)).params<KeyParams>({ table: tableName }));
}
