import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Navbar } from '@domain/identity/account';
import type { Site } from '@domain/organisation/site';
import { launchBrowser } from '../support/browser';
import { openSignedInPage } from '../support/browser-session';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');

const navbarNames = async (user: TestUser) =>
  ((await api(stack, user, 'GET', '/locations/navbar')).body as Navbar).locations.map((location) => location.name);

describe('locations and sites in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets an admin create a location and a site and share the location; the other organisation sees it only once it accepts', async () => {
    // An administrator with corporate access, as a new organisation's first administrator is.
    const admin = await createUser(stack, 'admin');
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true });
    const partner = await createUser(stack, 'basicuser', `partner-${randomUUID().slice(0, 8)}`);
    const locationName = `Harbour Depot ${randomUUID().slice(0, 4)}`;
    const siteName = `Harbour Kitchen ${randomUUID().slice(0, 4)}`;

    // A location, refused first without its postal code.
    const page = await openSignedInPage(browser, stack, admin.email, '/app/locations');
    await page.getByRole('button', { name: 'Add location' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill(locationName);
    await dialog.getByLabel(/^Address/).fill('5 Harbour Road');
    await dialog.getByLabel(/^City/).fill('Bristol');
    await dialog.getByLabel(/^State/).fill('Somerset');
    await dialog.getByLabel(/^Country/).fill('United Kingdom');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Postal code is required.').waitFor();
    await dialog.getByLabel(/^Postal code/).fill('BS1 5TY');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('gridcell', { name: locationName, exact: true }).waitFor();

    // A site in it, with the billing address of the site itself.
    await page.getByRole('link', { name: 'Sites', exact: true }).click();
    await page.waitForURL('**/app/sites');
    await page.getByRole('button', { name: 'Add site' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill(siteName);
    await dialog.getByLabel(/^Locations/).click();
    await page.getByRole('option', { name: locationName }).click();
    await dialog.getByLabel('HACCP subscription start').fill('2026-05-01');
    await dialog.getByLabel('HACCP subscription end').fill('2026-04-01');
    await dialog.getByLabel('Billing address same as the site address').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('HACCP end date must be after start date.').waitFor();
    await dialog.getByLabel('HACCP subscription end').fill('2026-12-31');
    await dialog.getByLabel(/^Address/).fill('5 Harbour Road');
    await dialog.getByLabel(/^City/).fill('Bristol');
    await dialog.getByLabel(/^State/).fill('Somerset');
    await dialog.getByLabel(/^Country/).fill('United Kingdom');
    await dialog.getByLabel(/^Postal code/).fill('BS1 5TY');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('gridcell', { name: siteName, exact: true }).waitFor();
    await expect.poll(async () => ((await api(stack, admin, 'GET', '/sites?limit=100')).body as { items: Site[] }).items.map((site) => site.name))
      .toContain(siteName);

    // Shared with a user of another organisation: pending until they accept.
    await page.getByRole('link', { name: 'Locations', exact: true }).click();
    await page.getByRole('button', { name: `Share ${locationName}` }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Their email/).fill(partner.email);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText('Waiting for acceptance').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The other side: nothing counts until accepted.
    const other = await openSignedInPage(browser, stack, partner.email, '/app/dashboard');
    // The shell drawn (its account menu), so the absence below is not read too early.
    await other.getByRole('button', { name: /^Account menu/ }).waitFor();
    expect(await navbarNames(partner)).not.toContain(locationName);
    expect(await other.getByRole('combobox', { name: 'Location' }).count()).toBe(0);
    await other.getByRole('link', { name: 'Shared locations' }).click();
    await other.waitForURL('**/app/shared-locations');
    await other.getByRole('button', { name: `Accept ${locationName}` }).click();
    await other.getByText(`You now have access to "${locationName}".`).waitFor();
    // Now it is theirs to select, with its site.
    await other.getByRole('combobox', { name: 'Location' }).waitFor();
    expect(await navbarNames(partner)).toContain(locationName);
    const navbar = (await api(stack, partner, 'GET', '/locations/navbar')).body as Navbar;
    expect(navbar.locations.find((location) => location.name === locationName)?.sites.map((site) => site.name)).toEqual([siteName]);

    // The owner sees the acceptance, opening the locations afresh: their tab sat in the
    // background meanwhile, and a background tab's throttled timers hold SWR's de-duplication.
    await page.goto(`${stack.portalUrl}/app/locations`);
    await page.getByRole('button', { name: `Share ${locationName}` }).click();
    await page.getByRole('dialog').getByText('Accepted', { exact: true }).waitFor();

    await other.close();
    await page.close();
  });
});
