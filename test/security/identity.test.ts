/**
 * Issue 11, part 1 ("Identity: takeover and escalation"): the attacks on the identity of the
 * portal's users, run against the local stack. Each one must be refused with a clear message
 * and leave nothing changed; the legitimate paths next to them keep working.
 */
import { request as httpRequest } from 'node:http';
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { DEMO_ORGANISATION, DEMO_PASSWORD } from '../../local/demo';
import { identityClient, LOCAL_REGION } from '../../local/identity';
import { api, createUser, openSession, provisionAccount, readLatestCode, type TestUser } from '../support/identity';

const stack = inject('stack');
const OTHER_ORGANISATION = 'security-identity-other-org';
const ATTACKER_EMAIL = 'attacker@evil.example';

const encoded = (email: string) => encodeURIComponent(email);
const takeover = (email = ATTACKER_EMAIL) => ({
  name: email,
  UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
});

/** The identity service as the handlers reach it (signed with the local credentials). */
const admin = identityClient(stack.identityEndpoint, stack.credentials);
/** The identity service as a browser reaches it: through the portal's `/cognito`, with no credentials. */
const browser = new CognitoIdentityProviderClient({
  endpoint: `${stack.portalUrl}/cognito`,
  region: LOCAL_REGION,
  credentials: { accessKeyId: 'anonymous', secretAccessKey: 'anonymous' },
});

afterAll(() => {
  admin.destroy();
  browser.destroy();
});

async function identityAttributes(email: string): Promise<Record<string, string>> {
  const user = await admin.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
  return Object.fromEntries((user.UserAttributes ?? []).map(({ Name, Value }) => [Name ?? '', Value ?? '']));
}

/** Signs in through the portal's `/cognito`, as the web app does; the ID, access and refresh tokens. */
async function browserSignIn(email: string, password = DEMO_PASSWORD) {
  const result = await browser.send(new InitiateAuthCommand({
    AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.portalClientId, AuthParameters: { USERNAME: email, PASSWORD: password },
  }));
  const tokens = result.AuthenticationResult;
  if (tokens?.IdToken === undefined || tokens.AccessToken === undefined || tokens.RefreshToken === undefined) {
    throw new Error(`No tokens for ${email}: ${result.ChallengeName ?? 'no challenge'}`);
  }
  return { idToken: tokens.IdToken, accessToken: tokens.AccessToken, refreshToken: tokens.RefreshToken };
}

async function expectIdentityError(call: Promise<unknown>, name: string): Promise<Error> {
  const error = await call.then(() => undefined, (failure: unknown) => failure as Error);
  expect(error, `${name} expected, but the call succeeded`).toBeDefined();
  expect(error?.name, error?.message).toBe(name);
  return error as Error;
}

/** The newest message in the outbox to `to`, if any, since `since`. */
async function outboxTo(to: string, since: Date): Promise<{ body: string }[]> {
  const response = await fetch(`${stack.portalUrl}/outbox/messages.json`);
  const messages = (await response.json()) as { at: string; to: string; body: string }[];
  const from = Math.floor(since.getTime() / 1000) * 1000;
  return messages.filter((message) => Date.parse(message.at) >= from && message.to.toLowerCase().split(/,\s*/).includes(to.toLowerCase()));
}

