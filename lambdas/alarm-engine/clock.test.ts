import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import { alarmPutParams, minuteOf } from '../data';
import { createPortalLogger } from '../shared/observability';
import { CATCH_UP_MINUTES, runAlarmClock } from './clock';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' }));
const TABLE = 'table';
const ORG = 'org-1';
const SENSOR = 'A1B2C3D4';
const GATEWAY = '0011223344556677';
const NOW = Date.parse('2026-03-10T10:20:30.000Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const logger = createPortalLogger();

const CURSOR_KEY = { pk: 'ALARMCLOCK#clock', sk: 'CURSOR' };
const bucket = (minute: string, timers: Record<string, string[]>) => ({ pk: `ALARMCLOCK#${minute}`, sk: 'SET#2026-03-10T10:00:00.000Z#abcd#0', timers });
const sensorItem = { pk: `C#${ORG}#SENSOR`, sk: `SENSOR#${SENSOR}`, id: SENSOR, name: 'Vaccine fridge', deviceModel: 'CT-200', siteId: 'site-1', locationId: 'loc-1', alarmProfileId: 'ap-1', disabled: false, deviceStatus: 'active', channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'refrigerator' }] };
const gatewayItem = { pk: `C#${ORG}#GATEWAY`, sk: `GATEWAY#${GATEWAY}`, id: GATEWAY, name: 'Kitchen gateway', siteId: 'site-1', alarmProfileId: 'ap-1' };
const profileItem = { pk: `C#${ORG}#ALARMPROFILE`, sk: 'ALARMPROFILE#ap-1', id: 'ap-1', name: 'Fridge', types: ['inactivity'], alarmDelayMinutes: 0, inactivityMinutes: 10, version: 1 };

type Key = { pk: string; sk: string };
/** The table as the BatchGets see it. */
let stored: Array<Record<string, unknown>> = [];
const keysOf = (input: { RequestItems?: Record<string, { Keys?: Array<Record<string, unknown>> }> }) => (input.RequestItems?.[TABLE]?.Keys ?? []) as Key[];
const bucketReads = () => dynamo.commandCalls(QueryCommand).map((call) => String(call.args[0].input.ExpressionAttributeValues?.[':pk'])).filter((pk) => pk.startsWith('ALARMCLOCK#'));
const timerPuts = () => dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item ?? {}).filter((item) => String(item['pk']).startsWith('ALARMCLOCK#2'));
const transacted = () => dynamo.commandCalls(TransactWriteCommand).flatMap((call) => call.args[0].input.TransactItems ?? []);

