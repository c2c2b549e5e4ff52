import { createHash, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPORT_IDS, type ReportId } from '@domain/reports/catalogue';
import { MESSAGES } from '@domain/core/messages';
import { REPORT_MESSAGES } from '@domain/reports/messages';
import type { ReportPreview, ReportRun } from '@domain/reports/runs';
import { readingItem } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { addSensor, createSensorPlace, type SensorPlace } from '../support/sensors';

const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

const QUARTER_HOUR = 15 * 60 * 1000;
/** Two London days of March 2026 before the clocks change: UTC is the site's time. */
const FROM = '2026-03-02';
const TO = '2026-03-03';
const DAY_START = Date.parse('2026-03-02T00:00:00Z');

/** Readings every 15 minutes over the two days: 4 °C on even quarters, 6 °C on odd ones; 06:00-08:00 of the first day missing (a gap). */
function readingsOf(sensorId: string, customerId: string): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  for (let slot = 0; slot < 2 * 96; slot += 1) {
    if (slot >= 24 && slot < 32) continue;
    const time = new Date(DAY_START + slot * QUARTER_HOUR).toISOString();
    items.push(readingItem(customerId, sensorId, { time, receivedAt: time, channels: { '1': slot % 2 === 0 ? 4 : 6, '2': 50 }, sourceDeviceId: sensorId }));
  }
  return items;
}