describe('1. account takeover through the API', () => {
  let orgAdmin: TestUser;
  let helpdesk: TestUser;
  let superadmin: TestUser;
  let otherAdmin: TestUser;

  beforeAll(async () => {
    [orgAdmin, helpdesk, superadmin, otherAdmin] = [
      await createUser(stack, 'admin'),
      await createUser(stack, 'helpdesk'),
      await createUser(stack, 'superadmin'),
      await createUser(stack, 'admin', OTHER_ORGANISATION),
    ];
  });

  it('an admin cannot change a superadmin of their organisation (PUT cognito/{name}): refused, nothing changed', async () => {
    const before = await identityAttributes(superadmin.email);
    const answer = await api(stack, orgAdmin, 'PUT', `/cognito/${encoded(superadmin.email)}`, takeover());
    expect(answer).toEqual({ status: 403, body: { message: MESSAGES.accountOutranksYou } });
    expect(await identityAttributes(superadmin.email)).toEqual(before);
    const remove = await api(stack, orgAdmin, 'DELETE', `/cognito/attributes/${encoded(superadmin.email)}`, { UserAttributeNames: ['given_name'] });
    expect(remove).toEqual({ status: 403, body: { message: MESSAGES.accountOutranksYou } });
  });

  it('helpdesk cannot change a superadmin either', async () => {
    const before = await identityAttributes(superadmin.email);
    const answer = await api(stack, helpdesk, 'PUT', `/cognito/${encoded(superadmin.email)}`, takeover());
    expect(answer).toEqual({ status: 403, body: { message: MESSAGES.accountOutranksYou } });
    expect(await identityAttributes(superadmin.email)).toEqual(before);
  });

  it('helpdesk changing another organisation\'s admin\'s email: never verified by the request, the victim keeps the account', async () => {
    const since = new Date();
    const answer = await api(stack, helpdesk, 'PUT', `/cognito/${encoded(otherAdmin.email)}`, takeover());
    // The change waits for the code sent to the new address, which only the account's owner can verify.
    expect(answer).toEqual({ status: 202, body: { message: MESSAGES.emailChangePending } });
    const attributes = await identityAttributes(otherAdmin.email);
    expect(attributes).toMatchObject({ email: otherAdmin.email, email_verified: 'true', 'custom:role': 'admin' });
    // A forgotten-password code goes to the victim's own address, never to the attacker's.
    const resetSince = new Date();
    await browser.send(new ForgotPasswordCommand({ ClientId: stack.portalClientId, Username: otherAdmin.email }));
    expect(await readLatestCode(stack, otherAdmin.email, 'email', resetSince)).toMatch(/^\d{6}$/);
    await browser.send(new ForgotPasswordCommand({ ClientId: stack.portalClientId, Username: ATTACKER_EMAIL }));
    const toAttacker = await outboxTo(ATTACKER_EMAIL, since);
    expect(toAttacker.every((message) => !/reset|password/i.test(message.body))).toBe(true);
    // The attacker cannot sign in with the address: it is not the account's.
    await expectIdentityError(browserSignIn(ATTACKER_EMAIL), 'NotAuthorizedException');
    expect(decodeJwt((await browserSignIn(otherAdmin.email)).idToken).email).toBe(otherAdmin.email);
  });

  it('email_verified is never passed on, not even on one\'s own record', async () => {
    const user = await createUser(stack, 'basicuser');
    await admin.send(new AdminUpdateUserAttributesCommand({
      UserPoolId: stack.userPoolId, Username: user.email,
      UserAttributes: [{ Name: 'email', Value: user.email }, { Name: 'email_verified', Value: 'false' }],
    }));
    const answer = await api(stack, user, 'PUT', `/cognito/${encoded(user.email)}`, takeover(user.email));
    expect(answer.status).toBe(204);
    expect((await identityAttributes(user.email))['email_verified']).toBe('false');
  });

  it('an admin cannot edit a superadmin\'s account, see or end their sessions', async () => {
    const sessionId = await openSession(stack, superadmin.token);
    const profile = await api(stack, orgAdmin, 'PUT', `/users/account/${encoded(superadmin.email)}`, { firstname: 'Owned', isactive: 0 });
    expect(profile).toEqual({ status: 403, body: { message: MESSAGES.accountOutranksYou } });
    const sessions = await api(stack, orgAdmin, 'GET', `/users/${superadmin.accountId}/sessions`);
    expect(sessions).toEqual({ status: 403, body: { message: MESSAGES.accountOutranksYou } });
    const end = await api(stack, orgAdmin, 'DELETE', `/session/${sessionId}`);
    expect(end).toEqual({ status: 403, body: { message: MESSAGES.accountOutranksYou } });
    // Nothing lost: the superadmin's session and profile are as they were.
    const own = await api(stack, superadmin, 'GET', '/users/sessions');
    expect((own.body as { items: { id: string }[] }).items.map((item) => item.id)).toContain(sessionId);
    const me = await api(stack, superadmin, 'GET', '/account/me');
    expect(me.body).toMatchObject({ firstname: '', isactive: true });
    // Helpdesk is outranked by the superadmin too.
    const byHelpdesk = await api(stack, helpdesk, 'DELETE', `/session/${sessionId}`, undefined, { customerid: superadmin.customerId });
    expect(byHelpdesk).toEqual({ status: 403, body: { message: MESSAGES.accountOutranksYou } });
  });

  it('an admin still manages the basic users of the organisation (the rule refuses only outranking accounts)', async () => {
    const user = await createUser(stack, 'basicuser');
    const sessionId = await openSession(stack, user.token);
    expect((await api(stack, orgAdmin, 'GET', `/users/${user.accountId}/sessions`)).status).toBe(200);
    expect((await api(stack, orgAdmin, 'PUT', `/cognito/${encoded(user.email)}`, { UserAttributes: [{ Name: 'given_name', Value: 'Renamed' }] })).status).toBe(204);
    expect((await api(stack, orgAdmin, 'DELETE', `/session/${sessionId}`)).status).toBe(204);
  });
});

