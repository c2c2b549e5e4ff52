import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import type { AlarmOverview, InsightAnswer, SystemHealth } from '@domain/alarms/dashboard';
import { MESSAGES } from '@domain/core/messages';
import { alarmPutParams, checklistInstancePut, sitesByName } from '../data';
import { apiEvent, claimsOf, invoke, liveSession, siteLimitedBasicUser } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Item = Record<string, unknown>;

/** A sensor's configuration item as the sensors store writes it (the fields the dashboard reads). */
const sensor = (id: string, fields: Item = {}): Item => ({
  pk: 'C#org-1#SENSOR', sk: `SENSOR#${id}`, id, name: `Fridge ${id}`, deviceModel: 'CT-100', siteId: 'site-1', locationId: 'loc-1',
  deviceStatus: 'active', alarmProfileId: 'p-vaccine', channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'ambient', dataLoggingProfileId: 'd' }], ...fields,
});
const gateway = (id: string, fields: Item = {}): Item => ({ pk: 'C#org-1#GATEWAY', sk: `GATEWAY#${id}`, id, name: `Gateway ${id}`, siteId: 'site-1', isActive: true, ...fields });
const alarm = (id: string, fields: Partial<Alarm> = {}): Alarm => ({
  id, deviceKind: 'sensor', deviceId: 'S1', deviceName: 'Fridge S1', channel: '1', type: 'threshold', status: 'active', siteId: 'site-1',
  startedAt: iso(NOW - 4 * HOUR), raisedAt: iso(NOW - 4 * HOUR), lastRunStartedAt: iso(NOW - 4 * HOUR), lastValue: 9, worstValue: 10,
  worstAt: iso(NOW - 4 * HOUR), snoozeCount: 0, timeline: [{ kind: 'raised', at: iso(NOW - 4 * HOUR) }], version: 1, ...fields,
});
const alarmItem = (record: Alarm) => alarmPutParams('table', 'org-1', record).Item;

/** A checklist instance as the instances job writes it, on `siteId`'s local `date`, missed (window over, never started). */
const missedInstance = (id: string, siteId: string, date: string, windowStart: number): Item => checklistInstancePut('table', 'org-1', {
  id, checklistId: `c-${id}`, checklistVersion: 1, checklistName: `Checks ${id}`,
  checklist: { name: `Checks ${id}`, description: '', questions: [], allowPartialUpload: false, allowManualReadings: false, allowNotApplicable: false },
  siteId, shiftId: 'sh-1', shiftName: 'Morning', scheduleId: 'sc-1', scheduleName: 'Every day', assignedUserIds: [], date,
  windowStart: iso(windowStart), windowEnd: iso(windowStart + 2 * HOUR), missedAt: iso(windowStart + 4 * HOUR), questionCount: 1,
  createdAt: iso(windowStart - 24 * HOUR), version: 1,
}).Item;

/** What each partition holds: the Queries are answered from it (a reading partition by its range). */
let partitions: Map<string, Item[]>;
const readings = (sensorId: string, rows: Array<{ at: number; value: number | null; battery?: number; signal?: number }>) =>
  partitions.set(`C#org-1#READING#${sensorId}`, rows.map((row) => ({
    pk: `C#org-1#READING#${sensorId}`, sk: iso(row.at), c: { '1': row.value }, ...(row.battery === undefined ? {} : { b: row.battery }), ...(row.signal === undefined ? {} : { s: row.signal }),
  })));

function answerQuery(input: QueryCommandInput) {
  const values = input.ExpressionAttributeValues ?? {};
  const pk = String(values[':pk']);
  let items = partitions.get(pk) ?? [];
  if (pk.includes('#READING#')) {
    items = [...items].sort((a, b) => String(a['sk']).localeCompare(String(b['sk'])));
    if (values[':start'] !== undefined) items = items.filter((item) => String(item['sk']) >= String(values[':start']) && String(item['sk']) <= String(values[':end']));
    if (input.ScanIndexForward === false) items.reverse();
  }
  if (input.IndexName === 'gsi1' && values[':sk1'] !== undefined) {
    // The status index between two times: alarms by their start.
    items = items.filter((item) => String(item['gsi1sk']) >= String(values[':sk1']) && String(item['gsi1sk']) <= String(values[':sk2']));
  }
  return { Items: items.slice(0, input.Limit ?? items.length) };
}

