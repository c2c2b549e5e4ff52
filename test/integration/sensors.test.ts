import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { calibrationListSchema, type Calibration, type CalibrationCertificate } from '@domain/devices/calibration';
import type { DataLoggingProfile } from '@domain/devices/data-logging-profile';
import type { Equipment } from '@domain/devices/equipment';
import type { FileDownload, FileUploadTicket } from '@domain/devices/device-records';
import type { Gateway, HistoryEntry } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import { sensorDeleteRefusalSchema, sensorPageSchema, sensorSchema, type Sensor } from '@domain/devices/sensor';
import type { SiteDevices } from '@domain/organisation/site';
import { deviceStateKey, ENTITY } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { addNotificationGroup } from '../support/notification-groups';
import { addSensor, createSensorPlace, newSensorId, sensorBody, type SensorPlace } from '../support/sensors';
import { postUpload } from '../support/uploads';

const stack = inject('stack');
/** An organisation of these tests' own, so the demo organisation's devices stay as they are. */
const ORG = 'sensors-test-org';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

const items = <T>(body: unknown) => (body as { items: T[] }).items;
const pdf = (bytes: number) => {
  const content = Buffer.alloc(bytes, 0x20);
  content.write('%PDF-1.4\n', 0);
  return content;
};

describe('sensors through the local gateway', () => {
  let admin: TestUser;
  let reader: TestUser;
  let place: SensorPlace;

  const get = async (id: string, as: TestUser = admin) => api(stack, as, 'GET', `/sensors/${id}`);
  const sensorOf = async (id: string) => (await get(id)).body as Sensor;
  const listed = async (query = '', as: TestUser = admin) => items<Sensor>((await api(stack, as, 'GET', `/sensors?limit=1000${query}`)).body);

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    reader = await createUser(stack, 'basicuser', ORG);
    place = await createSensorPlace(stack, admin);
    // A user reaches only the sites assigned to them: the reader is assigned the place's.
    await provisionAccount(stack, {
      email: reader.email, role: 'basicuser', customerId: ORG, accountId: reader.accountId,
      locationIds: [place.locationId], siteIds: [place.siteId, place.otherSiteId],
    });
  });

  it('adds a sensor with every field, reads it, lists it and filters the list', async () => {
    // The alarm profile a sensor names must exist (issue 13 section 1).
    const alarmProfile = await api(stack, admin, 'POST', '/alarmprofiles', {
      name: `Cooler ${Date.now()}`, description: 'Cooler 0-5 °C', types: ['outOfRange'], alarmDelayMinutes: 30, notificationDelayMinutes: 0,
      snoozeIntervalMinutes: 30, snoozeLimit: 3, min: 0, max: 5,
    });
    expect(alarmProfile.status, JSON.stringify(alarmProfile.body)).toBe(201);
    const alarmProfileId = (alarmProfile.body as { id: string }).id;
    // So must the notification groups it names (issue 14 section 1).
    const [group1, group2] = [await addNotificationGroup(stack, admin, place), await addNotificationGroup(stack, admin, place)];
    const body = sensorBody(place, {
      id: ' a1b2c3d4 ', name: '  Walk-in cooler  ', description: 'Back of the kitchen', alarmProfileId,
      notificationGroupIds: [group1, group1], inactivityNotificationGroupIds: [group2], departmentId: 'dept-1', divisionId: 'div-1',
      // The channels may come in any order; the sensor keeps them in channel order.
      channels: [...(sensorBody(place).channels as unknown[])].reverse(),
    });
    const created = await api(stack, admin, 'POST', '/sensors', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sensor = created.body as Sensor;
    expect(sensor).toMatchObject({
      id: 'A1B2C3D4', name: 'Walk-in cooler', description: 'Back of the kitchen', deviceModel: 'CT-200', monitoringType: 'refrigeration',
      locationId: place.locationId, siteId: place.siteId, gatewayId: place.gatewayId, alarmProfileId,
      notificationGroupIds: [group1], inactivityNotificationGroupIds: [group2], connectionType: 'subGhz', departmentId: 'dept-1',
      divisionId: 'div-1', deviceStatus: 'active', disabled: false, scheduledChanges: [], noteCount: 0, version: 1,
      createdBy: admin.email, live: { online: false },
    });
    expect(sensor.channels.map((channel) => channel.channel)).toEqual([1, 2]);
    // The API's answers are what the web app parses them with.
    expect(sensorSchema.safeParse(sensor).error).toBeUndefined();
    expect(sensorPageSchema.safeParse((await api(stack, admin, 'GET', '/sensors?limit=1000')).body).error).toBeUndefined();
    expect((await get('A1B2C3D4%23STATE')).status).toBe(404);
    expect(Date.parse(sensor.registeredOn)).not.toBeNaN();

    // Ids are not case sensitive in paths; a basic user of the organisation reads it too.
    expect((await get('a1b2c3d4', reader)).body).toMatchObject({ id: 'A1B2C3D4' });
    expect((await listed('', reader)).map((entry) => entry.id)).toContain('A1B2C3D4');
    expect((await listed(`&siteId=${place.siteId}`)).map((entry) => entry.id)).toContain('A1B2C3D4');
    expect((await listed(`&locationId=${place.locationId}`)).map((entry) => entry.id)).toContain('A1B2C3D4');
    expect((await listed(`&gatewayId=${place.gatewayId.toLowerCase()}`)).map((entry) => entry.id)).toContain('A1B2C3D4');
    expect((await listed(`&siteId=${place.otherSiteId}`)).map((entry) => entry.id)).not.toContain('A1B2C3D4');
    expect((await listed('&status=active')).map((entry) => entry.id)).toContain('A1B2C3D4');
    expect((await listed('&status=inTransit')).map((entry) => entry.id)).not.toContain('A1B2C3D4');
    expect((await api(stack, admin, 'GET', '/sensors?status=sleeping')).status).toBe(400);

    // The gateway counts it, the profile counts both channels, the site lists it.
    expect(((await api(stack, admin, 'GET', `/gateways/${place.gatewayId}`)).body as Gateway).sensorCount).toBe(1);
    expect(((await api(stack, admin, 'GET', `/dataloggingprofiles/${place.profileId}`)).body as DataLoggingProfile).useCount).toBe(2);
    expect(((await api(stack, admin, 'GET', `/sites/${place.siteId}/devices`)).body as SiteDevices).sensors)
      .toContainEqual({ id: 'A1B2C3D4', name: 'Walk-in cooler' });
    // A basic user may read but not add.
    expect((await api(stack, reader, 'POST', '/sensors', sensorBody(place))).status).toBe(403);
  });

  it('edits a sensor: a move to another site and gateway, a rename and another profile follow in the references and counts', async () => {
    const id = await addSensor(stack, admin, place);
    const gatewayCount = async (gatewayId: string) => ((await api(stack, admin, 'GET', `/gateways/${gatewayId}`)).body as Gateway).sensorCount;
    const profileUse = async (profileId: string) => ((await api(stack, admin, 'GET', `/dataloggingprofiles/${profileId}`)).body as DataLoggingProfile).useCount;
    const [otherCountBefore, otherUseBefore] = [await gatewayCount(place.otherGatewayId), await profileUse(place.otherProfileId)];

    const updated = await api(stack, admin, 'PUT', `/sensors/${id}`, sensorBody(place, {
      id, name: 'Moved cooler', siteId: place.otherSiteId, gatewayId: place.otherGatewayId, deviceStatus: 'inTransit',
      channels: [{ channel: 1, dataLoggingProfileId: place.otherProfileId, sensorType: 'temperature', sensorSubType: 'freezer' }],
    }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Moved cooler', siteId: place.otherSiteId, gatewayId: place.otherGatewayId, deviceStatus: 'inTransit', version: 2 });
    expect((updated.body as Sensor).monitoringType).toBe('refrigeration');

    expect(await gatewayCount(place.otherGatewayId)).toBe(otherCountBefore + 1);
    expect(await profileUse(place.otherProfileId)).toBe(otherUseBefore + 1);
    expect(((await api(stack, admin, 'GET', `/sites/${place.siteId}/devices`)).body as SiteDevices).sensors.map((entry) => entry.id)).not.toContain(id);
    expect(((await api(stack, admin, 'GET', `/sites/${place.otherSiteId}/devices`)).body as SiteDevices).sensors).toContainEqual({ id, name: 'Moved cooler' });

    // The id is the device's own: it stays.
    const renamedId = await api(stack, admin, 'PUT', `/sensors/${id}`, sensorBody(place, { id: newSensorId() }));
    expect(renamedId.status).toBe(400);
    expect((renamedId.body as { message: string }).message).toBe(MESSAGES.sensorIdFixed);

    // Status alone, and the list by status.
    const status = await api(stack, admin, 'PUT', `/sensors/${id}/status`, { deviceStatus: 'inactive' });
    expect(status.body).toMatchObject({ deviceStatus: 'inactive', version: 3 });
    expect(items<Sensor>((await api(stack, admin, 'GET', '/sensors/inactive?limit=1000')).body).map((entry) => entry.id)).toContain(id);
    expect((await api(stack, admin, 'PUT', `/sensors/${id}/status`, { deviceStatus: 'broken' })).status).toBe(400);

    const history = items<HistoryEntry>((await api(stack, admin, 'GET', `/sensors/${id}/history`)).body);
    expect(history.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(history[1]?.changes.map((change) => change.field)).toEqual(expect.arrayContaining(['name', 'siteId', 'gatewayId', 'channels', 'deviceStatus']));
    expect(history[0]?.changes).toEqual([{ field: 'deviceStatus', before: 'inTransit', after: 'inactive' }]);
    expect(history[0]?.actor.email).toBe(admin.email);
  });

  it("refuses an id already added: 'Sensor already added!' on its site, 'Sensor already added to another site!' elsewhere", async () => {
    const id = await addSensor(stack, admin, place);
    expect(await api(stack, admin, 'POST', '/sensors', sensorBody(place, { id: id.toLowerCase() })))
      .toEqual({ status: 409, body: { message: 'Sensor already added!' } });
    expect(await api(stack, admin, 'POST', '/sensors', sensorBody(place, { id, siteId: place.otherSiteId, gatewayId: place.otherGatewayId })))
      .toEqual({ status: 409, body: { message: 'Sensor already added to another site!' } });
    // Two adds of one new id at once: one wins, the other is told it is already added.
    const raced = newSensorId();
    const answers = await Promise.all([1, 2].map(() => api(stack, admin, 'POST', '/sensors', sensorBody(place, { id: raced }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('says which required field is missing, in the words of SPEC section 5', async () => {
    const missing = await api(stack, admin, 'POST', '/sensors', { channels: [] });
    expect(missing.status).toBe(400);
    expect((missing.body as { details: Record<string, string> }).details).toMatchObject({
      id: MESSAGES.sensorIdRequired,
      name: MESSAGES.sensorNameRequired,
      deviceModel: MESSAGES.sensorModelRequired,
      locationId: MESSAGES.sensorLocationRequired,
      siteId: MESSAGES.sensorSiteRequired,
      gatewayId: MESSAGES.sensorGatewayRequired,
      connectionType: MESSAGES.connectionTypeRequired,
      channels: MESSAGES.sensorChannelsRequired,
    });
    const refusal = async (overrides: Record<string, unknown>) => {
      const answer = await api(stack, admin, 'POST', '/sensors', sensorBody(place, overrides));
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body as { message: string; details: Record<string, string> };
    };
    expect((await refusal({ id: 'A1B2-C3D4' })).details['id']).toBe(MESSAGES.sensorIdSpecialCharacters);
    expect((await refusal({ id: 'A1B2C3D4E5' })).details['id']).toBe(MESSAGES.sensorIdInvalid);
    expect((await refusal({ deviceModel: 'CT-999' })).details['deviceModel']).toBe(MESSAGES.sensorModelInvalid);
    expect((await refusal({ connectionType: 'wifi' })).details['connectionType']).toBe(MESSAGES.connectionTypeNotForModel);
    expect((await refusal({ channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'freezer' }] })).details['channels.0.dataLoggingProfileId'])
      .toBe(MESSAGES.channelLogProfileRequired);
    expect((await refusal({ channels: [{ channel: 1, dataLoggingProfileId: place.profileId, sensorSubType: 'freezer' }] })).details['channels.0.sensorType'])
      .toBe(MESSAGES.channelSensorTypeRequired);
    expect((await refusal({ channels: [{ channel: 1, dataLoggingProfileId: place.profileId, sensorType: 'temperature' }] })).details['channels.0.sensorSubType'])
      .toBe(MESSAGES.channelSubTypeRequired);
    expect((await refusal({ channels: [{ channel: 2, dataLoggingProfileId: place.profileId, sensorType: 'temperature', sensorSubType: 'freezer' }] })).details['channels.0.sensorSubType'])
      .toBe(MESSAGES.channelTypeNotAllowed);
    // A probe model needs its external sensor type; a contact model its open and close labels.
    const probe = await refusal({
      deviceModel: 'CT-300P',
      channels: [{ channel: 1, dataLoggingProfileId: place.profileId, sensorType: 'probe', sensorSubType: 'food' }],
    });
    expect(probe.details['externalSensorType']).toBe(MESSAGES.externalSensorTypeRequired);
    const door = await refusal({
      deviceModel: 'CT-500D', openLabel: '',
      channels: [{ channel: 1, dataLoggingProfileId: place.profileId, sensorType: 'contact', sensorSubType: 'door' }],
    });
    expect(door.details).toMatchObject({ openLabel: MESSAGES.openLabelRequired, closeLabel: MESSAGES.closeLabelRequired });
    const labelled = await api(stack, admin, 'POST', '/sensors', sensorBody(place, {
      deviceModel: 'CT-500D', openLabel: 'Door open', closeLabel: 'Door shut',
      channels: [{ channel: 1, dataLoggingProfileId: place.profileId, sensorType: 'contact', sensorSubType: 'door' }],
    }));
    expect(labelled.status, JSON.stringify(labelled.body)).toBe(201);
    expect(labelled.body).toMatchObject({ openLabel: 'Door open', closeLabel: 'Door shut' });
  });

  it('places a sensor only where it can be: its site on its location, a gateway of its site, profiles that exist', async () => {
    const refusal = async (overrides: Record<string, unknown>) => {
      const answer = await api(stack, admin, 'POST', '/sensors', sensorBody(place, overrides));
      return { status: answer.status, message: (answer.body as { message: string }).message };
    };
    expect(await refusal({ gatewayId: place.otherGatewayId })).toEqual({ status: 400, message: MESSAGES.sensorGatewayOtherSite });
    expect(await refusal({ gatewayId: 'FFFFFFFFFFFFFFFF' })).toEqual({ status: 400, message: MESSAGES.gatewayUnknown });
    expect(await refusal({ siteId: 'no-such-site' })).toEqual({ status: 400, message: MESSAGES.unknownSite });
    const elsewhere = ((await api(stack, admin, 'POST', '/locations', {
      name: `Elsewhere ${newSensorId()}`, address: '9 Far Road', city: 'York', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'YO1 7HH',
    })).body as { id: string }).id;
    expect(await refusal({ locationId: elsewhere })).toEqual({ status: 400, message: MESSAGES.sensorSiteNotOnLocation });
    expect(await refusal({ channels: [{ channel: 1, dataLoggingProfileId: 'no-such-profile', sensorType: 'temperature', sensorSubType: 'freezer' }] }))
      .toEqual({ status: 400, message: MESSAGES.dataLoggingProfileUnknown });
  });

  it('merges the live state the ingest keeps, with online computed from the newest reading', async () => {
    const id = await addSensor(stack, admin, place);
    const lastCommunicated = new Date(Date.now() - 60_000).toISOString();
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: {
        ...deviceStateKey(ORG, ENTITY.sensor, id), type: 'SensorState',
        lastCommunicated, lastReadingAt: lastCommunicated, reading: { 1: 3.5, 2: null }, battery: 87, signal: -71, snr: 7.5,
      },
    }));
    expect((await sensorOf(id)).live).toEqual({ online: true, lastCommunicated, lastReadingAt: lastCommunicated, reading: { 1: 3.5, 2: null }, battery: 87, signal: -71, snr: 7.5 });
    expect(sensorSchema.safeParse(await sensorOf(id)).error).toBeUndefined();
    expect((await listed()).find((entry) => entry.id === id)?.live).toMatchObject({ online: true, battery: 87 });
    expect((await listed('&status=online')).map((entry) => entry.id)).toContain(id);

    // An hour of silence is more than three 5-minute reports and ten minutes: offline.
    const silent = new Date(Date.now() - 60 * 60_000).toISOString();
    await documents.send(new PutCommand({ TableName: stack.tableName, Item: { ...deviceStateKey(ORG, ENTITY.sensor, id), lastCommunicated: silent } }));
    expect((await sensorOf(id)).live).toEqual({ online: false, lastCommunicated: silent });
    expect((await listed('&status=offline')).map((entry) => entry.id)).toContain(id);
  });

  it('pages the list by cursor, each sensor once, with its state', async () => {
    for (let index = 0; index < 3; index += 1) await addSensor(stack, admin, place);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await api(stack, admin, 'GET', `/sensors?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body as { items: Sensor[]; nextCursor?: string };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual((await listed()).map((entry) => entry.id).sort());
    expect((await api(stack, admin, 'GET', '/sensors?cursor=bm90LWEta2V5')).status).toBe(400);
  });

  it("refuses to delete a sensor while it has notes, naming it; then deletes it with its state, references and counts", async () => {
    const id = await addSensor(stack, admin, place, { name: 'Dairy chiller' });
    const note = await api(stack, admin, 'POST', `/sensors/${id}/notes`, { name: 'Service', note: 'Compressor serviced' });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const refused = await api(stack, admin, 'DELETE', `/sensors/${id}`);
    // The filled message, and its parts so a browser can say it in its own language.
    expect(refused).toEqual({ status: 409, body: { message: 'Sensor Dairy chiller cannot be deleted while it has notes.', sensorName: 'Dairy chiller', noteCount: 1 } });
    expect(sensorDeleteRefusalSchema.safeParse(refused.body).error).toBeUndefined();

    // The site cannot go while the sensor is on it.
    const siteDelete = await api(stack, admin, 'DELETE', `/sites/${place.siteId}`);
    expect(siteDelete).toEqual({ status: 409, body: { message: MESSAGES.siteHasSensors } });

    await api(stack, admin, 'DELETE', `/sensors/${id}/notes/${(note.body as { id: string }).id}`);
    const countBefore = ((await api(stack, admin, 'GET', `/gateways/${place.gatewayId}`)).body as Gateway).sensorCount;
    await api(stack, admin, 'PUT', `/sensors/${id}/equipment`, { type: 'reachInRefrigerator' });
    expect((await api(stack, admin, 'DELETE', `/sensors/${id}`)).status).toBe(204);
    expect(await get(id)).toEqual({ status: 404, body: { message: MESSAGES.sensorNotFound } });
    expect(((await api(stack, admin, 'GET', `/gateways/${place.gatewayId}`)).body as Gateway).sensorCount).toBe(countBefore - 1);
    expect(((await api(stack, admin, 'GET', `/sites/${place.siteId}/devices`)).body as SiteDevices).sensors.map((entry) => entry.id)).not.toContain(id);
    // The same device may be registered again, from scratch.
    expect((await api(stack, admin, 'POST', '/sensors', sensorBody(place, { id }))).status).toBe(201);
    expect(await api(stack, admin, 'GET', `/sensors/${id}/equipment`)).toEqual({ status: 200, body: {} });
    const history = items<HistoryEntry>((await api(stack, admin, 'GET', `/sensors/${id}/history`)).body);
    expect(history.map((entry) => entry.action)).toEqual(expect.arrayContaining(['create', 'delete']));
  });

  it("removes a deleted sensor's files, so the same device registered again starts with none", async () => {
    const id = await addSensor(stack, admin, place);
    const bytes = Buffer.from('service report');
    const ticket = await api(stack, admin, 'POST', `/sensors/${id}/files`, { fileName: 'service.txt', contentType: 'text/plain', size: bytes.length });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const { file } = ticket.body as FileUploadTicket;
    expect((await postUpload(ticket.body as FileUploadTicket, bytes)).status).toBe(204);
    expect((await api(stack, admin, 'PUT', `/sensors/${id}/files/${file.id}/complete`)).status).toBe(200);
    const url = ((await api(stack, admin, 'GET', `/sensors/${id}/files/${file.id}/download`)).body as FileDownload).url;
    expect((await fetch(url)).status).toBe(200);

    expect((await api(stack, admin, 'DELETE', `/sensors/${id}`)).status).toBe(204);
    // The bytes are gone from the bucket, and the file items with them.
    expect((await fetch(url)).status).toBe(404);
    expect((await api(stack, admin, 'POST', '/sensors', sensorBody(place, { id }))).status).toBe(201);
    expect(await api(stack, admin, 'GET', `/sensors/${id}/files`)).toEqual({ status: 200, body: { items: [] } });
  });

  it("needs a gateway whose model relays the sensor's connection type; a Wi-Fi sensor takes any gateway of its site", async () => {
    const hex = (bytes: number) => Array.from({ length: bytes * 2 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');
    const lorawan = await api(stack, admin, 'POST', '/gateways', {
      name: `LoRaWAN gateway ${newSensorId()}`, model: 'GW-LR8', macId: hex(6), eui: hex(8), locationIds: [place.locationId], siteId: place.siteId,
    });
    expect(lorawan.status, JSON.stringify(lorawan.body)).toBe(201);
    const gatewayId = (lorawan.body as Gateway).id;

    // A Sub-GHz sensor on a LoRaWAN-only gateway: refused, on the gateway field.
    const refused = await api(stack, admin, 'POST', '/sensors', sensorBody(place, { gatewayId }));
    expect(refused).toEqual({ status: 400, body: { message: MESSAGES.sensorGatewayCannotRelay, details: { gatewayId: MESSAGES.sensorGatewayCannotRelay } } });
    // The same model over LoRaWAN where it can (a CT-300P probe), and a Wi-Fi sensor, are taken.
    const probeBody = sensorBody(place, {
      gatewayId, deviceModel: 'CT-300P', connectionType: 'loraWan', externalSensorType: 'needleProbe',
      channels: [{ channel: 1, dataLoggingProfileId: place.profileId, sensorType: 'probe', sensorSubType: 'needle' }],
    });
    const probe = await api(stack, admin, 'POST', '/sensors', probeBody);
    expect(probe.status, JSON.stringify(probe.body)).toBe(201);
    const wifi = await api(stack, admin, 'POST', '/sensors', sensorBody(place, {
      id: hex(6), gatewayId, deviceModel: 'WF-900', connectionType: 'wifi', externalSensorType: 'none',
      channels: [{ channel: 1, dataLoggingProfileId: place.profileId, sensorType: 'temperature', sensorSubType: 'walkInCooler' }],
    }));
    expect(wifi.status, JSON.stringify(wifi.body)).toBe(201);
    // An edit is held to it too: the probe moved to Sub-GHz on the same gateway.
    const moved = await api(stack, admin, 'PUT', `/sensors/${(probe.body as Sensor).id}`, { ...probeBody, connectionType: 'subGhz' });
    expect(moved.status).toBe(400);
    expect((moved.body as { message: string }).message).toBe(MESSAGES.sensorGatewayCannotRelay);
  });

  it('hides the sensors of a site a security-group member may not reach (404, absent from the list)', async () => {
    const visible = await addSensor(stack, admin, place, { siteId: place.otherSiteId, gatewayId: place.otherGatewayId });
    const hidden = await addSensor(stack, admin, place);
    const member = await createUser(stack, 'basicuser', ORG);
    await provisionAccount(stack, { email: member.email, role: 'basicuser', customerId: ORG, accountId: member.accountId, locationIds: [place.locationId], siteIds: [place.otherSiteId] });
    const group = await api(stack, admin, 'POST', '/securitygroups', { name: `Other site only ${newSensorId()}`, siteIds: [place.otherSiteId], memberAccountIds: [member.accountId] });
    expect(group.status, JSON.stringify(group.body)).toBe(201);

    expect((await get(visible, member)).status).toBe(200);
    expect(await get(hidden, member)).toEqual({ status: 404, body: { message: MESSAGES.sensorNotFound } });
    expect((await api(stack, member, 'GET', `/sensors/${hidden}/history`)).status).toBe(404);
    expect((await api(stack, member, 'GET', `/sensors/${hidden}/calibrations`)).status).toBe(404);
    const ids = (await listed('', member)).map((entry) => entry.id);
    expect(ids).toContain(visible);
    expect(ids).not.toContain(hidden);
    // Another organisation finds nothing either.
    const outsider = await createUser(stack, 'admin', 'sensors-outsider-org');
    expect((await get(visible, outsider)).status).toBe(404);
    expect((await listed('', outsider)).map((entry) => entry.id)).not.toContain(visible);
  });

  it('keeps calibration certificates: issue date required, renewal after issue, a PDF of at most 2 MB; the sensor shows the latest', async () => {
    const id = await addSensor(stack, admin, place);
    const calibrate = (body: Record<string, unknown>) => api(stack, admin, 'POST', `/sensors/${id}/calibrations`, body);
    const message = async (body: Record<string, unknown>) => {
      const answer = await calibrate(body);
      expect(answer.status).toBe(400);
      return (answer.body as { message: string }).message;
    };
    expect(await message({ renewalDate: '2027-01-01' })).toBe(MESSAGES.issueDateRequired);
    expect(await message({ issueDate: '2026-03-01', renewalDate: '2026-03-01' })).toBe(MESSAGES.renewalBeforeIssue);
    expect(await message({ issueDate: '2026-02-30' })).toBe(MESSAGES.dateInvalid);
    const tooLarge = pdf(2 * 1024 * 1024 + 1).toString('base64');
    expect(await message({ issueDate: '2026-03-01', certificate: { fileName: 'big.pdf', data: tooLarge } })).toBe(MESSAGES.certificateInvalid);
    expect(await message({ issueDate: '2026-03-01', certificate: { fileName: 'notes.txt', data: pdf(100).toString('base64') } })).toBe(MESSAGES.certificateInvalid);
    expect(await message({ issueDate: '2026-03-01', certificate: { fileName: 'fake.pdf', data: Buffer.from('plain text').toString('base64') } })).toBe(MESSAGES.certificateInvalid);

    const certificate = pdf(2 * 1024 * 1024);
    const first = await calibrate({ issueDate: '2026-03-01', renewalDate: '2027-03-01', certificateNumber: 'CAL-001', calibratedBy: 'Metrology Ltd', certificate: { fileName: 'cal-2026.pdf', data: certificate.toString('base64') } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ sensorId: id, issueDate: '2026-03-01', renewalDate: '2027-03-01', certificate: { fileName: 'cal-2026.pdf', size: certificate.length }, createdBy: admin.email });
    const older = await calibrate({ issueDate: '2025-03-01', renewalDate: '2026-03-01' });
    expect(older.status).toBe(201);
    expect((await sensorOf(id)).calibration).toEqual({ issueDate: '2026-03-01', renewalDate: '2027-03-01' });
    expect(items<Calibration>((await api(stack, reader, 'GET', `/sensors/${id}/calibrations`)).body).map((entry) => entry.issueDate)).toEqual(['2026-03-01', '2025-03-01']);

    expect(calibrationListSchema.safeParse((await api(stack, admin, 'GET', `/sensors/${id}/calibrations`)).body).error).toBeUndefined();
    const calibrationId = (first.body as Calibration).id;
    const download = await api(stack, reader, 'GET', `/sensors/${id}/calibrations/${calibrationId}/certificate`);
    expect(download.status).toBe(200);
    const file = download.body as CalibrationCertificate;
    expect(file).toMatchObject({ fileName: 'cal-2026.pdf', contentType: 'application/pdf', size: certificate.length });
    expect(Buffer.from(file.data, 'base64').equals(certificate)).toBe(true);
    expect(await api(stack, admin, 'GET', `/sensors/${id}/calibrations/${(older.body as Calibration).id}/certificate`))
      .toEqual({ status: 404, body: { message: MESSAGES.certificateNotUploaded } });

    expect((await api(stack, admin, 'DELETE', `/sensors/${id}/calibrations/${calibrationId}`)).status).toBe(204);
    expect((await sensorOf(id)).calibration).toEqual({ issueDate: '2025-03-01', renewalDate: '2026-03-01' });
    expect((await api(stack, admin, 'GET', `/sensors/${id}/calibrations/${calibrationId}/certificate`)).status).toBe(404);
    expect((await api(stack, reader, 'POST', `/sensors/${id}/calibrations`, { issueDate: '2026-01-01' })).status).toBe(403);
  });

  it('keeps the equipment a sensor watches: type, make, model, refrigerant', async () => {
    const id = await addSensor(stack, admin, place);
    expect(await api(stack, admin, 'GET', `/sensors/${id}/equipment`)).toEqual({ status: 200, body: {} });
    const wrong = await api(stack, admin, 'PUT', `/sensors/${id}/equipment`, { type: 'spaceship', refrigerant: 'R-12' });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { details: Record<string, string> }).details).toEqual({ type: MESSAGES.equipmentTypeInvalid, refrigerant: MESSAGES.refrigerantInvalid });
    const saved = await api(stack, admin, 'PUT', `/sensors/${id}/equipment`, { type: 'walkInFreezer', make: ' Foster ', model: 'FSL400', refrigerant: 'R-290' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ type: 'walkInFreezer', make: 'Foster', model: 'FSL400', refrigerant: 'R-290', updatedBy: admin.email });
    expect((await api(stack, reader, 'GET', `/sensors/${id}/equipment`)).body).toEqual(saved.body as Equipment);
    // Cleared fields are gone.
    expect((await api(stack, admin, 'PUT', `/sensors/${id}/equipment`, { type: 'walkInFreezer', make: '' })).body).not.toHaveProperty('make');
    const history = items<HistoryEntry>((await api(stack, admin, 'GET', `/sensors/${id}/history`)).body);
    expect(history[1]?.changes).toEqual([{ field: 'equipment', before: {}, after: { type: 'walkInFreezer', make: 'Foster', model: 'FSL400', refrigerant: 'R-290' } }]);
  });
});
