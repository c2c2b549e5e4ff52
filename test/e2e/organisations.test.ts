import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { openSignedInPage } from '../support/browser-session';
import { readLatestCode } from '../support/identity';

const stack = inject('stack');

/** Issue 16: organisations, helpdesk and proxy login in the browser (one describe block per journey). */
describe('onboarding an organisation from the super-administrator console (issue 16 section 1)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the super-administrator onboards Harbour Pharmacy; its invited administrator signs in from the invitation and finds it empty', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@harbour.example`;
    const superadminPage = await openSignedInPage(browser, stack, 'superadmin@demo.example', '/app/superadmin/organisations');
    await superadminPage.getByRole('button', { name: 'Add organisation' }).click();
    const dialog = superadminPage.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill('Harbour Pharmacy');
    await dialog.getByRole('combobox', { name: /Customer group/ }).click();
    await superadminPage.getByRole('option').first().click();
    await dialog.getByLabel(/^First name/).fill('Hana');
    await dialog.getByLabel(/^Last name/).fill('Harbour');
    await dialog.getByLabel(/^Email/).fill(email);
    const since = new Date();
    await dialog.getByRole('button', { name: 'Create and invite' }).click();
    await superadminPage.getByText(`Harbour Pharmacy was created; the invitation was sent to ${email}.`).waitFor();
    await superadminPage.close();

    // The invitation's temporary password, from the local outbox.
    const temporaryPassword = await readLatestCode(stack, email, 'email', since);
    const page = await browser.newPage();
    await page.goto(`${stack.portalUrl}/login`);
    await page.getByLabel(/^Username/).fill(email);
    await page.getByLabel(/^Password/).fill(temporaryPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const newPassword = 'Harbour#2026pass';
    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByLabel(/^Confirm Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed Successfully!').waitFor();
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/app/dashboard');

    // A new organisation: no sites, no sensors (none of the demo's).
    // Through the menu, not by address: no reload of the app between them.
    await page.getByRole('link', { name: 'Sites', exact: true }).click();
    await page.getByText('No sites yet.').waitFor();
    await page.getByRole('link', { name: 'Sensors', exact: true }).click();
    await page.getByText('No sensors yet.').waitFor();
    await page.close();
  });
});

describe('the helpdesk acts for Demo Foods from the helpdesk dashboard (issue 16 sections 2 and 3)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens Demo Foods, proxies in read only, sees the banner and the dashboard of Demo Foods, and ends the proxy', async () => {
    // The helpdesk user signs in at /login/helpdesk (SPEC section 2), whose landing is /app/helpdesk.
    const page = await openSignedInPage(browser, stack, 'helpdesk@demo.example', '/app/helpdesk', { loginVariant: 'helpdesk' });
    await page.getByRole('button', { name: 'Open Demo Foods' }).click();
    await page.waitForURL('**/app/helpdesk/organisations/demo-foods');

    await page.getByRole('button', { name: 'Act for this organisation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Act for Demo Foods' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Ticket 4711: the customer cannot see their sensors');
    await dialog.getByRole('radio', { name: 'Read only' }).check();
    await dialog.getByRole('button', { name: 'Start' }).click();

    // The banner names who acts for whom, read only, with the time left (under 30 minutes); the organisation's dashboard shows.
    await page.waitForURL('**/app/dashboard');
    const banner = page.getByRole('status').filter({ hasText: 'is acting for Demo Foods' });
    await expect.poll(() => banner.textContent()).toMatch(/^helpdesk@demo\.example is acting for Demo Foods — (29:[0-5]\d|30:00) left \(read only\)/);
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).first().waitFor();
    expect(await page.getByText("You don't have access to this page.").count()).toBe(0);
    // The top bar's location selector, hidden for the helpdesk user (no location of their own), lists Demo Foods' locations.
    const locationSelector = page.locator('header').getByRole('combobox', { name: 'Location' });
    await locationSelector.click();
    await page.getByRole('option', { name: 'Demo Foods HQ', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: join(process.cwd(), 'test-results', 'screenshots', 'helpdesk-proxy-demo-foods.png') });

    // Proxy logout: back on the helpdesk dashboard as the helpdesk user, the banner gone.
    await banner.getByRole('button', { name: 'End' }).click();
    await page.waitForURL('**/app/helpdesk');
    await page.getByRole('button', { name: 'Open Demo Foods' }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.close();
  });
});
