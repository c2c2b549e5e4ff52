import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeviceAlarmState } from '@domain/alarms/device-engine';
import { readingItem, sensorConfigOf, toAlarmProfile, toDeviceAlarmState, writeClockCursor } from '../data';
import { AlarmEngine, engineSensorOf } from './engine';
import { createPortalLogger } from '../shared/observability';
import { runAlarmClock } from './clock';

/**
 * The ingest and the clock together over an in-memory table (issue 13 section 4): a sensor
 * reporting every 5 minutes for hours costs no engine state write (the clock moves its timer on
 * with the tick's one due-index write), and when it goes silent its inactivity is raised within
 * its window plus 60 s.
 */

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' }));
const TABLE = 'table';
const ORG = 'org-1';
const SENSOR = 'A1B2C3D4';
const MINUTE = 60_000;
const WINDOW = 10 * MINUTE;
const T0 = Date.parse('2026-03-10T10:00:17.000Z');
const logger = createPortalLogger();
const iso = (ms: number) => new Date(ms).toISOString();

const sensorItem = { pk: `C#${ORG}#SENSOR`, sk: `SENSOR#${SENSOR}`, id: SENSOR, name: 'Vaccine fridge', deviceModel: 'CT-200', siteId: 'site-1', alarmProfileId: 'ap-1', disabled: false, deviceStatus: 'active', channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'refrigerator' }] };
const profileItem = { pk: `C#${ORG}#ALARMPROFILE`, sk: 'ALARMPROFILE#ap-1', id: 'ap-1', name: 'Fridge', types: ['inactivity'], alarmDelayMinutes: 0, inactivityMinutes: 10, version: 1 };

type Item = Record<string, unknown>;
const table = new Map<string, Item>();
const keyOf = (item: Item | undefined) => `${String(item?.['pk'])}|${String(item?.['sk'])}`;
let stateWrites = 0;

describe('the ingest and the clock keeping a sensor\'s inactivity', () => {
  beforeEach(() => {
    dynamo.reset();
    table.clear();
    stateWrites = 0;
    for (const item of [sensorItem, profileItem]) table.set(keyOf(item), item);
    dynamo.on(GetCommand).callsFake((input: { Key: Item }) => ({ Item: table.get(keyOf(input.Key)) }));
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Item[] }> }) => ({
      Responses: { [TABLE]: (input.RequestItems[TABLE]?.Keys ?? []).flatMap((key) => table.get(keyOf(key)) ?? []) },
    }));
    dynamo.on(PutCommand).callsFake((input: { Item: Item }) => {
      table.set(keyOf(input.Item), input.Item);
      return {};
    });
    dynamo.on(TransactWriteCommand).callsFake((input: { TransactItems: Array<{ Put?: { Item: Item } }> }) => {
      for (const { Put } of input.TransactItems) {
        if (Put === undefined) continue;
        table.set(keyOf(Put.Item), Put.Item);
        if (String(Put.Item['sk']).endsWith('#ALARMS')) stateWrites += 1;
      }
      return {};
    });
    dynamo.on(QueryCommand).callsFake((input: { ExpressionAttributeValues: Item; ScanIndexForward?: boolean; Limit?: number }) => {
      const values = input.ExpressionAttributeValues;
      let items = [...table.values()]
        .filter((item) => item['pk'] === values[':pk'])
        .filter((item) => values[':start'] === undefined || (String(item['sk']) >= String(values[':start']) && String(item['sk']) <= String(values[':end'])))
        .sort((a, b) => String(a['sk']).localeCompare(String(b['sk'])));
      if (input.ScanIndexForward === false) items = items.reverse();
      return { Items: input.Limit === undefined ? items : items.slice(0, input.Limit) };
    });
  });

  it('costs no state write for hours of readings, and raises inactivity within the window + 60 s of the last', async () => {
    const device = engineSensorOf(ORG, sensorConfigOf(SENSOR, sensorItem));
    const profile = toAlarmProfile(profileItem);
    const stored = () => toDeviceAlarmState(table.get(`C#${ORG}#SENSOR|SENSOR#${SENSOR}#ALARMS`));
    let now = T0;
    const ingest = new AlarmEngine({ client, tableName: TABLE, now: () => now });
    // The ingest's cache: the engine state it keeps, reloaded from the table every 15 minutes.
    let cached: DeviceAlarmState = stored();
    let newest: number | undefined;
    const report = async (time: number) => {
      table.set(keyOf(readingItem(ORG, SENSOR, { time: iso(time), receivedAt: iso(time), sourceDeviceId: SENSOR, channels: { '1': 4 } })),
        readingItem(ORG, SENSOR, { time: iso(time), receivedAt: iso(time), sourceDeviceId: SENSOR, channels: { '1': 4 } }));
      cached = await ingest.onReadings({ device, profile, state: cached, readings: [{ time, channels: { '1': 4 } }], newestBefore: newest });
      newest = time;
    };
    const tick = (minuteStart: number) => runAlarmClock({ client, tableName: TABLE, now: minuteStart, logger });
    await writeClockCursor(client, TABLE, iso(Math.floor(T0 / MINUTE) * MINUTE - MINUTE).slice(0, 16));

    // Armed by its first reading: one state write and a timer.
    await report(T0);
    expect(stateWrites).toBe(1);
    const HOURS = 5;
    const alarms = () => [...table.values()].filter((item) => item['pk'] === `C#${ORG}#ALARM` && item['type'] === 'inactivity');
    let moved = 0;
    for (let at = Math.floor(T0 / MINUTE) * MINUTE + MINUTE; at <= T0 + HOURS * 60 * MINUTE; at += MINUTE) {
      now = at;
      const run = await tick(at);
      moved += run.due;
      if ((at - Math.floor(T0 / MINUTE) * MINUTE) % (15 * MINUTE) === 0) cached = stored();
      now = at + 17_000;
      if ((now - T0) % (5 * MINUTE) === 0) await report(now);
    }
    // The clock looked at it about once a window, and wrote its state not once; the ingest neither.
    expect(moved).toBeGreaterThanOrEqual(HOURS * 6 - 1);
    expect(stateWrites).toBe(1);
    expect(alarms()).toEqual([]);

    // Silent from its last reading: raised by the first tick after the window, within 60 s of it.
    const last = newest ?? T0;
    let raisedAt: number | undefined;
    for (let at = Math.floor(T0 / MINUTE) * MINUTE + (HOURS * 60 + 1) * MINUTE; raisedAt === undefined && at <= last + 2 * WINDOW; at += MINUTE) {
      now = at;
      await tick(at);
      if (alarms().length > 0) raisedAt = at;
    }
    expect(alarms()).toEqual([expect.objectContaining({ deviceId: SENSOR, startedAt: iso(last), status: 'active' })]);
    expect(raisedAt).toBeGreaterThanOrEqual(last + WINDOW);
    expect(raisedAt).toBeLessThanOrEqual(last + WINDOW + MINUTE);
  });
});
