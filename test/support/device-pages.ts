import { randomBytes, randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import type { StackUnderTest } from './global-setup';
import { api, createUser, provisionAccount, type TestUser } from './identity';

/** What the sensors' and gateways' browser tests share: the API setup, picking options (signing in: browser-session.ts). */

/** The created item of an API call that must answer 201, or a failure saying what was being added. */
export async function created(call: Promise<{ status: number; body: unknown }>, what: string): Promise<{ id: string }> {
  const result = await call;
  if (result.status !== 201) throw new Error(`Adding ${what} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body as { id: string };
}

/** `bytes` random bytes as upper-case hex (device ids, EUIs, MACs). */
export const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/** Picks an option of an MUI select (or autocomplete) by the field's label. */
export async function choose(page: Page, scope: Locator, field: RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A new organisation's first administrator (its owner, with access to every location). */
export async function newOrganisationAdmin(stack: StackUnderTest, organisationPrefix: string): Promise<TestUser> {
  const admin = await createUser(stack, 'admin', `${organisationPrefix}-${randomUUID().slice(0, 8)}`);
  await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true });
  return admin;
}

/** A location and a site at it, with the same address, added through the API. */
export async function addPlace(
  stack: StackUnderTest,
  admin: TestUser,
  place: { locationName: string; siteName: string; address: Record<string, string> },
): Promise<{ location: { id: string }; site: { id: string } }> {
  const location = await created(api(stack, admin, 'POST', '/locations', { name: place.locationName, ...place.address }), 'a location');
  const site = await created(api(stack, admin, 'POST', '/sites', {
    name: place.siteName, locationIds: [location.id], timezone: 'Europe/London', billingAddressSameAsSite: true, ...place.address,
  }), 'a site');
  return { location, site };
}
