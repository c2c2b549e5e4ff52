import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parseUtcDateTime, type CurrentUserDetails, type UserSessionList } from '@domain/identity/account';
import { MESSAGES } from '@domain/core/messages';
import { accountEmailPartition } from '../../lambdas/accounts/store';
import { DEMO_ORGANISATION } from '../../local/demo';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, signIn, type TestUser } from '../support/identity';
import { accountKeyParams } from '../../lambdas/data';

const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

/** The same user signed in again: new tokens, a new token family. */
async function again(user: TestUser, openSession = true): Promise<TestUser> {
  return { ...user, token: await signIn(stack, user.email, undefined, { openSession }) };
}

const sessionsOf = async (user: TestUser) => (await api(stack, user, 'GET', '/users/sessions')).body as UserSessionList;

describe('sessions (the test stack runs with MAX_SESSIONS=3)', () => {
  it('opens one session per sign-in, lists them with the limit, and marks the current one', async () => {
    const user = await createUser(stack, 'basicuser');
    const second = await again(user);
    const list = await sessionsOf(second);
    expect(list.maxSessions).toBe(3);
    expect(list.items).toHaveLength(2);
    expect(list.items.filter((session) => session.current)).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ platform: 'browser', interface: 'portal', device: 'test', email: user.email });
    expect(list.items[0]?.ip).not.toBe('');
  });

  it('signing in again with the same tokens keeps one session', async () => {
    const user = await createUser(stack, 'basicuser');
    const first = await api(stack, user, 'PUT', '/users/login', { platformName: 'browser', deviceName: 'tab 2' });
    expect(first.status).toBe(201);
    expect((await sessionsOf(user)).items).toHaveLength(1);
  });

  it('at the limit refuses a new session with 409 and the message, until one is ended', async () => {
    const user = await createUser(stack, 'basicuser');
    await again(user);
    await again(user);
    const fourth = await again(user, false);
    const refused = await api(stack, fourth, 'PUT', '/users/login', { platformName: 'browser' });
    expect(refused).toEqual({ status: 409, body: { message: MESSAGES.sessionLimitReached } });
    // Without a session the tokens serve the session page's calls, and nothing else.
    expect((await api(stack, fourth, 'GET', '/departments')).status).toBe(401);
    const list = await sessionsOf(fourth);
    expect(list.items).toHaveLength(3);
    expect(list.items.some((session) => session.current)).toBe(false);

    const oldest = list.items[0];
    expect((await api(stack, fourth, 'DELETE', `/users/sessions/${oldest?.id ?? ''}`)).status).toBe(204);
    expect((await api(stack, fourth, 'PUT', '/users/login', { platformName: 'browser' })).status).toBe(201);
    expect((await api(stack, fourth, 'GET', '/departments')).status).toBe(200);
    // The ended session's tokens are refused from now on.
    expect((await api(stack, user, 'GET', '/departments')).status).toBe(401);
    expect((await api(stack, user, 'GET', '/users/sessions')).status).toBe(401);
  });

  it('ending all sessions keeps the caller and refuses every other one', async () => {
    const user = await createUser(stack, 'admin');
    const other = await again(user);
    const third = await again(user);
    const ended = await api(stack, third, 'DELETE', '/users/sessions');
    expect(ended).toEqual({ status: 200, body: { ended: 2 } });
    expect((await api(stack, user, 'GET', '/departments')).status).toBe(401);
    expect((await api(stack, other, 'GET', '/departments')).status).toBe(401);
    expect((await api(stack, third, 'GET', '/departments')).status).toBe(200);
    expect((await sessionsOf(third)).items).toHaveLength(1);
  });

  it('logout ends the session of those tokens', async () => {
    const user = await createUser(stack, 'basicuser');
    expect((await api(stack, user, 'PUT', '/users/logout', {})).status).toBe(204);
    expect((await api(stack, user, 'GET', '/account/me')).status).toBe(401);
  });

  it('the current session, the devices list and push on a device', async () => {
    const user = await createUser(stack, 'basicuser');
    const active = await api(stack, user, 'GET', '/session/active');
    expect(active.status).toBe(200);
    const id = (active.body as { id: string }).id;
    const push = await api(stack, user, 'PUT', `/session/active/devices/${id}`, { pushEnabled: true });
    expect(push.body).toMatchObject({ id, pushEnabled: true, current: true });
    const devices = (await api(stack, user, 'GET', '/session/active/devices')).body as UserSessionList;
    expect(devices.items.map((session) => session.pushEnabled)).toEqual([true]);
    const renamed = await api(stack, user, 'PUT', `/users/login/${id}`, { loginid: id, deviceName: 'Kitchen tablet' });
    expect(renamed.body).toMatchObject({ device: 'Kitchen tablet' });
  });

  it("administrators list and end a user's sessions in their organisation only", async () => {
    const admin = await createUser(stack, 'admin');
    const user = await createUser(stack, 'basicuser');
    const outsider = await createUser(stack, 'admin', 'outsider-org');
    const listed = (await api(stack, admin, 'GET', `/users/${user.accountId}/sessions`)).body as UserSessionList;
    expect(listed.items).toHaveLength(1);
    const sessionId = listed.items[0]?.id ?? '';
    expect((await api(stack, outsider, 'GET', `/users/${user.accountId}/sessions`)).status).toBe(404);
    expect((await api(stack, outsider, 'DELETE', `/session/${sessionId}`)).status).toBe(404);
    expect((await api(stack, user, 'DELETE', `/session/${sessionId}`)).status).toBe(403);
    expect((await api(stack, admin, 'DELETE', `/session/${sessionId}`)).status).toBe(204);
    expect((await api(stack, user, 'GET', '/departments')).status).toBe(401);
  });
});

