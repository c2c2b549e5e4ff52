import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch';
import type { KeyParams } from './writes';

/** An entity's key of one organisation's item by its id (`siteKey`, `accountKeyParams`, ...). */
export type KeyOfId = (tableName: string, customerId: string, id: string) => KeyParams;

/**
 * The items with these ids, keyed by the entity's own key (`keyOf`), read strongly consistent,
 * mapped by id; ids that do not exist are absent. What a write checks before naming sites,
 * members, departments, ...
 */
export async function readByIds(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  keyOf: KeyOfId,
  ids: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const keyText = (key: Record<string, unknown>) => `${String(key['pk'])}|${String(key['sk'])}`;
  const keys = unique.map((id) => keyOf(tableName, customerId, id).Key);
  const idByKey = new Map(unique.map((id, index) => [keyText(keys[index] ?? {}), id]));
  const found = new Map<string, Record<string, unknown>>();
  for (const item of await batchGet(client, tableName, keys)) {
    const id = idByKey.get(keyText(item));
    if (id !== undefined) found.set(id, item);
  }
  return found;
}
