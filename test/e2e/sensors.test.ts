import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Sensor } from '@domain/devices/sensor';
import { deviceCredentials } from '../../local/device-credentials';
import { startSimulatedDevice, type SimulatedDevice } from '../../local/simulator';
import { launchBrowser } from '../support/browser';
import { openSignedInPage } from '../support/browser-session';
import { addPlace, choose, created, hex, newOrganisationAdmin } from '../support/device-pages';
import { api, type TestUser } from '../support/identity';

const stack = inject('stack');

describe('sensors in the browser', () => {
  let browser: Browser;
  let device: SimulatedDevice | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await device?.stop();
    await browser?.close();
  });

  it('lets an admin add a sensor; the simulated device readings appear on its chart, and a command shows its acknowledgement', async () => {
    // A new organisation's first administrator, with a place, a gateway and a data logging profile made through the API.
    const admin: TestUser = await newOrganisationAdmin(stack, 'sensors');
    const tag = randomUUID().slice(0, 6);
    const address = { address: '1 Cold Store Lane', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
    const locationName = `Depot ${tag}`;
    const siteName = `Kitchen ${tag}`;
    const gatewayName = `Gateway ${tag}`;
    const profileName = `Every 5 minutes ${tag}`;
    const { location, site } = await addPlace(stack, admin, { locationName, siteName, address });
    await created(api(stack, admin, 'POST', '/dataloggingprofiles', {
      name: profileName, valueToLog: 'instant', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0,
    }), 'a data logging profile');
    const gateway = await created(api(stack, admin, 'POST', '/gateways', {
      name: gatewayName, model: 'GW-SG1', macId: hex(6), eui: hex(8), locationIds: [location.id], siteId: site.id,
    }), 'a gateway');
    const sensorId = hex(4);
    const sensorName = `Walk-in fridge ${tag}`;

    // Add the sensor in the dialog: the model decides the channel and the connection type.
    const page = await openSignedInPage(browser, stack, admin.email, '/app/sensors');
    await page.getByRole('button', { name: 'Add sensor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add sensor' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Sensor id is required.').waitFor();
    await choose(page, dialog, /^Model/, 'ColdTrack CT-100 Temperature');
    await dialog.getByLabel(/^Sensor ID/).fill(sensorId.toLowerCase());
    await dialog.getByLabel(/^Name/).fill(sensorName);
    await choose(page, dialog, /^Location/, locationName);
    await choose(page, dialog, /^Site/, siteName);
    await choose(page, dialog, /^Gateway/, gatewayName);
    await choose(page, dialog.getByRole('group', { name: 'Channel 1' }), /^Data logging profile/, profileName);
    await choose(page, dialog, /^Monitoring type/, 'Refrigeration');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => ((await api(stack, admin, 'GET', `/sensors/${sensorId}`)).body as Sensor).name).toBe(sensorName);

    // The sensor detail, from the list.
    await page.getByRole('link', { name: sensorName }).click();
    await page.waitForURL(`**/app/sensors/${sensorId}`);
    await page.getByRole('heading', { name: sensorName }).waitFor();

    // Its device starts reporting over MQTT, through its gateway, as a radio sensor does.
    device = await startSimulatedDevice({
      brokerUrl: stack.mqttUrl,
      customerId: admin.customerId,
      deviceId: sensorId,
      model: 'CT-100',
      gatewayId: gateway.id,
      gatewayModel: 'GW-SG1',
      credentials: (id) => deviceCredentials(stack.dataDir, admin.customerId, id),
    });
    const simulated = device;
    // A reading per publish; two in the same instant are one reading (stored once), so publish until two are stored.
    await expect.poll(async () => {
      await simulated.publishNow();
      return ((await api(stack, admin, 'GET', `/sensors/${sensorId}/readings`)).body as { items: unknown[] }).items.length;
    }, { timeout: 30_000, interval: 1_000 }).toBeGreaterThanOrEqual(2);

    // The data tab shows them: choosing the last 24 hours again brings the window up to now.
    const readings = page.getByRole('table', { name: 'Readings' });
    await expect.poll(async () => {
      await page.getByRole('button', { name: '24 hours' }).click();
      await page.waitForTimeout(500);
      return readings.getByRole('row').count();
    }, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(() => readings.getByRole('cell', { name: /°C$/ }).count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.locator('[role="figure"] path.MuiLineChart-line').count()).toBe(1);
    await page.getByRole('figure').getByText('Channel 1: Temperature').waitFor();

    // A device setting, acknowledged by the device: executed, with its answer.
    await page.getByRole('tab', { name: 'Commands' }).click();
    await choose(page, page.getByRole('form', { name: 'Send a command' }), /^Command/, 'Set priority');
    const priority = page.getByLabel(/^Priority/);
    await priority.fill('16');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Priority must be between 0 and 15.').waitFor();
    await priority.fill('5');
    await page.getByRole('button', { name: 'Send' }).click();
    const commands = page.getByRole('table', { name: 'Commands' });
    const row = commands.getByRole('row').filter({ hasText: 'Set priority' });
    await row.getByText('Executed').waitFor({ timeout: 30_000 });
    await row.getByText('Priority set to 5').waitFor();
    await row.getByText('Priority: 5').waitFor();

    // The history tab has the sensor's creation and the command, by this administrator.
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('table', { name: 'History' });
    await history.getByRole('row').filter({ hasText: 'Command: – → Set priority' }).getByRole('cell', { name: admin.email, exact: true }).waitFor();
    await history.getByRole('row').filter({ hasText: `Model: – → CT-100` }).getByRole('cell', { name: admin.email, exact: true }).waitFor();

    await page.close();
  });
});
