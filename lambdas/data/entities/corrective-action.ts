import { Entity, type EntityItem } from 'electrodb';
import type { CorrectiveAction } from '@domain/haccp/corrective-action';
import { customerIdAttribute, namedRecordAttributes, namedRecordIndexes, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/** A standard corrective action (docs/data-model.md "HACCP library"): by id, and by name on gsi1 (`byName`). */
export const correctiveAction = new Entity({
  model: { entity: 'correctiveAction', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    description: { type: 'string' },
    type: { type: 'string', default: 'CORRECTIVEACTION' },
  },
  indexes: namedRecordIndexes('CORRECTIVEACTION'),
});
export type CorrectiveActionItem = EntityItem<typeof correctiveAction>;

export const correctiveActionPut = (tableName: string, customerId: string, action: CorrectiveAction): PutParams =>
  correctiveAction.put({ customerId, ...action }).params<PutParams>({ table: tableName });

export const correctiveActionKey = (tableName: string, customerId: string, id: string): KeyParams =>
  correctiveAction.get({ customerId, id }).params<KeyParams>({ table: tableName });

export const correctiveActionsByName = (tableName: string, customerId: string) =>
  correctiveAction.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toCorrectiveAction(item: Record<string, unknown>): CorrectiveAction {
  return {
    id: String(item['id']),
    name: String(item['name']),
    description: text(item['description']),
    createdAt: String(item['createdAt']),
    updatedAt: String(item['updatedAt']),
    createdBy: String(item['createdBy']),
    updatedBy: String(item['updatedBy']),
    version: Number(item['version']),
  };
}
