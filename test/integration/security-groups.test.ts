import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { SecurityGroup, SecurityGroupUser } from '@domain/identity/security-groups';
import { accessibleSiteIds } from '../../lambdas/data/access';
import type { Caller } from '../../lambdas/shared/caller';
import { ENTITY, accountListKeys, entityHistoryPartition } from '../../lambdas/data';
import { DEMO_ORGANISATION } from '../../local/demo';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
const site = DEMO_ORGANISATION.site.id;

describe('/api/securitygroups through the local gateway', () => {
  let admin: TestUser;
  let member: TestUser;
  let otherAdmin: TestUser;
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
    endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
  }));
  const dependencies = { client: documents, tableName: stack.tableName };
  const asCaller = (user: TestUser): Caller => ({
    userId: user.accountId, email: user.email, role: user.role, customerId: user.customerId, accountId: user.accountId,
    isPortalLogin: true, tokenId: 'test',
  });
  const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    admin = await createUser(stack, 'admin');
    // Corporate access: an administrator without it may name only the sites of their locations.
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true });
    member = await createUser(stack, 'basicuser');
    // Listed by name like every user of the organisation (gsi1 of the user items).
    await provisionAccount(stack, {
      email: member.email, role: member.role, customerId: member.customerId, accountId: member.accountId,
      firstName: 'Sam', lastName: 'Member',
      // Every site of the organisation (corporate access), so what limits them here is their groups alone.
      hasDefaultLocAccess: true,
      ...accountListKeys(member.customerId, { accountId: member.accountId, email: member.email, firstName: 'Sam', lastName: 'Member' }),
    });
    otherAdmin = await createUser(stack, 'admin', 'other-org-security-groups');
  });
  afterAll(() => documents.destroy());

  it('limits a member to the sites of the group from the next call, and lets go when removed', async () => {
    expect(await accessibleSiteIds(asCaller(member), member.customerId, dependencies)).toBe('all');

    const name = unique('Kitchen only');
    const created = await api(stack, admin, 'POST', '/securitygroups', { name, siteIds: [site], memberAccountIds: [member.accountId] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const group = created.body as SecurityGroup;
    expect(await accessibleSiteIds(asCaller(member), member.customerId, dependencies)).toEqual(new Set([site]));
    expect(((await api(stack, member, 'GET', '/account/me')).body as { securityGroupIds: string[] }).securityGroupIds).toEqual([group.id]);

    const users = (await api(stack, admin, 'GET', '/securitygroups/userlist')).body as { items: SecurityGroupUser[] };
    expect(users.items.find((user) => user.accountId === member.accountId)).toMatchObject({
      firstName: 'Sam', lastName: 'Member', securityGroupIds: expect.arrayContaining([group.id]) as unknown,
    });
    expect(users.items.every((user) => user.role !== 'superadmin')).toBe(true);

    const emptied = await api(stack, admin, 'PUT', `/securitygroups/${group.id}`, { name, siteIds: [site], memberAccountIds: [] });
    expect(emptied.status).toBe(200);
    expect(await accessibleSiteIds(asCaller(member), member.customerId, dependencies)).toBe('all');

    // Every change left its audit entry, in order.
    const history = await documents.send(new QueryCommand({
      TableName: stack.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': entityHistoryPartition(admin.customerId, ENTITY.securityGroup, group.id) },
    }));
    expect(history.Items?.map((entry) => entry['action'])).toEqual(['create', 'update']);
    expect(history.Items?.[1]?.['changes']).toEqual([{ field: 'memberAccountIds', before: [member.accountId], after: [] }]);

    expect((await api(stack, admin, 'DELETE', `/securitygroups/${group.id}`)).status).toBe(204);
    expect((await api(stack, admin, 'GET', `/securitygroups/${group.id}`)).body).toEqual({ message: MESSAGES.securityGroupNotFound });
  });

  it('deleting a group frees its members', async () => {
    const created = await api(stack, admin, 'POST', '/securitygroups', { name: unique('Temporary'), siteIds: [site], memberAccountIds: [member.accountId] });
    const group = created.body as SecurityGroup;
    expect(await accessibleSiteIds(asCaller(member), member.customerId, dependencies)).toEqual(new Set([site]));
    expect((await api(stack, admin, 'DELETE', `/securitygroups/${group.id}`)).status).toBe(204);
    expect(await accessibleSiteIds(asCaller(member), member.customerId, dependencies)).toBe('all');
  });

  it('refuses a duplicate name (any case), an unknown site and a member of another organisation', async () => {
    const name = unique('Dup');
    expect((await api(stack, admin, 'POST', '/securitygroups', { name, siteIds: [site] })).status).toBe(201);
    expect(await api(stack, admin, 'POST', '/securitygroups', { name: name.toUpperCase(), siteIds: [site] }))
      .toEqual({ status: 409, body: { message: MESSAGES.securityGroupNameTaken } });
    expect(await api(stack, admin, 'POST', '/securitygroups', { name: unique('Ghost'), siteIds: ['no-such-site'] }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.unknownSite } });
    expect(await api(stack, admin, 'POST', '/securitygroups', { name: unique('Foreign'), siteIds: [site], memberAccountIds: [otherAdmin.accountId] }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.unknownMember } });
    expect(await api(stack, admin, 'POST', '/securitygroups', { name: unique('Empty'), siteIds: [] }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.siteSelectionRequired } });
  });

  it("keeps each organisation's groups to itself", async () => {
    const created = await api(stack, admin, 'POST', '/securitygroups', { name: unique('Private'), siteIds: [site] });
    const group = created.body as SecurityGroup;
    expect((await api(stack, otherAdmin, 'GET', `/securitygroups/${group.id}`)).status).toBe(404);
    const theirs = (await api(stack, otherAdmin, 'GET', '/securitygroups')).body as { items: SecurityGroup[] };
    expect(theirs.items.some((item) => item.id === group.id)).toBe(false);
  });

  it('refuses a concurrent change made from an old version', async () => {
    const created = await api(stack, admin, 'POST', '/securitygroups', { name: unique('Race'), siteIds: [site] });
    const group = created.body as SecurityGroup;
    const [first, second] = await Promise.all([
      api(stack, admin, 'PUT', `/securitygroups/${group.id}`, { name: group.name, description: 'one', siteIds: [site] }),
      api(stack, admin, 'PUT', `/securitygroups/${group.id}`, { name: group.name, description: 'two', siteIds: [site] }),
    ]);
    const statuses = [first.status, second.status].sort();
    // Both may succeed one after the other; what may never happen is a silent overwrite of a version.
    if (statuses[1] === 409) expect([first.body, second.body]).toContainEqual({ message: MESSAGES.concurrentChange });
    const final = (await api(stack, admin, 'GET', `/securitygroups/${group.id}`)).body as SecurityGroup;
    expect(final.version).toBe(1 + statuses.filter((status) => status === 200).length);
  });
});
