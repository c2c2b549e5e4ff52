import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../local/demo';
import { launchBrowser } from '../support/browser';
import { api, createUser, type TestUser } from '../support/identity';

const stack = inject('stack');

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${stack.portalUrl}/login`);
  await page.getByLabel(/^Username/).fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/app/dashboard');
}

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
    const page = await browser.newPage();
    await signIn(page, admin.email);
    await page.getByRole('link', { name: 'Departments' }).click();
    await page.waitForURL('**/app/departments');

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
    const page = await browser.newPage();
    await signIn(page, basicUser.email);
    expect(await page.getByText('Administration', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Divisions' }).count()).toBe(0);
    await page.goto(`${stack.portalUrl}/app/divisions`);
    await page.waitForURL('**/app/dashboard');
    expect(await page.getByRole('button', { name: 'Add division' }).count()).toBe(0);
    await page.close();
  });
});
