import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { groupByHour, hourStartOf, rollupOf } from '@domain/telemetry/rollups';
import { MAX_GRAPH_POINTS, type GraphData, type ReadingRow } from '@domain/telemetry/telemetry';
import { readingItem, rollupItem } from '../../lambdas/data/repositories/ingest';
import { deviceKey, ENTITY } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

async function putAll(items: Record<string, unknown>[]): Promise<void> {
  const chunks: Record<string, unknown>[][] = [];
  for (let offset = 0; offset < items.length; offset += 25) chunks.push(items.slice(offset, offset + 25));
  // A few requests at a time: DynamoDB Local takes them faster than one after another.
  for (let offset = 0; offset < chunks.length; offset += 8) {
    await Promise.all(chunks.slice(offset, offset + 8).map(async (chunk) => {
      let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length > 0) {
        const result = await documents.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: pending } }));
        pending = (result.UnprocessedItems?.[stack.tableName] ?? []) as typeof pending;
      }
    }));
  }
}

/**
 * The graph data call (SPEC section 7; issue 5 section 4) over 30 days of a sensor's
 * readings every 5 minutes: raw for the default 24 hours, hourly rollups within 2,000 points
 * for 30 days. The readings and the rollups of their finished hours are written straight
 * into the table, as the ingest writes them (its own item builders and rollup maths).
 */
