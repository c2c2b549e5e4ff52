import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { Page } from '@domain/organisation/named-catalog';
import type { SecurityGroup, SecurityGroupInput, SecurityGroupUser } from '@domain/identity/security-groups';
import { auditPut, type AuditAction } from '../shared/audit';
import type { Caller } from '../shared/caller';
import {
  accountKey,
  byNamePartition,
  byNameSortKey,
  ENTITY,
  entityPartition,
  entitySortKey,
  membershipPartition,
  membershipSortKey,
  normaliseUnique,
} from '../shared/keys';
import { claimUnique, readByIds, releaseUnique, runTransaction, type TransactItems } from '../shared/named-records';
import { type PageRequest, queryAll, queryByNamePage } from '../shared/pagination';

const entity = ENTITY.securityGroup;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((id, index) => id === [...b].sort()[index]);

/**
 * Security groups on the single table (docs/data-model.md "Security groups"). A change is one
 * transaction: the group (conditional on the version read), its name marker, its audit entry,
 * and the membership items the access layer reads (one per member, a copy of the group's
 * site and sensor ids), so what members may reach always matches the group.
 */
export class SecurityGroupStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  listPartition(customerId: string): string {
    return byNamePartition(customerId, entity);
  }

  list(customerId: string, page: PageRequest): Promise<Page<SecurityGroup>> {
    return queryByNamePage(this.client, this.tableName, this.listPartition(customerId), page, toSecurityGroup);
  }

  /** Every group of the organisation (the user list shows which groups each user is in). */
  async all(customerId: string): Promise<SecurityGroup[]> {
    const items = await queryAll<Record<string, unknown>>(this.client, {
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': this.listPartition(customerId) },
    });
    return items.map(toSecurityGroup);
  }

  async get(customerId: string, id: string): Promise<SecurityGroup> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: { pk: entityPartition(customerId, entity), sk: entitySortKey(entity, id) },
      ConsistentRead: true,
    }));
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
      { Put: { TableName: this.tableName, Item: this.toItem(customerId, group), ConditionExpression: 'attribute_not_exists(pk)' } },
      claimUnique(this.tableName, customerId, entity, 'name', group.name, group.id),
      this.audit(caller, customerId, group.id, 'create', undefined, group),
      ...group.memberAccountIds.map((accountId) => this.putMembership(customerId, accountId, group)),
    ], new Map([[1, MESSAGES.securityGroupNameTaken]]));
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
    const items: TransactItems = [
      {
        Put: {
          TableName: this.tableName,
          Item: this.toItem(customerId, after),
          // Optimistic lock: a concurrent change of the same group makes this one fail.
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':expected': before.version },
        },
      },
      this.audit(caller, customerId, id, 'update', before, after),
    ];
    const claims = new Map<number, string>();
    if (normaliseUnique(after.name) !== normaliseUnique(before.name)) {
      claims.set(items.length, MESSAGES.securityGroupNameTaken);
      items.push(
        claimUnique(this.tableName, customerId, entity, 'name', after.name, id),
        releaseUnique(this.tableName, customerId, entity, 'name', before.name),
      );
    }
    const grantChanged = !sameIds(before.siteIds, after.siteIds) || !sameIds(before.sensorIds, after.sensorIds) || before.name !== after.name;
    const previous = new Set(before.memberAccountIds);
    for (const accountId of after.memberAccountIds) {
      if (!previous.has(accountId) || grantChanged) items.push(this.putMembership(customerId, accountId, after));
    }
    const kept = new Set(after.memberAccountIds);
    for (const accountId of before.memberAccountIds) {
      if (!kept.has(accountId)) items.push(this.deleteMembership(customerId, accountId, id));
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
      ...before.memberAccountIds.map((accountId) => this.deleteMembership(customerId, accountId, id)),
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

  private async userRecords(customerId: string): Promise<Record<string, unknown>[]> {
    return queryAll<Record<string, unknown>>(this.client, {
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: '#role <> :superadmin',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':pk': entityPartition(customerId, ENTITY.user), ':superadmin': 'superadmin' },
    });
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
      readByIds(this.client, this.tableName, customerId, ENTITY.user, members, (accountId) => accountKey(customerId, accountId)),
    ]);
    if (sites.some((id) => !foundSites.has(id))) throw validationError(MESSAGES.unknownSite, { siteIds: MESSAGES.unknownSite });
    if (members.some((id) => !foundMembers.has(id) || foundMembers.get(id)?.['role'] === 'superadmin')) {
      throw validationError(MESSAGES.unknownMember, { memberAccountIds: MESSAGES.unknownMember });
    }
  }

  private toItem(customerId: string, group: SecurityGroup): Record<string, unknown> {
    return {
      pk: entityPartition(customerId, entity),
      sk: entitySortKey(entity, group.id),
      gsi1pk: byNamePartition(customerId, entity),
      gsi1sk: byNameSortKey(group.name, group.id),
      type: entity,
      ...group,
    };
  }

  private putMembership(customerId: string, accountId: string, group: SecurityGroup): TransactItems[number] {
    return {
      Put: {
        TableName: this.tableName,
        Item: {
          pk: membershipPartition(customerId, accountId),
          sk: membershipSortKey(group.id),
          type: 'SECURITYGROUP_MEMBERSHIP',
          accountId,
          groupId: group.id,
          groupName: group.name,
          siteIds: group.siteIds,
          sensorIds: group.sensorIds,
        },
      },
    };
  }

  private deleteMembership(customerId: string, accountId: string, groupId: string): TransactItems[number] {
    return { Delete: { TableName: this.tableName, Key: { pk: membershipPartition(customerId, accountId), sk: membershipSortKey(groupId) } } };
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: SecurityGroup | undefined, after: SecurityGroup | undefined): TransactItems[number] {
    return auditPut(this.tableName, customerId, caller, entity, id, action, before ? { ...before } : undefined, after ? { ...after } : undefined, this.clock()).item;
  }
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function toSecurityGroup(item: Record<string, unknown>): SecurityGroup {
  return {
    id: String(item['id']),
    name: String(item['name']),
    description: typeof item['description'] === 'string' ? item['description'] : '',
    siteIds: strings(item['siteIds']),
    sensorIds: strings(item['sensorIds']),
    memberAccountIds: strings(item['memberAccountIds']),
    createdAt: String(item['createdAt']),
    updatedAt: String(item['updatedAt']),
    createdBy: String(item['createdBy']),
    updatedBy: String(item['updatedBy']),
    version: Number(item['version']),
  };
}
