import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import { putTestAlarm } from '../support/alarms';
import { launchBrowser } from '../support/browser';
import { addPlace, created, hex, newOrganisationAdmin, signIn } from '../support/device-pages';
import { api } from '../support/identity';

const stack = inject('stack');

/**
 * The alarm pages in the browser (issue 13 sections 3 and 5), over alarms written as the engine
 * raises them (the MQTT path to an alarm is the integration tests'): an administrator sees a
 * sensor's cleared, unacknowledged alarm among the active ones, acknowledges it with a reason,
 * finds it in History; the French interface names the alarm types; a phone shows cards.
 */
describe('alarms in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets an admin acknowledge a cleared alarm with a reason, moving it to history; the French interface names the types', async () => {
    const admin = await newOrganisationAdmin(stack, 'alarms');
    const address = { address: '1 Cold Store Lane', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
    const { location, site } = await addPlace(stack, admin, { locationName: `Depot ${hex(2)}`, siteName: `Kitchen ${hex(2)}`, address });
    const profile = await created(api(stack, admin, 'POST', '/dataloggingprofiles', {
      name: `Every 5 minutes ${hex(2)}`, valueToLog: 'instant', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0,
    }), 'a data logging profile');
    const alarmProfile = await created(api(stack, admin, 'POST', '/alarmprofiles', {
      name: `Walk-in cooler ${hex(2)}`, description: '0-5 °C', types: ['outOfRange'], alarmDelayMinutes: 30, notificationDelayMinutes: 0,
      snoozeIntervalMinutes: 30, snoozeLimit: 3, measurement: 'temperature', unit: 'C', min: 0, max: 5,
    }), 'an alarm profile');
    const gateway = await created(api(stack, admin, 'POST', '/gateways', {
      name: `Gateway ${hex(2)}`, model: 'GW-SG1', macId: hex(6), eui: hex(8), locationIds: [location.id], siteId: site.id,
    }), 'a gateway');
    const sensorId = hex(4);
    const sensorName = `Walk-in fridge ${hex(2)}`;
    await created(api(stack, admin, 'POST', '/sensors', {
      id: sensorId, name: sensorName, deviceModel: 'CT-100', connectionType: 'subGhz', locationId: location.id, siteId: site.id,
      gatewayId: gateway.id, alarmProfileId: alarmProfile.id,
      channels: [{ channel: 1, dataLoggingProfileId: profile.id, sensorType: 'temperature', sensorSubType: 'ambient' }],
    }), 'a sensor');
    const alarm = await putTestAlarm(stack, admin.customerId, {
      deviceId: sensorId, deviceName: sensorName, siteId: site.id, locationId: location.id, profileId: alarmProfile.id,
    });

    const page = await browser.newPage();
    await signIn(stack, page, admin.email);
    // The navigation counts the active alarm; the list shows it cleared and not acknowledged.
    await page.getByRole('link', { name: /^Alarms/ }).click();
    await page.waitForURL('**/app/alarms');
    const grid = page.getByRole('grid', { name: 'Active' });
    await grid.getByRole('link', { name: sensorName }).waitFor();
    await grid.getByText('Out of range').waitFor();
    await grid.getByText('Cleared, not acknowledged').waitFor();

    // A reason is required; with one, the alarm moves to history.
    await page.getByRole('button', { name: `Acknowledge the alarm of ${sensorName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' });
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await dialog.getByText('Please give a reason for the acknowledgement.').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Door left open during a delivery');
    await dialog.getByRole('textbox', { name: 'Corrective action' }).fill('Door closed, stock checked at 4 °C');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('No active alarms.').waitFor();
    await expect.poll(async () => ((await api(stack, admin, 'GET', `/alarms/${alarm.id}`)).body as Alarm).status).toBe('history');

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('grid', { name: 'History' });
    await history.getByRole('link', { name: sensorName }).waitFor();
    await history.getByText('Resolved').waitFor();

    // In French, on a phone: the alarm's detail names its type and the timeline its acknowledgement.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.portalUrl}/app/alarms?tab=history`);
    await page.getByRole('link', { name: sensorName }).click();
    await page.getByRole('heading', { name: `Hors plage : ${sensorName}` }).waitFor();
    await page.getByRole('list', { name: 'Chronologie' }).getByText('Acquittée').waitFor();
    // Nothing wider than the phone.
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });
});
