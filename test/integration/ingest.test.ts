import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeadLetter } from '@domain/telemetry/telemetry';
import { deadLetterPartition, deviceKey, deviceStateKey, ENTITY, readingPartition, rollupPartition } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { connectDevice, type DeviceConnection } from '../support/devices';
import { api, createUser, provisionAccount } from '../support/identity';
import { untilStackIdle } from '../support/idle';

const stack = inject('stack');

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

type Item = Record<string, unknown>;
const partitionItems = async (pk: string): Promise<Item[]> =>
  ((await documents.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))).Items ?? []);
const itemAt = async (key: { pk: string; sk: string }): Promise<Item | undefined> =>
  (await documents.send(new GetCommand({ TableName: stack.tableName, Key: key, ConsistentRead: true }))).Item;

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;

/**
 * The device-data path end to end (issue 5 sections 4 and 6): devices publish on the local
 * broker with their own credentials; the rule subscriber hands the messages to the ingest,
 * which stores them. This organisation's sensors and gateway are written straight into the
 * table (the fields the ingest reads), so these tests stand on the ingest alone.
 */
describe('device data ingest, over MQTT', () => {
  const customerId = `ingest-${randomUUID().slice(0, 8)}`;
  const sensorId = hex(4);
  const doorId = hex(4);
  const gatewayId = hex(8);
  const connections: DeviceConnection[] = [];
  let sensor: DeviceConnection;
  let gateway: DeviceConnection;

  const connect = async (deviceId: string) => {
    const connection = await connectDevice(stack, customerId, deviceId);
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    const channel = (number: number, sensorType: string, sensorSubType: string) => ({ channel: number, sensorType, sensorSubType, dataLoggingProfileId: 'none' });
    await documents.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: [
      { PutRequest: { Item: { ...deviceKey(customerId, ENTITY.sensor, sensorId), id: sensorId, name: 'Walk-in fridge', deviceModel: 'CT-200', siteId: 'site-1', locationId: 'loc-1', gatewayId, deviceStatus: 'active', disabled: false, channels: [channel(1, 'temperature', 'walkInCooler'), channel(2, 'humidity', 'relativeHumidity')] } } },
      { PutRequest: { Item: { ...deviceKey(customerId, ENTITY.sensor, doorId), id: doorId, name: 'Cold room door', deviceModel: 'CT-500D', siteId: 'site-1', locationId: 'loc-1', gatewayId, deviceStatus: 'active', disabled: false, channels: [channel(1, 'contact', 'door'), channel(2, 'temperature', 'ambient')] } } },
      { PutRequest: { Item: { ...deviceKey(customerId, ENTITY.gateway, gatewayId), id: gatewayId, name: 'Kitchen gateway', model: 'GW-SG1', siteId: 'site-1' } } },
    ] } }));
    sensor = await connect(sensorId);
    gateway = await connect(gatewayId);
  });

  afterAll(async () => {
    for (const connection of connections) await connection.close();
  });

  const readingsOf = (id: string) => partitionItems(readingPartition(customerId, id));
  const stateOf = (id: string) => itemAt(deviceStateKey(customerId, ENTITY.sensor, id));
  const deadLetters = () => partitionItems(deadLetterPartition(customerId));

  it('a message published on the broker becomes a stored reading and an updated sensor state', async () => {
    const time = Date.now() - 5_000;
    await sensor.publishReadings({ time: iso(time), channels: { '1': 3.6, '2': 71 }, battery: 88, signal: -67, snr: 8.5 });

    await expect.poll(async () => (await readingsOf(sensorId)).length, { timeout: 10_000 }).toBe(1);
    const [reading] = await readingsOf(sensorId);
    // The short form (lambdas/data/readings.ts): no source when the sensor sent it itself.
    expect(reading).toMatchObject({ sk: iso(time), c: { '1': 3.6, '2': 71 }, b: 88, s: -67, n: 8.5 });
    expect(reading?.['g']).toBeUndefined();
    expect(Number(reading?.['ttl'])).toBe(Math.floor(time / 1000) + 400 * 86_400);
    // The state is written after the reading (lambdas/ingest/ingest.ts): wait for it in its turn.
    await expect.poll(async () => (await stateOf(sensorId))?.['lastReadingAt'], { timeout: 10_000 }).toBe(iso(time));
    const state = await stateOf(sensorId);
    expect(state).toMatchObject({ lastReadingAt: iso(time), reading: { '1': 3.6, '2': 71 }, battery: 88, signal: -67, snr: 8.5 });
    expect(Date.parse(String(state?.['lastCommunicated']))).toBeGreaterThanOrEqual(time);
  });

  it('a duplicate (the same sensor and reading time) is stored once', async () => {
    const time = Date.now() - 3_000;
    const payload = { time, channels: { '1': 3.7, '2': 70 } };
    await sensor.publishReadings(payload);
    await sensor.publishReadings(payload);
    // The same reading again, inside a gateway's batch, twice.
    await gateway.publishReadings({ readings: [{ deviceId: sensorId, ...payload }, { deviceId: sensorId, ...payload }] });

    // The gateway's message came last (the four arrive in one batch): its heartbeat is in the gateway's state.
    await expect.poll(async () => itemAt(deviceStateKey(customerId, ENTITY.gateway, gatewayId)), { timeout: 10_000 }).toBeDefined();
    await expect.poll(async () => (await readingsOf(sensorId)).filter((item) => item['sk'] === iso(time)).length, { timeout: 10_000 }).toBe(1);
    // Every message handled, so a second copy would be stored by now.
    await untilStackIdle({ devicesOnly: true });
    expect((await readingsOf(sensorId)).filter((item) => item['sk'] === iso(time))).toHaveLength(1);
    expect(await readingsOf(sensorId)).toHaveLength(2);
  });

  it('a late batch from a gateway lands at its own times, and the state keeps the newer reading', async () => {
    const newest = String((await stateOf(sensorId))?.['lastReadingAt']);
    const late = [30, 25, 20].map((minutes) => Date.parse(newest) - minutes * MINUTE);
    await gateway.publishReadings({ readings: late.map((time, index) => ({ deviceId: sensorId, time: iso(time), channels: { '1': 2 + index, '2': 65 } })), sentAt: Date.now() });

    await expect.poll(async () => (await readingsOf(sensorId)).map((item) => item['sk']), { timeout: 10_000 }).toEqual(expect.arrayContaining(late.map(iso)));
    const stored = await readingsOf(sensorId);
    expect(stored.find((item) => item['sk'] === iso(late[0] ?? 0))).toMatchObject({ c: { '1': 2 }, g: gatewayId });
    expect((await stateOf(sensorId))?.['lastReadingAt']).toBe(newest);
    // The sk order is the reading-time order, whatever order they arrived in.
    expect(stored.map((item) => item['sk'])).toEqual([...stored.map((item) => String(item['sk']))].sort());
  });

  it('a malformed message lands in the dead-letter record with its reason; the batch goes on', async () => {
    await sensor.publishReadings('21.5 degrees');
    await sensor.publishReadings({ time: Date.now(), channels: { '1': 900 } });
    await gateway.publishReadings({ readings: [{ deviceId: 'FFFFFFFF', time: Date.now(), channels: { '1': 1 } }, { deviceId: doorId, time: Date.now() - 1000, channels: { '1': 1, '2': 18 } }] });

    await expect.poll(async () => (await deadLetters()).map((item) => item['reason']).sort(), { timeout: 10_000 }).toEqual([
      'channel 1 value 900 is outside the temperature range -200 to 500',
      'payload is not a JSON object',
      'sensor FFFFFFFF is not registered in this organisation',
    ]);
    const letters = await deadLetters();
    expect(letters.find((item) => item['reason'] === 'payload is not a JSON object')).toMatchObject({ payload: '21.5 degrees', sourceDeviceId: sensorId, kind: 'readings' });
    expect(letters.every((item) => typeof item['ttl'] === 'number')).toBe(true);
    // The good reading of the gateway's batch was stored.
    await expect.poll(async () => (await readingsOf(doorId)).length, { timeout: 10_000 }).toBe(1);

    // Administrators read them through the API, newest first.
    const admin = await createUser(stack, 'admin', customerId);
    // Refused messages of any site: shown to those who reach every site (corporate access).
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId, accountId: admin.accountId, hasDefaultLocAccess: true });
    const listed = await api(stack, admin, 'GET', '/devices/deadletters');
    expect(listed.status).toBe(200);
    const items = (listed.body as { items: DeadLetter[] }).items;
    expect(items.map((item) => item.reason).sort()).toEqual(letters.map((item) => String(item['reason'])).sort());
    expect(items.map((item) => item.receivedAt)).toEqual([...items.map((item) => item.receivedAt)].sort().reverse());
    const basic = await createUser(stack, 'basicuser', customerId);
    expect((await api(stack, basic, 'GET', '/devices/deadletters')).status).toBe(403);
  });

  it('a reading of a sensor of another organisation is not stored: it is not found in this one', async () => {
    const otherCustomer = `ingest-other-${randomUUID().slice(0, 8)}`;
    const intruder = await connectDevice(stack, otherCustomer, gatewayId);
    connections.push(intruder);
    await intruder.publishReadings({ readings: [{ deviceId: sensorId, time: Date.now(), channels: { '1': 1 } }] });
    await expect.poll(async () => (await partitionItems(deadLetterPartition(otherCustomer))).length, { timeout: 10_000 }).toBe(1);
    expect((await partitionItems(deadLetterPartition(otherCustomer)))[0]?.['reason']).toBe(`device ${gatewayId} may publish only its own readings: it is not a gateway of this organisation`);
    expect(await partitionItems(readingPartition(otherCustomer, sensorId))).toEqual([]);
  });

  it('a contact changing state is in the live state at once', async () => {
    const door = await connect(doorId);
    const now = Date.now();
    await door.publishReadings({ time: now, channels: { '1': 0, '2': 18 } });
    await expect.poll(async () => ((await stateOf(doorId))?.['reading'] as Item | undefined)?.['1'], { timeout: 10_000 }).toBe(0);
    await door.publishReadings({ time: now + 1000, channels: { '1': 1, '2': 18 } });
    await expect.poll(async () => ((await stateOf(doorId))?.['reading'] as Item | undefined)?.['1'], { timeout: 10_000 }).toBe(1);
  });

  // Re-decided with issue 12 section 6 (docs/decisions/0055-a-reading-costs-one-write.md): rollups are
  // stored by blocks of 6 hours, written as the sensor leaves the block.
  it('the block of hours a sensor leaves is rolled up from its readings', async () => {
    // A sensor of its own, so its hours are its own: two readings in one hour of the last block, then one in the current block.
    const hourly = hex(4);
    await documents.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: [{ PutRequest: { Item: {
      ...deviceKey(customerId, ENTITY.sensor, hourly), id: hourly, deviceModel: 'CT-100', siteId: 'site-1', disabled: false,
      channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'freezer' }],
    } } }] } }));
    const device = await connect(hourly);
    const blockMs = 6 * 3_600_000;
    const blockStart = Math.floor(Date.now() / blockMs) * blockMs - blockMs;
    const hourStart = blockStart + 2 * 3_600_000;
    await device.publishReadings({ readings: [{ time: hourStart + 10 * MINUTE, channels: { '1': -20 } }, { time: hourStart + 40 * MINUTE, channels: { '1': -18 } }] });
    await expect.poll(async () => (await readingsOf(hourly)).length, { timeout: 10_000 }).toBe(2);
    await device.publishReadings({ time: Date.now() - 1000, channels: { '1': -19 } });

    const hour = iso(hourStart).slice(0, 13);
    await expect.poll(async () => (await partitionItems(rollupPartition(customerId, hourly))).map((item) => item['sk']), { timeout: 10_000 }).toEqual([iso(blockStart).slice(0, 13)]);
    const [rollup] = await partitionItems(rollupPartition(customerId, hourly));
    expect((rollup?.['hours'] as Item | undefined)?.[hour]).toMatchObject({ readings: 2, channels: { '1': { count: 2, sum: -38, min: -20, max: -18, nulls: 0 } } });
  });
});
