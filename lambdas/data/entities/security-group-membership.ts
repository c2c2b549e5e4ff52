import { Entity, type EntityItem } from 'electrodb';
import type { SecurityGroup } from '@domain/identity/security-groups';
import { customerIdAttribute, idListAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import { plainDelete, plainPut, type KeyParams, type PutParams } from '../writes';
import type { GuardedItem } from '../transaction';

/**
 * A member's copy of one group's grant (docs/data-model.md "Security groups and the access
 * layer"): one partition per account, one item per group (`byAccount`), so what a user may
 * reach is one consistent Query. Written only in the group's own transactions.
 */
export const securityGroupMembership = new Entity({
  model: { entity: 'securityGroupMembership', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    groupId: { type: 'string', required: true },
    groupName: { type: 'string', required: true },
    siteIds: idListAttribute,
    sensorIds: idListAttribute,
    type: { type: 'string', default: 'SECURITYGROUP_MEMBERSHIP' },
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['customerId', 'accountId'], template: 'C#${customerId}#SGMEMBER#${accountId}', casing: 'none' },
      sk: { field: 'sk', composite: ['groupId'], template: 'SECURITYGROUP#${groupId}', casing: 'none' },
    },
  },
});
export type SecurityGroupMembershipItem = EntityItem<typeof securityGroupMembership>;

/** The member's copy of the group's grant, put in the group's transaction. */
export function putMembership(tableName: string, customerId: string, accountId: string, group: SecurityGroup): GuardedItem {
  return plainPut(securityGroupMembership.put({
    customerId,
    accountId,
    groupId: group.id,
    groupName: group.name,
    siteIds: group.siteIds,
    sensorIds: group.sensorIds,
  }).params<PutParams>({ table: tableName }));
}

export function deleteMembership(tableName: string, customerId: string, accountId: string, groupId: string): GuardedItem {
  return plainDelete(securityGroupMembership.delete({ customerId, accountId, groupId }).params<KeyParams>({ table: tableName }));
}

/** A member's copy of one group's grant by its key (what tests and the migrations read back). */
export const membershipKey = (tableName: string, customerId: string, accountId: string, groupId: string): KeyParams =>
  securityGroupMembership.get({ customerId, accountId, groupId }).params<KeyParams>({ table: tableName });

/** The account's membership partition, which the access layer queries whole. */
export const membershipPartition = (customerId: string, accountId: string): string =>
  String(membershipKey('item-only', customerId, accountId, '-').Key['pk']);
