import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { GuardedItem } from '../transaction';
import type { KeyParams } from '../writes';

/** The user's sign-in lock (docs/data-model.md "Sessions"): its version orders concurrent sign-ins, so the session count stays true. */
export const sessionLock = new Entity({
  model: { entity: 'sessionLock', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    version: { type: 'number' },
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['customerId', 'accountId'], template: 'C#${customerId}#SESSION#${accountId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'LOCK', casing: 'none' },
    },
  },
});
export type SessionLockItem = EntityItem<typeof sessionLock>;

export const sessionLockKeyParams = (tableName: string, customerId: string, accountId: string): KeyParams =>
  sessionLock.get({ customerId, accountId }).params<KeyParams>({ table: tableName });

/** The lock moved from `version` (0: never taken) to the next; fails when another sign-in moved it first. */
export function sessionLockTake(tableName: string, customerId: string, accountId: string, version: number, onConditionFailed: GuardedItem['onConditionFailed']): GuardedItem {
  const { TableName, Key } = sessionLockKeyParams(tableName, customerId, accountId);
  return {
    item: {
      Put: {
        TableName,
        Item: { ...Key, version: version + 1 },
        ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
        ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
      },
    },
    ...(onConditionFailed ? { onConditionFailed } : {}),
  };
}
