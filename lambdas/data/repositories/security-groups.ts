import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { SecurityGroup, SecurityGroupInput, SecurityGroupUser } from '@domain/identity/security-groups';
import {
  deleteMembership,
  NamedRecordStore,
  partitionOf,
  putMembership,
  queryAll,
  readByIds,
  securityGroupKey,
  securityGroupPut,
  securityGroupsByName,
  toSecurityGroup,
  type GuardedItem,
  accountKeyParams,
  accountsByName,
  toAccountRecord,
  type AccountRecord,
  ENTITY,
  siteKey,
} from '..';

/** What a user list keeps (everything by default). */
export interface UserListNarrowing {
  user?: (account: AccountRecord) => boolean;
  group?: (group: SecurityGroup) => boolean;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((id, index) => id === [...b].sort()[index]);

/**
 * Security groups on the single table (docs/data-model.md "Security groups"; the entities are
 * lambdas/data/entities/security-group*.ts): a named, versioned, audited record whose every
 * change also writes the membership items the access layer reads (one per member, a copy of
 * the group's site and sensor ids) in the same transaction, so what members may reach always
 * matches the group.
 */
export class SecurityGroupStore extends NamedRecordStore<SecurityGroup, SecurityGroupInput> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.securityGroup,
      put: securityGroupPut,
      key: securityGroupKey,
      byName: securityGroupsByName,
      decode: toSecurityGroup,
      messages: { notFound: MESSAGES.securityGroupNotFound, nameTaken: MESSAGES.securityGroupNameTaken },
    });
  }

  protected override alsoWrittenOnCreate(customerId: string, group: SecurityGroup): GuardedItem[] {
    return group.memberAccountIds.map((accountId) => putMembership(this.tableName, customerId, accountId, group));
  }

  /** New members' memberships, every member's when what the group grants (or its name) changed, and the dropped members' removed. */
  protected override alsoWrittenOnUpdate(customerId: string, before: SecurityGroup, after: SecurityGroup): GuardedItem[] {
    const items: GuardedItem[] = [];
    const grantChanged = !sameIds(before.siteIds, after.siteIds) || !sameIds(before.sensorIds, after.sensorIds) || before.name !== after.name;
    const previous = new Set(before.memberAccountIds);
    for (const accountId of after.memberAccountIds) {
      if (!previous.has(accountId) || grantChanged) items.push(putMembership(this.tableName, customerId, accountId, after));
    }
    const kept = new Set(after.memberAccountIds);
    for (const accountId of before.memberAccountIds) {
      if (!kept.has(accountId)) items.push(deleteMembership(this.tableName, customerId, accountId, after.id));
    }
    return items;
  }

  protected override alsoWrittenOnDelete(customerId: string, group: SecurityGroup): GuardedItem[] {
    return group.memberAccountIds.map((accountId) => deleteMembership(this.tableName, customerId, accountId, group.id));
  }

  /**
   * The organisation's users a group may take (superadmin accounts never appear), with the
   * groups each is in. Users are listed by name (gsi1 of the user items). `keep` narrows both
   * (a corporate view: its location's users, and the groups it sees).
   */
  async users(customerId: string, keep: UserListNarrowing = {}): Promise<SecurityGroupUser[]> {
    const [allRecords, allGroups] = await Promise.all([this.userRecords(customerId), this.all(customerId)]);
    const records = keep.user === undefined ? allRecords : allRecords.filter((record) => keep.user?.(toAccountRecord(record)));
    const groups = keep.group === undefined ? allGroups : allGroups.filter((group) => keep.group?.(group));
    const groupsOf = new Map<string, string[]>();
    for (const group of groups) {
      for (const accountId of group.memberAccountIds) groupsOf.set(accountId, [...(groupsOf.get(accountId) ?? []), group.id]);
    }
    return records.map((record) => ({
      accountId: String(record['accountId']),
      email: String(record['email'] ?? ''),
      firstName: typeof record['firstName'] === 'string' ? record['firstName'] : '',
      lastName: typeof record['lastName'] === 'string' ? record['lastName'] : '',
      role: String(record['role'] ?? ''),
      securityGroupIds: groupsOf.get(String(record['accountId'])) ?? [],
    }));
  }

  // The account is not an entity of the data layer yet (lambdas/accounts owns its item): its by-name Query is written here.
  private userRecords(customerId: string): Promise<Record<string, unknown>[]> {
    return queryAll(this.client, {
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: '#role <> :superadmin',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':pk': partitionOf(accountsByName(this.tableName, customerId)), ':superadmin': 'superadmin' },
    }, (item) => item);
  }

  /**
   * Sites and members added by this change must exist in the organisation (ids already in the
   * group are kept even if their item has gone since). Sensor ids are kept as given: sensors
   * are checked by the access layer against the sensor's own site.
   */
  protected override async checkInput(customerId: string, input: SecurityGroupInput, before: SecurityGroup | undefined): Promise<void> {
    const added = (ids: readonly string[], existing: readonly string[] = []) => ids.filter((id) => !existing.includes(id));
    const sites = added(input.siteIds, before?.siteIds);
    const members = added(input.memberAccountIds, before?.memberAccountIds);
    const [foundSites, foundMembers] = await Promise.all([
      readByIds(this.client, this.tableName, customerId, siteKey, sites),
      readByIds(this.client, this.tableName, customerId, accountKeyParams, members),
    ]);
    if (sites.some((id) => !foundSites.has(id))) throw validationError(MESSAGES.unknownSite, { siteIds: MESSAGES.unknownSite });
    if (members.some((id) => !foundMembers.has(id) || foundMembers.get(id)?.['role'] === 'superadmin')) {
      throw validationError(MESSAGES.unknownMember, { memberAccountIds: MESSAGES.unknownMember });
    }
  }
}
