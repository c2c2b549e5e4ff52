import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { Gateway } from '@domain/devices/gateway';
import type { Sensor } from '@domain/devices/sensor';
import { notificationGroupPageSchema, notificationGroupSchema, type NotificationGroup } from '@domain/notifications/notification-group';
import { ENTITY, entityHistoryPartition, sensorKey } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, type TestUser } from '../support/identity';
import { notificationGroupBody } from '../support/notification-groups';
import { addSensor, createSensorPlace, sensorBody, type SensorPlace } from '../support/sensors';

const stack = inject('stack');
/** An organisation of these tests' own. */
const ORG = 'notification-groups-test-org';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

const items = <T>(body: unknown) => (body as { items: T[] }).items;

describe('notification groups through the local gateway', () => {
  let admin: TestUser;
  let reader: TestUser;
  let place: SensorPlace;

  const body = (overrides: Record<string, unknown> = {}) => notificationGroupBody(place, admin, overrides);
  const added = async (overrides: Record<string, unknown> = {}) => {
    const created = await api(stack, admin, 'POST', '/notificationgroups', body(overrides));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as NotificationGroup;
  };
  const read = async (id: string) => (await api(stack, admin, 'GET', `/notificationgroups/${id}`)).body as NotificationGroup;
  const refused = async (overrides: Record<string, unknown>) => {
    const result = await api(stack, admin, 'POST', '/notificationgroups', body(overrides));
    expect(result.status, JSON.stringify(result.body)).toBe(400);
    return (result.body as { message: string }).message;
  };

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    reader = await createUser(stack, 'basicuser', ORG);
    place = await createSensorPlace(stack, admin);
  });

  it('adds, lists by name, reads, updates and deletes a group, with versions and audit entries', async () => {
    const group = await added({
      schedules: [{ name: ' Weekdays ', days: ['friday', 'monday'], start: '08:00', end: '18:00', users: [
        { accountId: admin.accountId, level: 1, delayMinutes: 0, channels: ['text', 'email'] },
        { accountId: reader.accountId, level: 2, delayMinutes: '15', channels: ['push', 'email'] },
      ] }],
    });
    expect(group).toMatchObject({
      description: 'Kitchen alarms', groupType: 'sensor', isDefault: false, locationId: place.locationId, siteIds: [place.siteId],
      schedules: [{ name: 'Weekdays', days: ['monday', 'friday'], start: '08:00', end: '18:00', users: [
        { accountId: admin.accountId, level: 1, delayMinutes: 0, channels: ['email', 'text'] },
        { accountId: reader.accountId, level: 2, delayMinutes: 15, channels: ['email', 'push'] },
      ] }],
      sensorCount: 0, gatewayCount: 0, version: 1, createdBy: admin.email,
    });
    expect(group).not.toHaveProperty('overwrite');
    // The API's answers are what the web app parses them with.
    expect(notificationGroupSchema.safeParse(group).error).toBeUndefined();
    expect(notificationGroupPageSchema.safeParse((await api(stack, admin, 'GET', '/notificationgroups?limit=100')).body).error).toBeUndefined();

    // Basic users read groups (the sensor form chooses them) but do not write them.
    expect(items<NotificationGroup>((await api(stack, reader, 'GET', '/notificationgroups?limit=100')).body).map((entry) => entry.id)).toContain(group.id);
    expect((await api(stack, reader, 'GET', `/notificationgroups/${group.id}`)).body).toEqual(group);
    expect((await api(stack, reader, 'POST', '/notificationgroups', body())).status).toBe(403);
    expect((await api(stack, reader, 'DELETE', `/notificationgroups/${group.id}`)).status).toBe(403);

    const updated = await api(stack, admin, 'PUT', `/notificationgroups/${group.id}`, body({ name: group.name, description: 'Changed' }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await read(group.id)).toMatchObject({ description: 'Changed', version: 2 });

    // Names are unique in the organisation, case aside.
    expect(await api(stack, admin, 'POST', '/notificationgroups', body({ name: ` ${group.name.toUpperCase()} ` })))
      .toEqual({ status: 409, body: { message: MESSAGES.notificationGroupNameTaken } });

    expect((await api(stack, admin, 'DELETE', `/notificationgroups/${group.id}`)).status).toBe(204);
    expect(await api(stack, admin, 'GET', `/notificationgroups/${group.id}`)).toEqual({ status: 404, body: { message: MESSAGES.notificationGroupNotFound } });
    const history = await documents.send(new QueryCommand({
      TableName: stack.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': entityHistoryPartition(ORG, ENTITY.notificationGroup, group.id) },
    }));
    expect(history.Items?.map((entry) => entry['action'])).toEqual(['create', 'update', 'delete']);
  });

  it("refuses a form against the rules in the spec's words, and users, sites or a location not of the organisation", async () => {
    const schedule = (changes: Record<string, unknown>) => ({
      schedules: [{ name: 'Day', days: ['monday'], start: '08:00', end: '18:00', users: [{ accountId: admin.accountId, level: 1, delayMinutes: 0, channels: ['email'] }], ...changes }],
    });
    expect(await refused({ name: '' })).toBe(MESSAGES.nameRequired);
    expect(await refused({ description: '' })).toBe(MESSAGES.descriptionRequired);
    expect(await refused({ locationId: '' })).toBe(MESSAGES.notificationGroupLocationRequired);
    expect(await refused({ siteIds: [] })).toBe(MESSAGES.siteSelectionRequired);
    expect(await refused(schedule({ name: '' }))).toBe(MESSAGES.notificationScheduleNameRequired);
    expect(await refused(schedule({ name: 'x'.repeat(45) }))).toBe(MESSAGES.notificationScheduleNameMax);
    expect(await refused(schedule({ days: [] }))).toBe(MESSAGES.scheduleDaysRequired);
    expect(await refused(schedule({ users: [] }))).toBe(MESSAGES.notificationUsersRequired);
    expect(await refused(schedule({ start: '18:00', end: '08:00' }))).toBe(MESSAGES.timeRangeStartAfterEnd);
    expect(await refused(schedule({ start: '08:00', end: '08:00' }))).toBe(MESSAGES.timeRangeEqual);
    expect(await refused(schedule({ start: '08:00', end: '08:15' }))).toBe(MESSAGES.timeRangeMin30Minutes);

    const outsider = await createUser(stack, 'admin', 'notification-groups-other-org');
    expect(await refused(schedule({ users: [{ accountId: outsider.accountId, level: 1, delayMinutes: 0, channels: ['email'] }] }))).toBe(MESSAGES.notificationUserUnknown);
    expect(await refused(schedule({ users: [{ accountId: randomUUID(), level: 1, delayMinutes: 0, channels: ['email'] }] }))).toBe(MESSAGES.notificationUserUnknown);
    expect(await refused({ siteIds: [randomUUID()] })).toBe(MESSAGES.unknownSite);
    expect(await refused({ locationId: randomUUID() })).toBe(MESSAGES.siteLocationNotFound);
  });

  it('another organisation neither sees nor changes its groups', async () => {
    const group = await added();
    const outsider = await createUser(stack, 'admin', 'notification-groups-other-org');
    expect((await api(stack, outsider, 'GET', `/notificationgroups/${group.id}`)).status).toBe(404);
    expect((await api(stack, outsider, 'PUT', `/notificationgroups/${group.id}`, body({ name: group.name }))).status).toBe(404);
    expect((await api(stack, outsider, 'DELETE', `/notificationgroups/${group.id}`)).status).toBe(404);
    expect(items<NotificationGroup>((await api(stack, outsider, 'GET', '/notificationgroups?limit=100')).body).map((entry) => entry.id)).not.toContain(group.id);
    expect(await read(group.id)).toMatchObject({ version: 1 });
  });

  it('counts the sensors and gateways that use a group, refuses its delete naming how many, and refuses a device naming a missing group', async () => {
    const group = await added();
    const sensorId = await addSensor(stack, admin, place, { notificationGroupIds: [group.id], inactivityNotificationGroupIds: [group.id] });
    expect(await read(group.id)).toMatchObject({ sensorCount: 1, gatewayCount: 0 });
    expect(await api(stack, admin, 'DELETE', `/notificationgroups/${group.id}`))
      .toEqual({ status: 409, body: { message: 'This notification group cannot be deleted: 1 sensor(s) and 0 gateway(s) use it.' } });

    const missing = await api(stack, admin, 'POST', '/sensors', sensorBody(place, { notificationGroupIds: [randomUUID()] }));
    expect(missing).toEqual({ status: 400, body: { message: MESSAGES.notificationGroupUnknown } });
    const gateway = (await api(stack, admin, 'GET', `/gateways/${place.otherGatewayId}`)).body as Gateway;
    const gatewayForm = { name: gateway.name, model: gateway.model, macId: gateway.macId, eui: gateway.eui, locationIds: gateway.locationIds, siteId: gateway.siteId };
    expect(await api(stack, admin, 'PUT', `/gateways/${place.otherGatewayId}`, { ...gatewayForm, notificationGroupId: randomUUID() }))
      .toEqual({ status: 400, body: { message: MESSAGES.notificationGroupUnknown } });
    expect((await api(stack, admin, 'PUT', `/gateways/${place.otherGatewayId}`, { ...gatewayForm, notificationGroupId: group.id })).status).toBe(200);
    expect(await read(group.id)).toMatchObject({ sensorCount: 1, gatewayCount: 1 });

    // The sensor leaves it, the gateway too: then it may go.
    expect((await api(stack, admin, 'PUT', `/sensors/${sensorId}`, sensorBody(place, { id: sensorId }))).status).toBe(200);
    expect((await api(stack, admin, 'PUT', `/gateways/${place.otherGatewayId}`, gatewayForm)).status).toBe(200);
    expect(await read(group.id)).toMatchObject({ sensorCount: 0, gatewayCount: 0 });
    expect((await api(stack, admin, 'DELETE', `/notificationgroups/${group.id}`)).status).toBe(204);
  });

  it('lets a device drop a group id stored unchecked before groups existed, and be deleted with one', async () => {
    const sensorId = await addSensor(stack, admin, place);
    const legacy = async (id: string) => documents.send(new UpdateCommand({
      ...sensorKey(stack.tableName, ORG, id),
      UpdateExpression: 'SET notificationGroupIds = :ids', ExpressionAttributeValues: { ':ids': ['group-1'] },
    }));
    await legacy(sensorId);
    expect((await api(stack, admin, 'PUT', `/sensors/${sensorId}`, sensorBody(place, { id: sensorId }))).status).toBe(200);
    expect(((await api(stack, admin, 'GET', `/sensors/${sensorId}`)).body as Sensor).notificationGroupIds).toEqual([]);
    await legacy(sensorId);
    expect((await api(stack, admin, 'DELETE', `/sensors/${sensorId}`)).status).toBe(204);
  });

  it("gives a site's default group to its new sensors and gateways, one default per site; overwrite gives it to existing ones", async () => {
    // A site of its own, so other tests' devices do not count.
    const own = await createSensorPlace(stack, admin);
    const ownBody = (overrides: Record<string, unknown> = {}) => notificationGroupBody(own, admin, overrides);
    const existingSensor = await addSensor(stack, admin, own);
    const first = await api(stack, admin, 'POST', '/notificationgroups', ownBody({ isDefault: true }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const group = first.body as NotificationGroup;
    // A second default sensor group for the same site is refused.
    expect(await api(stack, admin, 'POST', '/notificationgroups', ownBody({ isDefault: true })))
      .toEqual({ status: 409, body: { message: MESSAGES.notificationGroupDefaultTaken } });

    // A new sensor naming no group gets the default for alarms and inactivity; one naming a group keeps it.
    const fresh = await addSensor(stack, admin, own);
    expect((await api(stack, admin, 'GET', `/sensors/${fresh}`)).body).toMatchObject({ notificationGroupIds: [group.id], inactivityNotificationGroupIds: [group.id] });
    const other = await added({ locationId: own.locationId, siteIds: [own.siteId] });
    const chosen = await addSensor(stack, admin, own, { notificationGroupIds: [other.id] });
    expect((await api(stack, admin, 'GET', `/sensors/${chosen}`)).body).toMatchObject({ notificationGroupIds: [other.id], inactivityNotificationGroupIds: [] });
    // A new gateway of the site gets it too.
    const gatewayId = (await api(stack, admin, 'POST', '/gateways', {
      name: `Gateway ${randomUUID().slice(0, 8)}`, model: 'GW-CELL', macId: randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase(),
      eui: randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase(), locationIds: [own.locationId], siteId: own.siteId,
    })).body as Gateway;
    expect(gatewayId.notificationGroupId).toBe(group.id);
    expect(await read(group.id)).toMatchObject({ sensorCount: 1, gatewayCount: 1 });
    // The sensor added before the group has none.
    expect(((await api(stack, admin, 'GET', `/sensors/${existingSensor}`)).body as Sensor).notificationGroupIds).toEqual([]);

    // Overwrite: every sensor and gateway of the site now has it, in place of theirs; counts follow.
    const saved = await api(stack, admin, 'PUT', `/notificationgroups/${group.id}`, ownBody({ name: group.name, isDefault: true, overwrite: true }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const id of [existingSensor, fresh, chosen]) {
      expect((await api(stack, admin, 'GET', `/sensors/${id}`)).body).toMatchObject({ notificationGroupIds: [group.id], inactivityNotificationGroupIds: [group.id] });
    }
    expect(((await api(stack, admin, 'GET', `/gateways/${own.gatewayId}`)).body as Gateway).notificationGroupId).toBe(group.id);
    expect(saved.body).toMatchObject({ sensorCount: 3, gatewayCount: 2 });
    expect(await read(other.id)).toMatchObject({ sensorCount: 0 });
    // The other site's devices are left alone.
    expect(((await api(stack, admin, 'GET', `/gateways/${own.otherGatewayId}`)).body as Gateway).notificationGroupId).toBeUndefined();

    // Unticking the default frees the site for another default.
    expect((await api(stack, admin, 'PUT', `/notificationgroups/${group.id}`, ownBody({ name: group.name }))).status).toBe(200);
    expect((await api(stack, admin, 'PUT', `/notificationgroups/${other.id}`, ownBody({ name: other.name, isDefault: true }))).status).toBe(200);
  });
});
