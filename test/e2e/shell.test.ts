import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../local/demo';
import { launchBrowser } from '../support/browser';
import { api, createUser, signIn as signInApi, type TestUser } from '../support/identity';

const stack = inject('stack');

const SESSION_LIMIT = 'Session limit reached. End a session, or all sessions, to continue.';
const SESSION_TIMEOUT = 'Session timeout.. Please login again.';

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${stack.portalUrl}/login`);
  await page.getByLabel(/^Username/).fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
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

describe('the app shell in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('stops a sign-in at the session limit; the user ends one session and continues to the dashboard', async () => {
    // createUser signed in once already (one session, device "test"): two more reach the limit of 3.
    const user = await createUser(stack, 'admin');
    for (const device of ['Tablet one', 'Tablet two']) await openSessionElsewhere(user, device);

    const page = await browser.newPage();
    await signIn(page, user.email);
    await page.waitForURL('**/login/sessions');
    await page.getByText(SESSION_LIMIT).first().waitFor();
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

  it('switches the interface to French, keeps it after a reload and on the profile', async () => {
    const user = await createUser(stack, 'basicuser');
    const page = await browser.newPage();
    await signIn(page, user.email);
    await page.waitForURL('**/app/dashboard');

    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.getByRole('heading', { name: 'Tableau de bord', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Paramètres' }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    await page.reload();
    await page.getByRole('heading', { name: 'Tableau de bord', exact: true }).waitFor();
    await expect.poll(async () => ((await api(stack, user, 'GET', '/account/me')).body as { lang: string }).lang).toBe('fr');

    // Logout keeps the language choice: the login screen stays in French.
    await page.getByRole('button', { name: /^Menu du compte/ }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel(/^Nom d'utilisateur/).waitFor();
    await page.close();
  });

  it('logs an idle user out with the session-timeout message', async () => {
    const user = await createUser(stack, 'basicuser');
    const page = await browser.newPage();
    // The deployment's setting, lowered to two seconds for this browser only.
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, idleTimeoutMs: 2_000 } });
    });
    const sessionCount = async () => ((await api(stack, user, 'GET', '/users/sessions')).body as { items: unknown[] }).items.length;
    await signIn(page, user.email);
    await page.waitForURL('**/app/dashboard');
    expect(await sessionCount()).toBe(2);

    await page.waitForURL(/\/login$/, { timeout: 15_000 });
    await page.getByText(SESSION_TIMEOUT).waitFor();
    // The browser's server session was ended too; createUser's own remains.
    expect(await sessionCount()).toBe(1);
    await page.close();
  });

  it('sends a basic user away from a screen their role may not open, to /app', async () => {
    const user = await createUser(stack, 'basicuser');
    const page = await browser.newPage();
    await signIn(page, user.email);
    await page.waitForURL('**/app/dashboard');

    await page.goto(`${stack.portalUrl}/app/helpdesk`);
    await page.getByText("You don't have access to this page. Please contact your administrator to get access.").waitFor();
    await page.waitForURL('**/app/dashboard');
    expect(await page.getByRole('link', { name: 'Helpdesk' }).count()).toBe(0);
    await page.close();
  });
});
