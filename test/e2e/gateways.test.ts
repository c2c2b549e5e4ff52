import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sensorModel } from '@domain/devices/device-catalogue';
import type { DeviceFile } from '@domain/devices/device-records';
import type { Gateway } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import { sensorIdProblem, type Sensor } from '@domain/devices/sensor';
import { launchBrowser } from '../support/browser';
import { openSignedInPage } from '../support/browser-session';
import { addPlace, choose, created, hex, newOrganisationAdmin } from '../support/device-pages';
import { api, type TestUser } from '../support/identity';

const stack = inject('stack');

/** Fills the gateway dialog's required fields. */
async function fillGateway(page: Page, dialog: Locator, gateway: { name: string; mac: string; eui: string; location: string; site: string }): Promise<void> {
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(gateway.name);
  await choose(page, dialog, /^Model/, 'ColdTrack GW-SG1 Sub-GHz Gateway');
  await dialog.getByRole('textbox', { name: /^MAC ID/ }).fill(gateway.mac);
  await dialog.getByRole('textbox', { name: /^EUI/ }).fill(gateway.eui);
  // A new gateway starts at the location selected in the top bar (the organisation's only one, selected
  // before the dialog opened), shown by its name once the places have loaded.
  await dialog.getByRole('button', { name: gateway.location }).waitFor();
  await choose(page, dialog, /^Site/, gateway.site);
}

describe('gateways and Quick Register in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets an admin add a gateway in the dialog, open it, be refused a duplicate EUI, and Quick Register sensors onto it', async () => {
    // A new organisation's first administrator, with a place and a data logging profile made through the API.
    const admin: TestUser = await newOrganisationAdmin(stack, 'gateways');
    const tag = randomUUID().slice(0, 6);
    const address = { address: '9 Quay Street', city: 'Bristol', state: 'Somerset', country: 'United Kingdom', postalCode: 'BS1 4DJ' };
    const locationName = `Quayside ${tag}`;
    const siteName = `Quay Kitchen ${tag}`;
    const profileName = `Every 10 minutes ${tag}`;
    const { location } = await addPlace(stack, admin, { locationName, siteName, address });
    await created(api(stack, admin, 'POST', '/dataloggingprofiles', {
      name: profileName, valueToLog: 'average', intervalMinutes: 10, calculationWindowMinutes: 10, deviation: 0.5,
    }), 'a data logging profile');
    const gatewayName = `Dock gateway ${tag}`;
    const eui = hex(8);
    const mac = hex(6).match(/.{2}/g)?.join(':') ?? '';

    // Add the gateway in the dialog: refused first without its required fields.
    const page = await openSignedInPage(browser, stack, admin.email, '/app/gateways');
    // The top bar selects the organisation's first location on a first visit; the dialog opened
    // before that would start without it.
    await page.getByRole('banner').getByText(locationName, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add gateway' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add gateway' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(MESSAGES.gatewayNameRequired).waitFor();
    await dialog.getByText(MESSAGES.macIdRequired).waitFor();
    await dialog.getByText(MESSAGES.euiRequired).waitFor();
    await fillGateway(page, dialog, { name: gatewayName, mac: mac.toLowerCase(), eui: eui.toLowerCase(), location: locationName, site: siteName });
    // A picture of the installation: the browser POSTs it to the files bucket with the signed upload form.
    const picture = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(60, 7)]);
    await dialog.getByLabel('Add images').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: picture });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Gateway "${gatewayName}" added.`).waitFor();
    const stored = await api(stack, admin, 'GET', `/gateways/${eui}`);
    expect(stored.body as Gateway).toMatchObject({ id: eui, name: gatewayName, macId: mac, model: 'GW-SG1', locationIds: [location.id], isActive: true });
    const images = await api(stack, admin, 'GET', `/gateways/${eui}/files?kind=image`);
    expect((images.body as { items: DeviceFile[] }).items).toMatchObject([{ fileName: 'front.png', contentType: 'image/png', size: picture.length, status: 'uploaded' }]);

    // It is in the list; its detail opens from there.
    await page.getByRole('link', { name: gatewayName }).click();
    await page.waitForURL(`**/app/gateways/${eui}`);
    await page.getByRole('heading', { name: gatewayName }).waitFor();
    await page.locator('main').getByText(siteName, { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Troubleshooting commands' }).waitFor();
    await page.getByText('No sensors on this gateway.').waitFor();

    // The same EUI again (another MAC): refused in the spec's words, in the dialog.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Gateways', exact: true }).click();
    await page.waitForURL('**/app/gateways');
    await page.getByRole('button', { name: 'Add gateway' }).click();
    dialog = page.getByRole('dialog', { name: 'Add gateway' });
    await fillGateway(page, dialog, { name: `${gatewayName} twin`, mac: hex(6), eui, location: locationName, site: siteName });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(MESSAGES.gatewayAlreadyAdded).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Quick Register: two ids pasted and scanned onto the gateway, and one that is not an id.
    const firstId = hex(4);
    const secondId = hex(4);
    const badId = 'BAD-ID';
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Quick Register', exact: true }).click();
    await page.waitForURL('**/app/quick-register');
    const main = page.locator('main');
    await choose(page, main, /^Location/, locationName);
    await choose(page, main, /^Site/, siteName);
    await choose(page, main, /^Gateway/, `${gatewayName} (${eui})`);
    await choose(page, main, /^Device model/, 'ColdTrack CT-100 Temperature');
    await choose(page, main, /^Data logging profile/, profileName);
    const ids = page.getByRole('textbox', { name: /^Sensor ids/ });
    await ids.fill(`${firstId.toLowerCase()}\n${badId}\n`);
    // A scanner types the id, then Enter.
    await ids.press('End');
    await ids.pressSequentially(secondId);
    await ids.press('Enter');
    await page.getByText('3 sensor id(s) in the list').waitFor();
    await page.getByRole('button', { name: 'Register' }).click();

    const results = page.getByRole('table', { name: 'Quick Register results' });
    await results.waitFor();
    const model = sensorModel('CT-100');
    if (model === undefined) throw new Error('The catalogue has no CT-100');
    const rows = results.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const cells = async (index: number) => rows.nth(index).locator('td').allTextContents();
    expect(await cells(0)).toEqual(['1', firstId, 'Registered', '']);
    expect(await cells(1)).toEqual(['2', badId, 'Failed', sensorIdProblem(model, badId)]);
    expect(await cells(2)).toEqual(['3', secondId, 'Registered', '']);
    await page.getByText('2 registered, 1 failed', { exact: true }).first().waitFor();

    // Both sensors are on the gateway, as its sensors tab shows.
    for (const id of [firstId, secondId]) {
      const sensor = await api(stack, admin, 'GET', `/sensors/${id}`);
      expect(sensor.status).toBe(200);
      expect(sensor.body as Sensor).toMatchObject({ id, gatewayId: eui, deviceModel: 'CT-100', connectionType: 'subGhz' });
    }
    await page.goto(`${stack.portalUrl}/app/gateways/${eui}`);
    const sensorsTable = page.getByRole('table', { name: 'Sensors' });
    await sensorsTable.getByRole('link', { name: firstId }).waitFor();
    await sensorsTable.getByRole('link', { name: secondId }).waitFor();

    await page.close();
  });
});
