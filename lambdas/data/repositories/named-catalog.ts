import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound } from '@domain/core/errors';
import {
  namedCatalogMessages,
  type NamedCatalogKind,
  type NamedItem,
  type NamedItemInput,
  type Page,
} from '@domain/organisation/named-catalog';
import {
  auditEntryPut,
  claimUnique,
  createPut,
  entityOn,
  NAMED_ITEM_ENTITY,
  nameKeyOf,
  namedItem,
  namedItemKey,
  namedItemPut,
  namedItemsByName,
  partitionOf,
  queryPage,
  releaseUnique,
  runTransaction,
  storedItem,
  toNamedItem,
  versionedDelete,
  versionedPut,
  type AuditAction,
  type GuardedItem,
  type NamedItemEntity,
  type PageRequest,
} from '..';
import type { Caller } from '../../shared/caller';

/**
 * Departments and divisions on the single table (the entity is
 * lambdas/data/entities/named-item.ts). Names are unique within an organisation under
 * concurrency: the item and a uniqueness marker are written in one transaction, each with a
 * condition, never read-then-write. Every change writes its audit entry in the same
 * transaction, through the data layer's runner (which retries a transaction that only
 * collided with another).
 */
export class NamedCatalogStore {
  private readonly entity: NamedItemEntity;
  private readonly messages;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    kind: NamedCatalogKind,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.entity = NAMED_ITEM_ENTITY[kind];
    this.messages = namedCatalogMessages[kind];
  }

  /** The gsi1 partition a list reads; a cursor must belong to it. */
  listPartition(customerId: string): string {
    return partitionOf(namedItemsByName(this.tableName, customerId, this.entity));
  }

  list(customerId: string, page: PageRequest): Promise<Page<NamedItem>> {
    return queryPage(this.client, namedItemsByName(this.tableName, customerId, this.entity), page, toNamedItem);
  }

  async get(customerId: string, id: string): Promise<NamedItem> {
    const { data } = await entityOn(namedItem, this.client, this.tableName)
      .get({ customerId, kind: this.entity, kindKey: this.entity, id }).go({ data: 'raw', consistent: true });
    const item = storedItem(data);
    if (item === undefined) throw notFound(this.messages.notFound);
    return toNamedItem(item);
  }

  async create(caller: Caller, input: NamedItemInput): Promise<NamedItem> {
    const now = this.clock().toISOString();
    const item: NamedItem = {
      id: randomUUID(),
      name: input.name,
      createdAt: now,
      updatedAt: now,
      createdBy: caller.email,
      updatedBy: caller.email,
      version: 1,
    };
    const { customerId } = caller;
    await runTransaction(this.client, [
      createPut(namedItemPut(this.tableName, customerId, this.entity, item)),
      this.claimName(customerId, item),
      this.audit(caller, item.id, 'create', undefined, item),
    ]);
    return item;
  }

  async update(caller: Caller, id: string, changes: Partial<NamedItemInput>): Promise<NamedItem> {
    const { customerId } = caller;
    const before = await this.get(customerId, id);
    const after: NamedItem = {
      ...before,
      ...(changes.name === undefined ? {} : { name: changes.name }),
      updatedAt: this.clock().toISOString(),
      updatedBy: caller.email,
      version: before.version + 1,
    };
    if (after.name === before.name) return before;
    const items: GuardedItem[] = [
      // Optimistic lock: a concurrent change of the same item makes this one fail.
      versionedPut(namedItemPut(this.tableName, customerId, this.entity, after), before.version),
      this.audit(caller, id, 'update', before, after),
    ];
    if (nameKeyOf(after.name) !== nameKeyOf(before.name)) {
      items.push(this.claimName(customerId, after), this.releaseName(customerId, before));
    }
    await runTransaction(this.client, items);
    return after;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const { customerId } = caller;
    const before = await this.get(customerId, id);
    await runTransaction(this.client, [
      versionedDelete(namedItemKey(this.tableName, customerId, this.entity, id), before.version),
      this.releaseName(customerId, before),
      this.audit(caller, id, 'delete', before, undefined),
    ]);
  }

  private claimName(customerId: string, item: NamedItem): GuardedItem {
    return claimUnique(this.tableName, { customerId, entityType: this.entity, field: 'name', value: item.name }, item.id, this.messages.taken);
  }

  private releaseName(customerId: string, item: NamedItem): GuardedItem {
    return releaseUnique(this.tableName, { customerId, entityType: this.entity, field: 'name', value: item.name });
  }

  private audit(caller: Caller, id: string, action: AuditAction, before: NamedItem | undefined, after: NamedItem | undefined): GuardedItem {
    return auditEntryPut(this.tableName, {
      customerId: caller.customerId, caller, entityType: this.entity, entityId: id, action,
      before: before ? { ...before } : undefined, after: after ? { ...after } : undefined, now: this.clock(),
    });
  }
}