describe('2. self-verification', () => {
  it('a user\'s own isactive and isEmailVerified are not taken from the body', async () => {
    const user = await createUser(stack, 'basicuser');
    await provisionAccount(stack, { ...user, isActive: false, isEmailVerified: false });
    await admin.send(new AdminUpdateUserAttributesCommand({
      UserPoolId: stack.userPoolId, Username: user.email,
      UserAttributes: [{ Name: 'email', Value: user.email }, { Name: 'email_verified', Value: 'false' }],
    }));
    const answer = await api(stack, user, 'PUT', `/users/account/${encoded(user.email)}`, { isactive: 1, isEmailVerified: 1 });
    expect(answer.status).toBe(200);
    const me = await api(stack, user, 'GET', '/account/me');
    expect(me.body).toMatchObject({ isactive: false, isEmailVerified: false });
  });

  it('the first-login call shape still works: the account is marked verified when the identity is', async () => {
    const user = await createUser(stack, 'basicuser');
    await provisionAccount(stack, { ...user, isEmailVerified: false, inviteDate: '2026-01-01 00:00:00' });
    expect((await api(stack, user, 'PUT', `/cognito/${encoded(user.email)}`, takeover(user.email))).status).toBe(204);
    expect((await api(stack, user, 'PUT', `/users/account/${encoded(user.email)}`, { isactive: 1, isEmailVerified: 1 })).status).toBe(200);
    expect((await api(stack, user, 'GET', '/account/me')).body).toMatchObject({ isEmailVerified: true });
  });

  it('another user\'s email is refused, on the profile and on the identity, with the catalogue\'s message', async () => {
    const [user, other] = [await createUser(stack, 'basicuser'), await createUser(stack, 'basicuser')];
    const profile = await api(stack, user, 'PUT', `/users/account/${encoded(user.email)}`, { email: other.email });
    expect(profile).toEqual({ status: 409, body: { message: MESSAGES.emailAlreadyRegistered } });
    const identity = await api(stack, user, 'PUT', `/cognito/${encoded(user.email)}`, takeover(other.email));
    expect(identity).toEqual({ status: 409, body: { message: MESSAGES.emailAlreadyRegistered } });
    // Someone in another organisation holds it: the same answer.
    const outsider = await createUser(stack, 'basicuser', OTHER_ORGANISATION);
    expect(await api(stack, user, 'PUT', `/cognito/${encoded(user.email)}`, takeover(outsider.email)))
      .toEqual({ status: 409, body: { message: MESSAGES.emailAlreadyRegistered } });
    expect((await identityAttributes(user.email))['email']).toBe(user.email);
    expect((await api(stack, user, 'GET', '/account/me')).body).toMatchObject({ email: user.email });
  });

  it('an unverified new email is not taken by the profile; once verified it is', async () => {
    const user = await createUser(stack, 'basicuser');
    const newEmail = `renamed-${user.accountId.slice(-8)}@test.example`;
    expect(await api(stack, user, 'PUT', `/users/account/${encoded(user.email)}`, { email: newEmail }))
      .toEqual({ status: 400, body: { message: MESSAGES.emailNotVerified, details: { email: MESSAGES.emailNotVerified } } });
    const since = new Date();
    expect(await api(stack, user, 'PUT', `/cognito/${encoded(user.email)}`, { UserAttributes: [{ Name: 'email', Value: newEmail }] }))
      .toEqual({ status: 202, body: { message: MESSAGES.emailChangePending } });
    expect(await api(stack, user, 'PUT', `/users/account/${encoded(user.email)}`, { email: newEmail }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.emailNotVerified } });
    // The owner verifies the code sent to the new address, with their own access token.
    const { accessToken } = await browserSignIn(user.email);
    const code = await readLatestCode(stack, newEmail, 'email', since);
    await browser.send(new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }));
    const moved = await api(stack, user, 'PUT', `/users/account/${encoded(user.email)}`, { email: newEmail });
    expect(moved).toEqual({ status: 200, body: { accountId: user.accountId, email: newEmail } });
    expect((await api(stack, user, 'GET', '/account/me')).body).toMatchObject({ email: newEmail });
    expect(decodeJwt((await browserSignIn(newEmail)).idToken).email).toBe(newEmail);
  });
});

