import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeviceFile, FileUploadTicket } from '@domain/devices/device-records';
import type { Gateway, GatewayData, GatewayDeleteRefusal, GatewaySensor, HistoryEntry } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import type { SiteDevices } from '@domain/organisation/site';
import { gatewaySensorCountUpdate, gatewaySensorsPartition } from '../../lambdas/data/repositories/gateways';
import { deviceKey, deviceStateKey, ENTITY } from '../../lambdas/data';
import { runTransaction } from '../../lambdas/data/transaction';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { postUpload } from '../support/uploads';

const stack = inject('stack');
/** An organisation of these tests' own, so the demo organisation's devices stay as they are. */
const ORG = 'gateways-test-org';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const newEui = () => hex(8);
const newMac = () => hex(6).match(/.{2}/g)?.join('-') ?? '';
const items = <T>(body: unknown) => (body as { items: T[] }).items;

const locationBody = () => ({
  name: unique('Depot'), address: '5 Harbour Road', city: 'Bristol', state: 'Somerset', country: 'United Kingdom', postalCode: 'BS1 5TY',
});
const siteBody = (locationIds: string[]) => ({
  name: unique('Kitchen'), locationIds, timezone: 'Europe/London', billingAddressSameAsSite: false,
  billingAddress: { address: '2 Dock Road', city: 'Leeds', state: 'West Yorkshire', country: 'United Kingdom', postalCode: 'LS1 4AP' },
});

