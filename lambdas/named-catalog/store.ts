import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import {
  namedCatalogMessages,
  type NamedCatalogKind,
  type NamedItem,
  type NamedItemInput,
  type Page,
} from '@domain/organisation/named-catalog';
import { auditItem } from '../shared/audit';
import type { Caller } from '../shared/caller';
import {
  byNamePartition,
  byNameSortKey,
  ENTITY,
  entityPartition,
  entitySortKey,
  normaliseUnique,
  UNIQUENESS_SORT_KEY,
  uniquenessPartition,
} from '../shared/keys';
import { encodeCursor, type PageRequest } from '../shared/pagination';

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/**
 * Departments and divisions on the single table. Names are unique within an organisation
 * under concurrency: the item and a uniqueness marker are written in one transaction, each
 * with a condition, never read-then-write. Every change writes its audit entry in the same
 * transaction.
 */
export class NamedCatalogStore {
  private readonly entity;
  private readonly messages;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    kind: NamedCatalogKind,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.entity = ENTITY[kind];
    this.messages = namedCatalogMessages[kind];
  }

  /** The gsi1 partition a list reads; a cursor must belong to it. */
  listPartition(customerId: string): string {
    return byNamePartition(customerId, this.entity);
  }

  async list(customerId: string, page: PageRequest): Promise<Page<NamedItem>> {
    const result = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': this.listPartition(customerId) },
        Limit: page.limit,
        ...(page.startKey ? { ExclusiveStartKey: page.startKey } : {}),
      }),
    );
    const nextCursor = encodeCursor(result.LastEvaluatedKey);
    return {
      items: (result.Items ?? []).map(toNamedItem),
      ...(nextCursor ? { nextCursor } : {}),
    };
  }

  async get(customerId: string, id: string): Promise<NamedItem> {
    const item = await this.read(customerId, id);
    if (item === undefined) throw notFound(this.messages.notFound);
    return item;
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
    await this.transact([
      {
        Put: {
          TableName: this.tableName,
          Item: this.toDynamoItem(customerId, item),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      this.claimName(customerId, item.name, item.id),
      { Put: { TableName: this.tableName, Item: this.audit(caller, item.id, 'create', undefined, item) } },
    ], 1);
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
    const renamed = normaliseUnique(after.name) !== normaliseUnique(before.name);
    const items: TransactItems = [
      {
        Put: {
          TableName: this.tableName,
          Item: this.toDynamoItem(customerId, after),
          // Optimistic lock: a concurrent change of the same item makes this one fail.
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':expected': before.version },
        },
      },
      { Put: { TableName: this.tableName, Item: this.audit(caller, id, 'update', before, after) } },
    ];
    if (renamed) {
      items.push(this.claimName(customerId, after.name, id), this.releaseName(customerId, before.name));
    }
    await this.transact(items, 2);
    return after;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const { customerId } = caller;
    const before = await this.get(customerId, id);
    await this.transact([
      {
        Delete: {
          TableName: this.tableName,
          Key: { pk: entityPartition(customerId, this.entity), sk: entitySortKey(this.entity, id) },
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':expected': before.version },
        },
      },
      this.releaseName(customerId, before.name),
      { Put: { TableName: this.tableName, Item: this.audit(caller, id, 'delete', before, undefined) } },
    ], -1);
  }

  private async read(customerId: string, id: string): Promise<NamedItem | undefined> {
    const result = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: entityPartition(customerId, this.entity), sk: entitySortKey(this.entity, id) },
        ConsistentRead: true,
      }),
    );
    return result.Item ? toNamedItem(result.Item) : undefined;
  }

  private toDynamoItem(customerId: string, item: NamedItem): Record<string, unknown> {
    return {
      pk: entityPartition(customerId, this.entity),
      sk: entitySortKey(this.entity, item.id),
      gsi1pk: byNamePartition(customerId, this.entity),
      gsi1sk: byNameSortKey(item.name, item.id),
      type: this.entity,
      ...item,
    };
  }

  private claimName(customerId: string, name: string, ownerId: string): TransactItems[number] {
    return {
      Put: {
        TableName: this.tableName,
        Item: { pk: uniquenessPartition(customerId, this.entity, 'name', name), sk: UNIQUENESS_SORT_KEY, ownerId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }

  private releaseName(customerId: string, name: string): TransactItems[number] {
    return {
      Delete: {
        TableName: this.tableName,
        Key: { pk: uniquenessPartition(customerId, this.entity, 'name', name), sk: UNIQUENESS_SORT_KEY },
      },
    };
  }

  private audit(
    caller: Caller,
    id: string,
    action: 'create' | 'update' | 'delete',
    before: NamedItem | undefined,
    after: NamedItem | undefined,
  ) {
    return auditItem(
      caller.customerId,
      caller,
      this.entity,
      id,
      action,
      before ? { ...before } : undefined,
      after ? { ...after } : undefined,
      this.clock(),
    );
  }

  /**
   * Runs a transaction and turns a cancelled condition into the user's words.
   * `nameClaimIndex` is the position of the uniqueness marker (-1 when there is none).
   */
  private async transact(items: TransactItems, nameClaimIndex: number): Promise<void> {
    try {
      await this.client.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if (error instanceof TransactionCanceledException) {
        const reasons = error.CancellationReasons ?? [];
        if (nameClaimIndex >= 0 && reasons[nameClaimIndex]?.Code === 'ConditionalCheckFailed') {
          throw conflict(this.messages.taken);
        }
        if (reasons.some((reason) => reason.Code === 'ConditionalCheckFailed')) {
          throw conflict(MESSAGES.concurrentChange);
        }
      }
      throw error;
    }
  }
}

function toNamedItem(item: Record<string, unknown>): NamedItem {
  return {
    id: String(item['id']),
    name: String(item['name']),
    createdAt: String(item['createdAt']),
    updatedAt: String(item['updatedAt']),
    createdBy: String(item['createdBy']),
    updatedBy: String(item['updatedBy']),
    version: Number(item['version']),
  };
}
