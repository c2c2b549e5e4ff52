import { Entity, type EntityItem } from 'electrodb';
import type { SecurityGroup } from '@domain/identity/security-groups';
import { customerIdAttribute, idListAttribute, namedRecordAttributes, namedRecordIndexes, strings, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/**
 * A security group (docs/data-model.md "Security groups and the access layer"): by id, and
 * the organisation's groups by name on gsi1 (`byName`). Its members' membership items
 * (`securityGroupMembership`) are written in the same transaction.
 */
export const securityGroup = new Entity({
  model: { entity: 'securityGroup', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    description: { type: 'string' },
    siteIds: idListAttribute,
    sensorIds: idListAttribute,
    memberAccountIds: idListAttribute,
    type: { type: 'string', default: 'SECURITYGROUP' },
  },
  indexes: namedRecordIndexes('SECURITYGROUP'),
});
export type SecurityGroupItem = EntityItem<typeof securityGroup>;

/** The item of a group (every field of the API's shape, and the keys). */
export const securityGroupPut = (tableName: string, customerId: string, group: SecurityGroup): PutParams =>
  securityGroup.put({ customerId, ...group }).params<PutParams>({ table: tableName });

/** A group's key (GetItem, Delete). */
export const securityGroupKey = (tableName: string, customerId: string, id: string): KeyParams =>
  securityGroup.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** The groups of an organisation by name (gsi1): the Query, to be paged or read whole. */
export const securityGroupsByName = (tableName: string, customerId: string) =>
  securityGroup.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toSecurityGroup(item: Record<string, unknown>): SecurityGroup {
  return {
    id: String(item['id']),
    name: String(item['name']),
    description: text(item['description']),
    siteIds: strings(item['siteIds']),
    sensorIds: strings(item['sensorIds']),
    memberAccountIds: strings(item['memberAccountIds']),
    createdAt: String(item['createdAt']),
    updatedAt: String(item['updatedAt']),
    createdBy: String(item['createdBy']),
    updatedBy: String(item['updatedBy']),
    version: Number(item['version']),
  };
}
