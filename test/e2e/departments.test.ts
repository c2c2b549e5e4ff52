import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { openSignedInPage } from '../support/browser-session';
import { api, createUser, type TestUser } from '../support/identity';

const stack = inject('stack');

/** What the API holds, so the test checks what was stored, not only what was shown. */
async function storedNames(admin: TestUser): Promise<string[]> {
  const result = await api(stack, admin, 'GET', '/departments');
  return (result.body as { items: { name: string }[] }).items.map((item) => item.name);
}

describe('departments in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Users of the demo organisation of their own, so their sessions are theirs alone.
  it('lets an admin refuse a 21-character name, then create, rename and delete a department', async () => {
    const admin = await createUser(stack, 'admin');
    const page = await openSignedInPage(browser, stack, admin.email, '/app/departments');

    await page.getByRole('button', { name: 'Add department' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill('A'.repeat(21));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('Maximum length allowed for name is 20 characters.').isVisible()).toBe(true);

    await dialog.getByLabel(/^Name/).fill('Pastry Kitchen');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('gridcell', { name: 'Pastry Kitchen', exact: true }).waitFor();
    // Lists read an eventually consistent index on AWS: wait for it rather than read once.
    await expect.poll(() => storedNames(admin)).toContain('Pastry Kitchen');

    await page.getByRole('button', { name: 'Edit Pastry Kitchen' }).click();
    await page.getByRole('dialog').getByLabel(/^Name/).fill('Pastry Lab');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('gridcell', { name: 'Pastry Lab', exact: true }).waitFor();
    expect(await page.getByRole('gridcell', { name: 'Pastry Kitchen', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Delete Pastry Lab' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('gridcell', { name: 'Pastry Lab', exact: true }).waitFor({ state: 'detached' });
    await expect.poll(() => storedNames(admin)).not.toContain('Pastry Lab');

    await page.close();
  });

  it('gives a basic user no Administration: no section, and its addresses send them to /app', async () => {
    const basicUser = await createUser(stack, 'basicuser');
    const page = await openSignedInPage(browser, stack, basicUser.email, '/app/dashboard');
    // The shell drawn (its account menu), so the absences below are not read too early.
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    expect(await page.getByText('Administration', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Divisions' }).count()).toBe(0);
    await page.goto(`${stack.portalUrl}/app/divisions`);
    await page.waitForURL('**/app/dashboard');
    expect(await page.getByRole('button', { name: 'Add division' }).count()).toBe(0);
    await page.close();
  });
});
