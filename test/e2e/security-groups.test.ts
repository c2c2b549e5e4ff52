import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Navbar } from '@domain/identity/account';
import { accountListKeys } from '../../lambdas/data';
import { launchBrowser } from '../support/browser';
import { openSignedInPage } from '../support/browser-session';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
const suffix = Math.random().toString(36).slice(2, 7);

const address = { address: '1 Test Street', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };

/** The site names the navbar gives a user, for every location. */
async function navbarSites(user: TestUser): Promise<string[]> {
  const navbar = (await api(stack, user, 'GET', '/locations/navbar')).body as Navbar;
  return navbar.locations.flatMap((location) => location.sites.map((site) => site.name));
}

describe('security groups in the browser', () => {
  let browser: Browser;
  let admin: TestUser;
  let member: TestUser;
  const kept = `Cold Store ${suffix}`;
  const excluded = `Annex ${suffix}`;
  let excludedId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // An administrator with corporate access, a location of its own with two sites, and a
    // basic user of that location and both sites, as user administration would set them up.
    admin = await createUser(stack, 'admin');
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true });
    const location = (await api(stack, admin, 'POST', '/locations', { name: `Depot ${suffix}`, ...address })).body as { id: string };
    const site = async (name: string) => {
      const created = await api(stack, admin, 'POST', '/sites', {
        name, locationIds: [location.id], timezone: 'Europe/London', billingAddressSameAsSite: false, billingAddress: address,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return (created.body as { id: string }).id;
    };
    const keptId = await site(kept);
    excludedId = await site(excluded);
    member = await createUser(stack, 'basicuser');
    await provisionAccount(stack, {
      email: member.email, role: 'basicuser', customerId: member.customerId, accountId: member.accountId,
      firstName: 'Morgan', lastName: `Member${suffix}`, locationIds: [location.id], siteIds: [keptId, excludedId],
      ...accountListKeys(member.customerId, { accountId: member.accountId, email: member.email, firstName: 'Morgan', lastName: `Member${suffix}` }),
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an administrator limits a user to one site; the member no longer sees the excluded site', async () => {
    // Before: the member sees both sites.
    expect(await navbarSites(member)).toEqual(expect.arrayContaining([kept, excluded]));

    const adminPage = await openSignedInPage(browser, stack, admin.email, '/app/security-groups');
    await adminPage.getByRole('button', { name: 'Add security group' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Add security group' });
    await dialog.getByLabel(/^Name/).fill(`Cold store team ${suffix}`);
    await dialog.getByRole('combobox', { name: /^Sites/ }).click();
    await adminPage.getByRole('option', { name: kept, exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Members' }).fill(`Member${suffix}`);
    await adminPage.getByRole('option', { name: new RegExp(`Morgan Member${suffix}`) }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await adminPage.getByRole('gridcell', { name: `Cold store team ${suffix}`, exact: true }).waitFor();
    await adminPage.close();

    // The API answers the member without the excluded site, on the list and on the read.
    expect(await navbarSites(member)).toContain(kept);
    expect(await navbarSites(member)).not.toContain(excluded);
    expect((await api(stack, member, 'GET', `/sites/${excludedId}`)).status).toBe(404);
    const sites = (await api(stack, member, 'GET', '/sites?limit=100')).body as { items: { name: string }[] };
    expect(sites.items.map((item) => item.name)).not.toContain(excluded);

    // The member's navbar site selector offers the kept site and not the excluded one.
    const memberPage = await openSignedInPage(browser, stack, member.email, '/app/dashboard');
    const siteSelector = memberPage.getByRole('combobox', { name: 'Site' });
    await siteSelector.click();
    await memberPage.getByRole('option', { name: kept, exact: true }).waitFor();
    expect(await memberPage.getByRole('option', { name: excluded, exact: true }).count()).toBe(0);
    await memberPage.keyboard.press('Escape');
    await memberPage.close();
  });
});