describe('the alarm clock', () => {
  beforeEach(() => {
    dynamo.reset();
    stored = [];
    dynamo.on(GetCommand).resolves({});
    dynamo.on(BatchGetCommand).callsFake((input: Parameters<typeof keysOf>[0]) => ({
      Responses: { [TABLE]: stored.filter((item) => keysOf(input).some((key) => key.pk === item['pk'] && key.sk === item['sk'])) },
    }));
    dynamo.on(BatchWriteCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(QueryCommand).callsFake((input: { ExpressionAttributeValues?: Record<string, unknown> }) => ({
      Items: stored.filter((item) => item['pk'] === input.ExpressionAttributeValues?.[':pk']),
    }));
  });

  it('with nothing due reads the cursor and the minute\'s partition only, writes nothing but the cursor', async () => {
    dynamo.on(GetCommand, { Key: CURSOR_KEY }).resolves({ Item: { ...CURSOR_KEY, minute: minuteOf(NOW - 2 * MINUTE) } });
    const run = await runAlarmClock({ client, tableName: TABLE, now: NOW, logger });
    // The minute that ended (10:19): one Query of its partition, whatever the fleet.
    expect(run).toEqual({ minutes: ['2026-03-10T10:19'], due: 0, failed: 0 });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(bucketReads()).toEqual(['ALARMCLOCK#2026-03-10T10:19']);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item)).toEqual([expect.objectContaining({ ...CURSOR_KEY, minute: '2026-03-10T10:19' })]);
    // Nothing deleted: the minute's items (none here) go by their TTL.
    expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(0);

    // Run again within the same minute: nothing to do, nothing more read than the cursor.
    dynamo.on(GetCommand, { Key: CURSOR_KEY }).resolves({ Item: { ...CURSOR_KEY, minute: '2026-03-10T10:19' } });
    expect(await runAlarmClock({ client, tableName: TABLE, now: NOW + 10_000, logger })).toEqual({ minutes: [], due: 0, failed: 0 });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('catches up at most CATCH_UP_MINUTES minutes a run', async () => {
    dynamo.on(GetCommand, { Key: CURSOR_KEY }).resolves({ Item: { ...CURSOR_KEY, minute: minuteOf(NOW - 60 * MINUTE) } });
    const run = await runAlarmClock({ client, tableName: TABLE, now: NOW, logger });
    expect(run.minutes).toHaveLength(CATCH_UP_MINUTES);
    expect(run.minutes[0]).toBe(minuteOf(NOW - 59 * MINUTE));
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item?.['minute']).toBe(minuteOf(NOW - (60 - CATCH_UP_MINUTES) * MINUTE));
  });

  it('raises the inactivity of a sensor silent past its window, from its configuration, profile and newest reading', async () => {
    const minute = minuteOf(NOW - MINUTE);
    dynamo.on(GetCommand, { Key: CURSOR_KEY }).resolves({ Item: { ...CURSOR_KEY, minute: minuteOf(NOW - 2 * MINUTE) } });
    stored = [bucket(minute, { [ORG]: [`S${SENSOR}`, `G${GATEWAY}`] }), sensorItem, gatewayItem, profileItem,
      { pk: `C#${ORG}#GATEWAY`, sk: `GATEWAY#${GATEWAY}#STATE`, lastCommunicated: iso(NOW - 2 * MINUTE) }];
    const silentSince = NOW - 12 * MINUTE;
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#READING#${SENSOR}` } }).resolves({ Items: [{ sk: iso(silentSince), c: { '1': 4 } }] });

    const run = await runAlarmClock({ client, tableName: TABLE, now: NOW, logger });

    expect(run).toEqual({ minutes: [minute], due: 2, failed: 0 });
    const raised = transacted().flatMap((item) => (item.Put?.Item?.['pk'] === `C#${ORG}#ALARM` ? [item.Put.Item] : []));
    expect(raised).toEqual([expect.objectContaining({ type: 'inactivity', deviceId: SENSOR, siteId: 'site-1', locationId: 'loc-1', startedAt: iso(silentSince), status: 'active' })]);
    // The gateway, last stored as heard 2 minutes ago with a 10-minute window, is due again at the
    // window's end plus the 10 minutes its stored last-heard time may lag.
    expect(timerPuts()).toEqual([expect.objectContaining({ pk: `ALARMCLOCK#${minuteOf(NOW + 18 * MINUTE)}`, timers: { [ORG]: [`G${GATEWAY}`] } })]);
  });

  it('raises a gateway\'s inactivity only once its stored last-heard time is older than the window and the 10 minutes it may lag', async () => {
    const minute = minuteOf(NOW - MINUTE);
    dynamo.on(GetCommand, { Key: CURSOR_KEY }).resolves({ Item: { ...CURSOR_KEY, minute: minuteOf(NOW - 2 * MINUTE) } });
    const gatewayHeard = (ago: number) => {
      stored = [bucket(minute, { [ORG]: [`G${GATEWAY}`] }), gatewayItem, profileItem,
        { pk: `C#${ORG}#GATEWAY`, sk: `GATEWAY#${GATEWAY}#STATE`, lastCommunicated: iso(NOW - ago) }];
    };
    const raised = () => transacted().flatMap((item) => (item.Put?.Item?.['pk'] === `C#${ORG}#ALARM` ? [item.Put.Item] : []));

    // Stored 12 minutes ago: it may have been heard since (the ingest writes its state every 10 minutes).
    gatewayHeard(12 * MINUTE);
    await runAlarmClock({ client, tableName: TABLE, now: NOW, logger });
    expect(raised()).toEqual([]);

    gatewayHeard(21 * MINUTE);
    await runAlarmClock({ client, tableName: TABLE, now: NOW, logger });
    expect(raised()).toEqual([expect.objectContaining({ type: 'inactivity', deviceKind: 'gateway', deviceId: GATEWAY, startedAt: iso(NOW - 21 * MINUTE) })]);
  });

  it('looks again next minute at a device whose look failed, and still moves on', async () => {
    const minute = minuteOf(NOW - MINUTE);
    dynamo.on(GetCommand, { Key: CURSOR_KEY }).resolves({ Item: { ...CURSOR_KEY, minute: minuteOf(NOW - 2 * MINUTE) } });
    stored = [bucket(minute, { [ORG]: [`S${SENSOR}`] }), sensorItem, profileItem];
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#READING#${SENSOR}` } }).resolves({ Items: [{ sk: iso(NOW - 30 * MINUTE), c: { '1': 4 } }] });
    dynamo.on(TransactWriteCommand).rejects(new Error('throttled'));

    const run = await runAlarmClock({ client, tableName: TABLE, now: NOW, logger });

    expect(run).toMatchObject({ due: 1, failed: 1 });
    // The tick's own minute (10:20, done by the next tick).
    expect(timerPuts()).toEqual([expect.objectContaining({ pk: `ALARMCLOCK#${minuteOf(NOW)}`, timers: { [ORG]: [`S${SENSOR}`] } })]);
    expect(dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item).find((item) => item?.['pk'] === CURSOR_KEY.pk)?.['minute']).toBe(minute);
  });

  it('clears the open alarm of a device deleted since (the delete sets a timer for the next minute), saying why', async () => {
    dynamo.on(GetCommand, { Key: CURSOR_KEY }).resolves({ Item: { ...CURSOR_KEY, minute: minuteOf(NOW - 2 * MINUTE) } });
    const open: Alarm = {
      id: 'al-1', deviceKind: 'sensor', deviceId: 'GONE0001', deviceName: 'Old fridge', profileId: 'ap-1', channel: '1', type: 'threshold', status: 'active',
      siteId: 'site-1', startedAt: iso(NOW - 30 * MINUTE), raisedAt: iso(NOW - 30 * MINUTE), lastRunStartedAt: iso(NOW - 30 * MINUTE),
      lastValue: 9, worstValue: 9.5, worstAt: iso(NOW - 20 * MINUTE), snoozeCount: 0, timeline: [{ kind: 'raised', at: iso(NOW - 30 * MINUTE), value: 9 }], version: 1,
    };
    stored = [bucket(minuteOf(NOW - MINUTE), { [ORG]: ['SGONE0001'] }), {
      pk: `C#${ORG}#SENSOR`, sk: 'SENSOR#GONE0001#ALARMS', version: 2,
      conditions: { 'threshold:1': { tracker: { lastTime: NOW - 20 * MINUTE }, active: { id: 'al-1', startedAt: NOW - 30 * MINUTE } } },
    }];
    dynamo.on(GetCommand, { Key: { pk: `C#${ORG}#ALARM`, sk: 'ALARM#al-1' } }).resolves({ Item: alarmPutParams(TABLE, ORG, open).Item });

    expect(await runAlarmClock({ client, tableName: TABLE, now: NOW, logger })).toMatchObject({ due: 1, failed: 0 });
    const cleared = transacted().flatMap((item) => (item.Put?.Item?.['pk'] === `C#${ORG}#ALARM` ? [item.Put.Item] : []));
    expect(cleared).toEqual([expect.objectContaining({ id: 'al-1', status: 'active', clearedAt: expect.any(String) })]);
    expect(JSON.stringify(cleared[0]?.['timeline'])).toContain('deviceDeleted');
  });

  it('does nothing for a device deleted since its timer was set', async () => {
    dynamo.on(GetCommand, { Key: CURSOR_KEY }).resolves({ Item: { ...CURSOR_KEY, minute: minuteOf(NOW - 2 * MINUTE) } });
    stored = [bucket(minuteOf(NOW - MINUTE), { [ORG]: ['SGONE0001'] })];
    expect(await runAlarmClock({ client, tableName: TABLE, now: NOW, logger })).toMatchObject({ due: 1, failed: 0 });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
