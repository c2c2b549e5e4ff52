import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readingItem } from '../../lambdas/data';
import type { Caller } from '../../lambdas/shared/caller';
import { LOCAL_REGION } from '../../local/identity';
import { freePorts } from '../../local/ports';
import { startLocalStack } from '../../local/stack';
import { api, createUser } from '../support/identity';
import { addSensor, createSensorPlace } from '../support/sensors';
import { percentile, stackUnderTest, time } from './measure';

/**
 * `npm run bench` (reports, issue 34 section 4), in one run on a fresh local stack:
 * 1. a 31-day Temperature Log of 50 sensors reporting every 5 minutes (446,400 readings) built as
 *    CSV and as PDF (hourly points), each in a process of its own, next to a raw Query of the
 *    same readings in a process of its own: time and peak memory (maxRSS) of each;
 * 2. a one-day, ten-sensor PDF from request to stored file (POST /api/reports/runs, built at
 *    once): p50 and p95 over 20 requests.
 * Figures, not assertions; recorded in docs/performance.md.
 */
const SENSORS = Number(process.env['REPORT_BENCH_SENSORS'] ?? 50);
const DAYS = 31;
const STEP_MS = 5 * 60_000;
const FROM = '2026-01-01';
const TO = '2026-01-31';
const DAY_START = Date.parse(`${FROM}T00:00:00Z`);
const ROUNDS = 20;

const dataDir = mkdtempSync(join(tmpdir(), 'coldchain-bench-'));
const local = await startLocalStack({ ports: await freePorts(), dataDir });
try {
  const stack = stackUnderTest(local);
  const admin = await createUser(stack, 'admin', `bench-reports-${Date.now()}`);
  const place = await createSensorPlace(stack, admin);
  const sensorIds: string[] = [];
  for (let index = 0; index < SENSORS; index += 1) sensorIds.push(await addSensor(stack, admin, place));
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: local.urls.dynamodb, region: LOCAL_REGION, credentials: local.credentials }));
  const seedStarted = Date.now();
  const perSensor = (DAYS * 24 * 60 * 60_000) / STEP_MS;
  for (const sensorId of sensorIds) {
    const items = Array.from({ length: perSensor }, (_, slot) => {
      const time = new Date(DAY_START + slot * STEP_MS).toISOString();
      return readingItem(admin.customerId, sensorId, { time, receivedAt: time, channels: { '1': 3 + (slot % 12) / 4, '2': 55 }, battery: 90, signal: -80, sourceDeviceId: sensorId });
    });
    const chunks: Record<string, unknown>[][] = [];
    for (let offset = 0; offset < items.length; offset += 25) chunks.push(items.slice(offset, offset + 25));
    for (let offset = 0; offset < chunks.length; offset += 16) {
      await Promise.all(chunks.slice(offset, offset + 16).map(async (chunk) => {
        let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
        while (pending.length > 0) {
          const result = await documents.send(new BatchWriteCommand({ RequestItems: { [local.tableName]: pending } }));
          pending = (result.UnprocessedItems?.[local.tableName] ?? []) as typeof pending;
        }
      }));
    }
  }
  documents.destroy();
  console.log(`\nSeeded ${SENSORS} sensors x ${perSensor} readings (${SENSORS * perSensor}) in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);

  const caller: Caller = { userId: 'bench-user', email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, isPortalLogin: false, tokenId: 'bench' };
  const parameters = { locationId: place.locationId, siteIds: [place.siteId], sensorIds, from: FROM, to: TO, dataPoints: 'hourly', timeline: 'allDay', operation: 'average', imagePreference: 'thumbnail', dateFormat: 'MM/DD/YYYY' };
  const child = (mode: 'raw' | 'csv' | 'pdf') => JSON.parse(execFileSync('npx', ['tsx', 'test/bench/report-child.mts', JSON.stringify({
    mode, endpoint: local.urls.dynamodb, credentials: local.credentials, tableName: local.tableName, caller, parameters,
    range: { start: `${FROM}T00:00:00.000Z`, end: `${TO}T23:59:59.999Z` },
  })], { encoding: 'utf8', maxBuffer: 1 << 20 }).trim().split('\n').at(-1) ?? '{}') as { ms: number; maxRssMb: number; items: number; bytes: number };
  child('raw');
  const raw = child('raw');
  const csv = child('csv');
  const pdf = child('pdf');
  const line = (label: string, figures: { ms: number; maxRssMb: number }, extra: string) =>
    `${label.padEnd(52)} ${(figures.ms / 1000).toFixed(2).padStart(7)} s  x${(figures.ms / raw.ms).toFixed(2).padStart(5)}  peak ${figures.maxRssMb.toFixed(0).padStart(4)} MB  ${extra}`;
  console.log(line(`raw Query of the same readings (baseline)`, raw, `${raw.items} items`));
  console.log(line(`Temperature Log CSV, ${SENSORS} sensors x ${DAYS} days, hourly`, csv, `${(csv.bytes / 1e6).toFixed(1)} MB`));
  console.log(line(`Temperature Log PDF, ${SENSORS} sensors x ${DAYS} days, hourly`, pdf, `${(pdf.bytes / 1e6).toFixed(1)} MB`));

  const small = { ...parameters, sensorIds: sensorIds.slice(0, 10), from: '2026-01-15', to: '2026-01-15' };
  const request = () => api(stack, admin, 'POST', '/reports/runs', { reportId: 'temperatureLog', format: 'pdf', parameters: small }).then((answer) => {
    if (answer.status !== 201) throw new Error(`POST /reports/runs answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  });
  await time(3, request);
  const samples = await time(ROUNDS, request);
  console.log(`one-day, ten-sensor PDF, request to stored file          p50 ${percentile(samples, 50).toFixed(0)} ms   p95 ${percentile(samples, 95).toFixed(0)} ms`);
} finally {
  await local.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
