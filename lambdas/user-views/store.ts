import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { Page } from '@domain/organisation/named-catalog';
import type { UserView, UserViewInput } from '@domain/identity/user-views';
import { auditPut, type AuditAction } from '../shared/audit';
import type { Caller } from '../shared/caller';
import { byNamePartition, byNameSortKey, ENTITY, entityPartition, entitySortKey, normaliseUnique } from '../shared/keys';
import { claimUnique, readByIds, releaseUnique, runTransaction, type TransactItems } from '../shared/named-records';
import { type PageRequest, queryByNamePage } from '../shared/pagination';

const entity = ENTITY.userView;

/**
 * User views on the single table: the item, its name marker (names unique in the
 * organisation, SPEC section 8) and its audit entry in one transaction; updates and deletes
 * conditional on the version read.
 */
export class UserViewStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  listPartition(customerId: string): string {
    return byNamePartition(customerId, entity);
  }

  list(customerId: string, page: PageRequest): Promise<Page<UserView>> {
    return queryByNamePage(this.client, this.tableName, this.listPartition(customerId), page, toUserView);
  }

  async get(customerId: string, id: string): Promise<UserView> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: { pk: entityPartition(customerId, entity), sk: entitySortKey(entity, id) },
      ConsistentRead: true,
    }));
    if (result.Item === undefined) throw notFound(MESSAGES.userViewNotFound);
    return toUserView(result.Item);
  }

  async create(caller: Caller, customerId: string, input: UserViewInput): Promise<UserView> {
    await this.checkReferences(customerId, input, undefined);
    const now = this.clock().toISOString();
    const view: UserView = { id: randomUUID(), ...input, createdAt: now, updatedAt: now, createdBy: caller.email, updatedBy: caller.email, version: 1 };
    await runTransaction(this.client, [
      { Put: { TableName: this.tableName, Item: this.toItem(customerId, view), ConditionExpression: 'attribute_not_exists(pk)' } },
      claimUnique(this.tableName, customerId, entity, 'name', view.name, view.id),
      this.audit(caller, customerId, view.id, 'create', undefined, view),
    ], new Map([[1, MESSAGES.userViewNameTaken]]));
    return view;
  }

  async update(caller: Caller, customerId: string, id: string, input: UserViewInput): Promise<UserView> {
    const before = await this.get(customerId, id);
    await this.checkReferences(customerId, input, before);
    const after: UserView = { ...before, ...input, updatedAt: this.clock().toISOString(), updatedBy: caller.email, version: before.version + 1 };
    const items: TransactItems = [
      {
        Put: {
          TableName: this.tableName,
          Item: this.toItem(customerId, after),
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':expected': before.version },
        },
      },
      this.audit(caller, customerId, id, 'update', before, after),
    ];
    const claims = new Map<number, string>();
    if (normaliseUnique(after.name) !== normaliseUnique(before.name)) {
      claims.set(items.length, MESSAGES.userViewNameTaken);
      items.push(
        claimUnique(this.tableName, customerId, entity, 'name', after.name, id),
        releaseUnique(this.tableName, customerId, entity, 'name', before.name),
      );
    }
    await runTransaction(this.client, items, claims);
    return after;
  }

  async delete(caller: Caller, customerId: string, id: string): Promise<void> {
    const before = await this.get(customerId, id);
    await runTransaction(this.client, [
      {
        Delete: {
          TableName: this.tableName,
          Key: { pk: entityPartition(customerId, entity), sk: entitySortKey(entity, id) },
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':expected': before.version },
        },
      },
      releaseUnique(this.tableName, customerId, entity, 'name', before.name),
      this.audit(caller, customerId, id, 'delete', before, undefined),
    ]);
  }

  /** Sites, departments and divisions added by this change must exist in the organisation. */
  private async checkReferences(customerId: string, input: UserViewInput, before: UserView | undefined): Promise<void> {
    const added = (ids: readonly string[], existing: readonly string[] = []) => ids.filter((id) => !existing.includes(id));
    const checks = [
      { entity: ENTITY.site, ids: added(input.siteIds, before?.siteIds), message: MESSAGES.unknownSite, field: 'siteIds' },
      { entity: ENTITY.department, ids: added(input.departmentIds, before?.departmentIds), message: MESSAGES.unknownDepartment, field: 'departmentIds' },
      { entity: ENTITY.division, ids: added(input.divisionIds, before?.divisionIds), message: MESSAGES.unknownDivision, field: 'divisionIds' },
    ] as const;
    const found = await Promise.all(checks.map((check) => readByIds(this.client, this.tableName, customerId, check.entity, check.ids)));
    checks.forEach((check, index) => {
      if (check.ids.some((id) => !found[index]?.has(id))) throw validationError(check.message, { [check.field]: check.message });
    });
  }

  private toItem(customerId: string, view: UserView): Record<string, unknown> {
    return {
      pk: entityPartition(customerId, entity),
      sk: entitySortKey(entity, view.id),
      gsi1pk: byNamePartition(customerId, entity),
      gsi1sk: byNameSortKey(view.name, view.id),
      type: entity,
      ...view,
    };
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: UserView | undefined, after: UserView | undefined): TransactItems[number] {
    return auditPut(this.tableName, customerId, caller, entity, id, action, before ? { ...before } : undefined, after ? { ...after } : undefined, this.clock()).item;
  }
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function toUserView(item: Record<string, unknown>): UserView {
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