describe('3. self-escalation through the identity service', () => {
  it('a basic user cannot give themself a role or another organisation with their own access token', async () => {
    const user = await createUser(stack, 'basicuser');
    const tokens = await browserSignIn(user.email);
    for (const attribute of [
      { Name: 'custom:role', Value: 'admin' },
      { Name: 'custom:customerid', Value: OTHER_ORGANISATION },
      { Name: 'custom:accountinfoid', Value: 'someone-else' },
      { Name: 'custom:isPortalLogin', Value: 'true' },
      { Name: 'email_verified', Value: 'true' },
    ]) {
      const error = await expectIdentityError(
        browser.send(new UpdateUserAttributesCommand({ AccessToken: tokens.accessToken, UserAttributes: [attribute] })),
        'NotAuthorizedException',
      );
      expect(error.message).toBe('A client attempted to write unauthorized attribute');
    }
    const refreshed = await browser.send(new GetTokensFromRefreshTokenCommand({ ClientId: stack.portalClientId, RefreshToken: tokens.refreshToken }));
    expect(decodeJwt(refreshed.AuthenticationResult?.IdToken ?? '')).toMatchObject({
      'custom:role': 'basicuser', 'custom:customerid': DEMO_ORGANISATION.customerId, 'custom:accountinfoid': user.accountId,
    });
    // And the API still sees a basic user of their own organisation.
    const token = refreshed.AuthenticationResult?.IdToken ?? '';
    const asOther = await api(stack, { token, customerId: OTHER_ORGANISATION, accountId: user.accountId }, 'GET', '/users');
    expect([401, 403]).toContain(asOther.status);
  });
});

describe('3b. self-escalation at sign-up', () => {
  it('SignUp at the identity service (unsigned, as Cognito\'s) cannot set a role, an organisation or an account: refused, no identity made', async () => {
    const anyone = new CognitoIdentityProviderClient({
      endpoint: stack.identityEndpoint, region: LOCAL_REGION, credentials: { accessKeyId: 'anonymous', secretAccessKey: 'anonymous' },
    });
    onTestFinished(() => anyone.destroy());
    for (const attribute of [
      { Name: 'custom:role', Value: 'superadmin' },
      { Name: 'custom:customerid', Value: DEMO_ORGANISATION.customerId },
      { Name: 'custom:accountinfoid', Value: 'someone-else' },
      { Name: 'custom:isPortalLogin', Value: 'true' },
    ]) {
      const email = `signup-${Math.random().toString(36).slice(2, 10)}@evil.example`;
      const error = await expectIdentityError(anyone.send(new SignUpCommand({
        ClientId: stack.portalClientId, Username: email, Password: DEMO_PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }, attribute],
      })), 'NotAuthorizedException');
      expect(error.message).toBe('A client attempted to write unauthorized attribute');
      await expectIdentityError(admin.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email })), 'UserNotFoundException');
    }
  });
});

describe('4. admin operations need the local credentials', () => {
  it('the portal\'s /cognito refuses admin operations and ListUsers, whatever the credentials', async () => {
    const victim = await createUser(stack, 'basicuser');
    const error = await expectIdentityError(browser.send(new AdminUpdateUserAttributesCommand({
      UserPoolId: stack.userPoolId, Username: victim.email, UserAttributes: [{ Name: 'custom:role', Value: 'superadmin' }],
    })), 'AccessDeniedException');
    expect(error.message).toMatch(/admin operation/);
    await expectIdentityError(browser.send(new ListUsersCommand({ UserPoolId: stack.userPoolId })), 'AccessDeniedException');
    expect((await identityAttributes(victim.email))['custom:role']).toBe('basicuser');
  });

  it('the identity service itself refuses admin operations without a signature of the local credentials', async () => {
    const unsigned = await fetch(stack.identityEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers' },
      body: JSON.stringify({ UserPoolId: stack.userPoolId }),
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' });
    const guessed = new CognitoIdentityProviderClient({
      endpoint: stack.identityEndpoint, region: LOCAL_REGION, credentials: { accessKeyId: stack.credentials.accessKeyId, secretAccessKey: 'guess' },
    });
    try {
      await expectIdentityError(guessed.send(new ListUsersCommand({ UserPoolId: stack.userPoolId })), 'InvalidSignatureException');
    } finally {
      guessed.destroy();
    }
  });

  it('the clock control is not served through the portal', async () => {
    const response = await fetch(`${stack.portalUrl}/cognito/_local/clock?advanceMs=86400000`, { method: 'POST' });
    expect(response.status).toBe(404);
  });

  it('the outbox answers loopback host names only (no DNS rebinding)', async () => {
    const url = new URL(`${stack.portalUrl}/outbox/messages.json`);
    for (const host of ['attacker.example', `attacker.example:${url.port}`]) {
      const status = await new Promise<number>((resolve, reject) => {
        const call = httpRequest(url, { headers: { host } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        call.on('error', reject);
        call.end();
      });
      expect(status).toBe(403);
    }
    expect((await fetch(url)).status).toBe(200);
  });
});
