import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import { deviceKey, ENTITY } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { runAlarmClockAhead } from '../support/alarms';
import { connectDevice, type DeviceConnection } from '../support/devices';
import { api, createUser, type TestUser } from '../support/identity';
import { untilStackIdle } from '../support/idle';
import { createSensorPlace, type SensorPlace } from '../support/sensors';

const stack = inject('stack');

// Marshalled as the back end's own client is (lambdas/shared/clients.ts): the clock runs on it here.
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }), {
  marshallOptions: { removeUndefinedValues: true },
});
afterAll(() => documents.destroy());

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;
const POLL = { timeout: 15_000, interval: 200 };

/**
 * The alarm engine end to end (issue 13 sections 2 and 5): devices publish on the local broker,
 * the ingest hands their stored readings to the engine, and the alarms API lists what it raised.
 * Time-driven conditions (inactivity, the 90-minute battery rule) are driven by running the
 * alarm clock in this process with a `now` a couple of minutes ahead, instead of waiting for
 * the stack's own one-minute cron: the readings carry their own (past) times, so the window or
 * the 90 minutes are over by then.
 */
describe('the alarm engine, over MQTT', () => {
  const ORG = `alarm-engine-${randomUUID().slice(0, 8)}`;
  const OTHER_ORG = `alarm-engine-other-${randomUUID().slice(0, 8)}`;
  let admin: TestUser;
  let stranger: TestUser;
  let editedProfileId: string;
  let place: SensorPlace;
  const connections: DeviceConnection[] = [];
  const ids = { fridge: hex(4), late: hex(4), silent: hex(4), battery: hex(4), disabled: hex(4), edited: hex(4) };
  const devices: Partial<Record<keyof typeof ids | 'gateway', DeviceConnection>> = {};
  const device = (name: keyof typeof devices): DeviceConnection => {
    const found = devices[name];
    if (found === undefined) throw new Error(`${name} is not connected`);
    return found;
  };

  const listed = async (user: TestUser, status: 'active' | 'history') => {
    const response = await api(stack, user, 'GET', `/alarms?status=${status}&limit=100`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body as { items: Alarm[] }).items;
  };
  const alarmsOf = async (deviceId: string, status: 'active' | 'history' = 'active') => (await listed(admin, status)).filter((alarm) => alarm.deviceId === deviceId);
  const profile = async (body: Record<string, unknown>) => {
    const created = await api(stack, admin, 'POST', '/alarmprofiles', {
      name: `Profile ${randomUUID().slice(0, 8)}`, description: 'Alarm engine test', alarmDelayMinutes: 0, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3, ...body,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return (created.body as AlarmProfile).id;
  };
  /** The device's alarm engine state item (its version moves with every write the engine makes). */
  const engineState = async (sensorId: string) => {
    const key = deviceKey(ORG, ENTITY.sensor, sensorId);
    return (await documents.send(new GetCommand({ TableName: stack.tableName, Key: { pk: key.pk, sk: `${key.sk}#ALARMS` }, ConsistentRead: true }))).Item;
  };
  /** The alarm clock, run here `ahead` of the real time (test/support/alarms.ts). */
  const runClock = (ahead: number) => runAlarmClockAhead(documents, stack.tableName, ahead);

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    stranger = await createUser(stack, 'admin', OTHER_ORG);
    place = await createSensorPlace(stack, admin);
    const vaccine = await profile({ types: ['outOfRange'], min: 2, max: 8 });
    const silent = await profile({ types: ['inactivity'], inactivityMinutes: 2 });
    const battery = await profile({ types: ['lowBattery'], batteryThresholdPercent: 20, batteryLifeDays: 365 });
    const watched = await profile({ types: ['outOfRange', 'inactivity'], min: 2, max: 8, inactivityMinutes: 2 });
    editedProfileId = await profile({ name: 'Walk-in (to be edited)', types: ['outOfRange', 'inactivity'], min: 2, max: 8, inactivityMinutes: 2 });
    const sensor = (id: string, alarmProfileId: string, name: string) => ({ PutRequest: { Item: {
      ...deviceKey(ORG, ENTITY.sensor, id), id, name, deviceModel: 'CT-200', siteId: place.siteId, locationId: place.locationId, gatewayId: place.gatewayId,
      alarmProfileId, deviceStatus: 'active', disabled: false,
      channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'refrigerator' }, { channel: 2, sensorType: 'humidity', sensorSubType: 'relativeHumidity' }],
    } } });
    // Written straight into the table (the fields the ingest reads), as the ingest's own test does.
    await documents.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: [
      sensor(ids.fridge, vaccine, 'Vaccine fridge'), sensor(ids.late, vaccine, 'Vaccine fridge 2'),
      sensor(ids.silent, silent, 'Quiet fridge'), sensor(ids.battery, battery, 'Old fridge'), sensor(ids.disabled, watched, 'Retired fridge'),
      sensor(ids.edited, editedProfileId, 'Walk-in'),
    ] } }));
    for (const name of Object.keys(ids) as Array<keyof typeof ids>) {
      devices[name] = await connectDevice(stack, ORG, ids[name]);
      connections.push(device(name));
    }
    devices.gateway = await connectDevice(stack, ORG, place.gatewayId);
    connections.push(device('gateway'));
  });

  afterAll(async () => {
    for (const connection of connections) await connection.close();
  });

  let raised: Alarm;

  it('raises exactly one alarm for an out-of-range reading (delay 0), at the reading\'s own time, listed by GET /api/alarms', async () => {
    const time = Date.now() - 5_000;
    await device('fridge').publishReadings({ time: iso(time), channels: { '1': 9.5, '2': 60 }, battery: 90 });

    await expect.poll(async () => (await alarmsOf(ids.fridge)).length, POLL).toBe(1);
    [raised] = await alarmsOf(ids.fridge) as [Alarm];
    expect(raised).toMatchObject({
      type: 'threshold', channel: '1', deviceKind: 'sensor', deviceId: ids.fridge, deviceName: 'Vaccine fridge', siteId: place.siteId, locationId: place.locationId,
      status: 'active', startedAt: iso(time), worstValue: 9.5,
    });
    expect(raised.clearedAt).toBeUndefined();
  });

  it('changes nothing when the same message is delivered again', async () => {
    const before = await engineState(ids.fridge);
    await device('fridge').publishReadings({ time: raised.startedAt, channels: { '1': 9.5, '2': 60 }, battery: 90 });
    // Nothing changes to wait for: wait until the rule subscriber and the ingest have handled it.
    await untilStackIdle({ devicesOnly: true });
    expect(await alarmsOf(ids.fridge)).toEqual([raised]);
    expect((await engineState(ids.fridge))?.['version']).toBe(before?.['version']);
  });

  it('clears the alarm when a reading is back in range; acknowledging it then moves it to history', async () => {
    const back = Date.parse(raised.startedAt) + 2_000;
    await device('fridge').publishReadings({ time: iso(back), channels: { '1': 5, '2': 60 }, battery: 90 });
    await expect.poll(async () => (await alarmsOf(ids.fridge))[0]?.clearedAt, POLL).toBe(iso(back));
    // Cleared but not acknowledged: still active, so nobody misses it.
    expect(await alarmsOf(ids.fridge, 'history')).toEqual([]);

    const acknowledged = await api(stack, admin, 'PUT', `/alarms/${encodeURIComponent(raised.id)}/acknowledge`, { reason: 'Door left open', correctiveAction: 'Stock checked' });
    expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);
    expect(acknowledged.body).toMatchObject({ status: 'history', acknowledgeReason: 'Door left open', correctiveAction: 'Stock checked' });
    expect(await alarmsOf(ids.fridge)).toEqual([]);
    expect((await alarmsOf(ids.fridge, 'history')).map((alarm) => alarm.id)).toEqual([raised.id]);
  });

  it('never shows the alarm to another organisation', async () => {
    for (const status of ['active', 'history'] as const) {
      expect((await listed(stranger, status)).map((alarm) => alarm.id)).not.toContain(raised.id);
    }
    expect((await api(stack, stranger, 'GET', `/alarms/${encodeURIComponent(raised.id)}`)).status).toBe(404);
    expect((await api(stack, stranger, 'PUT', `/alarms/${encodeURIComponent(raised.id)}/acknowledge`, { reason: 'Not mine' })).status).toBe(404);
  });

  it('raises the alarm of a late batch at its real start, started and cleared already (and still reported)', async () => {
    const now = Date.now();
    await device('late').publishReadings({ time: iso(now - 5_000), channels: { '1': 4, '2': 60 } });
    await expect.poll(async () => (await api(stack, admin, 'GET', `/sensors/${ids.late}`)).status, POLL).toBe(200);
    // The gateway's buffer, delivered after the newer reading: an excursion 30 to 20 minutes ago.
    const late = [30, 25, 20].map((minutes) => now - minutes * MINUTE);
    await device('gateway').publishReadings({ readings: late.map((time, index) => ({ deviceId: ids.late, time: iso(time), channels: { '1': [9.5, 11, 5][index], '2': 60 } })), sentAt: now });

    await expect.poll(async () => (await alarmsOf(ids.late)).length, POLL).toBe(1);
    expect((await alarmsOf(ids.late))[0]).toMatchObject({ type: 'threshold', startedAt: iso(late[0] ?? 0), clearedAt: iso(late[2] ?? 0), worstValue: 11, status: 'active' });
  });

  it('raises inactivity for a sensor silent past its window (the clock, run in-process), and clears it when the sensor reports', async () => {
    const lastHeard = Date.now() - 10 * MINUTE;
    await device('silent').publishReadings({ time: iso(lastHeard), channels: { '1': 4, '2': 60 } });
    // The ingest set the sensor's timer (its window of 2 minutes has passed already: the next minute).
    await expect.poll(async () => (await engineState(ids.silent))?.['wakeAt'], POLL).toBe(lastHeard + 2 * MINUTE);
    expect(await alarmsOf(ids.silent)).toEqual([]);

    expect((await runClock(2 * MINUTE)).due).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await alarmsOf(ids.silent)).map((alarm) => [alarm.type, alarm.startedAt]), POLL).toEqual([['inactivity', iso(lastHeard)]]);

    const back = Date.now() - 1_000;
    await device('silent').publishReadings({ time: iso(back), channels: { '1': 4, '2': 60 } });
    await expect.poll(async () => (await alarmsOf(ids.silent))[0]?.clearedAt, POLL).toBe(iso(back));
  });

  it('raises low battery once 90 minutes have passed since the first low-battery packet, not before', async () => {
    const firstLow = Date.now() - 89 * MINUTE;
    await device('battery').publishReadings({ time: iso(firstLow), channels: { '1': 4, '2': 60 }, battery: 15 });
    // 89 minutes of low battery by the readings' own times: a timer for the 90th, no alarm yet.
    await expect.poll(async () => (await engineState(ids.battery))?.['wakeAt'], POLL).toBe(firstLow + 90 * MINUTE);
    expect(await alarmsOf(ids.battery)).toEqual([]);

    expect((await runClock(3 * MINUTE)).due).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await alarmsOf(ids.battery)).map((alarm) => [alarm.type, alarm.startedAt, alarm.worstValue]), POLL).toEqual([['battery', iso(firstLow), 15]]);
  });

  it('clears the open alarm of a sensor disabled meanwhile at the clock\'s next look, saying why; it still waits for an acknowledgement', async () => {
    const time = Date.now() - 5_000;
    await device('disabled').publishReadings({ time: iso(time), channels: { '1': 9.5, '2': 60 } });
    await expect.poll(async () => (await alarmsOf(ids.disabled)).length, POLL).toBe(1);
    await expect.poll(async () => (await engineState(ids.disabled))?.['wakeAt'], POLL).toBe(time + 2 * MINUTE);
    const [open] = await alarmsOf(ids.disabled) as [Alarm];
    // Disabled as the sensors API stores it; its readings are no longer judged, so nothing else would clear the alarm.
    const key = deviceKey(ORG, ENTITY.sensor, ids.disabled);
    await documents.send(new UpdateCommand({ TableName: stack.tableName, Key: { pk: key.pk, sk: key.sk }, UpdateExpression: 'SET disabled = :on', ExpressionAttributeValues: { ':on': true } }));

    expect((await runClock(3 * MINUTE)).due).toBeGreaterThanOrEqual(1);
    const detail = async () => (await api(stack, admin, 'GET', `/alarms/${encodeURIComponent(open.id)}`)).body as Alarm;
    await expect.poll(async () => (await detail()).clearedAt, POLL).toBeDefined();
    expect(await detail()).toMatchObject({ status: 'active', timeline: expect.arrayContaining([expect.objectContaining({ kind: 'cleared', detail: 'deviceDisabled' })]) });
    expect((await engineState(ids.disabled))?.['wakeAt']).toBeUndefined();

    const acknowledged = await api(stack, admin, 'PUT', `/alarms/${encodeURIComponent(open.id)}/acknowledge`, { reason: 'Sensor retired' });
    expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);
    expect(acknowledged.body).toMatchObject({ status: 'history' });
  });

  it('clears an open alarm whose condition its profile no longer watches (out of range taken off the profile), saying why', async () => {
    const time = Date.now() - 5_000;
    await device('edited').publishReadings({ time: iso(time), channels: { '1': 9.5, '2': 60 } });
    await expect.poll(async () => (await alarmsOf(ids.edited)).length, POLL).toBe(1);
    await expect.poll(async () => (await engineState(ids.edited))?.['wakeAt'], POLL).toBe(time + 2 * MINUTE);
    const [open] = await alarmsOf(ids.edited) as [Alarm];

    const edited = await api(stack, admin, 'PUT', `/alarmprofiles/${editedProfileId}`, {
      name: 'Walk-in (to be edited)', description: 'Alarm engine test', types: ['inactivity'], inactivityMinutes: 2,
      alarmDelayMinutes: 0, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    expect((await runClock(3 * MINUTE)).due).toBeGreaterThanOrEqual(1);
    const detail = async () => (await api(stack, admin, 'GET', `/alarms/${encodeURIComponent(open.id)}`)).body as Alarm;
    await expect.poll(async () => (await detail()).clearedAt, POLL).toBeDefined();
    expect(await detail()).toMatchObject({ status: 'active', timeline: expect.arrayContaining([expect.objectContaining({ kind: 'cleared', detail: 'notWatched' })]) });
  });
});