async function putAll(items: Record<string, unknown>[]): Promise<void> {
  for (let offset = 0; offset < items.length; offset += 25) {
    let pending = items.slice(offset, offset + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const result = await documents.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: pending } }));
      pending = (result.UnprocessedItems?.[stack.tableName] ?? []) as typeof pending;
    }
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function download(user: TestUser, run: ReportRun): Promise<Uint8Array> {
  const link = await api(stack, user, 'GET', `/reports/runs/${run.id}/download`);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const response = await fetch((link.body as { url: string }).url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('reports: runs, files, history and verify (issue 34)', () => {
  const customerId = `reports-${randomUUID().slice(0, 8)}`;
  let admin: TestUser;
  let place: SensorPlace;
  let sensorId: string;
  let otherSensorId: string;
  const parameters = () => ({ locationId: place.locationId, siteIds: [place.siteId], sensorIds: [sensorId], from: FROM, to: TO, dataPoints: 'hourly' });

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', customerId);
    place = await createSensorPlace(stack, admin);
    sensorId = await addSensor(stack, admin, place);
    otherSensorId = await addSensor(stack, admin, place, { siteId: place.otherSiteId, gatewayId: place.otherGatewayId });
    await putAll(readingsOf(sensorId, customerId));
  });

  it('builds a small Temperature Log CSV at once: ready, its SHA-256 the downloaded file\'s, hourly values with the gap left empty', async () => {
    const created = await api(stack, admin, 'POST', '/reports/runs', { reportId: 'temperatureLog', format: 'csv', parameters: parameters() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const run = created.body as ReportRun;
    expect(run).toMatchObject({ status: 'ready', reportId: 'temperatureLog', format: 'csv', siteIds: [place.siteId] });
    const bytes = await download(admin, run);
    expect(sha256(bytes)).toBe(run.sha256);
    // The BOM is kept in the text (a TextDecoder drops it unless told not to).
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFFSection,Sensor,Time,Value (°C)')).toBe(true);
    const readingRows = text.split('\r\n').filter((line) => line.startsWith('Readings,'));
    expect(readingRows).toHaveLength(48);
    // Each hour averages 4, 6, 4, 6; the hours 06:00 and 07:00 of the first day had no reading.
    expect(readingRows[0]).toMatch(/,2026-03-02 00:00,5,/);
    expect(readingRows[6]).toMatch(/,2026-03-02 06:00,,/);
    expect(readingRows[8]).toMatch(/,2026-03-02 08:00,5,/);
  });

  it('writes a French PDF the verify call recognises; a changed file is not recognised', async () => {
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true, lang: 'fr', uom: 'F' });
    const created = await api(stack, admin, 'POST', '/reports/runs', { reportId: 'vaccine', format: 'pdf', parameters: { ...parameters(), min: 36, max: 46 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const run = created.body as ReportRun;
    expect(run.fileName).toMatch(/^Vaccins_2026-03-02_2026-03-03_.+\.pdf$/);
    const bytes = await download(admin, run);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const verified = await api(stack, undefined, 'POST', '/reports/verify', { sha256: sha256(bytes) });
    expect(verified).toEqual({ status: 200, body: { verified: true, report: expect.objectContaining({ reportId: 'vaccine', format: 'pdf', fileName: run.fileName }) } });
    const tampered = Uint8Array.from(bytes);
    tampered[tampered.length - 10] = (tampered[tampered.length - 10] ?? 0) ^ 1;
    expect(await api(stack, undefined, 'POST', '/reports/verify', { sha256: sha256(tampered) })).toEqual({ status: 200, body: { verified: false } });
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true });
  });

  it('queues a large run for the runner, which builds it: queued, then ready', async () => {
    const created = await api(stack, admin, 'POST', '/reports/runs', { reportId: 'temperatureLog', format: 'csv', parameters: { ...parameters(), from: '2025-12-01', to: '2026-03-03' } });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const queued = created.body as ReportRun;
    expect(queued.status).toBe('queued');
    let run = queued;
    for (let attempt = 0; attempt < 120 && run.status !== 'ready' && run.status !== 'failed'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      run = (await api(stack, admin, 'GET', `/reports/runs/${queued.id}`)).body as ReportRun;
    }
    expect(run).toMatchObject({ status: 'ready', progress: 1 });
    expect(sha256(await download(admin, run))).toBe(run.sha256);
  });

  it('emails a Checklist Report over 7 days when it is ready: the link to Report History and the file\'s SHA-256', async () => {
    const since = Date.now() - 1000;
    const created = await api(stack, admin, 'POST', '/reports/runs', {
      reportId: 'checklistReport', format: 'pdf', parameters: { locationId: place.locationId, siteIds: [place.siteId], from: '2026-03-01', to: '2026-03-10' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({ status: 'queued', emailed: true });
    const id = (created.body as ReportRun).id;
    let run = created.body as ReportRun;
    for (let attempt = 0; attempt < 120 && run.status !== 'ready' && run.status !== 'failed'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      run = (await api(stack, admin, 'GET', `/reports/runs/${id}`)).body as ReportRun;
    }
    expect(run.status).toBe('ready');
    const messages = (await (await fetch(`${stack.portalUrl}/outbox/messages.json`)).json()) as { channel: string; at: string; to: string; body: string }[];
    const email = messages.find((message) => message.channel === 'email' && Date.parse(message.at) >= Math.floor(since / 1000) * 1000 && message.to.toLowerCase().includes(admin.email.toLowerCase()) && message.body.includes(run.sha256 ?? '-'));
    expect(email?.body).toContain('/app/reports/history');
  });

  it('previews on screen in the reader\'s language, a page of rows per section', async () => {
    const preview = await api(stack, admin, 'POST', '/reports/preview', { reportId: 'temperatureLog', parameters: parameters() });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const body = preview.body as ReportPreview;
    expect(body.empty).toBe(false);
    const readings = body.sections.find((section) => section.id === 'readings');
    expect(readings?.total).toBe(48);
    expect(readings?.columns.map((column) => column.label)).toEqual(['Sensor', 'Time', 'Value (°C)']);
    expect(readings?.rows[6]?.[2]).toBe('–');
  });

  it('refuses what the catalogue refuses, in its words', async () => {
    const refused = await api(stack, admin, 'POST', '/reports/runs', { reportId: 'vaccine', format: 'pdf', parameters: { ...parameters(), min: 8, max: 2 } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(REPORT_MESSAGES.vaccineMaxGreater);
    const noSites = await api(stack, admin, 'POST', '/reports/preview', { reportId: 'temperatureLog', parameters: { ...parameters(), siteIds: [] } });
    expect(noSites.status).toBe(400);
    expect(JSON.stringify(noSites.body)).toContain(MESSAGES.siteSelectionRequired);
  });

  it("keeps another organisation and a site-limited user out: their ids answer as missing, history shows only what they may see", async () => {
    const outsider = await createUser(stack, 'admin', `reports-outsider-${randomUUID().slice(0, 6)}`);
    await provisionAccount(stack, { email: outsider.email, role: 'admin', customerId: outsider.customerId, accountId: outsider.accountId, hasDefaultLocAccess: true });
    expect((await api(stack, outsider, 'POST', '/reports/runs', { reportId: 'temperatureLog', format: 'csv', parameters: parameters() })).status).toBe(404);
    const history = await api(stack, admin, 'GET', '/reports/runs');
    const [someRun] = (history.body as { items: ReportRun[] }).items;
    expect(someRun).toBeDefined();
    expect((await api(stack, outsider, 'GET', `/reports/runs/${someRun?.id ?? ''}`)).status).toBe(404);
    expect((await api(stack, outsider, 'GET', `/reports/runs/${someRun?.id ?? ''}/download`)).status).toBe(404);
    expect(((await api(stack, outsider, 'GET', '/reports/runs')).body as { items: ReportRun[] }).items).toEqual([]);

    const basic = await createUser(stack, 'basicuser', customerId);
    await provisionAccount(stack, { email: basic.email, role: 'basicuser', customerId, accountId: basic.accountId, locationIds: [place.locationId], siteIds: [place.otherSiteId] });
    expect((await api(stack, basic, 'POST', '/reports/preview', { reportId: 'temperatureLog', parameters: parameters() })).status).toBe(404);
    const own = await api(stack, basic, 'POST', '/reports/runs', { reportId: 'temperatureLog', format: 'csv', parameters: { ...parameters(), siteIds: [place.otherSiteId], sensorIds: [otherSensorId] } });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const seen = ((await api(stack, basic, 'GET', '/reports/runs')).body as { items: ReportRun[] }).items;
    expect(seen.map((run) => run.id)).toEqual([(own.body as ReportRun).id]);
    expect((await api(stack, basic, 'GET', `/reports/runs/${someRun?.id ?? ''}`)).status).toBe(404);
    // The Portal Audit needs corporate access.
    expect((await api(stack, basic, 'POST', '/reports/preview', { reportId: 'portalAudit', parameters: { from: FROM, to: TO } })).status).toBe(403);
  });

  it('runs every report of the catalogue: on screen, as CSV and as PDF', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const sensors = parameters();
    const sites = { locationId: place.locationId, siteIds: [place.siteId], from: FROM, to: TO };
    const byReport: Record<ReportId, Record<string, unknown>> = {
      temperatureLog: sensors, vaccine: { ...sensors, min: 2, max: 8 }, sensorHealthSummary: sensors, sensorSignal: sensors, sensorQa: sensors,
      checklistReport: sites, checklistPerformance: sites, alertsByDay: sites, exceptionSummary: sites,
      portalAudit: { from: today, to: today }, sensorDetails: { locationId: place.locationId, siteIds: [place.siteId], sensorIds: [sensorId] },
      sensorAudit: { locationId: place.locationId, sensorId, from: today, to: today }, reportHistory: { from: today, to: today },
    };
    for (const reportId of REPORT_IDS) {
      const preview = await api(stack, admin, 'POST', '/reports/preview', { reportId, parameters: byReport[reportId] });
      expect(preview.status, `${reportId}: ${JSON.stringify(preview.body)}`).toBe(200);
      for (const format of ['csv', 'pdf'] as const) {
        const created = await api(stack, admin, 'POST', '/reports/runs', { reportId, format, parameters: byReport[reportId] });
        expect(created.status, `${reportId} ${format}: ${JSON.stringify(created.body)}`).toBe(201);
        expect((created.body as ReportRun).status).toBe('ready');
      }
    }
    // The sensor's creation is in its audit and in the organisation's.
    const audit = await api(stack, admin, 'POST', '/reports/preview', { reportId: 'sensorAudit', parameters: byReport.sensorAudit });
    expect((audit.body as ReportPreview).empty).toBe(false);
  });

  it('lists every run in Report History, newest first, each with its fingerprint', async () => {
    const history = await api(stack, admin, 'GET', '/reports/runs');
    expect(history.status).toBe(200);
    const runs = (history.body as { items: ReportRun[] }).items;
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.map((run) => run.createdAt)).toEqual([...runs.map((run) => run.createdAt)].sort().reverse());
    expect(runs.filter((run) => run.status === 'ready').every((run) => /^[0-9a-f]{64}$/.test(run.sha256 ?? ''))).toBe(true);
  });
});
