import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatUtcDateTime } from '@domain/identity/account';
import { DEMO_ORGANISATION, DEMO_PASSWORD } from '../../local/demo';
import { accountEmailPartition } from '../../lambdas/accounts/store';
import { identityClient, LOCAL_REGION } from '../../local/identity';
import { launchBrowser } from '../support/browser';
import { api, createUser, enableSmsMfa, provisionAccount, readLatestCode, signIn as signInApi, type TestUser } from '../support/identity';

const stack = inject('stack');

const NEW_PASSWORD = 'Fresh#2026pass';
/** The SSO client id the local stack maps to its stand-in identity provider (local/stack.ts). */
const SSO_CLIENT_ID = 'demo-foods';

/** The toasts and texts of SPEC sections 4 and 8, as the user reads them. */
const TEXT = {
  invalidCredentials: 'Username/Password is Invalid. Please Try Again.',
  passwordChanged: 'Password Changed Successfully!',
  passwordResetDone: 'Password reset successfully. Please log in.',
  attemptsLeft: (count: number) => `Verification Code is Invalid. You have ${count} attempt(s) remaining. Please Try Again.`,
  attemptsExceeded: 'You have exceeded the maximum attempts allowed for retrial. Please Try Again.',
  sessionLimit: 'Session limit reached. End a session, or all sessions, to continue.',
  dormant: "You haven't logged in for more then 60 days. You need to reset your password. Verification code has been sent to your email.",
};
const DAY = 24 * 60 * 60 * 1000;

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/^Username/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A session opened elsewhere (another device), through the identity service and the API. */
async function openSessionElsewhere(user: TestUser, deviceName: string): Promise<void> {
  const token = await signInApi(stack, user.email, DEMO_PASSWORD, { openSession: false });
  const result = await api(stack, { ...user, token }, 'PUT', '/users/login', {
    deviceName, deviceModel: 'Tablet', osVersion: 'Android 15', platformName: 'browser', deviceId: deviceName, appVersion: '2.3.2',
  });
  expect(result.status).toBe(201);
}

async function typeCode(page: Page, code: string): Promise<void> {
  // Typed key by key, as a person does: the sixth digit submits.
  await page.getByLabel(/^Verification Code/).pressSequentially(code);
}

/** The account record of an email in the demo organisation (gsi2, as the API finds it). */
async function readAccount(email: string): Promise<Record<string, unknown> | undefined> {
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
    endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
  }));
  try {
    const result = await documents.send(new QueryCommand({
      TableName: stack.tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': accountEmailPartition(DEMO_ORGANISATION.customerId, email) },
    }));
    return result.Items?.[0];
  } finally {
    documents.destroy();
  }
}

/**
 * An invited user: created by an administrator with a temporary password, never signed in.
 * As the product's invitation makes it (lambdas/users/identity.ts): the email is verified
 * (the temporary password is sent to it); the browser's first-login call cannot verify it.
 */
async function inviteUser(): Promise<string> {
  const email = `invited-${randomUUID().slice(0, 8)}@test.example`;
  const accountId = `account-${randomUUID()}`;
  const client = identityClient(stack.identityEndpoint, stack.credentials);
  try {
    await client.send(new AdminCreateUserCommand({
      UserPoolId: stack.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: DEMO_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:role', Value: 'basicuser' },
        { Name: 'custom:customerid', Value: DEMO_ORGANISATION.customerId },
        { Name: 'custom:accountinfoid', Value: accountId },
        { Name: 'custom:isPortalLogin', Value: 'true' },
      ],
    }));
  } finally {
    client.destroy();
  }
  await provisionAccount(stack, {
    email, role: 'basicuser', customerId: DEMO_ORGANISATION.customerId, accountId,
    isEmailVerified: false, isActive: false, inviteDate: '2026-01-05 09:00:00',
  });
  return email;
}