describe('the signed-in account', () => {
  it('me gives every field of the current user details, from the account record', async () => {
    const token = await signIn(stack, 'admin@demo.example');
    const admin = { token, customerId: DEMO_ORGANISATION.customerId, accountId: 'demo-account-admin' };
    const me = await api(stack, admin, 'GET', '/account/me');
    expect(me.status).toBe(200);
    const details = me.body as CurrentUserDetails;
    expect(details).toMatchObject({
      accountid: 'demo-account-admin', customerid: DEMO_ORGANISATION.customerId, role: 'admin',
      tenantname: DEMO_ORGANISATION.name, lang: 'en', uom: 'C', isowner: 1, hasDefaultLocAccess: true,
      locationids: [DEMO_ORGANISATION.location.id], enableAuditModule: false, enableIVR: false,
    });
    // The sign-in was recorded, in UTC `YYYY-MM-DD HH:mm:ss`.
    const last = parseUtcDateTime(details.lastlogindate ?? '');
    expect(last).not.toBeNull();
    expect(Math.abs(Date.now() - (last?.getTime() ?? 0))).toBeLessThan(60_000);
    await api(stack, admin, 'PUT', '/users/logout', {});
  });

  it("an invited user's first sign-in clears the invitation and marks the email verified", async () => {
    const user = await createUser(stack, 'basicuser', DEMO_ORGANISATION.customerId);
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: {
        ...accountKeyParams(stack.tableName, user.customerId, user.accountId).Key, type: 'USER',
        gsi2pk: accountEmailPartition(user.customerId, user.email), gsi2sk: 'USER',
        accountId: user.accountId, email: user.email, role: 'basicuser', inviteDate: '2026-11-01 10:00:00',
        isEmailVerified: false, isActive: false,
      },
    }));
    const fresh = await again(user);
    const stored = await documents.send(new GetCommand({ TableName: stack.tableName, Key: accountKeyParams(stack.tableName, user.customerId, user.accountId).Key }));
    expect(stored.Item).toMatchObject({ isEmailVerified: true, isActive: true });
    expect(stored.Item?.['inviteDate']).toBeUndefined();
    const found = await api(stack, fresh, 'GET', `/account/find/${encodeURIComponent(user.email)}`);
    expect(found.body).toMatchObject({ accountid: user.accountId, invitedate: null, isEmailVerified: true });
  });

  it('finds accounts by email: a user their own, an administrator any of the organisation', async () => {
    const user = await createUser(stack, 'basicuser');
    const admin = await createUser(stack, 'admin');
    expect((await api(stack, user, 'GET', '/account/find/admin%40demo.example')).status).toBe(403);
    const found = await api(stack, admin, 'GET', '/account/find/user%40demo.example');
    expect(found.body).toMatchObject({ accountid: 'demo-account-user', role: 'basicuser' });
    const outsider = await createUser(stack, 'admin', 'outsider-org');
    expect((await api(stack, outsider, 'GET', '/account/find/user%40demo.example')).status).toBe(404);
  });

  it('keeps modules hidden unless the account has them, and the last selected location', async () => {
    const user = await createUser(stack, 'basicuser');
    const saved = await api(stack, user, 'PUT', '/account/preferences', { module: { audit: { isVisible: true } } });
    expect(saved.body).toEqual({ module: { audit: { isVisible: false } }, feature: { ivr: { isVisible: false } } });
    const selection = { locationId: DEMO_ORGANISATION.location.id, siteId: DEMO_ORGANISATION.site.id };
    expect((await api(stack, user, 'PUT', '/users/portallastselectedlocation', selection)).body).toEqual(selection);
    expect((await api(stack, user, 'GET', '/users/portallastselectedlocation')).body).toEqual(selection);
  });

  it('gives the navbar the locations and sites the user may see', async () => {
    const token = await signIn(stack, 'user@demo.example');
    const user = { token, customerId: DEMO_ORGANISATION.customerId, accountId: 'demo-account-user' };
    const navbar = await api(stack, user, 'GET', '/locations/navbar');
    expect(navbar.body).toEqual({
      locations: [{
        id: DEMO_ORGANISATION.location.id, name: DEMO_ORGANISATION.location.name, displayName: DEMO_ORGANISATION.location.name,
        sites: [{ id: DEMO_ORGANISATION.site.id, name: DEMO_ORGANISATION.site.name }],
      }],
    });
    const stranger = await createUser(stack, 'basicuser');
    expect((await api(stack, stranger, 'GET', '/locations/navbar')).body).toEqual({ locations: [] });
    await api(stack, user, 'PUT', '/users/logout', {});
  });

  it('reads and updates identity attributes of the caller, never another organisation', async () => {
    const user = await createUser(stack, 'basicuser');
    const outsider = await createUser(stack, 'admin', 'outsider-org');
    const own = await api(stack, user, 'GET', `/cognito/getuser/${encodeURIComponent(user.email)}`);
    expect(own.body).toMatchObject({ UserStatus: 'CONFIRMED', Enabled: true });
    expect(JSON.stringify(own.body)).not.toMatch(/password/i);
    const update = await api(stack, user, 'PUT', `/cognito/${encodeURIComponent(user.email)}`, {
      name: user.email, UserAttributes: [{ Name: 'given_name', Value: 'Renamed' }],
    });
    expect(update.status).toBe(204);
    const after = await api(stack, user, 'GET', `/cognito/getuser/${encodeURIComponent(user.email)}`);
    expect((after.body as { UserAttributes: { Name: string; Value: string }[] }).UserAttributes)
      .toContainEqual({ Name: 'given_name', Value: 'Renamed' });
    // The role and the organisation are not attributes a caller may set.
    const escalate = await api(stack, user, 'PUT', `/cognito/${encodeURIComponent(user.email)}`, {
      UserAttributes: [{ Name: 'custom:role', Value: 'superadmin' }],
    });
    expect(escalate.status).toBe(400);
    expect((await api(stack, outsider, 'GET', `/cognito/getuser/${encodeURIComponent(user.email)}`)).status).toBe(404);
  });
});
