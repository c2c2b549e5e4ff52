import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { UserView } from '@domain/identity/user-views';
import { siteKey } from '../../lambdas/data';
import { DEMO_ORGANISATION } from '../../local/demo';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
const site = DEMO_ORGANISATION.site.id;
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

describe('/api/userviews through the local gateway', () => {
  let admin: TestUser;
  let basicUser: TestUser;
  let member: TestUser;
  let department: string;
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
    endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
  }));
  afterAll(() => documents.destroy());

  beforeAll(async () => {
    admin = await createUser(stack, 'admin');
    // Corporate access: an administrator without it may name only the sites of their locations.
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true });
    basicUser = await createUser(stack, 'basicuser');
    member = await createUser(stack, 'basicuser');
    // Both are assigned the demo site (a user reaches only the sites assigned to them); the member's groups then narrow it.
    for (const user of [basicUser, member]) {
      await provisionAccount(stack, {
        email: user.email, role: user.role, customerId: user.customerId, accountId: user.accountId,
        locationIds: [DEMO_ORGANISATION.location.id], siteIds: [site],
      });
    }
    department = ((await api(stack, admin, 'POST', '/departments', { name: unique('Dep').slice(0, 20) })).body as { id: string }).id;
  });

  it('lets an admin add, rename and delete a view, and a basic user read it', async () => {
    const name = unique('Cold rooms');
    const created = await api(stack, admin, 'POST', '/userviews', { name, siteIds: [site], departmentIds: [department] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const view = created.body as UserView;
    expect(view).toMatchObject({ name, siteIds: [site], departmentIds: [department], divisionIds: [], version: 1 });

    expect((await api(stack, basicUser, 'GET', `/userviews/${view.id}`)).body).toMatchObject({ id: view.id, name });
    expect((await api(stack, basicUser, 'POST', '/userviews', { name: unique('Nope'), siteIds: [site] })).status).toBe(403);

    const renamed = await api(stack, admin, 'PUT', `/userviews/${view.id}`, { name: `${name} 2`, siteIds: [site] });
    expect(renamed.body).toMatchObject({ name: `${name} 2`, departmentIds: [], version: 2 });
    // The old name is free again.
    expect((await api(stack, admin, 'POST', '/userviews', { name, siteIds: [site] })).status).toBe(201);

    expect((await api(stack, admin, 'DELETE', `/userviews/${view.id}`)).status).toBe(204);
    expect(await api(stack, admin, 'GET', `/userviews/${view.id}`)).toEqual({ status: 404, body: { message: MESSAGES.userViewNotFound } });
  });

  it('refuses a duplicate name (any case), no site and an invalid name, with the messages', async () => {
    const name = unique('Dup view');
    expect((await api(stack, admin, 'POST', '/userviews', { name, siteIds: [site] })).status).toBe(201);
    expect(await api(stack, admin, 'POST', '/userviews', { name: ` ${name.toUpperCase()} `, siteIds: [site] }))
      .toEqual({ status: 409, body: { message: MESSAGES.userViewNameTaken } });
    expect(await api(stack, admin, 'POST', '/userviews', { name: unique('No site'), siteIds: [] }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.siteSelectionRequired } });
    expect(await api(stack, admin, 'POST', '/userviews', { name: '<b>', siteIds: [site] }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.nameInvalid } });
  });

  it('hides a view from a security-group member whose groups exclude its sites', async () => {
    const view = (await api(stack, admin, 'POST', '/userviews', { name: unique('Main only'), siteIds: [site] })).body as UserView;
    // A group that grants another site of the organisation: the view's site is excluded for its member.
    const otherSite = `site-${Math.random().toString(36).slice(2, 10)}`;
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { ...siteKey(stack.tableName, admin.customerId, otherSite).Key, id: otherSite, name: 'Annex' },
    }));
    const group = await api(stack, admin, 'POST', '/securitygroups', { name: unique('Elsewhere'), siteIds: [otherSite], memberAccountIds: [member.accountId] });
    expect(group.status, JSON.stringify(group.body)).toBe(201);

    const seen = (await api(stack, member, 'GET', '/userviews?limit=100')).body as { items: UserView[] };
    expect(seen.items.some((item) => item.id === view.id)).toBe(false);
    expect((await api(stack, member, 'GET', `/userviews/${view.id}`)).status).toBe(404);
    // Everyone else still sees it.
    expect((await api(stack, basicUser, 'GET', `/userviews/${view.id}`)).status).toBe(200);
  });
});
