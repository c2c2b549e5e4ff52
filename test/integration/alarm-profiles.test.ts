import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alarmProfilePageSchema, alarmProfileSchema, type AlarmProfile } from '@domain/alarms/alarm-profile';
import { MESSAGES } from '@domain/core/messages';
import type { Gateway } from '@domain/devices/gateway';
import { ENTITY, entityHistoryPartition } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, type TestUser } from '../support/identity';
import { addSensor, createSensorPlace, sensorBody, type SensorPlace } from '../support/sensors';

const stack = inject('stack');
/** An organisation of these tests' own. */
const ORG = 'alarm-profiles-test-org';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const items = <T>(body: unknown) => (body as { items: T[] }).items;
const profileBody = (overrides: Record<string, unknown> = {}) => ({
  name: unique('Walk-in cooler'), description: 'Cooler 0-5 °C', types: ['outOfRange', 'inactivity'], alarmDelayMinutes: 30,
  notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3, min: 0, max: 5, ...overrides,
});

describe('alarm profiles through the local gateway', () => {
  let admin: TestUser;
  let reader: TestUser;
  let place: SensorPlace;

  const added = async (body: Record<string, unknown> = profileBody()) => {
    const created = await api(stack, admin, 'POST', '/alarmprofiles', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as AlarmProfile;
  };
  const read = async (id: string) => (await api(stack, admin, 'GET', `/alarmprofiles/${id}`)).body as AlarmProfile;

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    reader = await createUser(stack, 'basicuser', ORG);
    place = await createSensorPlace(stack, admin);
  });

  it('adds, lists by name, reads, updates and deletes a profile, with versions and audit entries', async () => {
    const name = unique('Vaccine fridge');
    const profile = await added(profileBody({
      name: `  ${name} `, types: ['outOfRange', 'lowBattery'], min: '2', max: '8', alarmDelayMinutes: 0,
      batteryThresholdPercent: 20, batteryLifeDays: 365, schedule: { kind: 'custom', days: ['friday', 'monday'], start: '08:00', end: '18:00' },
    }));
    expect(profile).toMatchObject({
      name, description: 'Cooler 0-5 °C', types: ['lowBattery', 'outOfRange'], alarmDelayMinutes: 0, measurement: 'temperature', unit: 'C', min: 2, max: 8,
      batteryThresholdPercent: 20, batteryLifeDays: 365, processBased: false, schedule: { kind: 'custom', days: ['monday', 'friday'], start: '08:00', end: '18:00' },
      sensorCount: 0, gatewayCount: 0, version: 1, createdBy: admin.email,
    });
    // The API's answers are what the web app parses them with.
    expect(alarmProfileSchema.safeParse(profile).error).toBeUndefined();
    expect(alarmProfilePageSchema.safeParse((await api(stack, admin, 'GET', '/alarmprofiles?limit=100')).body).error).toBeUndefined();

    // Basic users read profiles (the sensor form chooses one) but do not write them.
    expect(items<AlarmProfile>((await api(stack, reader, 'GET', '/alarmprofiles?limit=100')).body).map((entry) => entry.id)).toContain(profile.id);
    expect((await api(stack, reader, 'GET', `/alarmprofiles/${profile.id}`)).body).toEqual(profile);
    expect((await api(stack, reader, 'POST', '/alarmprofiles', profileBody())).status).toBe(403);
    expect((await api(stack, reader, 'DELETE', `/alarmprofiles/${profile.id}`)).status).toBe(403);

    // A PUT replaces the form: the battery fields it leaves out are gone.
    const updated = await api(stack, admin, 'PUT', `/alarmprofiles/${profile.id}`, profileBody({ name, min: 2, max: 8, alarmDelayMinutes: 5 }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ types: ['inactivity', 'outOfRange'], alarmDelayMinutes: 5, schedule: { kind: 'always' }, version: 2 });
    const reread = await read(profile.id);
    expect(reread).toMatchObject({ version: 2, alarmDelayMinutes: 5 });
    expect(reread.batteryThresholdPercent).toBeUndefined();
    expect(reread.batteryLifeDays).toBeUndefined();

    expect((await api(stack, admin, 'DELETE', `/alarmprofiles/${profile.id}`)).status).toBe(204);
    expect(await api(stack, admin, 'GET', `/alarmprofiles/${profile.id}`)).toEqual({ status: 404, body: { message: MESSAGES.alarmProfileNotFound } });
    // Its name is free again.
    await added(profileBody({ name }));

    const history = await documents.send(new QueryCommand({
      TableName: stack.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': entityHistoryPartition(ORG, ENTITY.alarmProfile, profile.id) },
    }));
    expect(history.Items?.map((entry) => entry['action'])).toEqual(['create', 'update', 'delete']);
  });

  it('keeps names unique in the organisation, case and spaces aside; another organisation neither sees nor changes its profiles', async () => {
    const name = unique('Freezer');
    const first = await added(profileBody({ name }));
    expect(await api(stack, admin, 'POST', '/alarmprofiles', profileBody({ name: ` ${name.toUpperCase()} ` })))
      .toEqual({ status: 409, body: { message: MESSAGES.alarmProfileNameTaken } });
    const second = await added();
    expect(await api(stack, admin, 'PUT', `/alarmprofiles/${second.id}`, profileBody({ name: name.toLowerCase() })))
      .toEqual({ status: 409, body: { message: MESSAGES.alarmProfileNameTaken } });

    const outsider = await createUser(stack, 'admin', 'alarm-profiles-other-org');
    expect((await api(stack, outsider, 'POST', '/alarmprofiles', profileBody({ name }))).status).toBe(201);
    expect((await api(stack, outsider, 'GET', `/alarmprofiles/${first.id}`)).status).toBe(404);
    expect((await api(stack, outsider, 'PUT', `/alarmprofiles/${first.id}`, profileBody({ name }))).status).toBe(404);
    expect((await api(stack, outsider, 'DELETE', `/alarmprofiles/${first.id}`)).status).toBe(404);
    expect(items<AlarmProfile>((await api(stack, outsider, 'GET', '/alarmprofiles?limit=100')).body).map((entry) => entry.id)).not.toContain(first.id);
    expect(await read(first.id)).toMatchObject({ name, version: 1 });
  });

  it('keeps limits given in °F in °C, and refuses a form against the rules in the spec\'s words', async () => {
    const profile = await added(profileBody({ unit: 'F', min: 32, max: 41, deadband: 0.9 }));
    expect(profile).toMatchObject({ unit: 'C', min: 0, max: 5, deadband: 0.5 });
    expect(await read(profile.id)).toMatchObject({ unit: 'C', min: 0, max: 5, deadband: 0.5 });

    const refused = async (overrides: Record<string, unknown>) => {
      const result = await api(stack, admin, 'POST', '/alarmprofiles', profileBody(overrides));
      expect(result.status, JSON.stringify(result.body)).toBe(400);
      return (result.body as { message: string }).message;
    };
    expect(await refused({ min: 5, max: 5 })).toBe(MESSAGES.alarmMinMaxEqual);
    expect(await refused({ min: 8, max: 2 })).toBe(MESSAGES.alarmMinAboveMax);
    expect(await refused({ unit: 'F', min: -400 })).toBe(MESSAGES.alarmTemperatureRangeF);
    expect(await refused({ alarmDelayMinutes: 181 })).toBe(MESSAGES.alarmMinutesRange);
    expect(await refused({ types: ['lowBattery'] })).toBe(MESSAGES.alarmBatteryThresholdRequired);
  });

  it('counts the sensors and gateways that use a profile, refuses its delete naming how many, and refuses a device naming a missing profile', async () => {
    const profile = await added();
    const other = await added();
    const sensorId = await addSensor(stack, admin, place, { alarmProfileId: profile.id });
    expect(await read(profile.id)).toMatchObject({ sensorCount: 1, gatewayCount: 0 });

    const refusal = await api(stack, admin, 'DELETE', `/alarmprofiles/${profile.id}`);
    expect(refusal).toEqual({ status: 409, body: { message: 'This alarm profile cannot be deleted: 1 sensor(s) and 0 gateway(s) use it.' } });
    // Editing it leaves the counts alone.
    expect((await api(stack, admin, 'PUT', `/alarmprofiles/${profile.id}`, profileBody({ name: profile.name, max: 6 }))).body).toMatchObject({ sensorCount: 1, max: 6 });

    // A sensor or gateway naming a profile the organisation does not have is refused, and nothing is written.
    const missing = await api(stack, admin, 'POST', '/sensors', sensorBody(place, { alarmProfileId: randomUUID() }));
    expect(missing).toEqual({ status: 400, body: { message: MESSAGES.alarmProfileUnknown } });
    const gateway = (await api(stack, admin, 'GET', `/gateways/${place.gatewayId}`)).body as Gateway;
    const gatewayForm = { name: gateway.name, model: gateway.model, macId: gateway.macId, eui: gateway.eui, locationIds: gateway.locationIds, siteId: gateway.siteId };
    const gatewayMissing = await api(stack, admin, 'PUT', `/gateways/${place.gatewayId}`, { ...gatewayForm, alarmProfileId: randomUUID() });
    expect(gatewayMissing).toEqual({ status: 400, body: { message: MESSAGES.alarmProfileUnknown } });

    // A gateway takes the other profile; the sensor moves to it; then the first is free.
    expect((await api(stack, admin, 'PUT', `/gateways/${place.gatewayId}`, { ...gatewayForm, alarmProfileId: other.id })).status).toBe(200);
    expect((await api(stack, admin, 'PUT', `/sensors/${sensorId}`, sensorBody(place, { id: sensorId, alarmProfileId: other.id }))).status).toBe(200);
    expect(await read(other.id)).toMatchObject({ sensorCount: 1, gatewayCount: 1 });
    expect(await read(profile.id)).toMatchObject({ sensorCount: 0, gatewayCount: 0 });
    expect((await api(stack, admin, 'DELETE', `/alarmprofiles/${profile.id}`)).status).toBe(204);

    // Deleting the sensor and freeing the gateway leave the other profile unused.
    expect((await api(stack, admin, 'DELETE', `/sensors/${sensorId}`)).status).toBe(204);
    expect((await api(stack, admin, 'PUT', `/gateways/${place.gatewayId}`, { ...gatewayForm, alarmProfileId: '' })).status).toBe(200);
    expect(await read(other.id)).toMatchObject({ sensorCount: 0, gatewayCount: 0 });
    expect((await api(stack, admin, 'DELETE', `/alarmprofiles/${other.id}`)).status).toBe(204);
  });
});
