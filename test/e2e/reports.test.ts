import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readingItem } from '../../lambdas/data';
import { launchBrowser } from '../support/browser';
import { signedInContext } from '../support/browser-session';
import { newOrganisationAdmin } from '../support/device-pages';
import { testDocuments } from '../support/haccp';
import { api, provisionAccount, type TestUser } from '../support/identity';
import { addSensor, createSensorPlace, type SensorPlace } from '../support/sensors';

/**
 * Reports in the browser (issue 34 section 5): a French administrator runs the Temperature Log
 * and the Vaccine report, previews each, downloads the PDF (rendered to images with pdftoppm:
 * pages there, accents right) and the CSV, and finds both in Report History.
 */

const stack = inject('stack');
const LAPTOP = { width: 1366, height: 850 };
const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots');
const DAY = '2026-03-02';
const DAY_START = Date.parse(`${DAY}T00:00:00Z`);
const QUARTER_HOUR = 15 * 60_000;

let browser: Browser;
const work = mkdtempSync(join(tmpdir(), 'reports-e2e-'));
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

async function putReadings(customerId: string, sensorId: string): Promise<void> {
  const documents = testDocuments(stack);
  try {
    const items = Array.from({ length: 96 }, (_, slot) => {
      const time = new Date(DAY_START + slot * QUARTER_HOUR).toISOString();
      // 4 and 6 °C in turn, and 9 °C from 10:00 to 11:00: an excursion above the vaccine limit of 8 °C.
      const celsius = slot >= 40 && slot < 44 ? 9 : slot % 2 === 0 ? 4 : 6;
      return readingItem(customerId, sensorId, { time, receivedAt: time, channels: { '1': celsius, '2': 50 }, sourceDeviceId: sensorId });
    });
    for (let offset = 0; offset < items.length; offset += 25) {
      await documents.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: items.slice(offset, offset + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
  } finally {
    documents.destroy();
  }
}

const nameOf = async (admin: TestUser, path: string): Promise<string> => ((await api(stack, admin, 'GET', path)).body as { name: string }).name;

/** Picks the options of the report form's place fields (a select, then two multiple pickers). */
async function choosePlaces(page: Page, names: { location: string; site: string; sensor: string }): Promise<void> {
  // The form's fields, not the header's location and site pickers.
  const form = page.getByRole('main');
  await form.getByRole('combobox', { name: /Emplacement/ }).click();
  await page.getByRole('option', { name: names.location }).click();
  await form.getByRole('combobox', { name: /Sites/ }).click();
  await page.getByRole('option', { name: names.site }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('combobox', { name: /Capteurs/ }).click();
  await page.getByRole('option', { name: names.sensor }).click();
  await page.keyboard.press('Escape');
  await form.getByLabel(/^Du\b/).fill(DAY);
  await form.getByLabel(/^Au\b/).fill(DAY);
}

/** Clicks a download button and returns the file the browser saved (the report opens in a new tab, which downloads it). */
async function downloaded(page: Page, button: RegExp, name: string): Promise<Buffer> {
  // The file opens in a new tab, which downloads it and closes; Chromium reports the download on the portal's page.
  const started = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await started;
  const path = join(work, name);
  await download.saveAs(path);
  return readFileSync(path);
}

/** The PDF's pages as images (pdftoppm) and its text (pdftotext). */
function pdfPages(bytes: Buffer, name: string): { images: number; text: string } {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('pdftoppm', ['-r', '40', '-png', file, join(work, name)]);
  const images = readdirSync(work).filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.png')).length;
  return { images, text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
}

describe('reports in the browser, in French (issue 34 section 5)', () => {
  let admin: TestUser;
  let place: SensorPlace;
  const names = { location: '', site: '', sensor: '' };

  beforeAll(async () => {
    admin = await newOrganisationAdmin(stack, 'reports-e2e');
    place = await createSensorPlace(stack, admin);
    const sensorId = await addSensor(stack, admin, place);
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true, lang: 'fr' });
    await putReadings(admin.customerId, sensorId);
    names.location = await nameOf(admin, `/locations/${place.locationId}`);
    names.site = await nameOf(admin, `/sites/${place.siteId}`);
    names.sensor = await nameOf(admin, `/sensors/${sensorId}`);
  });

  it('runs the Temperature Log and the Vaccine report, previews and downloads them, and finds both in Report History', async () => {
    const context = await signedInContext(browser, stack, admin.email, { viewport: LAPTOP, locale: 'fr-FR' });
    const page = await context.newPage();
    try {
      await page.goto(`${stack.portalUrl}/app/reports`);
      await page.getByRole('link', { name: 'Relevé de température' }).click();
      await page.waitForURL('**/app/reports/temperatureLog');
      await choosePlaces(page, names);
      await page.getByRole('button', { name: 'Aperçu' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Relevés' }).count()).toBe(1);
      await page.screenshot({ path: join(SCREENSHOTS, 'reports-temperature-log-fr.png'), fullPage: true });

      const logPdf = pdfPages(await downloaded(page, /Télécharger le PDF/, 'log.pdf'), 'log');
      expect(logPdf.images).toBeGreaterThanOrEqual(1);
      expect(logPdf.text).toContain('Relevé de température');
      expect(logPdf.text).toContain('Synthèse journalière');
      expect(logPdf.text).toMatch(/Page 1 sur \d+/);
      const logCsv = (await downloaded(page, /Télécharger le CSV/, 'log.csv')).toString('utf8');
      expect(logCsv.startsWith('\uFEFFSection,Capteur,Heure,Valeur (°C)')).toBe(true);
      expect(logCsv).toContain(`Relevés,${names.sensor},${DAY} 00:00,5`);

      await page.goto(`${stack.portalUrl}/app/reports/vaccine`);
      await choosePlaces(page, names);
      await page.getByLabel(/^Température minimale/).fill('2');
      await page.getByLabel(/^Température maximale/).fill('8');
      await page.getByRole('button', { name: 'Aperçu' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Excursions' }).count()).toBe(1);
      const vaccinePdf = pdfPages(await downloaded(page, /Télécharger le PDF/, 'vaccine.pdf'), 'vaccine');
      expect(vaccinePdf.images).toBeGreaterThanOrEqual(1);
      expect(vaccinePdf.text).toContain('Vaccins');
      expect(vaccinePdf.text).toContain('Interruptions d’enregistrement');
      // The excursion (10:00-11:00, 60 minutes at 9 °C) and the mean kinetic temperature in French digits.
      expect(vaccinePdf.text).toMatch(/02\/03\/2026 10:00\s+02\/03\/2026 11:00\s+60\s+9/);
      expect(vaccinePdf.text).toMatch(/Synthèse[\s\S]*\b60\s+5,3\s+4\s+9/);

      await page.goto(`${stack.portalUrl}/app/reports/history`);
      // The history's grid is a chunk of its own, loaded with the page.
      await expect.poll(() => page.getByText('Relevé de température').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      await expect.poll(() => page.getByText('Vaccins').count()).toBeGreaterThanOrEqual(1);
      expect(page.url()).toMatch(/\/app\/reports\/history$/);
      await page.screenshot({ path: join(SCREENSHOTS, 'reports-history-fr.png'), fullPage: true });
    } catch (error) {
      await page.screenshot({ path: join(SCREENSHOTS, 'reports-failure.png'), fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
