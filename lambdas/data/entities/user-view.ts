import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import type { UserView } from '@domain/identity/user-views';
import { customerIdAttribute, idListAttribute, namedRecordAttributes, namedRecordIndexes, strings } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';
import type { QueryParams } from '../queries';

/** A user view (docs/data-model.md "User views, settings, ..."): by id, and by name on gsi1 (`byName`). */
export const userView = new Entity({
  model: { entity: 'userView', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    siteIds: idListAttribute,
    departmentIds: idListAttribute,
    divisionIds: idListAttribute,
    type: { type: 'string', default: 'USERVIEW' },
  },
  indexes: namedRecordIndexes('USERVIEW'),
});
export type UserViewItem = EntityItem<typeof userView>;

export const userViewPut = (tableName: string, customerId: string, view: UserView): PutParams =>
  userView.put({ customerId, ...view }).params<PutParams>({ table: tableName });

export const userViewKey = (tableName: string, customerId: string, id: string): KeyParams =>
  userView.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** A user view read consistently (what the dashboard preferences name, what a store updates), or undefined. */
export async function readUserView(client: DynamoDBDocumentClient, tableName: string, customerId: string, id: string): Promise<UserView | undefined> {
  const result = await client.send(new GetCommand({ ...userViewKey(tableName, customerId, id), ConsistentRead: true }));
  return result.Item === undefined ? undefined : toUserView(result.Item);
}

export const userViewsByName = (tableName: string, customerId: string) =>
  userView.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toUserView(item: Record<string, unknown>): UserView {
  return {
    id: String(item['id']),
    name: String(item['name']),
    siteIds: strings(item['siteIds']),
    departmentIds: strings(item['departmentIds']),
    divisionIds: strings(item['divisionIds']),
    createdAt: String(item['createdAt']),
    updatedAt: String(item['updatedAt']),
    createdBy: String(item['createdBy']),
    updatedBy: String(item['updatedBy']),
    version: Number(item['version']),
  };
}