/** A basic user assigned site-1 only, of location loc-1 (which has site-1 and site-2). */
const basicUser = (accountId = 'b-1') => siteLimitedBasicUser(dynamo, partitions, accountId);

describe('dashboard handler', () => {
  beforeEach(() => {
    dynamo.reset();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
    partitions = new Map();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).callsFake(answerQuery);
    dynamo.on(BatchGetCommand).resolves({ Responses: { table: [
      { pk: 'C#org-1#ALARMPROFILE', sk: 'ALARMPROFILE#p-vaccine', id: 'p-vaccine', types: ['outOfRange', 'lowBattery'], measurement: 'temperature', unit: 'C', min: 2, max: 8, batteryThresholdPercent: 30 },
    ] } });
    const session = liveSession();
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    // The administrator has corporate access: every site of the organisation.
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#acc-1' } }).resolves({ Item: { accountId: 'acc-1', hasDefaultLocAccess: true } });
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USERVIEW', sk: 'USERVIEW#v-bakery' } })
      .resolves({ Item: { id: 'v-bakery', name: 'Bakery', siteIds: ['site-2'], departmentIds: [], divisionIds: [] } });
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('counts system health from each sensor\'s newest reading and each gateway\'s state, never scanning', async () => {
    partitions.set('C#org-1#SENSOR', [
      sensor('S1'), { pk: 'C#org-1#SENSOR', sk: 'SENSOR#S1#STATE', lastCommunicated: iso(NOW - 48 * HOUR) },
      sensor('S2'), sensor('S3', { siteId: 'site-2', alarmProfileId: undefined }), sensor('S4', { deviceStatus: 'inactive' }),
    ]);
    readings('S1', [{ at: NOW - 5 * 60_000, value: 5, battery: 25, signal: -70 }]);
    readings('S2', [{ at: NOW - 2 * HOUR, value: 5, battery: 90, signal: -118 }]);
    readings('S3', [{ at: NOW - 60_000, value: 5, battery: 25, signal: -90 }]);
    partitions.set('C#org-1#GATEWAY', [
      gateway('G1'), { pk: 'C#org-1#GATEWAY', sk: 'GATEWAY#G1#STATE', lastCommunicated: iso(NOW - 60_000) },
      gateway('G2', { siteId: 'site-2' }), gateway('G3', { isActive: false }),
    ]);
    const result = await invoke(handler, apiEvent('GET /api/dashboard/health'));
    expect(result.status).toBe(200);
    // S1 on its 30 % profile threshold is low at 25 %; S3 has no profile, so the 20 % default keeps it fine; S4 is out of service.
    expect(result.body).toEqual({
      sensors: { total: 3, online: 2, offline: 1, lowBattery: 1, weakSignal: 1 },
      gateways: { total: 2, online: 1, offline: 1 }, truncated: false,
    } satisfies SystemHealth);
    expect(dynamo.commandCalls(QueryCommand).every((call) => call.args[0].input.KeyConditionExpression !== undefined)).toBe(true);

    // A user view of the bakery keeps only its site's devices.
    const bakery = await invoke(handler, apiEvent('GET /api/dashboard/health', { query: { userViewId: 'v-bakery' } }));
    expect(bakery.body).toMatchObject({ sensors: { total: 1, online: 1 }, gateways: { total: 1, offline: 1 } });
  });

  it('refuses a user view that does not exist in the caller\'s organisation', async () => {
    expect(await invoke(handler, apiEvent('GET /api/dashboard/alarms', { query: { userViewId: 'nope' } })))
      .toEqual({ status: 400, body: { message: MESSAGES.userViewNotFound, details: { userViewId: MESSAGES.userViewNotFound } } });
  });

  it('gives a basic user only the sensors of the sites they reach', async () => {
    partitions.set('C#org-1#SENSOR', [sensor('S1'), sensor('S3', { siteId: 'site-2' })]);
    readings('S1', [{ at: NOW - 60_000, value: 5 }]);
    readings('S3', [{ at: NOW - 60_000, value: 5 }]);
    const result = await invoke(handler, apiEvent('GET /api/dashboard/health', { claims: basicUser() }));
    expect(result.body).toMatchObject({ sensors: { total: 1, online: 1 } });
  });

  it('counts the active alarms and ranks the last 7 days\' top assets and repeat alarms from the status index', async () => {
    partitions.set('C#org-1#ALARMS#active', [
      alarmItem(alarm('a-1')),
      alarmItem(alarm('a-2', { type: 'contact', deviceId: 'S3', deviceName: 'Door', siteId: 'site-2', startedAt: iso(NOW - 30 * HOUR), acknowledgedAt: iso(NOW - HOUR) })),
      // Raised before the period and still active: counted as active, not as one of the week's.
      alarmItem(alarm('a-old', { deviceId: 'S9', deviceName: 'Old', startedAt: iso(NOW - 9 * 24 * HOUR) })),
    ]);
    partitions.set('C#org-1#ALARMS#history', [
      alarmItem(alarm('h-1', { status: 'history', startedAt: iso(NOW - 50 * HOUR) })),
      alarmItem(alarm('h-2', { status: 'history', startedAt: iso(NOW - 8 * 24 * HOUR) })),
    ]);
    const result = await invoke(handler, apiEvent('GET /api/dashboard/alarms'));
    expect(result.status).toBe(200);
    const overview = result.body as AlarmOverview;
    expect(overview).toMatchObject({
      from: iso(NOW - 7 * 24 * HOUR), to: iso(NOW), active: 3, unacknowledged: 2, byType: { threshold: 2, contact: 1 }, bySite: { 'site-1': 2, 'site-2': 1 },
      oldest: { id: 'a-old', deviceId: 'S9' }, truncated: false,
    });
    expect(overview.topAssets.map((asset) => [asset.deviceId, asset.count])).toEqual([['S1', 2], ['S3', 1]]);
    expect(overview.repeatAlarms.map((repeat) => [repeat.deviceId, repeat.type, repeat.count])).toEqual([['S1', 'threshold', 2]]);
    const history = dynamo.commandCalls(QueryCommand, { IndexName: 'gsi1' }).map((call) => call.args[0].input)
      .find((input) => input.ExpressionAttributeValues?.[':pk'] === 'C#org-1#ALARMS#history');
    expect(history).toMatchObject({ ScanIndexForward: false, ExpressionAttributeValues: { ':sk1': iso(NOW - 7 * 24 * HOUR) } });

    const basic = await invoke(handler, apiEvent('GET /api/dashboard/alarms', { claims: basicUser() }));
    expect(basic.body).toMatchObject({ active: 2, bySite: { 'site-1': 2 } });
    const bakery = await invoke(handler, apiEvent('GET /api/dashboard/alarms', { query: { userViewId: 'v-bakery' } }));
    expect(bakery.body).toMatchObject({ active: 1, byType: { contact: 1 }, oldest: { id: 'a-2' } });
  });

  it('gives each sensor\'s insight over 7 days: time in range against its profile, min, max, mean, and MKT for a vaccine fridge', async () => {
    partitions.set('C#org-1#SENSOR', [sensor('S1', { monitoringType: 'vaccine', name: 'Vaccine Fridge' }), sensor('S2', { name: 'Cooler', alarmProfileId: undefined })]);
    // 22 h at 5 °C then 2 h at 12 °C, hourly, ending now: MKT 5.87 °C (issue 13 section 3).
    const start = NOW - 24 * HOUR;
    readings('S1', Array.from({ length: 24 }, (_, hour) => ({ at: start + hour * HOUR, value: hour < 22 ? 5 : 12 })));
    // A reading older than 7 days is left out.
    readings('S2', [{ at: NOW - 8 * 24 * HOUR, value: 30 }, { at: NOW - HOUR, value: 3 }]);
    const result = await invoke(handler, apiEvent('GET /api/dashboard/insight'));
    expect(result.status).toBe(200);
    const answer = result.body as InsightAnswer;
    expect(answer).toMatchObject({ from: iso(NOW - 7 * 24 * HOUR), to: iso(NOW), sensors: 2, truncated: false });
    const [cooler, vaccine] = answer.items;
    expect(cooler).toMatchObject({ sensorId: 'S2', limits: null, timeInRangePercent: null, min: 3, max: 3, readings: 1 });
    expect(vaccine).toMatchObject({ sensorId: 'S1', channel: '1', limits: { min: 2, max: 8 }, min: 5, max: 12, readings: 24 });
    // CT-100 reports every 5 minutes: a reading holds at most 25 minutes, so the figures weigh each hour's reading 25 minutes.
    expect(vaccine?.timeInRangePercent).toBeCloseTo((22 / 24) * 100, 6);
    expect(vaccine?.meanKinetic).toBeCloseTo(5.87, 2);
    expect(cooler?.meanKinetic).toBeUndefined();
  });

  it('keeps helpdesk and super administrators out (organisation staff only)', async () => {
    expect((await invoke(handler, apiEvent('GET /api/dashboard/health', { claims: claimsOf('helpdesk') }))).status).toBe(403);
  });
  it("reads each site's checklist instances of the last 7 days in one range query a site (its local days), not one a day", async () => {
    const sitesPartition = String(sitesByName('table', 'org-1').ExpressionAttributeValues?.[':pk']);
    partitions.set(sitesPartition, [
      { id: 'site-1', name: 'Kitchen', timezone: 'Europe/London', locationIds: ['loc-1'] },
      { id: 'site-2', name: 'Bakery', timezone: 'America/New_York', locationIds: ['loc-1'] },
    ]);
    // 2026-03-10 12:00 UTC: the period's local days are 03-03..03-10 in both zones.
    const inside = missedInstance('i-1', 'site-1', '2026-03-07', NOW - 3 * 24 * HOUR);
    const tooOld = missedInstance('i-0', 'site-1', '2026-03-01', NOW - 9 * 24 * HOUR);
    const bakery = missedInstance('i-2', 'site-2', '2026-03-09', NOW - 24 * HOUR);
    const instanceQueries = () => dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input).filter((input) => String(input.ExpressionAttributeValues?.[':pk']).includes('#CHECKLISTINSTANCES#'));
    dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = String(input.ExpressionAttributeValues?.[':pk']);
      if (!pk.includes('#CHECKLISTINSTANCES#')) return answerQuery(input);
      const [low, high] = [String(input.ExpressionAttributeValues?.[':sk1']), String(input.ExpressionAttributeValues?.[':sk2'])];
      return { Items: [inside, tooOld, bakery].filter((item) => item['gsi1pk'] === pk && String(item['gsi1sk']) >= low && String(item['gsi1sk']) <= high) };
    });

    const result = await invoke(handler, apiEvent('GET /api/dashboard/checklist-exceptions'));

    expect(result.status).toBe(200);
    expect(instanceQueries().map((input) => [input.ExpressionAttributeValues?.[':pk'], input.KeyConditionExpression])).toEqual([
      ['C#org-1#CHECKLISTINSTANCES#SITE#site-1', expect.stringContaining('BETWEEN')],
      ['C#org-1#CHECKLISTINSTANCES#SITE#site-2', expect.stringContaining('BETWEEN')],
    ]);
    expect(instanceQueries()[0]?.ExpressionAttributeValues).toMatchObject({ ':sk1': '2026-03-03' });
    expect(result.body).toMatchObject({
      bySite: expect.arrayContaining([
        { siteId: 'site-1', siteName: 'Kitchen', missed: 1, late: 0, outOfLimits: 0 },
        { siteId: 'site-2', siteName: 'Bakery', missed: 1, late: 0, outOfLimits: 0 },
      ]),
    });
    expect((result.body as { latest: unknown[] }).latest).toHaveLength(2);
  });
});
