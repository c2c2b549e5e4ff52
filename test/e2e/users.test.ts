import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { User } from '@domain/identity/user';
import { DEMO_ORGANISATION, DEMO_PASSWORD } from '../../local/demo';
import { launchBrowser } from '../support/browser';
import { openSignedInPage } from '../support/browser-session';
import { api, createUser, provisionAccount, readLatestCode, type TestUser } from '../support/identity';

const stack = inject('stack');
const NEW_PASSWORD = 'Fresh#2026pass';
const NO_ACCESS = "You don't have access to this page. Please contact your administrator to get access.";

/** The login form, for the invitee's first sign-in and the disabled user's refusal (what these journeys check). */
async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${stack.portalUrl}/login`);
  await page.getByLabel(/^Username/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** An administrator of the demo organisation of their own, who reaches every location (corporate access). */
async function organisationAdmin(): Promise<TestUser> {
  const admin = await createUser(stack, 'admin');
  await provisionAccount(stack, {
    email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, firstName: 'Olga', lastName: 'Owner',
    hasDefaultLocAccess: true, locationIds: [DEMO_ORGANISATION.location.id], siteIds: [DEMO_ORGANISATION.site.id],
  });
  return admin;
}

describe('users and invitations in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the admin invites a user; the user signs in with the emailed password, sets their own and lands on the dashboard', async () => {
    const admin = await organisationAdmin();
    const email = `invited-${randomUUID().slice(0, 8)}@test.example`;
    const adminPage = await openSignedInPage(browser, stack, admin.email, '/app/users/invite');
    await adminPage.getByRole('textbox', { name: 'Email' }).fill(email);
    await adminPage.getByRole('textbox', { name: 'First name' }).fill('Nina');
    await adminPage.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
    await adminPage.getByRole('combobox', { name: 'Sites' }).click();
    await adminPage.getByRole('option', { name: DEMO_ORGANISATION.site.name }).click();
    await adminPage.getByRole('switch', { name: 'HACCP' }).check();
    const since = new Date();
    await adminPage.getByRole('button', { name: 'Send invitation' }).click();
    await adminPage.getByText(`Invitation sent to ${email}.`).waitFor();

    // The pending invitations list shows it until the first sign-in.
    await adminPage.waitForURL('**/app/users/invitations');
    await adminPage.getByRole('gridcell', { name: email, exact: true }).waitFor();

    const temporaryPassword = await readLatestCode(stack, email, 'email', since);
    const userPage = await browser.newPage();
    await fillLogin(userPage, email, temporaryPassword);
    await userPage.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await userPage.getByLabel(/^New Password/).fill(NEW_PASSWORD);
    await userPage.getByLabel(/^Confirm Password/).fill(NEW_PASSWORD);
    await userPage.getByRole('button', { name: 'Change Password' }).click();
    await userPage.getByText('Password Changed Successfully!').waitFor();
    await userPage.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await userPage.getByRole('button', { name: 'Login' }).click();
    await userPage.waitForURL('**/app/dashboard');
    // A basic user: no administration of users.
    expect(await userPage.getByRole('link', { name: 'User Management' }).count()).toBe(0);
    await userPage.close();

    const invited = ((await api(stack, admin, 'GET', '/users?limit=100')).body as { items: User[] }).items.find((user) => user.email === email);
    expect(invited).toMatchObject({ invitedate: null, isEmailVerified: true, isHaccpAvailable: true, siteIds: [DEMO_ORGANISATION.site.id] });

    // The accepted user is in User Management, not among the pending invitations. The admin
    // opens them afresh: this tab sat in the background while the user signed in, and a
    // background tab's timers are throttled, which holds SWR's request de-duplication (2 s).
    // Found by the quick search: the organisation holds many users by now, and the grid renders only the rows in view.
    await adminPage.goto(`${stack.portalUrl}/app/users`);
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill(email);
    await adminPage.getByRole('gridcell', { name: email, exact: true }).waitFor();
    await adminPage.getByRole('link', { name: 'Pending invitations' }).click();
    await adminPage.getByRole('heading', { name: 'Pending invitations' }).waitFor();
    await adminPage.getByRole('grid').waitFor();
    await expect.poll(() => adminPage.getByRole('gridcell', { name: email, exact: true }).count(), { timeout: 10_000 }).toBe(0);
    await adminPage.close();
  });

  it('lets the admin disable a user from User Management, who then cannot sign in', async () => {
    const admin = await organisationAdmin();
    const user = await createUser(stack, 'basicuser');
    await provisionAccount(stack, {
      email: user.email, role: 'basicuser', customerId: user.customerId, accountId: user.accountId, firstName: 'Dora', lastName: `Disabled${randomUUID().slice(0, 4)}`,
      siteIds: [DEMO_ORGANISATION.site.id], gsi1pk: `C#${DEMO_ORGANISATION.customerId}#USER`, gsi1sk: `NAME#dora#${user.accountId}`,
    });
    const page = await openSignedInPage(browser, stack, admin.email, '/app/users');
    await page.getByRole('searchbox', { name: 'Search' }).fill(user.email);
    await page.getByRole('button', { name: /^Disable Dora/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await page.getByText(/disabled: they can no longer sign in\.$/).waitFor();
    await page.getByRole('button', { name: /^Enable Dora/ }).waitFor();
    await page.close();

    const login = await browser.newPage();
    await fillLogin(login, user.email, DEMO_PASSWORD);
    await login.getByText('Username/Password is Invalid. Please Try Again.').or(login.getByText('User is disabled.')).first().waitFor();
    expect(new URL(login.url()).pathname).toBe('/login');
    await login.close();
  });

  it('gives a basic user no user administration: no navigation entry, and the address sends them to /app', async () => {
    const user = await createUser(stack, 'basicuser');
    const page = await openSignedInPage(browser, stack, user.email, '/app/dashboard');
    // The shell drawn (its account menu), so the absences below are not read too early.
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    for (const name of ['User Management', 'Invite', 'Pending invitations']) {
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
    }
    for (const path of ['/app/users', '/app/users/invite', '/app/users/invitations']) {
      await page.goto(`${stack.portalUrl}${path}`);
      await page.getByText(NO_ACCESS).first().waitFor();
      await page.waitForURL('**/app/dashboard');
    }
    await page.close();
  });
});