/** A user with SMS MFA on, and the phone number its codes go to. */
async function mfaUser(): Promise<{ email: string; phone: string }> {
  const { email } = await createUser(stack, 'basicuser');
  const phone = `+1555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  await enableSmsMfa(stack, email, phone);
  return { email, phone };
}

describe('sign-in in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function loginPage(path = '/login'): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${stack.portalUrl}${path}`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    return page;
  }

  it('refuses a wrong password with the spec message under where the top bar goes, stays on the login page; the toast leaves with the sign-in', async () => {
    // A user of its own: the session this sign-in opens is no other test's.
    const user = await createUser(stack, 'admin');
    const page = await loginPage();
    await fillLogin(page, user.email, 'Wrong#2026pass');
    const refused = page.getByText(TEXT.invalidCredentials);
    await refused.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Polled: the toast slides in, so its first box can be mid-way.
    await expect.poll(async () => (await refused.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(64);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    await fillLogin(page, user.email, DEMO_PASSWORD);
    await page.waitForURL('**/app/dashboard');
    await expect.poll(() => refused.count()).toBe(0);
    await page.close();
  });

  it('takes an invited user through the first-login new password, then signs in with it', async () => {
    const email = await inviteUser();
    const page = await loginPage();
    await fillLogin(page, email, DEMO_PASSWORD);

    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel(/^New Password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm Password/).fill(`${NEW_PASSWORD}x`);
    await page.getByText('New Password and Confirm Password do not match').waitFor();
    expect(await page.getByRole('button', { name: 'Change Password' }).isDisabled()).toBe(true);
    await page.getByLabel(/^Confirm Password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();

    await page.getByText(TEXT.passwordChanged).waitFor();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.close();

    // The identity's email is verified, and the account is active, verified and no longer invited.
    const client = identityClient(stack.identityEndpoint, stack.credentials);
    try {
      const identityUser = await client.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
      expect(identityUser.UserStatus).toBe('CONFIRMED');
      expect(identityUser.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
    } finally {
      client.destroy();
    }
    const account = await readAccount(email);
    expect(account).toMatchObject({ isActive: true, isEmailVerified: true });
    expect(account?.['inviteDate']).toBeUndefined();
    expect(account?.['lastLoginDate']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('signs in with the SMS code read from the outbox', async () => {
    const { email, phone } = await mfaUser();
    const page = await loginPage();
    const since = new Date();
    await fillLogin(page, email, DEMO_PASSWORD);

    await page.getByRole('heading', { name: 'Verification Code' }).waitFor();
    const code = await readLatestCode(stack, phone, 'sms', since);
    await typeCode(page, code);
    await page.waitForURL('**/app/dashboard');
    await page.close();
  });

  it('allows three wrong SMS codes, then says the attempts are exceeded and returns to the login', async () => {
    const { email, phone } = await mfaUser();
    const page = await loginPage();
    const since = new Date();
    await fillLogin(page, email, DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Verification Code' }).waitFor();
    const sent = await readLatestCode(stack, phone, 'sms', since);
    const wrong = sent === '000000' ? '111111' : '000000';

    await typeCode(page, wrong);
    await page.getByText(TEXT.attemptsLeft(2)).waitFor();
    await expect.poll(() => page.getByLabel(/^Verification Code/).inputValue()).toBe('');
    await typeCode(page, wrong);
    await page.getByText(TEXT.attemptsLeft(1)).waitFor();
    await expect.poll(() => page.getByLabel(/^Verification Code/).inputValue()).toBe('');
    await typeCode(page, wrong);
    await page.getByText(TEXT.attemptsExceeded).waitFor();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  it('resets a forgotten password with the emailed code', async () => {
    const { email } = await createUser(stack, 'basicuser');
    const page = await loginPage();
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    const since = new Date();
    await page.getByLabel(/^Username/).fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();

    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    const code = await readLatestCode(stack, email, 'email', since);
    await page.getByLabel(/^Verification Code/).fill(code);
    await page.getByLabel(/^New Password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm Password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(TEXT.passwordResetDone).waitFor();

    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await fillLogin(page, email, NEW_PASSWORD);
    await page.waitForURL('**/app/dashboard');
    await page.close();
  });

  it('sends a dormant account through the reset-code form, then the new password, then the login', async () => {
    const user = await createUser(stack, 'basicuser');
    await provisionAccount(stack, { ...user, lastLoginDate: formatUtcDateTime(new Date(Date.now() - 61 * DAY)) });
    const page = await loginPage();
    const since = new Date();
    await fillLogin(page, user.email, DEMO_PASSWORD);

    await page.getByText(TEXT.dormant).waitFor();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    // The 30 s cooldown runs on Resend Code.
    await page.getByRole('button', { name: /^Resend Code \(\d+\)$/ }).waitFor();
    const code = await readLatestCode(stack, user.email, 'email', since);
    await page.getByLabel(/^Verification Code/).fill(code);
    await page.getByRole('button', { name: 'Reset' }).click();

    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New Password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm Password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText(TEXT.passwordResetDone).waitFor();

    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await fillLogin(page, user.email, NEW_PASSWORD);
    await page.waitForURL('**/app/dashboard');
    await page.close();
  });

  it('confirms an account that signed up but is not confirmed, with the code sent again', async () => {
    const email = `signup-${randomUUID().slice(0, 8)}@test.example`;
    const accountId = `account-${randomUUID()}`;
    const client = identityClient(stack.identityEndpoint, stack.credentials);
    try {
      // A sign-up writes only what the app client may write (its email); the portal's
      // attributes are an administrator's to set, as user administration does.
      await client.send(new SignUpCommand({
        ClientId: stack.portalClientId, Username: email, Password: DEMO_PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      }));
      await client.send(new AdminUpdateUserAttributesCommand({
        UserPoolId: stack.userPoolId, Username: email,
        UserAttributes: [
          { Name: 'custom:role', Value: 'basicuser' },
          { Name: 'custom:customerid', Value: DEMO_ORGANISATION.customerId },
          { Name: 'custom:accountinfoid', Value: accountId },
          { Name: 'custom:isPortalLogin', Value: 'true' },
        ],
      }));
    } finally {
      client.destroy();
    }
    await provisionAccount(stack, { email, role: 'basicuser', customerId: DEMO_ORGANISATION.customerId, accountId });
    const page = await loginPage();
    const since = new Date();
    await fillLogin(page, email, DEMO_PASSWORD);

    await page.getByRole('heading', { name: 'Confirm your account' }).waitFor();
    const code = await readLatestCode(stack, email, 'email', since);
    await page.getByLabel(/^Verification Code/).fill(code);
    const create = page.getByRole('button', { name: 'Create User' });
    // Disabled until the terms are agreed to.
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('I agree to the Terms Of Use & Privacy Policy').check();
    await create.click();
    await page.waitForURL('**/app/dashboard');
    await page.close();
  });

  it('verifies an unverified email with the emailed code, then goes to the dashboard', async () => {
    const { email } = await createUser(stack, 'basicuser');
    const client = identityClient(stack.identityEndpoint, stack.credentials);
    try {
      await client.send(new AdminUpdateUserAttributesCommand({
        UserPoolId: stack.userPoolId, Username: email,
        UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'false' }],
      }));
    } finally {
      client.destroy();
    }
    const page = await loginPage();
    const since = new Date();
    await fillLogin(page, email, DEMO_PASSWORD);

    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.getByLabel(/^Verification Code/).fill(await readLatestCode(stack, email, 'email', since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.close();
  });

  it('signs the helpdesk in at /login/helpdesk, and logs out back to it', async () => {
    const page = await loginPage('/login/helpdesk');
    await page.getByRole('heading', { name: 'Helpdesk sign in' }).waitFor();
    await fillLogin(page, 'helpdesk@demo.example', DEMO_PASSWORD);
    await page.waitForURL('**/app/helpdesk');
    // The helpdesk app client signed this session in.
    const lastAuthUserKey = `CognitoIdentityServiceProvider.${stack.helpdeskClientId}.LastAuthUser`;
    const storedClient: unknown = await page.evaluate(`window.localStorage.getItem(${JSON.stringify(lastAuthUserKey)})`);
    expect(storedClient).not.toBeNull();

    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login/helpdesk');
    await page.close();
  });

  it('stops a sign-in at the session limit; the user ends one session and continues to the dashboard', async () => {
    // createUser signed in once already (one session, device "test"): two more reach the limit of 3.
    const user = await createUser(stack, 'admin');
    for (const device of ['Tablet one', 'Tablet two']) await openSessionElsewhere(user, device);

    const page = await loginPage();
    await fillLogin(page, user.email, DEMO_PASSWORD);
    await page.waitForURL('**/login/sessions');
    await page.getByText(TEXT.sessionLimit).first().waitFor();
    await page.getByText('3 of 3 sessions in use').waitFor();

    await page.getByRole('button', { name: 'End the session on Tablet one' }).click();
    await page.getByText('2 of 3 sessions in use').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();

    // The server holds the first session, the other tablet and this browser.
    const sessions = await api(stack, user, 'GET', '/users/sessions');
    const devices = (sessions.body as { items: { device: string }[] }).items.map((item) => item.device);
    expect(devices).toHaveLength(3);
    expect(devices).toEqual(expect.arrayContaining(['test', 'Tablet two']));
    expect(devices).not.toContain('Tablet one');
    await page.close();
  });

  describe('SSO through the local hosted sign-in', () => {
    async function signInAtProvider(page: Page, email: string): Promise<void> {
      // The stand-in of the identity provider's own page (local/identity/hosted-ui.ts).
      await page.waitForURL('**/oauth2/authorize?**');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }

    it('signs in with the code flow and lands on the dashboard', async () => {
      const page = await browser.newPage();
      await page.goto(`${stack.portalUrl}/login/sso/${SSO_CLIENT_ID}`);
      const authorize = new URL(await page.waitForURL('**/oauth2/authorize?**').then(() => page.url()));
      expect(authorize.searchParams.get('response_type')).toBe('code');
      expect(authorize.searchParams.get('client_id')).toBe(stack.portalClientId);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${stack.portalUrl}/login/callback`);
      await signInAtProvider(page, 'admin@demo.example');
      await page.waitForURL('**/app/dashboard');
      await page.close();
    });

    it('signs the helpdesk in with the token flow and the helpdesk client', async () => {
      const page = await browser.newPage();
      await page.goto(`${stack.portalUrl}/login/sso/helpdesk/${SSO_CLIENT_ID}`);
      await page.waitForURL('**/oauth2/authorize?**');
      const authorize = new URL(page.url());
      expect(authorize.searchParams.get('response_type')).toBe('token');
      expect(authorize.searchParams.get('client_id')).toBe(stack.helpdeskClientId);
      await signInAtProvider(page, 'helpdesk@demo.example');
      await page.waitForURL('**/app/helpdesk');
      await page.close();
    });

    it('does nothing for an unknown SSO client id', async () => {
      const page = await browser.newPage();
      await page.goto(`${stack.portalUrl}/login/sso/nobody-knows`);
      await page.getByText("Redirecting you to your organisation's sign-in page...").waitFor();
      // The page has looked the client id up (frontend/src/features/sso/SsoRedirectPage.tsx) and stayed.
      await page.locator('main[data-sso-checked]').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login/sso/nobody-knows');
      await page.close();
    });

    it('sends a callback without a code to the no-access page', async () => {
      const page = await browser.newPage();
      await page.goto(`${stack.portalUrl}/login/callback?error=access_denied`);
      await page.waitForURL('**/login/redirect');
      await page.getByText("You don't have access to this page. Please contact your administrator to get access.").waitFor();
      await page.getByText('Version 2.3.2').waitFor();
      await page.close();
    });
  });
});
