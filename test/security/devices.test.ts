import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeadLetter } from '@domain/telemetry/telemetry';
import { deadLetterPartition, deviceKey, ENTITY, readingPartition, deviceCommandKey } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { connectDevice, type DeviceConnection } from '../support/devices';
import { api, createUser, provisionAccount } from '../support/identity';

const stack = inject('stack');

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

type Item = Record<string, unknown>;
const partitionItems = async (pk: string): Promise<Item[]> =>
  ((await documents.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))).Items ?? []);
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const iso = (ms: number) => new Date(ms).toISOString();
const POLL = { timeout: 15_000 };

/** Where the stack's log ends now; `logSince` reads what was written after (the whole run's log can be large). */
const logEnd = () => statSync(stack.logFile).size;
function logSince(offset: number): string {
  const file = openSync(stack.logFile, 'r');
  try {
    const buffer = Buffer.alloc(Math.max(0, statSync(stack.logFile).size - offset));
    readSync(file, buffer, 0, buffer.length, offset);
    return buffer.toString('utf8');
  } finally {
    closeSync(file);
  }
}

/**
 * Issue 11, "Device data: nothing one message can break" (items 5-7), against the whole local
 * stack: devices connect to its broker with their own credentials and attack the device-data
 * path; every attempt must be refused with a clear reason (a dead letter administrators can
 * read), lose no one else's reading, and leave the stack answering. The organisation's
 * devices are written straight into the table (the fields the ingest reads), as in
 * test/integration/ingest.test.ts.
 */
