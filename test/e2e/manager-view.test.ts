import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deviceStateKey, ENTITY, readingPartition } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { launchBrowser } from '../support/browser';
import { signedInContext } from '../support/browser-session';
import { newOrganisationAdmin } from '../support/device-pages';
import { api, type TestUser } from '../support/identity';
import { addSensor, createSensorPlace, sensorBody, type SensorPlace } from '../support/sensors';

/**
 * What a manager sees (issue 17), at a laptop's 1366×850 and a phone's 390×844. Each block
 * covers one section of the issue; they share the browser, the screen sizes, sign-in and the
 * screenshots kept for review in test-results/screenshots/.
 */

const stack = inject('stack');

const SCREENS = {
  laptop: { width: 1366, height: 850 },
  phone: { width: 390, height: 844 },
} as const;
type ScreenName = keyof typeof SCREENS;

const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A journey at a screen size, signed in as `email` (test/support/browser-session.ts: the
 * login page itself is sign-in.test.ts's), starting on `path`; its context is closed after it
 * whatever happens.
 */
async function signedInOnScreen(screen: ScreenName, email: string, path: string, journey: (page: Page) => Promise<void>): Promise<void> {
  const context = await signedInContext(browser, stack, email, { viewport: SCREENS[screen], locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.goto(`${stack.portalUrl}${path}`);
    await journey(page);
  } finally {
    await context.close();
  }
}

/** What the ingest would have written for a sensor, put straight into the table: its state item and its stored readings. */
interface SensorReadings {
  state: { lastCommunicated: string; lastReadingAt: string; reading: Record<number, number> };
  readings: { time: string; channels: Record<number, number>; receivedAt: string }[];
}

async function putSensorReadings(customerId: string, sensors: Record<string, SensorReadings>): Promise<void> {
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
  try {
    for (const [sensorId, { state, readings }] of Object.entries(sensors)) {
      await documents.send(new PutCommand({ TableName: stack.tableName, Item: { ...deviceStateKey(customerId, ENTITY.sensor, sensorId), ...state } }));
      for (const { time, channels, receivedAt } of readings) {
        await documents.send(new PutCommand({
          TableName: stack.tableName, Item: { pk: readingPartition(customerId, sensorId), sk: time, time, channels, receivedAt, sourceDeviceId: sensorId },
        }));
      }
    }
  } finally {
    documents.destroy();
  }
}

/** Kept for review: `<page>-<screen>.png`. */
async function screenshot(page: Page, name: string, screen: ScreenName): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${screen}.png`), fullPage: true });
}

describe('pages that fit the screen (issue 17 items 5-9)', () => {
  let admin: TestUser;
  let sensorName: string;

  beforeAll(async () => {
    admin = await newOrganisationAdmin(stack, 'fit');
    const place = await createSensorPlace(stack, admin);
    sensorName = 'Prep fridge with a rather long name';
    await addSensor(stack, admin, place, { name: sensorName });
  });

  // The failed sign-in toast's place and its leaving with the sign-in: sign-in.test.ts (the login page's own file).
  it('at 1366 px: the sensor list shows the columns a manager needs within its view', async () => {
    await signedInOnScreen('laptop', admin.email, '/app/dashboard', async (page) => {
      // The dashboard's widgets have the panel's Options and Reload.
      const health = page.getByRole('region', { name: 'System health' });
      await health.getByRole('button', { name: 'Options' }).waitFor();
      await health.getByRole('button', { name: 'Reload' }).waitFor();
      await screenshot(page, 'dashboard', 'laptop');

      await page.getByRole('link', { name: 'Sensors', exact: true }).click();
      await page.getByRole('link', { name: sensorName }).waitFor();
      const grid = page.getByRole('grid', { name: 'Sensors' });
      // Name, active alarms, site, connection, last reading, battery and the row's actions (the header's field).
      for (const column of ['name', 'activeAlarms', 'siteId', 'online', 'reading', 'battery', '__actions']) {
        const header = grid.locator(`[role="columnheader"][data-field="${column}"]`);
        const box = await header.boundingBox();
        expect(box, column).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0), column).toBeLessThanOrEqual(SCREENS.laptop.width);
      }
      // Every needed column within the grid's own visible width, so nothing a manager needs is off to the side,
      // and nothing wider than the view for the grid to scroll to (the last header's separator stuck out 5 px).
      const scroller = grid.locator('.MuiDataGrid-virtualScroller');
      await expect.poll(() => scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
      const view = await scroller.evaluate((element) => { const box = element.getBoundingClientRect(); return box.left + element.clientWidth; });
      for (const column of ['name', 'activeAlarms', 'siteId', 'online', 'reading', 'lastReadingAt', 'battery', '__actions']) {
        const box = await grid.locator(`[role="columnheader"][data-field="${column}"]`).boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0), column).toBeLessThanOrEqual(view + 0.5);
      }
      await screenshot(page, 'sensor-list', 'laptop');

      await page.getByRole('link', { name: sensorName }).click();
      await page.getByRole('heading', { name: sensorName }).waitFor();
      await screenshot(page, 'sensor', 'laptop');

      // Locations, Sites and Users hid their Actions column off to the side the same way.
      for (const list of ['locations', 'sites', 'users']) {
        await page.goto(`${stack.portalUrl}/app/${list}`);
        const listGrid = page.getByRole('grid').first();
        // The users list of a new organisation may be empty: its header is what is measured.
        await listGrid.locator('[role="columnheader"][data-field="__actions"]').waitFor();
        const listScroller = listGrid.locator('.MuiDataGrid-virtualScroller');
        await expect.poll(() => listScroller.evaluate((element) => element.scrollWidth - element.clientWidth), { message: list }).toBe(0);
        const listView = await listScroller.evaluate((element) => { const box = element.getBoundingClientRect(); return box.left + element.clientWidth; });
        const actions = await listGrid.locator('[role="columnheader"][data-field="__actions"]').boundingBox();
        expect(actions, list).not.toBeNull();
        expect((actions?.x ?? 0) + (actions?.width ?? 0), list).toBeLessThanOrEqual(listView + 0.5);
        await screenshot(page, `${list}-list`, 'laptop');
      }
    });
  });

  it('at 390 px: the title is whole, the location and site selector is in the drawer, and the sensors are cards', async () => {
    await signedInOnScreen('phone', admin.email, '/app/dashboard', async (page) => {
      const title = page.getByText('Cold-chain portal', { exact: true });
      expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await page.getByRole('region', { name: 'System health' }).waitFor();
      await screenshot(page, 'dashboard', 'phone');

      await page.getByRole('button', { name: 'Open navigation' }).click();
      const location = page.getByRole('combobox', { name: 'Location' });
      await location.waitFor();
      expect((await location.boundingBox())?.width).toBeGreaterThan(0);
      await page.getByRole('combobox', { name: 'Site' }).waitFor();
      await page.getByRole('link', { name: 'Sensors', exact: true }).click();

      const cards = page.getByRole('list', { name: 'Sensors' });
      const card = cards.getByRole('listitem').filter({ hasText: sensorName });
      await card.waitFor();
      expect(await card.getByRole('link', { name: sensorName }).isVisible()).toBe(true);
      expect(await card.getByText(/^(Online|Offline)$/).isVisible()).toBe(true);
      expect(await page.getByRole('grid').count()).toBe(0);
      // Nothing wider than the phone.
      // An expression, not a function: the test's typings have no DOM.
      expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(SCREENS.phone.width);
      await screenshot(page, 'sensor-list', 'phone');

      await card.getByRole('link', { name: sensorName }).click();
      await page.getByRole('heading', { name: sensorName }).waitFor();
      await screenshot(page, 'sensor', 'phone');
    });
  });
});

describe('records people can read (issue 17 items 10-11)', () => {
  let admin: TestUser;
  let place: SensorPlace;
  let sensorId: string;

  beforeAll(async () => {
    admin = await newOrganisationAdmin(stack, 'history');
    place = await createSensorPlace(stack, admin);
    sensorId = await addSensor(stack, admin, place, { name: 'Walk-in fridge' });
    // Moved to the other site and its gateway: the entry names both gateways and both sites.
    const moved = await api(stack, admin, 'PUT', `/sensors/${sensorId}`, sensorBody(place, {
      id: sensorId, name: 'Walk-in fridge', siteId: place.otherSiteId, gatewayId: place.otherGatewayId,
    }));
    expect(moved.status).toBe(200);
  });

  it("shows a sensor's history in French with the form's labels and names, not field names, ids or JSON", async () => {
    const gateways = (await api(stack, admin, 'GET', '/gateways')).body as { items: { id: string; name: string }[] };
    const gatewayName = (id: string) => gateways.items.find((gateway) => gateway.id === id)?.name ?? id;
    await signedInOnScreen('laptop', admin.email, `/app/sensors/${sensorId}`, async (page) => {
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Français' }).click();
      await page.getByRole('tab', { name: 'Historique' }).click();
      const history = page.getByRole('table', { name: 'Historique' });
      await history.getByText(`Passerelle : ${gatewayName(place.gatewayId)} → ${gatewayName(place.otherGatewayId)}`).waitFor();
      await history.getByText(/^Canaux : – → Canal 1 : Température \(Chambre froide positive\), Every 5 minutes /).waitFor();
      const text = await history.innerText();
      for (const raw of [place.gatewayId, place.otherGatewayId, place.locationId, place.siteId, 'gatewayId', 'createdAt', 'deviceStatus', 'scheduledChanges', '{"', '[]']) {
        expect(text, raw).not.toContain(raw);
      }
      await screenshot(page, 'sensor-history-fr', 'laptop');
    });
  });
});

describe('readings a manager can trust (issue 17 items 1-4)', () => {
  let admin: TestUser;
  let dryStore: string;
  let prepFridge: string;
  let newestAt: string;

  beforeAll(async () => {
    admin = await newOrganisationAdmin(stack, 'trust');
    const place = await createSensorPlace(stack, admin);
    dryStore = await addSensor(stack, admin, place, { name: 'Dry Store' });
    prepFridge = await addSensor(stack, admin, place, { name: 'Prep Fridge' });
    const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    // The Dry Store: silent for 77 minutes, its last reading back-filled by its gateway a minute ago.
    const silentSince = iso(77 * 60_000 + 10_000);
    // The Prep Fridge: its state item written with the 2.7 °C reading; a newer 4.0 °C one is stored since (no state write).
    const olderAt = iso(9 * 60_000);
    newestAt = iso(4 * 60_000);
    await putSensorReadings(admin.customerId, {
      [dryStore]: {
        state: { lastCommunicated: iso(60_000), lastReadingAt: silentSince, reading: { 1: 18.9, 2: 45 } },
        readings: [{ time: silentSince, channels: { 1: 18.9, 2: 45 }, receivedAt: iso(60_000) }],
      },
      [prepFridge]: {
        state: { lastCommunicated: olderAt, lastReadingAt: olderAt, reading: { 1: 2.7, 2: 60 } },
        readings: [
          { time: olderAt, channels: { 1: 2.7, 2: 60 }, receivedAt: olderAt },
          { time: newestAt, channels: { 1: 4, 2: 61 }, receivedAt: newestAt },
        ],
      },
    });
  });

  it('at 1366 px: a silent sensor shows offline with its value\'s age, and the list shows the newest reading with its time', async () => {
    await signedInOnScreen('laptop', admin.email, '/app/sensors', async (page) => {
      const grid = page.getByRole('grid', { name: 'Sensors' });
      const row = (name: string) => grid.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      const cell = (name: string, field: string) => row(name).locator(`[role="gridcell"][data-field="${field}"]`);

      // Offline by its own newest reading, though its gateway passed its readings on a minute ago; the value says how old it is.
      await expect.poll(() => cell('Dry Store', 'online').innerText()).toBe('Offline');
      expect(await cell('Dry Store', 'reading').innerText()).toMatch(/^18\.9 °C · 45 %RH · 1 h 1\d min ago$/);

      // The newest stored reading, not the state item's, with its own time in the Last reading at column.
      expect(await cell('Prep Fridge', 'reading').innerText()).toBe('4 °C · 61 %RH');
      expect(await cell('Prep Fridge', 'online').innerText()).toBe('Online');
      const shownAt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(newestAt));
      expect(await cell('Prep Fridge', 'lastReadingAt').innerText()).toBe(shownAt);
      const header = await grid.locator('[role="columnheader"][data-field="lastReadingAt"]').boundingBox();
      expect((header?.x ?? Number.POSITIVE_INFINITY) + (header?.width ?? 0)).toBeLessThanOrEqual(1366);
      await screenshot(page, 'sensor-list-readings', 'laptop');

      // Its own page says the same.
      await row('Dry Store').getByRole('link', { name: 'Dry Store', exact: true }).click();
      await page.getByRole('heading', { name: 'Dry Store' }).waitFor();
      await page.getByText('Offline', { exact: true }).first().waitFor();
      await page.getByText(/^18\.9 °C · 45 %RH · 1 h 1\d min ago$/).first().waitFor();
      await screenshot(page, 'sensor-silent', 'laptop');
    });
  });
});

describe('every language, all the way (issue 17 items 12-14)', () => {
  let admin: TestUser;
  let sensorId: string;
  let siteId: string;

  beforeAll(async () => {
    admin = await newOrganisationAdmin(stack, 'language');
    const place = await createSensorPlace(stack, admin);
    siteId = place.siteId;
    sensorId = await addSensor(stack, admin, place, { name: 'Freezer' });
    const at = new Date(Date.now() - 60_000).toISOString();
    await putSensorReadings(admin.customerId, {
      [sensorId]: {
        state: { lastCommunicated: at, lastReadingAt: at, reading: { 1: -18.4, 2: 45 } },
        readings: [{ time: at, channels: { 1: -18.4, 2: 45 }, receivedAt: at }],
      },
    });
  });

  it('shows a temperature in French with a decimal comma, and invites a French user in French with a link to the portal', async () => {
    await signedInOnScreen('laptop', admin.email, '/app/sensors', async (page) => {
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Français' }).click();
      await page.getByRole('link', { name: 'Capteurs', exact: true }).click();
      const row = page.getByRole('grid').getByRole('row').filter({ has: page.getByRole('link', { name: 'Freezer', exact: true }) });
      await expect.poll(() => row.locator('[role="gridcell"][data-field="reading"]').innerText()).toMatch(/^-18,4 °C · 45 %RH/);
      await screenshot(page, 'sensor-list-fr', 'laptop');

      // The invitation, in the invitee's language, from the outbox page.
      const email = `invitee-fr-${Date.now()}@test.example`;
      const invited = await api(stack, admin, 'POST', '/users/invite', {
        email, firstName: 'Chloé', lastName: 'Martin', role: 'basicuser', siteIds: [siteId], lang: 'fr',
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      await expect.poll(async () => (await (await fetch(`${stack.portalUrl}/outbox`)).text()).includes(email)).toBe(true);
      await page.goto(`${stack.portalUrl}/outbox`);
      const invitation = page.locator('article', { hasText: email }).first();
      const text = await invitation.innerText();
      expect(text).toMatch(/vous invite à rejoindre .+ sur le Portail chaîne du froid/);
      expect(text).toContain('Bonjour Chloé,');
      const link = /https?:\/\/\S+\/login/.exec(text)?.[0];
      expect(link, text).toBe(`${stack.portalUrl}/login`);
      await screenshot(page, 'invitation-fr', 'laptop');
      await page.goto(link ?? '');
      await page.waitForURL('**/login');
    });
  });
});