describe('graph data', () => {
  const customerId = `graph-${randomUUID().slice(0, 8)}`;
  const sensorId = randomBytes(4).toString('hex').toUpperCase();
  const end = Math.floor(Date.now() / 300_000) * 300_000;
  const start = end - 30 * DAY;
  /** Readings every 5 minutes for 30 days: channel 1 a fridge's saw-tooth, channel 2 humidity, one probe gap. */
  const gap = Math.floor((end - 3 * DAY) / HOUR) * HOUR;
  const readings = Array.from({ length: (end - start) / 300_000 }, (_, index) => {
    const time = start + (index + 1) * 300_000;
    const unplugged = time >= gap && time < gap + 2 * HOUR;
    return { time: iso(time), channels: { '1': unplugged ? null : 3 + ((index % 12) / 4), '2': 60 + (index % 7) } };
  });
  let admin: TestUser;

  beforeAll(async () => {
    await documents.send(new PutCommand({ TableName: stack.tableName, Item: {
      ...deviceKey(customerId, ENTITY.sensor, sensorId), id: sensorId, name: 'Walk-in fridge', deviceModel: 'CT-200', siteId: 'site-1', locationId: 'loc-1',
      deviceStatus: 'active', disabled: false,
      channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'walkInCooler' }, { channel: 2, sensorType: 'humidity', sensorSubType: 'relativeHumidity' }],
    } }));
    // Every finished hour rolled up, as the ingest leaves them; the current hour stays raw.
    const currentHour = iso(end).slice(0, 13);
    const rollups = [...groupByHour(readings)].filter(([hour]) => hour < currentHour)
      .map(([hour, inHour]) => rollupItem(customerId, sensorId, hour, rollupOf(hourStartOf(hour), inHour), iso(end)));
    // Raw readings of the last 8 days only (more than 2,000 of them), to keep the seeding short:
    // older hours are read from their rollups anyway.
    const rawFrom = iso(end - 8 * DAY);
    await putAll([
      ...readings.filter((reading) => reading.time > rawFrom).map((reading) => readingItem(customerId, sensorId, { ...reading, receivedAt: reading.time, sourceDeviceId: sensorId })),
      ...rollups,
    ]);
    admin = await createUser(stack, 'admin', customerId);
    // Corporate access: an administrator without it reaches only the sites of their locations.
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId, accountId: admin.accountId, hasDefaultLocAccess: true });
  }, 300_000);

  const graph = async (query: Record<string, string>, user: TestUser = admin) => {
    const result = await api(stack, user, 'GET', `/graphdata?${new URLSearchParams({ queryId: sensorId, ...query }).toString()}`);
    return { status: result.status, body: result.body as GraphData & { message?: string } };
  };

  it('the last 24 hours by default, raw', async () => {
    const { status, body } = await graph({ endDate: iso(end) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ sensorId, startDate: iso(end - DAY), endDate: iso(end), resolution: 'raw' });
    const [temperature, humidity] = body.channels;
    expect(temperature).toMatchObject({ channel: '1', sensorType: 'temperature', sensorSubType: 'walkInCooler', unit: 'C' });
    expect(humidity).toMatchObject({ channel: '2', sensorType: 'humidity', unit: '%RH' });
    // Both ends included: 24 hours of 5-minute readings and the one at the start.
    expect(temperature?.points).toHaveLength(289);
    expect(temperature?.points.at(-1)).toEqual({ t: iso(end), v: readings.at(-1)?.channels['1'] });
  });

  it('30 days in hourly rollups, at most 2,000 points, every reading counted once', async () => {
    const { status, body } = await graph({ startDate: iso(start), endDate: iso(end) });
    expect(status).toBe(200);
    expect(body.resolution).toBe('hour');
    const [temperature, humidity] = body.channels;
    expect(temperature?.points.length).toBeLessThanOrEqual(MAX_GRAPH_POINTS);
    // One point per hour holding a reading: 721, or 720 when the 30 days start at minute 55
    // (the first reading is then on the next hour).
    expect(temperature?.points).toHaveLength(new Set(readings.map((reading) => reading.time.slice(0, 13))).size);
    expect(humidity?.points.reduce((sum, point) => sum + (point.count ?? 0), 0)).toBe(readings.length);
    const point = temperature?.points[5];
    expect(point?.min).toBe(3);
    expect(point?.max).toBe(5.75);
    expect(point?.v).toBeCloseTo(4.375, 6);
    // The two hours with the probe unplugged: no value, no min or max.
    expect(temperature?.points.filter((entry) => entry.v === null)).toHaveLength(2);
  });

  it('dataformat=raw for 30 days is refused: it would be more than 2,000 points', async () => {
    const { status, body } = await graph({ startDate: iso(start), endDate: iso(end), dataformat: 'raw' });
    expect(status).toBe(400);
    expect(body.message).toBe('There are too many readings in this range to show them all: choose a shorter range or hourly data.');
  });

  it('hourly asked for a short range gives hourly rollups, the current hour from raw readings', async () => {
    const { body } = await graph({ startDate: iso(end - 3 * HOUR), endDate: iso(end), dataformat: 'hourly' });
    expect(body.resolution).toBe('hour');
    expect(body.channels[1]?.points.map((point) => point.t)).toEqual([3, 2, 1, 0].map((hours) => iso(Math.floor((end - hours * HOUR) / HOUR) * HOUR)));
  });

  it('refuses a start after the end, and a sensor of another organisation is not found', async () => {
    expect((await graph({ startDate: iso(end), endDate: iso(end - HOUR) })).body.message).toBe('Start should not be after end.');
    const outsider = await createUser(stack, 'admin', `graph-outsider-${randomUUID().slice(0, 8)}`);
    expect((await graph({}, outsider)).status).toBe(404);
  });

  it('the readings table: newest first, a page at a time', async () => {
    const first = await api(stack, admin, 'GET', `/sensors/${sensorId}/readings?endDate=${encodeURIComponent(iso(end))}&limit=100`);
    expect(first.status).toBe(200);
    const page = first.body as { items: ReadingRow[]; nextCursor?: string };
    expect(page.items).toHaveLength(100);
    expect(page.items[0]).toMatchObject({ time: iso(end), sourceDeviceId: sensorId });
    expect(page.nextCursor).toBeDefined();
    const next = await api(stack, admin, 'GET', `/sensors/${sensorId}/readings?endDate=${encodeURIComponent(iso(end))}&limit=100&cursor=${page.nextCursor ?? ''}`);
    const second = next.body as { items: ReadingRow[] };
    expect(second.items[0]?.time).toBe(iso(end - 100 * 300_000));
  });
});
