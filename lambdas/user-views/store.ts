import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { Page } from '@domain/organisation/named-catalog';
import type { UserView, UserViewInput } from '@domain/identity/user-views';
import {
  auditEntryPut,
  claimUnique,
  createPut,
  nameKeyOf,
  partitionOf,
  queryPage,
  readByIds,
  releaseUnique,
  runTransaction,
  toUserView,
  readUserView,
  userViewKey,
  userViewPut,
  userViewsByName,
  versionedDelete,
  versionedPut,
  type AuditAction,
  type GuardedItem,
  type PageRequest,
} from '../data';
import type { Caller } from '../shared/caller';
import { ENTITY } from '../shared/keys';

const entity = ENTITY.userView;

/**
 * User views on the single table (the entity is lambdas/data/entities/user-view.ts): the item,
 * its name marker (names unique in the organisation, SPEC section 8) and its audit entry in
 * one transaction; updates and deletes conditional on the version read.
 */
export class UserViewStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  listPartition(customerId: string): string {
    return partitionOf(userViewsByName(this.tableName, customerId));
  }

  list(customerId: string, page: PageRequest): Promise<Page<UserView>> {
    return queryPage(this.client, userViewsByName(this.tableName, customerId), page, toUserView);
  }

  async get(customerId: string, id: string): Promise<UserView> {
    const view = await readUserView(this.client, this.tableName, customerId, id);
    if (view === undefined) throw notFound(MESSAGES.userViewNotFound);
    return view;
  }

  async create(caller: Caller, customerId: string, input: UserViewInput): Promise<UserView> {
    await this.checkReferences(customerId, input, undefined);
    const now = this.clock().toISOString();
    const view: UserView = { id: randomUUID(), ...input, createdAt: now, updatedAt: now, createdBy: caller.email, updatedBy: caller.email, version: 1 };
    await runTransaction(this.client, [
      createPut(userViewPut(this.tableName, customerId, view)),
      this.claimName(customerId, view),
      this.audit(caller, customerId, view.id, 'create', undefined, view),
    ]);
    return view;
  }

  async update(caller: Caller, customerId: string, id: string, input: UserViewInput): Promise<UserView> {
    const before = await this.get(customerId, id);
    await this.checkReferences(customerId, input, before);
    const after: UserView = { ...before, ...input, updatedAt: this.clock().toISOString(), updatedBy: caller.email, version: before.version + 1 };
    const items: GuardedItem[] = [
      versionedPut(userViewPut(this.tableName, customerId, after), before.version),
      this.audit(caller, customerId, id, 'update', before, after),
    ];
    if (nameKeyOf(after.name) !== nameKeyOf(before.name)) {
      items.push(this.claimName(customerId, after), this.releaseName(customerId, before));
    }
    await runTransaction(this.client, items);
    return after;
  }

  async delete(caller: Caller, customerId: string, id: string): Promise<void> {
    const before = await this.get(customerId, id);
    await runTransaction(this.client, [
      versionedDelete(userViewKey(this.tableName, customerId, id), before.version),
      this.releaseName(customerId, before),
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

  private claimName(customerId: string, view: UserView): GuardedItem {
    return claimUnique(this.tableName, { customerId, entityType: entity, field: 'name', value: view.name }, view.id, MESSAGES.userViewNameTaken);
  }

  private releaseName(customerId: string, view: UserView): GuardedItem {
    return releaseUnique(this.tableName, { customerId, entityType: entity, field: 'name', value: view.name });
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: UserView | undefined, after: UserView | undefined): GuardedItem {
    return auditEntryPut(this.tableName, {
      customerId, caller, entityType: entity, entityId: id, action, before: before ? { ...before } : undefined, after: after ? { ...after } : undefined, now: this.clock(),
    });
  }
}
