import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { UserView, UserViewInput } from '@domain/identity/user-views';
import { NamedRecordStore, readByIds, toUserView, userViewKey, userViewPut, userViewsByName, ENTITY, siteKey, departmentKey, divisionKey } from '..';

/**
 * User views on the single table (the entity is lambdas/data/entities/user-view.ts): a named,
 * versioned, audited record (names unique in the organisation, SPEC section 8) whose sites,
 * departments and divisions must exist.
 */
export class UserViewStore extends NamedRecordStore<UserView, UserViewInput> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.userView,
      put: userViewPut,
      key: userViewKey,
      byName: userViewsByName,
      decode: toUserView,
      messages: { notFound: MESSAGES.userViewNotFound, nameTaken: MESSAGES.userViewNameTaken },
    });
  }

  /** Sites, departments and divisions added by this change must exist in the organisation. */
  protected override async checkInput(customerId: string, input: UserViewInput, before: UserView | undefined): Promise<void> {
    const added = (ids: readonly string[], existing: readonly string[] = []) => ids.filter((id) => !existing.includes(id));
    const checks = [
      { keyOf: siteKey, ids: added(input.siteIds, before?.siteIds), message: MESSAGES.unknownSite, field: 'siteIds' },
      { keyOf: departmentKey, ids: added(input.departmentIds, before?.departmentIds), message: MESSAGES.unknownDepartment, field: 'departmentIds' },
      { keyOf: divisionKey, ids: added(input.divisionIds, before?.divisionIds), message: MESSAGES.unknownDivision, field: 'divisionIds' },
    ] as const;
    const found = await Promise.all(checks.map((check) => readByIds(this.client, this.tableName, customerId, check.keyOf, check.ids)));
    checks.forEach((check, index) => {
      if (check.ids.some((id) => !found[index]?.has(id))) throw validationError(check.message, { [check.field]: check.message });
    });
  }
}
