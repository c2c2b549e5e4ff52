import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { GatewayData } from '@domain/devices/gateway';
import type { Sensor } from '@domain/devices/sensor';
import { deviceStateKey, ENTITY, readingPartition } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, type TestUser } from '../support/identity';
import { addSensor, createSensorPlace, type SensorPlace } from '../support/sensors';

/**
 * Issue 12 section 6 (docs/decisions/0055-a-reading-costs-one-write.md): the ingest no
 * longer rewrites a sensor's state item for each reading, so every reader of live state shows the
 * state item with the sensor's newest reading on top when that reading is newer.
 */
const stack = inject('stack');
const ORG = 'live-state-test-org';
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

const items = <T>(body: unknown) => (body as { items: T[] }).items;
const iso = (ms: number) => new Date(ms).toISOString();

describe('live state: the state item with the newest reading on top', () => {
  let admin: TestUser;
  let place: SensorPlace;

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    place = await createSensorPlace(stack, admin);
  });

  it('the newest reading beats an older state item in the detail, the list, its status filter and the gateway\'s sensors', async () => {
    // Prepare: the state item is an hour old (offline by it alone); a reading came a minute ago.
    const id = await addSensor(stack, admin, place);
    const old = iso(Date.now() - 60 * 60_000);
    const time = iso(Date.now() - 60_000);
    const receivedAt = iso(Date.now() - 59_000);
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { ...deviceStateKey(ORG, ENTITY.sensor, id), lastCommunicated: old, lastReadingAt: old, reading: { 1: 2 }, battery: 87, signal: -71, snr: 7.5 },
    }));
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { pk: readingPartition(ORG, id), sk: time, time, channels: { 1: 4.5 }, signal: -60, receivedAt, sourceDeviceId: id },
    }));
    const live = { online: true, lastCommunicated: receivedAt, lastReadingAt: time, reading: { 1: 4.5 }, battery: 87, signal: -60, snr: 7.5 };

    // Act and assess
    expect(((await api(stack, admin, 'GET', `/sensors/${id}`)).body as Sensor).live).toEqual(live);
    expect(items<Sensor>((await api(stack, admin, 'GET', '/sensors?limit=1000')).body).find((sensor) => sensor.id === id)?.live).toEqual(live);
    expect(items<Sensor>((await api(stack, admin, 'GET', '/sensors?limit=1000&status=online')).body).map((sensor) => sensor.id)).toContain(id);
    expect(items<Sensor>((await api(stack, admin, 'GET', '/sensors?limit=1000&status=offline')).body).map((sensor) => sensor.id)).not.toContain(id);
    expect(items<Sensor>((await api(stack, admin, 'GET', `/sensors?limit=1000&siteId=${place.siteId}`)).body).find((sensor) => sensor.id === id)?.live).toEqual(live);
    const gateway = (await api(stack, admin, 'GET', `/gateways/${place.gatewayId}/data`)).body as GatewayData;
    expect(gateway.sensors.find((sensor) => sensor.id === id)).toMatchObject({ online: true, lastCommunicated: receivedAt, lastReadingAt: time, reading: { 1: 4.5 }, battery: 87 });
  });

  it('a sensor silent for 77 minutes whose buffered readings arrived a minute ago is offline everywhere (issue 17 item 1)', async () => {
    // Prepare: its newest reading is 77 minutes old, received (back-filled by its gateway) a minute ago.
    const id = await addSensor(stack, admin, place);
    const time = iso(Date.now() - 77 * 60_000);
    const receivedAt = iso(Date.now() - 60_000);
    await documents.send(new PutCommand({ TableName: stack.tableName, Item: { ...deviceStateKey(ORG, ENTITY.sensor, id), lastCommunicated: receivedAt, lastReadingAt: time, reading: { 1: 18.9 } } }));
    await documents.send(new PutCommand({ TableName: stack.tableName, Item: { pk: readingPartition(ORG, id), sk: time, time, channels: { 1: 18.9 }, receivedAt, sourceDeviceId: id } }));

    // Act and assess: its own newest reading against its report interval, not its last communication.
    expect(((await api(stack, admin, 'GET', `/sensors/${id}`)).body as Sensor).live).toMatchObject({ online: false, lastReadingAt: time, lastCommunicated: receivedAt, reading: { 1: 18.9 } });
    expect(items<Sensor>((await api(stack, admin, 'GET', '/sensors?limit=1000&status=offline')).body).map((sensor) => sensor.id)).toContain(id);
    const gateway = (await api(stack, admin, 'GET', `/gateways/${place.gatewayId}/data`)).body as GatewayData;
    expect(gateway.sensors.find((sensor) => sensor.id === id)).toMatchObject({ online: false, lastReadingAt: time });
  });

  it('a state item newer than the newest reading is shown as it is', async () => {
    const id = await addSensor(stack, admin, place);
    const now = iso(Date.now() - 30_000);
    const older = iso(Date.now() - 10 * 60_000);
    await documents.send(new PutCommand({ TableName: stack.tableName, Item: { ...deviceStateKey(ORG, ENTITY.sensor, id), lastCommunicated: now, lastReadingAt: now, reading: { 1: 3 } } }));
    await documents.send(new PutCommand({ TableName: stack.tableName, Item: { pk: readingPartition(ORG, id), sk: older, time: older, channels: { 1: 9 }, receivedAt: older, sourceDeviceId: id } }));
    expect(((await api(stack, admin, 'GET', `/sensors/${id}`)).body as Sensor).live).toEqual({ online: true, lastCommunicated: now, lastReadingAt: now, reading: { 1: 3 } });
  });
});
