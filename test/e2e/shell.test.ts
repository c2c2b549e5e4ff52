import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { openSignedInPage, signedInContext } from '../support/browser-session';
import { api, createUser } from '../support/identity';

const stack = inject('stack');

const SESSION_TIMEOUT = 'Session timeout.. Please login again.';

describe('the app shell in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // The session limit met at sign-in, on the login page: sign-in.test.ts.
  it('switches the interface to French, keeps it after a reload and on the profile', async () => {
    const user = await createUser(stack, 'basicuser');
    const page = await openSignedInPage(browser, stack, user.email, '/app/dashboard');
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
    const context = await signedInContext(browser, stack, user.email);
    const page = await context.newPage();
    // The deployment's setting, lowered to two seconds for this browser only.
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, idleTimeoutMs: 2_000 } });
    });
    const sessionCount = async () => ((await api(stack, user, 'GET', '/users/sessions')).body as { items: unknown[] }).items.length;
    await page.goto(`${stack.portalUrl}/app/dashboard`);
    expect(await sessionCount()).toBe(2);

    await page.waitForURL(/\/login$/, { timeout: 15_000 });
    await page.getByText(SESSION_TIMEOUT).waitFor();
    // The browser's server session was ended too; createUser's own remains.
    expect(await sessionCount()).toBe(1);
    await context.close();
  });

  it('sends a basic user away from a screen their role may not open, to /app', async () => {
    const user = await createUser(stack, 'basicuser');
    const page = await openSignedInPage(browser, stack, user.email, '/app/helpdesk');
    await page.getByText("You don't have access to this page. Please contact your administrator to get access.").waitFor();
    await page.waitForURL('**/app/dashboard');
    expect(await page.getByRole('link', { name: 'Helpdesk' }).count()).toBe(0);
    await page.close();
  });
});
