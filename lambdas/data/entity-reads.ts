import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';

/** An ElectroDB entity, whatever its attributes and indexes. */
interface AnyEntity {
  readonly schema: unknown;
}

const boundByClient = new WeakMap<DynamoDBDocumentClient, Map<string, Map<AnyEntity, AnyEntity>>>();

/**
 * The entity configured with a table's client and name, so it runs its own reads (`.go()`;
 * docs/decisions/0084-entities-run-reads-writes-through-the-transaction-runner.md). The entities
 * of `entities/` are module singletons without a client; setting one on them would be shared by
 * every caller (the process's client, a test's mock, a local tool's client on another endpoint),
 * so each client gets its own copy of the entity, made once from the same schema: the keys stay
 * the entity's, spelled once.
 */
export function entityOn<E extends AnyEntity>(entity: E, client: DynamoDBDocumentClient, tableName: string): E {
  let byTable = boundByClient.get(client);
  if (byTable === undefined) boundByClient.set(client, (byTable = new Map()));
  let byEntity = byTable.get(tableName);
  if (byEntity === undefined) byTable.set(tableName, (byEntity = new Map()));
  let bound = byEntity.get(entity);
  if (bound === undefined) {
    bound = new Entity(entity.schema as ConstructorParameters<typeof Entity>[0], { client, table: tableName }) as unknown as AnyEntity;
    byEntity.set(entity, bound);
  }
  return bound as E;
}

/**
 * The stored item of a get an entity ran with `data: 'raw'` (the GetItem answer), or undefined:
 * what the entity module's one decoder reads, as it did when the data layer sent the request.
 */
export function storedItem(answer: unknown): Record<string, unknown> | undefined {
  const item = (answer as { Item?: unknown } | null | undefined)?.Item;
  return typeof item === 'object' && item !== null ? item as Record<string, unknown> : undefined;
}

/** The stored items of a query an entity ran with `data: 'raw'` (the Query answer). */
export function storedItems(answer: unknown): Record<string, unknown>[] {
  const items = (answer as { Items?: unknown } | null | undefined)?.Items;
  return Array.isArray(items) ? items as Record<string, unknown>[] : [];
}
