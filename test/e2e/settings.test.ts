import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { DEMO_PASSWORD } from '../../local/demo';
import { launchBrowser } from '../support/browser';
import { openSignedInPage } from '../support/browser-session';
import { api, createUser, readLatestCode, signIn as signInApi } from '../support/identity';

const stack = inject('stack');

describe('settings in the browser', () => {
  let browser: Browser;
  const files = mkdtempSync(join(tmpdir(), 'translation-'));

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('changes the password: a wrong current password is refused in the spec tone, then the new one signs in', async () => {
    const user = await createUser(stack, 'basicuser');
    const page = await openSignedInPage(browser, stack, user.email, '/app/settings/password');

    await page.getByLabel(/^Current Password/).fill('Wrong#2026pass');
    await page.getByLabel(/^New Password/).fill('Fresh#2026pass');
    await page.getByLabel(/^Confirm Password/).fill('Fresh#2026pass');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Current Password is Invalid. Please Try Again.').first().waitFor();

    await page.getByLabel(/^Current Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed Successfully!').waitFor();
    await page.close();

    // The identity service holds the new password.
    await expect(signInApi(stack, user.email, 'Fresh#2026pass')).resolves.toEqual(expect.any(String));
  });

  it('changes the email: the code goes to the new address, the old one signs in until it is verified, then the new one', async () => {
    const user = await createUser(stack, 'basicuser');
    const newEmail = `moved-${user.accountId.slice(-8)}@test.example`;
    const page = await openSignedInPage(browser, stack, user.email, '/app/settings/profile');
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByLabel(/^New email/).fill(newEmail);
    const since = new Date();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`A verification code has been sent to ${newEmail}`, { exact: false }).waitFor();
    // Until the code is entered, the old address is still the account's.
    await expect(signInApi(stack, user.email, DEMO_PASSWORD, { openSession: false })).resolves.toEqual(expect.any(String));
    await expect(signInApi(stack, newEmail, DEMO_PASSWORD, { openSession: false })).rejects.toThrow();

    await page.getByLabel(/^Verification code/).fill(await readLatestCode(stack, newEmail, 'email', since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Your email is now ${newEmail}: sign in with it.`).waitFor();
    await page.waitForURL('**/login');
    await page.close();
    // The new address signs in and opens the portal (the login form itself: sign-in.test.ts).
    const moved = await openSignedInPage(browser, stack, newEmail, '/app/dashboard');
    await moved.getByRole('button', { name: /^Account menu/ }).waitFor();
    await moved.close();
    await expect(signInApi(stack, user.email, DEMO_PASSWORD, { openSession: false })).rejects.toThrow();
  });

  it('an administrator imports translation.csv; other files are refused; the organisation sees its texts', async () => {
    const admin = await createUser(stack, 'admin');
    // The demo organisation's texts go back to the product's whatever happens here.
    onTestFinished(async () => {
      expect((await api(stack, admin, 'DELETE', '/translations')).status).toBe(200);
    });
    const page = await openSignedInPage(browser, stack, admin.email, '/app/settings/translations');
    await page.getByRole('heading', { name: 'Translations' }).waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export translation.csv' }).click();
    expect((await download).suggestedFilename()).toBe('translation.csv');

    const notCsv = join(files, 'translation.txt');
    writeFileSync(notCsv, 'key,en,fr,es\n');
    await page.getByLabel('Translation file').setInputFiles(notCsv);
    await page.getByText('Only .csv files are accepted.').first().waitFor();

    const csv = join(files, 'translation.csv');
    writeFileSync(csv, 'key,en,fr,es\nnav.help,Support centre,,\n');
    await page.getByLabel('Translation file').setInputFiles(csv);
    await page.getByText('Texts imported: 1.').waitFor();
    await page.getByRole('link', { name: 'Support centre' }).waitFor();
    await page.close();

    // Another user of the organisation gets the text after signing in.
    const colleague = await createUser(stack, 'basicuser');
    const other = await openSignedInPage(browser, stack, colleague.email, '/app/dashboard');
    await other.getByRole('link', { name: 'Support centre' }).waitFor();
    await other.close();
  });
});
