import { Entity, type EntityItem } from 'electrodb';
import type { ChecklistGroup } from '@domain/haccp/checklist-group';
import { customerIdAttribute, namedRecordAttributes, namedRecordIndexes } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import type { KeyParams, PutParams } from '../writes';

/**
 * A checklist group (docs/data-model.md "HACCP library"): by id, and by name on gsi1
 * (`byName`); its place in the organisation's order is the `order` field (an organisation
 * keeps few groups, so the list reads them all and sorts).
 */
export const checklistGroup = new Entity({
  model: { entity: 'checklistGroup', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    order: { type: 'number', required: true },
    type: { type: 'string', default: 'CHECKLISTGROUP' },
  },
  indexes: namedRecordIndexes('CHECKLISTGROUP'),
});
export type ChecklistGroupItem = EntityItem<typeof checklistGroup>;

export const checklistGroupPut = (tableName: string, customerId: string, group: ChecklistGroup): PutParams =>
  checklistGroup.put({ customerId, ...group }).params<PutParams>({ table: tableName });

export const checklistGroupKey = (tableName: string, customerId: string, id: string): KeyParams =>
  checklistGroup.get({ customerId, id }).params<KeyParams>({ table: tableName });

export const checklistGroupsByName = (tableName: string, customerId: string) =>
  checklistGroup.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/**
 * A group moved to `order` by a reorder, on the version read (a rename meanwhile makes the
 * reorder a concurrent change): only its order and bookkeeping, never its name.
 */
export function checklistGroupOrderUpdate(
  tableName: string,
  customerId: string,
  group: { id: string; version: number },
  change: { order: number; updatedAt: string; updatedBy: string },
): GuardedItem {
  const { TableName, Key } = checklistGroupKey(tableName, customerId, group.id);
  return {
    item: {
      Update: {
        TableName,
        Key,
        UpdateExpression: 'SET #order = :order, updatedAt = :at, updatedBy = :by, version = :next',
        ConditionExpression: 'version = :expected',
        ExpressionAttributeNames: { '#order': 'order' },
        ExpressionAttributeValues: { ':order': change.order, ':at': change.updatedAt, ':by': change.updatedBy, ':next': group.version + 1, ':expected': group.version },
      },
    },
  };
}

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toChecklistGroup(item: Record<string, unknown>): ChecklistGroup {
  return {
    id: String(item['id']),
    name: String(item['name']),
    order: Number(item['order'] ?? 0),
    createdAt: String(item['createdAt']),
    updatedAt: String(item['updatedAt']),
    createdBy: String(item['createdBy']),
    updatedBy: String(item['updatedBy']),
    version: Number(item['version']),
  };
}
