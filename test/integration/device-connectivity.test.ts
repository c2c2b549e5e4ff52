import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deadLetterPartition, readingPartition } from '../../lambdas/data';
import { deviceCredentials } from '../../local/device-credentials';
import { LOCAL_REGION } from '../../local/identity';
import { connectDevice, registerTestDevices, type DeviceConnection, type TestDevices } from '../support/devices';
import { createUser, type TestUser } from '../support/identity';

const stack = inject('stack');

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

const partitionItems = async (pk: string) =>
  ((await documents.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))).Items ?? []);

/**
 * Devices on the local broker (issue 5 sections 4 and 6): each authenticates with its own
 * credentials, and may publish only on its own topics: another device's topic is refused and
 * nothing published there reaches the portal.
 */
describe('device connectivity', () => {
  let admin: TestUser;
  let devices: TestDevices;
  const connections: DeviceConnection[] = [];

  beforeAll(async () => {
    admin = await createUser(stack, 'admin');
    devices = await registerTestDevices(stack, admin);
  });
  afterAll(async () => {
    for (const connection of connections) await connection.close();
  });

  const refusal = (options: mqtt.IClientOptions) => new Promise<unknown>((resolve, reject) => {
    const client = mqtt.connect(stack.mqttUrl, { reconnectPeriod: 0, connectTimeout: 10_000, ...options });
    client.once('connect', () => { client.end(true); reject(new Error('the broker let it in')); });
    client.once('error', (error) => { client.end(true); resolve(error); });
  });

  it('refuses a device with a wrong password, another device’s password, or none', async () => {
    const own = deviceCredentials(stack.dataDir, admin.customerId, devices.wifiSensorId);
    const other = deviceCredentials(stack.dataDir, admin.customerId, devices.gatewayId);
    await expect(refusal({ ...own, password: `${own.password.slice(0, -2)}xx` })).resolves.toMatchObject({ code: 4 });
    await expect(refusal({ ...own, password: other.password })).resolves.toMatchObject({ code: 4 });
    await expect(refusal({ ...own, username: 'another-org' })).resolves.toMatchObject({ code: 4 });
    await expect(refusal({ clientId: own.clientId })).resolves.toMatchObject({ code: 5 });
  });

  it("closes a device that publishes on another device's topic; nothing of it is stored, while the device's own readings are", async () => {
    const attacker = await connectDevice(stack, admin.customerId, devices.wifiSensorId);
    connections.push(attacker);
    const forgedAt = new Date(Date.now() - 60_000).toISOString();
    // A reading for the gateway's radio sensor, on the gateway's readings topic: the forger is not the gateway.
    attacker.client.publish(`coldchain/${admin.customerId}/${devices.gatewayId}/readings`,
      JSON.stringify({ readings: [{ deviceId: devices.radioSensorId, time: forgedAt, channels: { 1: 99.5 } }] }), { qos: 1 });
    await attacker.closed;
    expect(attacker.client.connected).toBe(false);

    // The real gateway's reading arrives, and alone: the forged one never reached the rule subscriber.
    const gateway = await connectDevice(stack, admin.customerId, devices.gatewayId);
    connections.push(gateway);
    const realAt = new Date().toISOString();
    await gateway.publishReadings({ readings: [{ deviceId: devices.radioSensorId, time: realAt, channels: { 1: 3.5 }, battery: 90 }] });
    await expect.poll(async () => (await partitionItems(readingPartition(admin.customerId, devices.radioSensorId))).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const readings = await partitionItems(readingPartition(admin.customerId, devices.radioSensorId));
    expect(JSON.stringify(readings)).toContain(realAt);
    expect(JSON.stringify(readings)).not.toContain(forgedAt);
    expect(JSON.stringify(readings)).not.toContain('99.5');
    const deadLetters = await partitionItems(deadLetterPartition(admin.customerId));
    expect(JSON.stringify(deadLetters)).not.toContain(forgedAt);
  });

  it("refuses a subscription to another device's commands, and keeps the connection", async () => {
    const sensor = await connectDevice(stack, admin.customerId, devices.wifiSensorId);
    connections.push(sensor);
    await expect(sensor.client.subscribeAsync(`coldchain/${admin.customerId}/${devices.gatewayId}/commands`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(sensor.client.subscribeAsync(`coldchain/${admin.customerId}/#`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    expect(sensor.client.connected).toBe(true);
    await expect(sensor.onCommand()).resolves.toBeUndefined();
  });
});