describe('gateways through the local gateway', () => {
  let admin: TestUser;
  let reader: TestUser;
  let locationId: string;
  let siteId: string;
  let otherSiteId: string;

  const gatewayBody = (overrides: Record<string, unknown> = {}) => ({
    name: unique('Gateway'), model: 'GW-LR8', macId: newMac(), eui: newEui(), locationIds: [locationId], siteId, ...overrides,
  });
  const addGateway = async (overrides: Record<string, unknown> = {}): Promise<Gateway> => {
    const created = await api(stack, admin, 'POST', '/gateways', gatewayBody(overrides));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as Gateway;
  };
  /** Uploads bytes to a gateway as the browser does: the ticket, a POST of its signed form, the confirmation. */
  const uploadImage = async (gatewayId: string, bytes: Buffer): Promise<DeviceFile> => {
    const ticket = await api(stack, admin, 'POST', `/gateways/${gatewayId}/files`, { fileName: 'front.png', contentType: 'image/png', size: bytes.length, kind: 'image' });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const { file } = ticket.body as FileUploadTicket;
    expect((await postUpload(ticket.body as FileUploadTicket, bytes)).ok).toBe(true);
    const completed = await api(stack, admin, 'PUT', `/gateways/${gatewayId}/files/${file.id}/complete`);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    return completed.body as DeviceFile;
  };

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: ORG, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true });
    reader = await createUser(stack, 'basicuser', ORG);
    locationId = ((await api(stack, admin, 'POST', '/locations', locationBody())).body as { id: string }).id;
    siteId = ((await api(stack, admin, 'POST', '/sites', siteBody([locationId]))).body as { id: string }).id;
    otherSiteId = ((await api(stack, admin, 'POST', '/sites', siteBody([locationId]))).body as { id: string }).id;
    await provisionAccount(stack, { email: reader.email, role: 'basicuser', customerId: ORG, accountId: reader.accountId, locationIds: [locationId], siteIds: [siteId] });
  });

  it('adds a gateway with its EUI as id, reads, lists, updates it and keeps its history', async () => {
    const eui = newEui();
    const gateway = await addGateway({ eui, macId: 'a1b2c3d4e5f6', name: '  Back store  ', position: { latitude: '51.45', longitude: -2.58 }, notes: 'On the shelf' });
    expect(gateway).toMatchObject({
      id: eui.toUpperCase(), eui: eui.toUpperCase(), macId: 'A1:B2:C3:D4:E5:F6', name: 'Back store', model: 'GW-LR8',
      locationIds: [locationId], siteId, status: 'Active', isActive: true, sensorCount: 0, noteCount: 0, imageFileIds: [],
      position: { latitude: 51.45, longitude: -2.58 }, notes: 'On the shelf', version: 1, createdBy: admin.email,
      state: { online: false },
    });

    // Ids are not case sensitive in paths; a basic user of the organisation reads it too.
    const read = await api(stack, reader, 'GET', `/gateways/${eui.toLowerCase()}`);
    expect(read.status).toBe(200);
    expect((read.body as Gateway).id).toBe(gateway.id);
    expect(items<Gateway>((await api(stack, reader, 'GET', '/gateways?limit=100')).body).map((entry) => entry.id)).toContain(gateway.id);
    expect(items<Gateway>((await api(stack, admin, 'GET', `/gateways?siteId=${siteId}`)).body).map((entry) => entry.id)).toContain(gateway.id);
    expect(items<Gateway>((await api(stack, admin, 'GET', `/gateways?locationId=${locationId}`)).body).map((entry) => entry.id)).toContain(gateway.id);
    expect(items<Gateway>((await api(stack, admin, 'GET', `/gateways?siteId=${otherSiteId}`)).body)).toEqual([]);

    // Made inactive and moved to the other site: the lists and the sites' devices follow.
    const updated = await api(stack, admin, 'PUT', `/gateways/${gateway.id}`, {
      ...gatewayBody({ eui, macId: gateway.macId, siteId: otherSiteId, name: 'Back store relay' }), isActive: false,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Back store relay', siteId: otherSiteId, status: 'Inactive', version: 2, notes: '' });
    expect((updated.body as Gateway).position).toBeUndefined();
    expect(items<Gateway>((await api(stack, admin, 'GET', '/gateways?limit=100')).body).map((entry) => entry.id)).not.toContain(gateway.id);
    expect(items<Gateway>((await api(stack, admin, 'GET', '/gateways/inactive?limit=100')).body).map((entry) => entry.id)).toContain(gateway.id);
    expect(((await api(stack, admin, 'GET', `/sites/${siteId}/devices`)).body as SiteDevices).gateways.map((entry) => entry.id)).not.toContain(gateway.id);
    expect(((await api(stack, admin, 'GET', `/sites/${otherSiteId}/devices`)).body as SiteDevices).gateways)
      .toContainEqual({ id: gateway.id, name: 'Back store relay' });

    // Its EUI is its id: it cannot change.
    const renamedEui = await api(stack, admin, 'PUT', `/gateways/${gateway.id}`, gatewayBody({ eui: newEui(), macId: gateway.macId }));
    expect(renamedEui).toEqual({ status: 400, body: expect.objectContaining({ message: MESSAGES.gatewayEuiFixed }) as unknown });

    const history = items<HistoryEntry>((await api(stack, admin, 'GET', `/gateways/${gateway.id}/history`)).body);
    expect(history.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(history[0]?.changes.map((change) => change.field)).toEqual(expect.arrayContaining(['isActive', 'name', 'siteId', 'notes', 'position']));
    expect(history[0]?.actor.email).toBe(admin.email);
  });

  it("refuses a second gateway with the same EUI or the same MAC id: 'Gateway already added!'", async () => {
    const first = await addGateway();
    const sameEui = await api(stack, admin, 'POST', '/gateways', gatewayBody({ eui: first.eui.toLowerCase() }));
    expect(sameEui).toEqual({ status: 409, body: { message: 'Gateway already added!' } });
    // The same MAC id written another way is the same MAC id.
    const sameMac = await api(stack, admin, 'POST', '/gateways', gatewayBody({ macId: first.macId.replace(/:/g, '').toLowerCase() }));
    expect(sameMac).toEqual({ status: 409, body: { message: 'Gateway already added!' } });

    // Two adds of one MAC id at the same moment: exactly one is stored.
    const macId = newMac();
    const racing = await Promise.all([api(stack, admin, 'POST', '/gateways', gatewayBody({ macId })), api(stack, admin, 'POST', '/gateways', gatewayBody({ macId }))]);
    expect(racing.map((result) => result.status).sort()).toEqual([201, 409]);

    // Another organisation may have its own gateway with that EUI.
    const outsider = await createUser(stack, 'admin', 'gateways-other-org');
    await provisionAccount(stack, { email: outsider.email, role: 'admin', customerId: 'gateways-other-org', accountId: outsider.accountId, hasDefaultLocAccess: true });
    expect((await api(stack, outsider, 'GET', `/gateways/${first.id}`)).status).toBe(404);
  });

  it('refuses what SPEC section 5 refuses, in its words', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const result = await api(stack, admin, 'POST', '/gateways', body);
      expect(result.status, JSON.stringify(result.body)).toBe(400);
      return (result.body as { message: string }).message;
    };
    expect(await refused(gatewayBody({ macId: '00:1A:2B:3C:4D' }))).toBe(MESSAGES.macIdInvalid);
    expect(await refused(gatewayBody({ eui: 'not-an-eui' }))).toBe(MESSAGES.euiInvalid);
    expect(await refused(gatewayBody({ locationIds: [] }))).toBe(MESSAGES.gatewayLocationsRequired);
    expect(await refused({ ...gatewayBody(), model: undefined, name: '' })).toBe(MESSAGES.gatewayNameRequired);
    expect(await refused(gatewayBody({ imageFileIds: ['a', 'b', 'c', 'd', 'e', 'f'] }))).toBe('A maximum of 5 images are only allowed.');
    expect(await refused(gatewayBody({ siteId: 'no-such-site' }))).toBe(MESSAGES.unknownSite);
    expect(await refused(gatewayBody({ locationIds: ['no-such-location'] }))).toBe(MESSAGES.siteLocationNotFound);
    // The site must be one of a chosen location's.
    const elsewhere = ((await api(stack, admin, 'POST', '/locations', locationBody())).body as { id: string }).id;
    expect(await refused(gatewayBody({ locationIds: [elsewhere] }))).toBe(MESSAGES.gatewaySiteNotInLocations);
    // A basic user reads gateways but does not add them.
    expect((await api(stack, reader, 'POST', '/gateways', gatewayBody())).status).toBe(403);
  });

  it('shows up to 5 uploaded images of its own, and lets go of an image whose file is deleted', async () => {
    const gateway = await addGateway();
    const images = [];
    for (let index = 0; index < 5; index += 1) images.push(await uploadImage(gateway.id, Buffer.from(`png ${index}`)));
    const imageFileIds = images.map((image) => image.id);
    const body = gatewayBody({ eui: gateway.eui, macId: gateway.macId, name: gateway.name, imageFileIds });
    const shown = await api(stack, admin, 'PUT', `/gateways/${gateway.id}`, body);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect((shown.body as Gateway).imageFileIds).toEqual(images.map((image) => image.id));

    const sixth = await uploadImage(gateway.id, Buffer.from('png 6'));
    const tooMany = await api(stack, admin, 'PUT', `/gateways/${gateway.id}`, { ...body, imageFileIds: [...imageFileIds, sixth.id] });
    expect(tooMany).toEqual({ status: 400, body: expect.objectContaining({ message: 'A maximum of 5 images are only allowed.' }) as unknown });

    // Only images uploaded to this gateway can be shown.
    const other = await addGateway();
    const foreign = await uploadImage(other.id, Buffer.from('png other'));
    const notItsOwn = await api(stack, admin, 'PUT', `/gateways/${gateway.id}`, { ...body, imageFileIds: [foreign.id] });
    expect(notItsOwn).toEqual({ status: 400, body: expect.objectContaining({ message: MESSAGES.gatewayImageUnknown }) as unknown });

    expect((await api(stack, admin, 'DELETE', `/gateways/${gateway.id}/files/${images[0]?.id ?? ''}`)).status).toBe(204);
    const after = (await api(stack, admin, 'GET', `/gateways/${gateway.id}`)).body as Gateway;
    expect(after.imageFileIds).toEqual(images.slice(1).map((image) => image.id));
    expect(items<DeviceFile>((await api(stack, admin, 'GET', `/gateways/${gateway.id}/files?kind=image`)).body)).toHaveLength(5);
  });

  it('is not deleted while it has notes or sensors; the refusal names it and its sensor count', async () => {
    const gateway = await addGateway({ name: 'Cold room gateway' });
    // The site and location know it: neither is deleted meanwhile.
    expect(((await api(stack, admin, 'GET', `/sites/${siteId}/devices`)).body as SiteDevices).gateways.map((entry) => entry.id)).toContain(gateway.id);
    const siteDelete = await api(stack, admin, 'DELETE', `/sites/${siteId}`);
    expect(siteDelete).toEqual({ status: 409, body: { message: MESSAGES.siteHasGateways } });

    const note = await api(stack, admin, 'POST', `/gateways/${gateway.id}/notes`, { name: 'Installed', note: 'Above the door' });
    expect(note.status).toBe(201);
    const refused = await api(stack, admin, 'DELETE', `/gateways/${gateway.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'Gateway Cold room gateway cannot be deleted: it has 0 sensor(s) and 1 note(s). Remove them first.',
      gatewayName: 'Cold room gateway', sensorCount: 0, noteCount: 1,
    } satisfies GatewayDeleteRefusal);

    // Sensors join through the sensors store's own transactions (the exported counter write).
    await runTransaction(documents, [gatewaySensorCountUpdate(stack.tableName, ORG, gateway.id, 1), gatewaySensorCountUpdate(stack.tableName, ORG, newEui().toUpperCase(), 1)])
      .then(() => { throw new Error('a sensor joined a gateway that does not exist'); }, (error: unknown) => expect((error as Error).message).toBe(MESSAGES.gatewayUnknown));
    await runTransaction(documents, [gatewaySensorCountUpdate(stack.tableName, ORG, gateway.id, 2)]);
    expect(((await api(stack, admin, 'DELETE', `/gateways/${gateway.id}`)).body as GatewayDeleteRefusal))
      .toMatchObject({ sensorCount: 2, noteCount: 1, message: expect.stringContaining('has 2 sensor(s)') as unknown });

    await runTransaction(documents, [gatewaySensorCountUpdate(stack.tableName, ORG, gateway.id, -2)]);
    expect((await api(stack, admin, 'DELETE', `/gateways/${gateway.id}/notes/${(note.body as { id: string }).id}`)).status).toBe(204);
    expect((await api(stack, admin, 'DELETE', `/gateways/${gateway.id}`)).status).toBe(204);
    expect(await api(stack, admin, 'GET', `/gateways/${gateway.id}`)).toEqual({ status: 404, body: { message: MESSAGES.gatewayNotFound } });
    expect(((await api(stack, admin, 'GET', `/sites/${siteId}/devices`)).body as SiteDevices).gateways.map((entry) => entry.id)).not.toContain(gateway.id);
    // Its EUI and MAC id are free again.
    expect((await api(stack, admin, 'POST', '/gateways', gatewayBody({ eui: gateway.eui, macId: gateway.macId }))).status).toBe(201);
  });

  it('lets a site go once its last gateway is deleted', async () => {
    const place = ((await api(stack, admin, 'POST', '/sites', siteBody([locationId]))).body as { id: string }).id;
    const gateway = await addGateway({ siteId: place });
    expect((await api(stack, admin, 'DELETE', `/sites/${place}`)).body).toEqual({ message: MESSAGES.siteHasGateways });
    expect((await api(stack, admin, 'DELETE', `/gateways/${gateway.id}`)).status).toBe(204);
    expect((await api(stack, admin, 'DELETE', `/sites/${place}`)).status).toBe(204);
  });

  it('lists its sensors and their latest states, and its own live state with online worked out when read', async () => {
    const gateway = await addGateway();
    const now = new Date();
    const sensorIds = [hex(4).toUpperCase(), hex(4).toUpperCase()];
    // What the sensors store and the ingest write (their items, as far as these tabs read them).
    for (const [index, sensorId] of sensorIds.entries()) {
      await documents.send(new PutCommand({
        TableName: stack.tableName,
        Item: {
          ...deviceKey(ORG, ENTITY.sensor, sensorId), type: ENTITY.sensor, id: sensorId, name: `Fridge ${index + 1}`, deviceModel: 'CT-100',
          siteId, gatewayId: gateway.id, deviceStatus: 'active', gsi2pk: gatewaySensorsPartition(ORG, gateway.id), gsi2sk: `SENSOR#${sensorId}`,
          channels: index === 0 ? [{ channel: 1, dataLoggingProfileId: 'dlp-1', sensorType: 'contact', sensorSubType: 'door' }] : [],
          ...(index === 0 ? { openLabel: 'Door open', closeLabel: 'Door shut' } : {}),
        },
      }));
    }
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { ...deviceStateKey(ORG, ENTITY.sensor, sensorIds[0] ?? ''), lastCommunicated: now.toISOString(), lastReadingAt: now.toISOString(), reading: { 1: 3.5 }, battery: 90, signal: -70, snr: 7 },
    }));
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { ...deviceStateKey(ORG, ENTITY.gateway, gateway.id), lastCommunicated: now.toISOString(), signal: -60, firmware: '2.1.0' },
    }));

    const sensors = items<GatewaySensor>((await api(stack, admin, 'GET', `/gateways/${gateway.id}/sensors`)).body);
    expect(sensors.map((sensor) => sensor.name)).toEqual(['Fridge 1', 'Fridge 2']);
    const data = (await api(stack, admin, 'GET', `/gateways/${gateway.id}/data`)).body as GatewayData;
    expect(data.gateway).toMatchObject({ id: gateway.id, online: true, signal: -60, firmware: '2.1.0' });
    expect(data.sensors).toEqual([
      // Each sensor's own channels and labels, so the Data tab reads its values as the sensor's pages do (issue 17 item 4).
      {
        id: sensorIds[0], name: 'Fridge 1', deviceModel: 'CT-100', channels: [{ channel: 1, sensorType: 'contact', sensorSubType: 'door' }], openLabel: 'Door open', closeLabel: 'Door shut',
        lastCommunicated: now.toISOString(), lastReadingAt: now.toISOString(), reading: { 1: 3.5 }, battery: 90, signal: -70, snr: 7, online: true,
      },
      { id: sensorIds[1], name: 'Fridge 2', deviceModel: 'CT-100', channels: [], online: false },
    ]);
    expect((await api(stack, admin, 'GET', `/gateways/${gateway.id}`)).body).toMatchObject({ state: { online: true, firmware: '2.1.0' } });
  });

  it('is out of reach, as if it did not exist, for a member of a security group that excludes its site', async () => {
    const gateway = await addGateway();
    const member = await createUser(stack, 'basicuser', ORG);
    await provisionAccount(stack, {
      email: member.email, role: 'basicuser', customerId: ORG, accountId: member.accountId, locationIds: [locationId], siteIds: [siteId, otherSiteId],
    });
    expect((await api(stack, member, 'GET', `/gateways/${gateway.id}`)).status).toBe(200);
    const group = await api(stack, admin, 'POST', '/securitygroups', { name: unique('Other site only'), siteIds: [otherSiteId], memberAccountIds: [member.accountId] });
    expect(group.status, JSON.stringify(group.body)).toBe(201);

    for (const path of ['', '/sensors', '/history', '/data', '/notes', '/files']) {
      expect(await api(stack, member, 'GET', `/gateways/${gateway.id}${path}`), path).toEqual({ status: 404, body: { message: MESSAGES.gatewayNotFound } });
    }
    expect(items<Gateway>((await api(stack, member, 'GET', '/gateways?limit=100')).body).map((entry) => entry.id)).not.toContain(gateway.id);
    expect(items<Gateway>((await api(stack, member, 'GET', `/gateways?siteId=${siteId}`)).body)).toEqual([]);
  });
});
