import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { entityPartition, entitySortKey, type EntityType } from './keys';
import { batchGet } from './batch';

/**
 * The items of one entity type with these ids (`C#<cid>#<ENTITY>` / `<ENTITY>#<id>` unless
 * `keyOf` says otherwise), read strongly consistent, keyed by id; ids that do not exist are
 * absent. What a write checks before naming sites, members, departments, ...
 */
export async function readByIds(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  entity: EntityType,
  ids: readonly string[],
  keyOf: (id: string) => Record<string, string> = (id) => ({ pk: entityPartition(customerId, entity), sk: entitySortKey(entity, id) }),
): Promise<Map<string, Record<string, unknown>>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const keyText = (key: Record<string, unknown>) => `${String(key['pk'])}|${String(key['sk'])}`;
  const idByKey = new Map(unique.map((id) => [keyText(keyOf(id)), id]));
  const found = new Map<string, Record<string, unknown>>();
  for (const item of await batchGet(client, tableName, unique.map(keyOf))) {
    const id = idByKey.get(keyText(item));
    if (id !== undefined) found.set(id, item);
  }
  return found;
}