describe('device data: nothing one message can break', () => {
  const customerId = `devsec-${randomUUID().slice(0, 8)}`;
  const kitchenGateway = hex(8);
  const cellarGateway = hex(8);
  /** Attached to the kitchen gateway. */
  const fridge = hex(4);
  /** Attached to the cellar gateway. */
  const cellarProbe = hex(4);
  /** On Wi-Fi: publishes for itself. */
  const wifiSensor = hex(6);
  const connections: DeviceConnection[] = [];

  const connect = async (deviceId: string) => {
    const connection = await connectDevice(stack, customerId, deviceId);
    connections.push(connection);
    return connection;
  };
  const readingsOf = (sensorId: string) => partitionItems(readingPartition(customerId, sensorId));
  const deadLetters = () => partitionItems(deadLetterPartition(customerId));
  const reasons = async () => (await deadLetters()).map((item) => String(item['reason']));

  beforeAll(async () => {
    const sensor = (id: string, gatewayId: string | undefined) => ({
      ...deviceKey(customerId, ENTITY.sensor, id), id, name: `Sensor ${id}`, deviceModel: gatewayId ? 'CT-100' : 'WF-900', siteId: 'site-1', locationId: 'loc-1',
      ...(gatewayId ? { gatewayId } : {}), deviceStatus: 'active', disabled: false,
      channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'refrigerator' }],
    });
    const gateway = (id: string) => ({ ...deviceKey(customerId, ENTITY.gateway, id), id, name: `Gateway ${id}`, model: 'GW-SG1', siteId: 'site-1' });
    await documents.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: [
      sensor(fridge, kitchenGateway), sensor(cellarProbe, cellarGateway), sensor(wifiSensor, undefined), gateway(kitchenGateway), gateway(cellarGateway),
    ].map((Item) => ({ PutRequest: { Item } })) } }));
  });

  afterAll(async () => {
    for (const connection of connections) await connection.close();
  });

  it('JSON nested 10,000 deep on a device\'s own topics does not stop the stack: it is dead-lettered with the reason; broker and API still answer', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const logStart = logEnd();
    const device = await connect(wifiSensor);
    await device.publishReadings(deep);
    await device.acknowledge(deep);

    await expect.poll(reasons, POLL).toContain('payload nests deeper than 16 levels');
    const [letter] = (await deadLetters()).filter((item) => item['reason'] === 'payload nests deeper than 16 levels');
    expect(letter).toMatchObject({ sourceDeviceId: wifiSensor, kind: 'readings' });
    expect(String(letter?.['payload'])).toMatch(/^\{"a":\{"a":/);
    expect(logSince(logStart)).toContain('payload nests deeper than 16 levels');

    // The broker still takes connections and readings, and the API still answers.
    const again = await connect(wifiSensor);
    const time = Date.now() - 1_000;
    await again.publishReadings({ time, channels: { '1': 4.1 } });
    await expect.poll(async () => (await readingsOf(wifiSensor)).map((item) => item['sk']), POLL).toContain(iso(time));
    const admin = await createUser(stack, 'admin', customerId);
    // Refused messages of any site: shown to those who reach every site (corporate access).
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId, accountId: admin.accountId, hasDefaultLocAccess: true });
    const listed = await api(stack, admin, 'GET', '/devices/deadletters');
    expect(listed.status).toBe(200);
    expect((listed.body as { items: DeadLetter[] }).items.map((item) => item.reason)).toContain('payload nests deeper than 16 levels');
  });

  it('a payload over IoT Core\'s 128 KB is refused: the device is disconnected and nothing of it is stored', async () => {
    const logStart = logEnd();
    const device = await connect(fridge);
    const time = Date.now() - 2_000;
    // The padding is a token of this test's own, so the log can be searched for it.
    const marker = hex(8);
    const oversized = JSON.stringify({ time, channels: { '1': 3.3 }, padding: marker.repeat(8 * 1024) });
    expect(Buffer.byteLength(oversized)).toBeGreaterThan(128 * 1024);
    void device.publishReadings(oversized).catch(() => undefined);
    await device.closed;

    // A reading sent after it, by another device, is stored: the refused one had its chance to be.
    const witness = await connect(cellarProbe);
    const witnessTime = Date.now() - 1_000;
    await witness.publishReadings({ time: witnessTime, channels: { '1': 2.2 } });
    await expect.poll(async () => (await readingsOf(cellarProbe)).map((item) => item['sk']), POLL).toContain(iso(witnessTime));
    expect((await readingsOf(fridge)).map((item) => item['sk'])).not.toContain(iso(time));
    const log = logSince(logStart);
    expect(log).toContain('local broker: publish refused, payload over the limit');
    expect(log).toContain(`coldchain/${customerId}/${fridge}/readings`);
    expect(log).not.toContain(marker);
  });

  it('a reading timed 9e15 or valued 1e400 is refused with its reason, while another gateway\'s valid reading in the same flow is stored', async () => {
    const kitchen = await connect(kitchenGateway);
    const cellar = await connect(cellarGateway);
    const wifi = await connect(wifiSensor);
    const goodTime = Date.now() - 3_000;
    const infiniteTime = Date.now() - 4_000;
    // Published back to back: the rule subscriber hands them to the ingest in one SQS batch.
    await Promise.all([
      kitchen.publishReadings({ readings: [{ deviceId: fridge, time: 9e15, channels: { '1': 4 } }] }),
      cellar.publishReadings({ readings: [{ deviceId: cellarProbe, time: goodTime, channels: { '1': 3.9 } }] }),
      wifi.publishReadings(`{"time":${infiniteTime},"channels":{"1":1e400}}`),
    ]);

    await expect.poll(async () => (await readingsOf(cellarProbe)).map((item) => item['sk']), POLL).toContain(iso(goodTime));
    await expect.poll(reasons, POLL).toEqual(expect.arrayContaining([
      'time: must be a time from 2000-01-01 to 2100-01-01',
      'channels.1: must be a finite number',
    ]));
    const letters = await deadLetters();
    expect(letters.find((item) => item['reason'] === 'time: must be a time from 2000-01-01 to 2100-01-01')).toMatchObject({ sourceDeviceId: kitchenGateway });
    expect(letters.find((item) => item['reason'] === 'channels.1: must be a finite number')).toMatchObject({ sourceDeviceId: wifiSensor, payload: expect.stringContaining('Infinity') as unknown });
    // Not stored as "no value" (null) either.
    expect((await readingsOf(wifiSensor)).map((item) => item['sk'])).not.toContain(iso(infiniteTime));
  });

  it('an acknowledgement with executedAt 9e15 is refused as invalid (the command stays waiting); a good one then records it', async () => {
    const commandId = `01J${hex(11)}`;
    const key = deviceCommandKey(stack.tableName, customerId, 'GATEWAY', kitchenGateway, commandId).Key;
    await documents.send(new PutCommand({ TableName: stack.tableName, Item: {
      ...key, id: commandId, deviceKind: 'gateway', deviceId: kitchenGateway, command: 'reboot', parameters: {}, status: 'sent',
      sentAt: iso(Date.now() - 60_000), requestedBy: 'admin@demo.example', createdAt: iso(Date.now() - 60_000),
    } }));
    const logStart = logEnd();
    const gateway = await connect(kitchenGateway);
    await gateway.acknowledge({ commandId, status: 'executed', response: 'rebooting', executedAt: 9e15 });
    await expect.poll(() => logSince(logStart).split('\n').some((line) =>
      line.includes('command acknowledgement ignored: invalid payload') && line.includes('executedAt') && line.includes(kitchenGateway)), POLL).toBe(true);
    const waiting = (await documents.send(new GetCommand({ TableName: stack.tableName, Key: key, ConsistentRead: true }))).Item;
    expect(waiting?.['status']).toBe('sent');

    const executedAt = Date.now() - 1_000;
    await gateway.acknowledge({ commandId, status: 'executed', response: 'rebooting', executedAt });
    await expect.poll(async () => (await documents.send(new GetCommand({ TableName: stack.tableName, Key: key, ConsistentRead: true }))).Item?.['executedAt'], POLL).toBe(iso(executedAt));
  });

  it('a gateway may relay only the sensors attached to it, not any sensor of its organisation', async () => {
    const cellar = await connect(cellarGateway);
    const foreignTime = Date.now() - 5_000;
    const ownTime = Date.now() - 6_000;
    await cellar.publishReadings({ readings: [
      { deviceId: fridge, time: foreignTime, channels: { '1': 25 } },
      { deviceId: cellarProbe, time: ownTime, channels: { '1': 3.1 } },
    ] });

    await expect.poll(reasons, POLL).toContain(`sensor ${fridge} is not attached to gateway ${cellarGateway}`);
    expect((await deadLetters()).find((item) => item['reason'] === `sensor ${fridge} is not attached to gateway ${cellarGateway}`)).toMatchObject({ sourceDeviceId: cellarGateway, sensorId: fridge });
    await expect.poll(async () => (await readingsOf(cellarProbe)).map((item) => item['sk']), POLL).toContain(iso(ownTime));
    expect((await readingsOf(fridge)).map((item) => item['sk'])).not.toContain(iso(foreignTime));
  });
});
