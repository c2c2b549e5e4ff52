import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { GraphData } from '@domain/telemetry/telemetry';
import { apiEvent, claimsOf, invoke, liveSession } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };

const SENSOR = 'A1B2C3D4';
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR = 3_600_000;
const sensorKey = { pk: 'C#org-1#SENSOR', sk: `SENSOR#${SENSOR}` };
const sensorItem = {
  ...sensorKey, id: SENSOR, deviceModel: 'CT-200', siteId: 'site-1',
  channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'freezer' }, { channel: 2, sensorType: 'humidity', sensorSubType: 'relativeHumidity' }],
};
const iso = (ms: number) => new Date(ms).toISOString();
const graph = (query: Record<string, string>, role = 'basicuser') =>
  invoke(handler, apiEvent('GET /api/graphdata', { query, claims: claimsOf(role) }));
const rawQuery = { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :start AND :end' };

describe('telemetry handler', () => {
  beforeEach(() => {
    dynamo.reset();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
    const session = liveSession();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    dynamo.on(GetCommand, { Key: sensorKey }).resolves({ Item: sensorItem });
    dynamo.on(QueryCommand).resolves({ Items: [] });
    // The caller is assigned the sensor's site (and another) on location loc-1 (the access layer).
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#acc-1' } })
      .resolves({ Item: { accountId: 'acc-1', locationIds: ['loc-1'], siteIds: ['site-1', 'site-2'] } });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#LOCATION#loc-1#REF', ':kind': 'SITE#' } })
      .resolves({ Items: [{ kind: 'SITE', id: 'site-1', name: 'Kitchen' }, { kind: 'SITE', id: 'site-2', name: 'Bakery' }] });
  });

  afterEach(() => {
    vi.useRealTimers();
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('the last 24 hours by default, raw, per channel with its type and unit', async () => {
    dynamo.on(QueryCommand, rawQuery).resolves({ Items: [
      { sk: iso(NOW - 2 * HOUR), channels: { '1': -18.5, '2': 40 } },
      { sk: iso(NOW - HOUR), channels: { '1': null, '2': 41 } },
    ] });

    const result = await graph({ queryId: SENSOR.toLowerCase() });

    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      sensorId: SENSOR, startDate: iso(NOW - 24 * HOUR), endDate: iso(NOW), resolution: 'raw',
      channels: [
        { channel: '1', sensorType: 'temperature', sensorSubType: 'freezer', unit: 'C', points: [{ t: iso(NOW - 2 * HOUR), v: -18.5 }, { t: iso(NOW - HOUR), v: null }] },
        { channel: '2', sensorType: 'humidity', sensorSubType: 'relativeHumidity', unit: '%RH', points: [{ t: iso(NOW - 2 * HOUR), v: 40 }, { t: iso(NOW - HOUR), v: 41 }] },
      ],
    });
    const query = dynamo.commandCalls(QueryCommand, rawQuery)[0]?.args[0].input;
    expect(query).toMatchObject({ Limit: 2001, ScanIndexForward: true, ExpressionAttributeValues: { ':pk': `C#org-1#READING#${SENSOR}`, ':start': iso(NOW - 24 * HOUR), ':end': iso(NOW) } });
  });

  it('falls back to hourly rollups when more raw readings came than the points allowed', async () => {
    dynamo.on(QueryCommand, rawQuery).resolves({ Items: Array.from({ length: 2001 }, (_, index) => ({ sk: iso(NOW - index * 1000), channels: { '1': 1 } })) });
    const result = await graph({ queryId: SENSOR, startDate: iso(NOW - 2 * HOUR), endDate: iso(NOW) });
    expect((result.body as GraphData).resolution).toBe('hour');
  });

  it('30 days: stored hourly rollups, and the hours without one rolled up from raw', async () => {
    const start = NOW - 30 * 24 * HOUR;
    dynamo.on(QueryCommand, { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to' }).resolves({ Items: [
      { sk: '2026-03-10T09', readings: 12, channels: { '1': { count: 12, sum: -216, min: -19, max: -17, nulls: 0 } } },
      { sk: '2026-03-10T10', readings: 12, channels: { '1': { count: 12, sum: -204, min: -18, max: -16, nulls: 0 } } },
    ] });
    const raw = [
      { sk: '2026-03-10T11:30:00.000Z', channels: { '1': -15 } },
      { sk: '2026-03-10T11:00:00.000Z', channels: { '1': -17 } },
    ];
    dynamo.on(QueryCommand, rawQuery).callsFake((input: { ExpressionAttributeValues: { ':start': string; ':end': string } }) => ({
      Items: raw.filter((item) => item.sk >= input.ExpressionAttributeValues[':start'] && item.sk <= input.ExpressionAttributeValues[':end']),
    }));

    const result = await graph({ queryId: SENSOR, startDate: iso(start), endDate: iso(NOW) });

    const body = result.body as GraphData;
    expect(body.resolution).toBe('hour');
    expect(body.channels[0]?.points).toEqual([
      { t: '2026-03-10T09:00:00.000Z', v: -18, min: -19, max: -17, count: 12 },
      { t: '2026-03-10T10:00:00.000Z', v: -17, min: -18, max: -16, count: 12 },
      { t: '2026-03-10T11:00:00.000Z', v: -16, min: -17, max: -15, count: 2 },
    ]);
    expect(body.channels[1]?.points).toEqual([]);
    const rollupQuery = dynamo.commandCalls(QueryCommand).find((call) => call.args[0].input.ExpressionAttributeValues?.[':from'] !== undefined);
    expect(rollupQuery?.args[0].input.ExpressionAttributeValues).toEqual({ ':pk': `C#org-1#ROLLUP#${SENSOR}`, ':from': '2026-02-08T12', ':to': '2026-03-10T12' });
    // Raw readings only for the hours without a rollup, newest first: after the newest rollup, then the hours before the oldest.
    // No raw attempt over the whole range first: a 5-minute sensor's 30 days are 8,640 readings.
    expect(dynamo.commandCalls(QueryCommand, rawQuery).map((call) => [call.args[0].input.ScanIndexForward, call.args[0].input.ExpressionAttributeValues])).toEqual([
      [false, { ':pk': `C#org-1#READING#${SENSOR}`, ':start': '2026-03-10T11:00:00.000Z', ':end': iso(NOW) }],
      [false, { ':pk': `C#org-1#READING#${SENSOR}`, ':start': '2026-02-08T12:00:00.000Z', ':end': '2026-03-10T08:59:59.999Z' }],
    ]);
  });

  it('block rollup items (6 hours each) give the same points as hourly items; an hour of a block without readings is not read again', async () => {
    const start = NOW - 30 * 24 * HOUR;
    // The block 06-12 holds hours 09 and 10 (hours 06-08 and 11 had no readings); an older hourly item of hour 10 is overridden.
    dynamo.on(QueryCommand, { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to' }).resolves({ Items: [
      { sk: '2026-03-10T06', blockHours: 6, hours: {
        '2026-03-10T09': { readings: 12, channels: { '1': { count: 12, sum: -216, min: -19, max: -17, nulls: 0 } } },
        '2026-03-10T10': { readings: 12, channels: { '1': { count: 12, sum: -204, min: -18, max: -16, nulls: 0 } } },
      } },
      { sk: '2026-03-10T10', readings: 1, channels: { '1': { count: 1, sum: 99, min: 99, max: 99, nulls: 0 } } },
    ] });

    const body = (await graph({ queryId: SENSOR, startDate: iso(start), endDate: iso(NOW) })).body as GraphData;

    expect(body.channels[0]?.points).toEqual([
      { t: '2026-03-10T09:00:00.000Z', v: -18, min: -19, max: -17, count: 12 },
      { t: '2026-03-10T10:00:00.000Z', v: -17, min: -18, max: -16, count: 12 },
    ]);
    // Raw readings only for the hours no item covers: the current block's (from 12:00) and those before the oldest block.
    expect(dynamo.commandCalls(QueryCommand, rawQuery).map((call) => call.args[0].input.ExpressionAttributeValues?.[':start'])).toEqual([
      '2026-03-10T12:00:00.000Z', '2026-02-08T12:00:00.000Z',
    ]);
  });

  it('a year: hourly rollups merged into buckets of n hours, never more than 2,000 points', async () => {
    const start = NOW - 365 * 24 * HOUR;
    const items = Array.from({ length: 365 * 24 }, (_, index) => ({
      sk: iso(start + index * HOUR).slice(0, 13), readings: 1, channels: { '1': { count: 1, sum: index % 10, min: index % 10, max: index % 10, nulls: 0 } },
    }));
    dynamo.on(QueryCommand, { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to' }).resolves({ Items: items });

    const body = (await graph({ queryId: SENSOR, startDate: iso(start), endDate: iso(NOW), dataformat: 'hourly' })).body as GraphData;

    expect(body.resolution).toBe('5h');
    const points = body.channels[0]?.points ?? [];
    expect(points.length).toBeLessThanOrEqual(2000);
    expect(points.reduce((sum, point) => sum + (point.count ?? 0), 0)).toBe(365 * 24);
  });

  it('raw asked for a range with too many readings is refused in the product\'s words', async () => {
    dynamo.on(QueryCommand, rawQuery).resolves({ Items: Array.from({ length: 2001 }, (_, index) => ({ sk: iso(NOW - index * 1000), channels: { '1': 1 } })) });
    const result = await graph({ queryId: SENSOR, dataformat: 'raw' });
    expect(result).toEqual({ status: 400, body: { message: MESSAGES.graphRawTooManyReadings } });
  });

  it('refuses a missing sensor id, bad dates and a start after the end', async () => {
    expect((await graph({})).body).toEqual({ message: MESSAGES.graphQueryIdRequired });
    expect((await graph({ queryId: SENSOR, startDate: 'soon' })).body).toEqual({ message: MESSAGES.timeRangeInvalidDate });
    expect((await graph({ queryId: SENSOR, startDate: iso(NOW), endDate: iso(NOW - 1) })).body).toEqual({ message: MESSAGES.timeRangeStartAfterEnd });
    expect((await graph({ queryId: SENSOR, startDate: iso(NOW), endDate: iso(NOW) })).body).toEqual({ message: MESSAGES.timeRangeEqual });
  });

  it('an unknown sensor, or one a security group keeps from the caller, answers 404', async () => {
    expect(await graph({ queryId: 'FFFF0000' })).toEqual({ status: 404, body: { message: MESSAGES.sensorNotFound } });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#SGMEMBER#acc-1' } }).resolves({ Items: [{ groupId: 'g-1', siteIds: ['site-2'], sensorIds: [] }] });
    expect(await graph({ queryId: SENSOR })).toEqual({ status: 404, body: { message: MESSAGES.sensorNotFound } });
  });

  it('the readings table: newest first, a page at a time, with a cursor of the sensor\'s own partition', async () => {
    dynamo.on(QueryCommand, rawQuery).resolves({
      Items: [{ pk: `C#org-1#READING#${SENSOR}`, sk: iso(NOW - 1000), channels: { '1': 4 }, battery: 80, receivedAt: iso(NOW), sourceDeviceId: SENSOR, disabled: true, ttl: 1 }],
      LastEvaluatedKey: { pk: `C#org-1#READING#${SENSOR}`, sk: iso(NOW - 1000) },
    });
    const result = await invoke(handler, apiEvent('GET /api/sensors/{id}/readings', { pathParameters: { id: SENSOR }, query: { limit: '1' }, claims: claimsOf('admin') }));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      items: [{ time: iso(NOW - 1000), channels: { '1': 4 }, battery: 80, receivedAt: iso(NOW), sourceDeviceId: SENSOR, disabled: true }],
    });
    expect(typeof (result.body as { nextCursor?: unknown }).nextCursor).toBe('string');
    expect(dynamo.commandCalls(QueryCommand, rawQuery)[0]?.args[0].input).toMatchObject({ ScanIndexForward: false, Limit: 1 });

    const forged = Buffer.from(JSON.stringify({ pk: 'C#org-2#READING#X', sk: 'x' })).toString('base64url');
    const refused = await invoke(handler, apiEvent('GET /api/sensors/{id}/readings', { pathParameters: { id: SENSOR }, query: { cursor: forged }, claims: claimsOf('admin') }));
    expect(refused).toEqual({ status: 400, body: { message: MESSAGES.invalidCursor } });
  });

  it('dead letters: the organisation\'s, newest first, for a caller who reaches every site', async () => {
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#acc-1' } })
      .resolves({ Item: { accountId: 'acc-1', hasDefaultLocAccess: true } });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#DEADLETTER' } }).resolves({ Items: [
      { sk: `${iso(NOW)}#m-1.0`, id: 'm-1.0', receivedAt: iso(NOW), reason: 'sensor X is not registered in this organisation', kind: 'readings', sourceDeviceId: 'X', sensorId: 'X', payload: '{}' },
    ] });
    const result = await invoke(handler, apiEvent('GET /api/devices/deadletters', { claims: claimsOf('admin') }));
    expect(result).toEqual({ status: 200, body: { items: [{ id: 'm-1.0', receivedAt: iso(NOW), reason: 'sensor X is not registered in this organisation', kind: 'readings', sourceDeviceId: 'X', sensorId: 'X', payload: '{}' }] } });
    expect(dynamo.commandCalls(QueryCommand).at(-1)?.args[0].input.ScanIndexForward).toBe(false);
  });

  it('dead letters: refused to an administrator who reaches only the sites of their locations', async () => {
    const result = await invoke(handler, apiEvent('GET /api/devices/deadletters', { claims: claimsOf('admin') }));
    expect(result).toEqual({ status: 403, body: { message: MESSAGES.deadLettersNeedEverySite } });
    expect(dynamo.commandCalls(QueryCommand).some((call) => call.args[0].input.ExpressionAttributeValues?.[':pk'] === 'C#org-1#DEADLETTER')).toBe(false);
  });
});
