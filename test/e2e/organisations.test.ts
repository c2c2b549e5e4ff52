import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
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
