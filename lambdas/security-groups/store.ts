import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { Page } from '@domain/organisation/named-catalog';
import type { SecurityGroup, SecurityGroupInput, SecurityGroupUser } from '@domain/identity/security-groups';
import {
  auditEntryPut,
  claimUnique,
  createPut,
  deleteMembership,
  nameKeyOf,
  partitionOf,
  putMembership,
  queryAll,
  queryPage,
  readByIds,
  releaseUnique,
  runTransaction,
  securityGroupKey,
  securityGroupPut,
  securityGroupsByName,
  toSecurityGroup,
  versionedDelete,
  versionedPut,
  type AuditAction,
  type GuardedItem,
  type PageRequest,
  accountKeyParams,
  accountsByName,
} from '../data';
import type { Caller } from '../shared/caller';
import { ENTITY } from '../shared/keys';

const entity = ENTITY.securityGroup;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((id, index) => id === [...b].sort()[index]);

/**
 * Security groups on the single table (docs/data-model.md "Security groups"; the entities are
 * lambdas/data/entities/security-group*.ts). A change is one transaction: the group
 * (conditional on the version read), its name marker, its audit entry, and the membership
 * items the access layer reads (one per member, a copy of the group's site and sensor ids),
 * so what members may reach always matches the group.
 */
export class SecurityGroupStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  listPartition(customerId: string): string {
    return partitionOf(securityGroupsByName(this.tableName, customerId));
  }

  list(customerId: string, page: PageRequest): Promise<Page<SecurityGroup>> {
    return queryPage(this.client, securityGroupsByName(this.tableName, customerId), page, toSecurityGroup);
  }

  /** Every group of the organisation (the user list shows which groups each user is in). */
  all(customerId: string): Promise<SecurityGroup[]> {
    return queryAll(this.client, securityGroupsByName(this.tableName, customerId), toSecurityGroup);
  }

  async get(customerId: string, id: string): Promise<SecurityGroup> {
    const result = await this.client.send(new GetCommand({ ...securityGroupKey(this.tableName, customerId, id), ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.securityGroupNotFound);
    return toSecurityGroup(result.Item);
  }

  async create(caller: Caller, customerId: string, input: SecurityGroupInput): Promise<SecurityGroup> {
    await this.checkReferences(customerId, input, undefined);
    const now = this.clock().toISOString();
    const group: SecurityGroup = {
      id: randomUUID(),
      ...input,
      createdAt: now,
      updatedAt: now,
      createdBy: caller.email,
      updatedBy: caller.email,
      version: 1,
    };
    await runTransaction(this.client, [
      createPut(securityGroupPut(this.tableName, customerId, group)),
      this.claimName(customerId, group),
      this.audit(caller, customerId, group.id, 'create', undefined, group),
      ...group.memberAccountIds.map((accountId) => putMembership(this.tableName, customerId, accountId, group)),
    ]);
    return group;
  }

  async update(caller: Caller, customerId: string, id: string, input: SecurityGroupInput): Promise<SecurityGroup> {
    const before = await this.get(customerId, id);
    await this.checkReferences(customerId, input, before);
    const after: SecurityGroup = {
      ...before,
      ...input,
      updatedAt: this.clock().toISOString(),
      updatedBy: caller.email,
      version: before.version + 1,
    };
    const items: GuardedItem[] = [
      // Optimistic lock: a concurrent change of the same group makes this one fail.
      versionedPut(securityGroupPut(this.tableName, customerId, after), before.version),
      this.audit(caller, customerId, id, 'update', before, after),
    ];
    if (nameKeyOf(after.name) !== nameKeyOf(before.name)) {
      items.push(this.claimName(customerId, after), this.releaseName(customerId, before));
    }
    const grantChanged = !sameIds(before.siteIds, after.siteIds) || !sameIds(before.sensorIds, after.sensorIds) || before.name !== after.name;
    const previous = new Set(before.memberAccountIds);
    for (const accountId of after.memberAccountIds) {
      if (!previous.has(accountId) || grantChanged) items.push(putMembership(this.tableName, customerId, accountId, after));
    }
    const kept = new Set(after.memberAccountIds);
    for (const accountId of before.memberAccountIds) {
      if (!kept.has(accountId)) items.push(deleteMembership(this.tableName, customerId, accountId, id));
    }
    await runTransaction(this.client, items);
    return after;
  }

  async delete(caller: Caller, customerId: string, id: string): Promise<void> {
    const before = await this.get(customerId, id);
    await runTransaction(this.client, [
      versionedDelete(securityGroupKey(this.tableName, customerId, id), before.version),
      this.releaseName(customerId, before),
      this.audit(caller, customerId, id, 'delete', before, undefined),
      ...before.memberAccountIds.map((accountId) => deleteMembership(this.tableName, customerId, accountId, id)),
    ]);
  }

  /**
   * The organisation's users a group may take (superadmin accounts never appear), with the
   * groups each is in. Users are listed by name (gsi1 of the user items).
   */
  async users(customerId: string): Promise<SecurityGroupUser[]> {
    const [records, groups] = await Promise.all([this.userRecords(customerId), this.all(customerId)]);
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
  private async checkReferences(customerId: string, input: SecurityGroupInput, before: SecurityGroup | undefined): Promise<void> {
    const added = (ids: readonly string[], existing: readonly string[] = []) => ids.filter((id) => !existing.includes(id));
    const sites = added(input.siteIds, before?.siteIds);
    const members = added(input.memberAccountIds, before?.memberAccountIds);
    const [foundSites, foundMembers] = await Promise.all([
      readByIds(this.client, this.tableName, customerId, ENTITY.site, sites),
      readByIds(this.client, this.tableName, customerId, ENTITY.user, members, (accountId) => accountKeyParams(this.tableName, customerId, accountId).Key as Record<string, string>),
    ]);
    if (sites.some((id) => !foundSites.has(id))) throw validationError(MESSAGES.unknownSite, { siteIds: MESSAGES.unknownSite });
    if (members.some((id) => !foundMembers.has(id) || foundMembers.get(id)?.['role'] === 'superadmin')) {
      throw validationError(MESSAGES.unknownMember, { memberAccountIds: MESSAGES.unknownMember });
    }
  }

  private claimName(customerId: string, group: SecurityGroup): GuardedItem {
    return claimUnique(this.tableName, { customerId, entityType: entity, field: 'name', value: group.name }, group.id, MESSAGES.securityGroupNameTaken);
  }

  private releaseName(customerId: string, group: SecurityGroup): GuardedItem {
    return releaseUnique(this.tableName, { customerId, entityType: entity, field: 'name', value: group.name });
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: SecurityGroup | undefined, after: SecurityGroup | undefined): GuardedItem {
    return auditEntryPut(this.tableName, {
      customerId, caller, entityType: entity, entityId: id, action, before: before ? { ...before } : undefined, after: after ? { ...after } : undefined, now: this.clock(),
    });
  }
}
