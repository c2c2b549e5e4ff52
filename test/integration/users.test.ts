import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { User } from '@domain/identity/user';
import { DEMO_ORGANISATION, DEMO_PASSWORD } from '../../local/demo';
import { identityClient, LOCAL_REGION } from '../../local/identity';
import { acceptInvitation, api, createUser, provisionAccount, readLatestCode, signIn, type TestUser } from '../support/identity';
import { accountListKeys, entityHistoryPartition } from '../../lambdas/data';

const stack = inject('stack');
const SITE = DEMO_ORGANISATION.site.id;
const NEW_PASSWORD = 'Fresh#2026pass';

const newEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@test.example`;
const userBody = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Iris', lastName: 'Invited', email, role: 'basicuser', siteIds: [SITE], ...extra,
});


async function signInFails(email: string, password: string): Promise<string> {
  const client = identityClient(stack.identityEndpoint, stack.credentials);
  try {
    await client.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.portalClientId, AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
    return 'signed in';
  } catch (error) {
    return (error as Error).message;
  } finally {
    client.destroy();
  }
}

describe('/api/users through the local gateway', () => {
  let admin: TestUser;
  let helpdesk: TestUser;
  let outsider: TestUser;
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
    endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
  }));

  beforeAll(async () => {
    admin = await createUser(stack, 'admin');
    helpdesk = await createUser(stack, 'helpdesk');
    outsider = await createUser(stack, 'admin', `users-outsider-${randomUUID().slice(0, 6)}`);
  });
  afterAll(() => documents.destroy());

  const history = async (id: string) => (await documents.send(new QueryCommand({
    TableName: stack.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': entityHistoryPartition(DEMO_ORGANISATION.customerId, 'USER', id) },
  }))).Items ?? [];

  const allUsers = async (as: TestUser, query = '') => {
    const users: User[] = [];
    let cursor: string | undefined;
    do {
      const page = await api(stack, as, 'GET', `/users?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      const body = page.body as { items: User[]; nextCursor?: string };
      users.push(...body.items);
      cursor = body.nextCursor;
    } while (cursor !== undefined);
    return users;
  };

  it('invites a user: the identity emails a temporary password, the invitation is pending until the first sign-in', async () => {
    const email = newEmail('invitee');
    const since = new Date();
    const invited = await api(stack, admin, 'POST', '/users/invite', {
      email: email.toUpperCase(), firstName: 'Ivy', lastName: 'Invitee', role: 'basicuser', siteIds: [SITE], isHaccpAvailable: true,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const user = invited.body as User;
    expect(user).toMatchObject({ email, role: 'basicuser', roleid: 2, isHaccpAvailable: true, isactive: true, isEmailVerified: false, customerGroupId: DEMO_ORGANISATION.customerGroupId });
    expect(user.invitedate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(invited.body)).not.toMatch(/password/i);

    const pending = await api(stack, admin, 'GET', '/users/invitations?limit=100');
    await expect.poll(async () => ((await api(stack, admin, 'GET', '/users/invitations?limit=100')).body as { items: User[] }).items.map((entry) => entry.email)).toContain(email);
    expect(pending.status).toBe(200);
    // Accounts whose invitation was accepted (the demo users, stored with a null date) are not pending.
    expect((pending.body as { items: User[] }).items.map((entry) => entry.email)).not.toContain('user@demo.example');

    const temporaryPassword = await readLatestCode(stack, email, 'email', since);
    const token = await acceptInvitation(stack, email, temporaryPassword, NEW_PASSWORD);
    const accepted = await api(stack, admin, 'GET', `/users/${user.id}`);
    expect(accepted.body).toMatchObject({ invitedate: null, isEmailVerified: true, isactive: true });
    // The new user's token carries what the invitation gave.
    const me = await api(stack, { token, customerId: DEMO_ORGANISATION.customerId, accountId: user.id }, 'GET', '/account/me');
    expect(me.body).toMatchObject({ accountid: user.id, role: 'basicuser', isHaccapAvailable: true, customerid: DEMO_ORGANISATION.customerId });
    expect(await history(user.id)).not.toHaveLength(0);
  });

  it('refuses an email already invited, already registered here, or registered by another client (SPEC section 8)', async () => {
    const email = newEmail('twice');
    expect((await api(stack, admin, 'POST', '/users', userBody(email))).status).toBe(201);
    expect(await api(stack, admin, 'POST', '/users/invite', userBody(email))).toEqual({ status: 409, body: { message: MESSAGES.userAlreadyInvited } });
    expect(await api(stack, admin, 'POST', '/users', userBody(admin.email))).toEqual({ status: 409, body: { message: MESSAGES.emailAlreadyRegistered } });
    expect(await api(stack, outsider, 'POST', '/users', userBody(email))).toEqual({ status: 409, body: { message: MESSAGES.userRegisteredByAnotherClient } });
  });

  it('lets only one of two concurrent invitations of one email through', async () => {
    const email = newEmail('race');
    const results = await Promise.all([1, 2, 3].map(() => api(stack, admin, 'POST', '/users', userBody(email))));
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409]);
    const users = await allUsers(admin);
    expect(users.filter((user) => user.email === email)).toHaveLength(1);
  });

  it('checks the rules of SPEC section 5 on the server, whatever the client says', async () => {
    const email = newEmail('rules');
    const claimsVerified = await api(stack, admin, 'POST', '/users', userBody(email, { phone: '+15551230000', phoneVerified: true, mfaEnabled: true }));
    expect(claimsVerified).toMatchObject({ status: 400, body: { message: MESSAGES.mfaNeedsVerifiedPhone } });
    expect((await api(stack, admin, 'POST', '/users', userBody(email, { siteIds: [] }))).body).toMatchObject({ message: MESSAGES.siteSelectionRequired });
    expect((await api(stack, admin, 'POST', '/users', userBody(email, { phone: '5551230000' }))).body).toMatchObject({ message: MESSAGES.phoneInvalid });
    expect((await api(stack, admin, 'POST', '/users', userBody(email, { enablePager: true, pagerType: 'email', pagerNumber: 'pager@x.example' }))).body)
      .toMatchObject({ message: MESSAGES.pagerEmailInvalid });
    expect((await api(stack, admin, 'POST', '/users', userBody(email, { role: 'superadmin' }))).status).toBe(400);
    expect(await api(stack, admin, 'POST', '/users', userBody(email, { role: 'helpdesk' })))
      .toEqual({ status: 400, body: { message: MESSAGES.roleNotAssignable, details: { role: MESSAGES.roleNotAssignable } } });
    // Nothing was written by the refusals.
    expect((await api(stack, admin, 'POST', '/users', userBody(email))).status).toBe(201);
  });

  it('forces a helpdesk user\'s access flags', async () => {
    const created = await api(stack, helpdesk, 'POST', '/users', userBody(newEmail('support'), {
      role: 'helpdesk', isPortalLogin: false, isHaccpAvailable: true, isMobileLogin: true, isLocationAdmin: true, notificationsEnabled: true,
    }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ role: 'helpdesk', isPortalLogin: true, isHaccpAvailable: false, isMobileLogin: false, isLocationAdmin: false, notificationsEnabled: false });
  });

  it('never lists superadmin accounts, even one written with the list keys', async () => {
    const accountId = `superadmin-${randomUUID()}`;
    await provisionAccount(stack, {
      email: newEmail('root'), role: 'superadmin', customerId: DEMO_ORGANISATION.customerId, accountId,
      gsi1pk: accountListKeys(DEMO_ORGANISATION.customerId, { accountId, email: 'root' }).gsi1pk, gsi1sk: `NAME#a#${accountId}`,
    });
    const users = await allUsers(admin);
    expect(users.length).toBeGreaterThan(0);
    expect(users.map((user) => user.role)).not.toContain('superadmin');
    expect(users.map((user) => user.id)).not.toContain(accountId);
    expect((await api(stack, admin, 'GET', `/users/${accountId}`)).status).toBe(404);
    const accounts = (await api(stack, admin, 'GET', '/accounts')).body as { items: { accountId: string }[] };
    expect(accounts.items.map((account) => account.accountId)).not.toContain(accountId);
  });

  it('disables a user: no sign-in, and the tokens they hold stop working; enabling lets them back', async () => {
    const email = newEmail('disable');
    const since = new Date();
    const user = (await api(stack, admin, 'POST', '/users', userBody(email))).body as User;
    const token = await acceptInvitation(stack, email, await readLatestCode(stack, email, 'email', since), NEW_PASSWORD);
    const asUser = { token, customerId: DEMO_ORGANISATION.customerId, accountId: user.id };
    expect((await api(stack, asUser, 'GET', '/users/portallastselectedlocation')).status).toBe(200);

    const disabled = await api(stack, admin, 'PUT', `/users/${user.id}/status`, { isactive: false });
    expect(disabled.body).toMatchObject({ isactive: false });
    expect(await signInFails(email, NEW_PASSWORD)).toBe('User is disabled.');
    expect((await api(stack, asUser, 'GET', '/users/portallastselectedlocation')).status).toBe(401);

    expect((await api(stack, admin, 'PUT', `/users/${user.id}/status`, { isactive: true })).body).toMatchObject({ isactive: true });
    expect(await signIn(stack, email, NEW_PASSWORD)).toBeTruthy();
    // Nobody disables or deletes their own account.
    expect((await api(stack, admin, 'PUT', `/users/${admin.accountId}/status`, { isactive: false })).body).toMatchObject({ message: MESSAGES.notOnOwnAccount });
  });

  it('verifies a phone by a texted code, then MFA can be turned on, and off only by support', async () => {
    const user = (await api(stack, admin, 'POST', '/users', userBody(newEmail('phone')))).body as User;
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const noPhone = await api(stack, admin, 'POST', '/users/sendOTP', { userId: user.id, channel: 'phone' });
    expect(noPhone.body).toMatchObject({ message: MESSAGES.verifyNoPhone });
    const saved = await api(stack, admin, 'PUT', `/users/${user.id}`, { ...userBody(user.email), phone });
    expect(saved.body).toMatchObject({ phone, phoneVerified: false, version: 2 });
    expect((await api(stack, admin, 'PUT', `/users/${user.id}/mfa`, { enabled: true })).body).toMatchObject({ message: MESSAGES.mfaNeedsVerifiedPhone });

    const since = new Date();
    const sent = await api(stack, admin, 'POST', '/users/sendOTP', { userId: user.id, channel: 'phone' });
    expect(sent.status).toBe(200);
    expect((sent.body as { destination: string }).destination).toMatch(/^\+1\*+\d{4}$/);
    const code = await readLatestCode(stack, phone, 'sms', since);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await api(stack, admin, 'POST', '/users/verifyOTP', { userId: user.id, channel: 'phone', code: wrong }))
      .toEqual({ status: 400, body: { message: MESSAGES.codeMismatch, details: { attemptsLeft: '2' } } });
    const verified = await api(stack, admin, 'POST', '/users/verifyOTP', { userId: user.id, channel: 'phone', code });
    expect(verified.body).toMatchObject({ phoneVerified: true });
    // Used once.
    expect((await api(stack, admin, 'POST', '/users/verifyOTP', { userId: user.id, channel: 'phone', code })).body).toMatchObject({ message: MESSAGES.codeMismatch });

    expect((await api(stack, admin, 'PUT', `/users/${user.id}/mfa`, { enabled: true })).body).toMatchObject({ mfaEnabled: true });
    const identity = await api(stack, admin, 'GET', `/cognito/getuser/${encodeURIComponent(user.email)}`);
    expect((identity.body as { UserAttributes: { Name: string; Value: string }[] }).UserAttributes)
      .toEqual(expect.arrayContaining([{ Name: 'phone_number', Value: phone }, { Name: 'phone_number_verified', Value: 'true' }]));
    expect((await api(stack, admin, 'PUT', `/users/${user.id}/mfa`, { enabled: false })).body).toMatchObject({ message: MESSAGES.mfaOffSupportOnly });
    expect((await api(stack, admin, 'PUT', `/users/${user.id}`, { ...userBody(user.email), phone, mfaEnabled: false })).body)
      .toMatchObject({ message: MESSAGES.mfaOffSupportOnly });
    expect((await api(stack, helpdesk, 'PUT', `/users/${user.id}/mfa`, { enabled: false })).body).toMatchObject({ mfaEnabled: false });

    // A new number must be verified again.
    const changed = await api(stack, admin, 'PUT', `/users/${user.id}`, { ...userBody(user.email), phone: '+15550000000' });
    expect(changed.body).toMatchObject({ phoneVerified: false });
  });

  it('ends a code after three wrong tries', async () => {
    const phone = `+1444${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const user = (await api(stack, admin, 'POST', '/users', userBody(newEmail('tries'), { phone }))).body as User;
    const since = new Date();
    await api(stack, admin, 'POST', '/users/sendOTP', { userId: user.id, channel: 'phone' });
    const code = await readLatestCode(stack, phone, 'sms', since);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { userId: user.id, channel: 'phone', code: wrong };
    expect((await api(stack, admin, 'POST', '/users/verifyOTP', body)).body).toMatchObject({ details: { attemptsLeft: '2' } });
    expect((await api(stack, admin, 'POST', '/users/verifyOTP', body)).body).toMatchObject({ details: { attemptsLeft: '1' } });
    expect((await api(stack, admin, 'POST', '/users/verifyOTP', body)).body).toEqual({ message: MESSAGES.mfaAttemptsExceeded });
    expect((await api(stack, admin, 'POST', '/users/verifyOTP', { ...body, code })).body).toMatchObject({ message: MESSAGES.codeMismatch });
  });

  it('sends a code again only after 30 s (SPEC section 9: resend cooldown)', async () => {
    const phone = `+1333${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const user = (await api(stack, admin, 'POST', '/users', userBody(newEmail('cooldown'), { phone }))).body as User;
    expect((await api(stack, admin, 'POST', '/users/sendOTP', { userId: user.id, channel: 'phone' })).status).toBe(200);
    expect(await api(stack, admin, 'POST', '/users/sendOTP', { userId: user.id, channel: 'phone' }))
      .toEqual({ status: 400, body: { message: MESSAGES.resendLimitReached } });
  });

  it('verifies a pager email by an emailed code', async () => {
    const pager = `${Date.now()}@pager.example`;
    const user = (await api(stack, admin, 'POST', '/users', userBody(newEmail('pager'), { enablePager: true, pagerType: 'email', pagerNumber: pager }))).body as User;
    const since = new Date();
    expect((await api(stack, admin, 'POST', '/users/sendOTP', { userId: user.id, channel: 'pager' })).status).toBe(200);
    const code = await readLatestCode(stack, pager, 'email', since);
    expect((await api(stack, admin, 'POST', '/users/verifyOTP', { userId: user.id, channel: 'pager', code })).body).toMatchObject({ pagerVerified: true });
  });

  it('deletes a user: record, identity and sessions; the email can be invited again', async () => {
    const email = newEmail('delete');
    const since = new Date();
    const user = (await api(stack, admin, 'POST', '/users', userBody(email))).body as User;
    const token = await acceptInvitation(stack, email, await readLatestCode(stack, email, 'email', since), NEW_PASSWORD);
    expect((await api(stack, admin, 'DELETE', `/users/${user.id}`)).status).toBe(204);
    expect((await api(stack, admin, 'GET', `/users/${user.id}`)).status).toBe(404);
    expect((await api(stack, { token, customerId: DEMO_ORGANISATION.customerId, accountId: user.id }, 'GET', '/users/portallastselectedlocation')).status).toBe(401);
    expect(await signInFails(email, NEW_PASSWORD)).not.toBe('signed in');
    expect((await api(stack, admin, 'POST', '/users', userBody(email))).status).toBe(201);
    expect((await history(user.id)).map((entry) => entry['action'])).toEqual(expect.arrayContaining(['create', 'delete']));
  });

  it('refuses a change made on a stale version', async () => {
    const user = (await api(stack, admin, 'POST', '/users', userBody(newEmail('stale')))).body as User;
    const results = await Promise.all(['A', 'B', 'C'].map((name) => api(stack, admin, 'PUT', `/users/${user.id}`, { ...userBody(user.email), firstName: name })));
    const statuses = results.map((result) => result.status);
    expect(statuses).toContain(200);
    for (const result of results.filter((entry) => entry.status !== 200)) {
      expect(result).toEqual({ status: 409, body: { message: MESSAGES.concurrentChange } });
    }
    const final = (await api(stack, admin, 'GET', `/users/${user.id}`)).body as User;
    expect(final.version).toBe(1 + statuses.filter((status) => status === 200).length);
  });

  it('lists with fetchSharedLocs the locations another organisation shared with the user, once accepted', async () => {
    const owner = await createUser(stack, 'admin', outsider.customerId);
    await provisionAccount(stack, { email: owner.email, role: 'admin', customerId: owner.customerId, accountId: owner.accountId, hasDefaultLocAccess: true, isOwner: true });
    const location = (await api(stack, owner, 'POST', '/locations', {
      name: `Partner depot ${randomUUID().slice(0, 6)}`, address: '5 Harbour Road', city: 'Bristol', state: 'Somerset', country: 'United Kingdom', postalCode: 'BS1 5TY',
    })).body as { id: string };
    const invitee = await createUser(stack, 'basicuser');
    const sharedIds = async () => ((await api(stack, admin, 'GET', `/users/${invitee.accountId}?fetchSharedLocs=true`)).body as { sharedLocationIds: string[] }).sharedLocationIds;
    expect((await api(stack, owner, 'POST', `/locations/${location.id}/shares`, { email: invitee.email })).status).toBe(201);
    // Pending acceptance: it counts nowhere.
    expect(await sharedIds()).toEqual([]);
    expect((await api(stack, invitee, 'PUT', `/locations/shared/${location.id}`, { accept: true })).status).toBe(200);
    await expect.poll(sharedIds).toEqual([location.id]);
    // Without the flag the user comes alone.
    expect((await api(stack, admin, 'GET', `/users/${invitee.accountId}`)).body).not.toHaveProperty('sharedLocationIds');
  });

  it('answers the other user calls of SPEC section 7', async () => {
    expect((await api(stack, admin, 'GET', '/roles/userroles')).body).toEqual({ items: [{ roleid: 1, role: 'admin' }, { roleid: 2, role: 'basicuser' }] });
    expect((await api(stack, admin, 'GET', '/account/customergroups')).body)
      .toEqual({ items: [{ id: DEMO_ORGANISATION.customerGroupId, name: DEMO_ORGANISATION.name }] });
    const byLocations = (await api(stack, admin, 'GET', '/accounts/bylocations')).body as { items: { locationId: string; accounts: { email: string }[] }[] };
    expect(byLocations.items.find((entry) => entry.locationId === DEMO_ORGANISATION.location.id)?.accounts.map((account) => account.email)).toContain('admin@demo.example');
    const unverified = await api(stack, admin, 'GET', '/users/listwithunverifiedemail?limit=100');
    expect((unverified.body as { items: User[] }).items.every((user) => !user.isEmailVerified)).toBe(true);
    const detail = await api(stack, admin, 'GET', '/users/demo-account-user?fetchSharedLocs=true');
    expect(detail.body).toMatchObject({ email: 'user@demo.example', sharedLocationIds: [] });
    // Another organisation's user is not there for an outsider.
    expect((await api(stack, outsider, 'GET', '/users/demo-account-user')).status).toBe(404);
    expect(DEMO_PASSWORD).toBeTruthy();
  });
});
