import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InstanceDetail } from '@domain/haccp/filling';
import { createInstancesAhead } from '../../lambdas/data/checklist-instances-ahead';
import { deviceStateKey, ENTITY, readingPartition } from '../../lambdas/data';
import { launchBrowser } from '../support/browser';
import { signedInContext } from '../support/browser-session';
import { newOrganisationAdmin } from '../support/device-pages';
import { fridgeQuestion, putTestInstance, testDocuments } from '../support/haccp';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { addSensor, createSensorPlace, type SensorPlace } from '../support/sensors';

/**
 * HACCP (issue 15) in the browser: an administrator builds a shift and a checklist, the schedule
 * job creates today's instance, and a kitchen user fills it on a phone, online and offline.
 * Blocks of several engineers share this file, the browser and the screenshots kept for review
 * in test-results/screenshots/.
 */

const stack = inject('stack');

const LAPTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };
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
 * A page in a fresh browser context of the given size, signed in as `email`
 * (test/support/browser-session.ts) and opened on `path`; the context is closed whatever happens.
 */
async function signedIn(viewport: { width: number; height: number }, email: string, path: string, journey: (page: Page) => Promise<void>): Promise<void> {
  const context = await signedInContext(browser, stack, email, { viewport, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.goto(`${stack.portalUrl}${path}`);
    try {
      await journey(page);
    } catch (error) {
      // What the page showed when the journey failed, for whoever reads the failure.
      await page.screenshot({ path: join(SCREENSHOTS, 'haccp-failure.png'), fullPage: true }).catch(() => undefined);
      throw error;
    }
  } finally {
    await context.close();
  }
}

/** Picks an option of an MUI select by its field's label within `scope`. */
async function pick(page: Page, scope: Locator, field: RegExp, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

describe('HACCP: building a checklist and filling it on a phone (issue 15 sections 1, 2, 5)', () => {
  let admin: TestUser;
  let cook: TestUser;
  let place: SensorPlace;
  let siteName: string;
  let locationName: string;
  const sensorName = 'Walk-in fridge';
  let sensorId: string;
  const actionName = 'Moved stock to the back-up fridge';
  const shiftName = 'All day';
  const checklistName = 'Opening checks';

  beforeAll(async () => {
    admin = await newOrganisationAdmin(stack, 'haccp-e2e');
    place = await createSensorPlace(stack, admin);
    siteName = ((await api(stack, admin, 'GET', `/sites/${place.siteId}`)).body as { name: string }).name;
    locationName = ((await api(stack, admin, 'GET', `/locations/${place.locationId}`)).body as { name: string }).name;
    sensorId = await addSensor(stack, admin, place, { name: sensorName });
    // A reading a minute old, as the ingest writes it: the sensor's state item and its stored reading.
    const at = new Date(Date.now() - 60_000).toISOString();
    const documents = testDocuments(stack);
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { ...deviceStateKey(admin.customerId, ENTITY.sensor, sensorId), lastCommunicated: at, lastReadingAt: at, reading: { 1: 3.4, 2: 60 } },
    }));
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { pk: readingPartition(admin.customerId, sensorId), sk: at, time: at, channels: { 1: 3.4, 2: 60 }, receivedAt: at, sourceDeviceId: sensorId },
    }));
    const action = await api(stack, admin, 'POST', '/correctiveactions', { name: actionName, description: 'Within 15 minutes' });
    expect(action.status, JSON.stringify(action.body)).toBe(201);
    cook = await createUser(stack, 'basicuser', admin.customerId);
    await provisionAccount(stack, {
      email: cook.email, role: 'basicuser', customerId: admin.customerId, accountId: cook.accountId,
      locationIds: [place.locationId], siteIds: [place.siteId], isHaccpAvailable: true, firstName: 'Kim', lastName: 'Cook',
    });
  });

  it('an administrator builds a 24-hour shift and a checklist with a sensor and a numeric question; the cook fills today\'s on a phone', async () => {
    await signedIn(LAPTOP, admin.email, '/app/haccp/shifts', async (page) => {
      await page.getByRole('button', { name: 'Add shift' }).click();
      const shiftDialog = page.getByRole('dialog', { name: 'Add shift' });
      await shiftDialog.getByRole('textbox', { name: /^Name/ }).fill(shiftName);
      await pick(page, shiftDialog, /^Location/, locationName);
      await pick(page, shiftDialog, /^Site/, siteName);
      await pick(page, shiftDialog, /^Type/, '24 hours');
      const schedule = shiftDialog.getByRole('group', { name: 'Schedule 1' });
      await schedule.getByRole('textbox', { name: /^Schedule name/ }).fill('Every day');
      // Monday to Friday are there from the start; the weekend added.
      await schedule.getByRole('button', { name: 'Saturday' }).click();
      await schedule.getByRole('button', { name: 'Sunday' }).click();
      await shiftDialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Shift "${shiftName}" added.`).waitFor();

      await page.goto(`${stack.portalUrl}/app/haccp/checklists`);
      await page.getByRole('button', { name: 'Add checklist' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add checklist' });
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(checklistName);
      await pick(page, dialog, /^Site/, siteName);
      await pick(page, dialog, /^Locations/, locationName);
      await page.keyboard.press('Escape');
      await pick(page, dialog, /^Shift/, shiftName);

      await dialog.getByRole('button', { name: 'Add question' }).click();
      await dialog.getByRole('button', { name: 'Add question' }).click();
      // Each question's fields are named with its number (Q1 Question, Q2 Type).
      const [sensorCard, numericCard] = [dialog.getByTestId('question-card').nth(0), dialog.getByTestId('question-card').nth(1)];
      await sensorCard.getByRole('textbox', { name: /^Q1 Question/ }).fill('Walk-in fridge temperature');
      await pick(page, sensorCard, /^Q1 Type/, 'Temperature from a sensor');
      await pick(page, sensorCard, /^Q1 Sensor/, `${sensorName} (${sensorId})`);
      await sensorCard.getByRole('textbox', { name: /^Q1 Min/ }).fill('0');
      await sensorCard.getByRole('textbox', { name: /^Q1 Max/ }).fill('5');
      await sensorCard.getByRole('button', { name: 'Add corrective action' }).click();
      await pick(page, sensorCard, /^Q1 Corrective action 1/, actionName);

      await numericCard.getByRole('textbox', { name: /^Q2 Question/ }).fill('Hot holding temperature');
      await pick(page, numericCard, /^Q2 Type/, 'Numeric');
      await numericCard.getByRole('textbox', { name: /^Q2 Min/ }).fill('63');
      await numericCard.getByRole('textbox', { name: /^Q2 Max/ }).fill('90');
      await numericCard.getByRole('button', { name: 'Add corrective action' }).click();
      await pick(page, numericCard, /^Q2 Corrective action 1/, actionName);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Checklist "${checklistName}" added.`).waitFor();
    });

    // Adding the checklist made today's instance of the 24-hour shift at once: the hourly job, run now, finds it made.
    const run = await createInstancesAhead(testDocuments(stack), stack.tableName, admin.customerId, new Date());
    expect(run.existing).toBeGreaterThanOrEqual(1);

    await signedIn(PHONE, cook.email, '/app/haccp/today', async (page) => {
      await page.getByRole('link', { name: `Open checklist ${checklistName}` }).click();
      await page.waitForURL('**/app/haccp/fill/*');
      const instanceId = page.url().split('/').at(-1) ?? '';
      await page.getByRole('button', { name: 'Whole list' }).click();

      const sensorQuestion = page.getByRole('region', { name: 'Walk-in fridge temperature' });
      await sensorQuestion.getByText(/^Live reading: 3\.4 °C at /).waitFor();
      await sensorQuestion.getByRole('button', { name: 'Use this reading' }).click();
      await sensorQuestion.getByRole('button', { name: 'Save answer' }).click();
      await sensorQuestion.getByText('Sent', { exact: true }).waitFor();

      // 58 °C is under the 63 °C hot-holding minimum: a corrective action is asked for before the answer goes.
      const numericQuestion = page.getByRole('region', { name: 'Hot holding temperature' });
      await numericQuestion.getByRole('textbox', { name: 'Your answer' }).fill('58');
      const prompt = numericQuestion.getByRole('group', { name: 'This answer is out of limits: a corrective action is required.' });
      await prompt.waitFor();
      await prompt.getByRole('radio', { name: new RegExp(`^${actionName}`) }).check();
      await screenshot(page, 'haccp-fill-corrective-action');
      await numericQuestion.getByRole('button', { name: 'Save answer' }).click();
      await numericQuestion.getByText('Sent', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Submit checklist' }).click();
      // Submitted, the page goes back to Today, where the checklist shows completed.
      await page.waitForURL('**/app/haccp/today');
      const card = page.getByRole('link', { name: `Open checklist ${checklistName}` });
      await card.getByText('Completed on time', { exact: true }).waitFor();
      await card.getByText('2 of 2 answered').waitFor();
      await screenshot(page, 'haccp-fill-submitted');

      const detail = (await api(stack, cook, 'GET', `/haccp/instances/${instanceId}`)).body as InstanceDetail;
      expect(detail).toMatchObject({ state: 'completedOnTime', submittedBy: 'Kim Cook' });
      const numericAnswer = detail.answers.find((answer) => answer.value === 58);
      expect(numericAnswer).toMatchObject({ isException: true });
    });
  });

  it('keeps answers given offline on the phone, shows them waiting, and sends them once back online', async () => {
    const question = fridgeQuestion({ text: 'Dairy fridge temperature' });
    const instanceId = await putTestInstance(stack, admin.customerId, { siteId: place.siteId, questions: [question], timeZone: 'Europe/London' });
    const context = await signedInContext(browser, stack, cook.email, { viewport: PHONE, locale: 'en-GB' });
    try {
      const page = await context.newPage();
      await page.goto(`${stack.portalUrl}/app/haccp/today`);
      // In French, for the screenshot and the decimal comma.
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Français' }).click();
      await page.goto(`${stack.portalUrl}/app/haccp/fill/${instanceId}`);
      const card = page.getByRole('region', { name: 'Dairy fridge temperature' });
      await card.waitFor();

      await context.setOffline(true);
      await card.getByRole('textbox', { name: 'Votre réponse' }).fill('3,5');
      await card.getByRole('button', { name: 'Enregistrer la réponse' }).click();
      const badge = page.getByRole('status').filter({ hasText: "1 réponse en attente d'envoi" });
      await badge.waitFor();
      await card.getByText("En attente d'envoi", { exact: true }).waitFor();
      await screenshot(page, 'haccp-fill-offline-fr');

      await context.setOffline(false);
      await expect.poll(() => badge.count(), { timeout: 20_000 }).toBe(0);
      const detail = (await api(stack, cook, 'GET', `/haccp/instances/${instanceId}`)).body as InstanceDetail;
      expect(detail.answers).toEqual([expect.objectContaining({ questionId: question.id, value: 3.5 })]);
    } finally {
      await context.close();
    }
  });
});

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
}
