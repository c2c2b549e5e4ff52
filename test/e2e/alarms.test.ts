import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import { putTestAlarm } from '../support/alarms';
import { connectDevice, type DeviceConnection } from '../support/devices';
import { launchBrowser } from '../support/browser';
import { openSignedInPage } from '../support/browser-session';
import { addPlace, created, hex, newOrganisationAdmin } from '../support/device-pages';
import { api } from '../support/identity';

const stack = inject('stack');

/**
 * The alarm pages in the browser (issue 13 sections 3 and 5). Over an alarm written as the engine
 * raises it: an administrator sees a sensor's cleared, unacknowledged alarm among the active ones,
 * acknowledges it with a reason, finds it in History; the French detail on a phone. Through the
 * real engine (readings published over MQTT, the ingest raising and clearing the alarm): a
 * vaccine fridge's unplugged probe on the dashboard and the Alarms page, acknowledged, cleared by
 * the probe reading again, in History; its type in French.
 */
describe('alarms in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  const connections: DeviceConnection[] = [];
  afterAll(async () => {
    for (const connection of connections) await connection.close();
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

    // The navigation counts the active alarm; the list shows it cleared and not acknowledged.
    const page = await openSignedInPage(browser, stack, admin.email, '/app/alarms');
    await page.getByRole('link', { name: /^Alarms/ }).waitFor();
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

  it('shows an unplugged probe raised by the engine on the dashboard and the Alarms page; acknowledged, then cleared by a reading, it moves to History; French names its type', async () => {
    const admin = await newOrganisationAdmin(stack, 'alarm-journey');
    const address = { address: '2 Pharmacy Row', city: 'York', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'YO1 7HH' };
    const { location, site } = await addPlace(stack, admin, { locationName: `Clinic ${hex(2)}`, siteName: `Pharmacy ${hex(2)}`, address });
    const logging = await created(api(stack, admin, 'POST', '/dataloggingprofiles', {
      name: `Every 5 minutes ${hex(2)}`, valueToLog: 'instant', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0,
    }), 'a data logging profile');
    // As the demo's vaccine fridge: the probe missing raises at once (delay 0).
    const alarmProfile = await created(api(stack, admin, 'POST', '/alarmprofiles', {
      name: `Vaccine fridge ${hex(2)}`, description: 'Probe missing, no delay', types: ['probeMissing'], alarmDelayMinutes: 0, notificationDelayMinutes: 0,
      snoozeIntervalMinutes: 30, snoozeLimit: 3,
    }), 'an alarm profile');
    const gateway = await created(api(stack, admin, 'POST', '/gateways', {
      name: `Gateway ${hex(2)}`, model: 'GW-SG1', macId: hex(6), eui: hex(8), locationIds: [location.id], siteId: site.id,
    }), 'a gateway');
    const sensorId = hex(4);
    const sensorName = `Vaccine fridge ${hex(2)}`;
    await created(api(stack, admin, 'POST', '/sensors', {
      id: sensorId, name: sensorName, deviceModel: 'CT-300P', externalSensorType: 'glycolBottle', connectionType: 'subGhz', locationId: location.id, siteId: site.id,
      gatewayId: gateway.id, alarmProfileId: alarmProfile.id,
      channels: [
        { channel: 1, dataLoggingProfileId: logging.id, sensorType: 'probe', sensorSubType: 'food' },
        { channel: 2, dataLoggingProfileId: logging.id, sensorType: 'temperature', sensorSubType: 'refrigerator' },
      ],
    }), 'a sensor');
    const fridge = await connectDevice(stack, admin.customerId, sensorId);
    connections.push(fridge);
    const alarmsOf = async (status: 'active' | 'history') =>
      ((await api(stack, admin, 'GET', `/alarms?status=${status}&deviceId=${sensorId}`)).body as { items?: Alarm[] }).items ?? [];
    const POLL = { timeout: 15_000, interval: 250 };

    // The probe (channel 1) is unplugged: it reads nothing while the fridge's own thermometer goes on. The engine raises the alarm through the ingest.
    const unplugged = Date.now() - 5_000;
    await fridge.publishReadings({ time: new Date(unplugged).toISOString(), channels: { '1': null, '2': 4.8 }, battery: 90 });
    await expect.poll(async () => (await alarmsOf('active')).map((alarm) => alarm.type), POLL).toEqual(['probeMissing']);

    // The dashboard's alarm widget names it; its type opens the Alarms page filtered to it (Active).
    const page = await openSignedInPage(browser, stack, admin.email, '/app/dashboard');
    await page.getByRole('link', { name: `${sensorName} · Probe missing` }).waitFor();
    await page.getByRole('link', { name: 'Probe missing', exact: true }).click();
    await page.waitForURL('**/app/alarms?**type=probeMissing**');
    const grid = page.getByRole('grid', { name: 'Active' });
    await grid.getByRole('link', { name: sensorName }).waitFor();
    await grid.getByText('Probe missing').waitFor();
    await grid.getByText('Not acknowledged').waitFor();

    // Acknowledged with a reason while the probe is still missing: it stays active, acknowledged.
    await page.getByRole('button', { name: `Acknowledge the alarm of ${sensorName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Probe cable knocked out during cleaning');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await grid.getByText('Acknowledged, still in alarm').waitFor();

    // The probe reads again: the condition clears and the acknowledged alarm moves to History.
    await fridge.publishReadings({ time: new Date().toISOString(), channels: { '1': 4.6, '2': 4.8 }, battery: 90 });
    await expect.poll(async () => (await alarmsOf('history')).map((alarm) => alarm.type), POLL).toEqual(['probeMissing']);
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('grid', { name: 'History' });
    await history.getByRole('link', { name: sensorName }).waitFor();
    await history.getByText('Resolved').waitFor();

    // In French the alarm type is translated, on the list and on the dashboard (nothing active any more).
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.goto(`${stack.portalUrl}/app/alarms?status=history&type=probeMissing`);
    const historique = page.getByRole('grid', { name: 'Historique' });
    await historique.getByRole('link', { name: sensorName }).waitFor();
    await historique.getByText('Sonde absente').waitFor();
    await historique.getByText('Résolue').waitFor();
    await page.close();
  });
});
