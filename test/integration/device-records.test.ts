import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeviceFile, DeviceNote, FileDownload, FileUploadTicket } from '@domain/devices/device-records';
import type { Gateway } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import { deviceKey, ENTITY } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { postUpload } from '../support/uploads';

const stack = inject('stack');
/** An organisation of these tests' own, so the demo organisation's devices stay as they are. */
const ORG = 'device-records-test-org';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const items = <T>(body: unknown) => (body as { items: T[] }).items;

describe('device notes and files through the local gateway', () => {
  let admin: TestUser;
  let reader: TestUser;
  let siteId: string;
  let otherSiteId: string;
  let locationId: string;
  let gatewayId: string;
  let sensorId: string;

  /** A sensor as the sensors store writes it, as far as notes and files read it (its site). */
  const plantSensor = async (site: string): Promise<string> => {
    const id = hex(4);
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { ...deviceKey(ORG, ENTITY.sensor, id), type: ENTITY.sensor, id, name: `Probe ${id}`, deviceModel: 'CT-100', siteId: site, deviceStatus: 'active' },
    }));
    return id;
  };
  const noteCountOf = async (entity: typeof ENTITY.sensor | typeof ENTITY.gateway, id: string) =>
    (await documents.send(new GetCommand({ TableName: stack.tableName, Key: deviceKey(ORG, entity, id), ConsistentRead: true }))).Item?.['noteCount'] as number | undefined;

  /** The browser's upload: a ticket, the bytes POSTed with its signed form, the confirmation. */
  const upload = async (devicePath: string, fileName: string, contentType: string, bytes: Buffer): Promise<DeviceFile> => {
    const ticket = await api(stack, admin, 'POST', `${devicePath}/files`, { fileName, contentType, size: bytes.length });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const { file } = ticket.body as FileUploadTicket;
    expect((await postUpload(ticket.body as FileUploadTicket, bytes)).status).toBe(204);
    const completed = await api(stack, admin, 'PUT', `${devicePath}/files/${file.id}/complete`);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    return completed.body as DeviceFile;
  };

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: ORG, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true });
    reader = await createUser(stack, 'basicuser', ORG);
    locationId = ((await api(stack, admin, 'POST', '/locations', {
      name: unique('Depot'), address: '5 Harbour Road', city: 'Bristol', state: 'Somerset', country: 'United Kingdom', postalCode: 'BS1 5TY',
    })).body as { id: string }).id;
    const siteBody = () => ({
      name: unique('Kitchen'), locationIds: [locationId], timezone: 'Europe/London', billingAddressSameAsSite: false,
      billingAddress: { address: '2 Dock Road', city: 'Leeds', state: 'West Yorkshire', country: 'United Kingdom', postalCode: 'LS1 4AP' },
    });
    siteId = ((await api(stack, admin, 'POST', '/sites', siteBody())).body as { id: string }).id;
    otherSiteId = ((await api(stack, admin, 'POST', '/sites', siteBody())).body as { id: string }).id;
    // A user reaches only the sites assigned to them.
    await provisionAccount(stack, {
      email: reader.email, role: 'basicuser', customerId: ORG, accountId: reader.accountId, locationIds: [locationId], siteIds: [siteId, otherSiteId],
    });
    const gateway = await api(stack, admin, 'POST', '/gateways', {
      name: unique('Gateway'), model: 'GW-SG1', macId: hex(6), eui: hex(8), locationIds: [locationId], siteId,
    });
    expect(gateway.status, JSON.stringify(gateway.body)).toBe(201);
    gatewayId = (gateway.body as Gateway).id;
    sensorId = await plantSensor(siteId);
  });

  it.each([
    ['gateways', ENTITY.gateway],
    ['sensors', ENTITY.sensor],
  ] as const)('keeps notes of %s: names unique per device, counted on the device', async (owner, entity) => {
    const id = owner === 'gateways' ? gatewayId : sensorId;
    const base = `/${owner}/${id}/notes`;
    const first = await api(stack, admin, 'POST', base, { name: ' Door seal ', note: 'Replaced the seal.' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ name: 'Door seal', note: 'Replaced the seal.', createdBy: admin.email, version: 1 });
    const second = await api(stack, admin, 'POST', base, { name: 'Calibration', note: 'Checked against the reference probe.' });
    expect(second.status).toBe(201);
    expect(await noteCountOf(entity, id)).toBe(2);

    // Newest first; a basic user reads them.
    const listed = items<DeviceNote>((await api(stack, reader, 'GET', base)).body);
    expect(listed.map((note) => note.name)).toEqual(['Calibration', 'Door seal']);

    expect(await api(stack, admin, 'POST', base, { name: 'door SEAL', note: 'Again' })).toEqual({ status: 409, body: { message: MESSAGES.noteNameTaken } });
    // Another device may use the name.
    const elsewhere = owner === 'gateways' ? `/sensors/${sensorId}/notes` : `/gateways/${gatewayId}/notes`;
    const sameNameElsewhere = await api(stack, admin, 'POST', elsewhere, { name: 'Door seal', note: 'Other device' });
    expect(sameNameElsewhere.status).toBe(201);

    const firstId = (first.body as DeviceNote).id;
    const renamed = await api(stack, admin, 'PUT', `${base}/${firstId}`, { name: 'Door gasket', note: 'Replaced the gasket.' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Door gasket', note: 'Replaced the gasket.', version: 2, createdBy: admin.email });
    expect(await api(stack, admin, 'PUT', `${base}/${firstId}`, { name: 'calibration', note: 'x' })).toEqual({ status: 409, body: { message: MESSAGES.noteNameTaken } });
    // The old name is free again.
    const reused = await api(stack, admin, 'POST', base, { name: 'Door seal', note: 'A new seal.' });
    expect(reused.status).toBe(201);

    expect(await api(stack, admin, 'POST', base, { name: '', note: 'x' })).toEqual({ status: 400, body: expect.objectContaining({ message: MESSAGES.noteNameRequired }) as unknown });
    expect((await api(stack, reader, 'POST', base, { name: 'Reader note', note: 'x' })).status).toBe(403);

    for (const note of [first.body, second.body, reused.body] as DeviceNote[]) {
      expect((await api(stack, admin, 'DELETE', `${base}/${note.id}`)).status).toBe(204);
    }
    expect(await api(stack, admin, 'DELETE', `${base}/${firstId}`)).toEqual({ status: 404, body: { message: MESSAGES.noteNotFound } });
    expect(items<DeviceNote>((await api(stack, admin, 'GET', base)).body)).toEqual([]);
    expect(await noteCountOf(entity, id)).toBe(0);
    expect((await api(stack, admin, 'DELETE', `${elsewhere}/${(sameNameElsewhere.body as DeviceNote).id}`)).status).toBe(204);
  });

  it('uploads a file through a presigned URL and downloads the same bytes as an attachment', async () => {
    const bytes = Buffer.from(`Service report ${randomUUID()}\n`);
    const file = await upload(`/sensors/${sensorId}`, 'service report é.txt', 'text/plain', bytes);
    expect(file).toMatchObject({ fileName: 'service report é.txt', contentType: 'text/plain', size: bytes.length, kind: 'file', status: 'uploaded', createdBy: admin.email });
    expect(file).not.toHaveProperty('key');

    const listed = items<DeviceFile>((await api(stack, reader, 'GET', `/sensors/${sensorId}/files`)).body);
    expect(listed.map((entry) => entry.id)).toContain(file.id);

    const download = await api(stack, reader, 'GET', `/sensors/${sensorId}/files/${file.id}/download`);
    expect(download.status).toBe(200);
    const fetched = await fetch((download.body as FileDownload).url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
    expect(fetched.headers.get('content-disposition')).toContain('attachment; filename="service report _.txt"');
    expect(fetched.headers.get('content-disposition')).toContain("filename*=UTF-8''service%20report%20%C3%A9.txt");

    expect((await api(stack, admin, 'DELETE', `/sensors/${sensorId}/files/${file.id}`)).status).toBe(204);
    expect((await fetch((download.body as FileDownload).url)).status).toBe(404);
    expect(items<DeviceFile>((await api(stack, admin, 'GET', `/sensors/${sensorId}/files`)).body).map((entry) => entry.id)).not.toContain(file.id);
    expect(await api(stack, admin, 'GET', `/sensors/${sensorId}/files/${file.id}/download`)).toEqual({ status: 404, body: { message: MESSAGES.fileNotFound } });
  });

  it('lets the browser at the portal upload and download across origins (CORS)', async () => {
    const ticket = (await api(stack, admin, 'POST', `/gateways/${gatewayId}/files`, { fileName: 'plan.pdf', contentType: 'application/pdf', size: 10 })).body as FileUploadTicket;
    const preflight = await fetch(ticket.uploadUrl, {
      method: 'OPTIONS',
      headers: { origin: stack.portalUrl, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('confirms only an upload of the announced size, lists only confirmed files, and downloads nothing pending', async () => {
    const ticket = (await api(stack, admin, 'POST', `/gateways/${gatewayId}/files`, { fileName: 'manual.pdf', contentType: 'application/pdf', size: 100 })).body as FileUploadTicket;
    expect(ticket.file.status).toBe('pending');
    expect(items<DeviceFile>((await api(stack, admin, 'GET', `/gateways/${gatewayId}/files`)).body).map((entry) => entry.id)).not.toContain(ticket.file.id);
    expect(await api(stack, admin, 'GET', `/gateways/${gatewayId}/files/${ticket.file.id}/download`)).toEqual({ status: 404, body: { message: MESSAGES.fileNotUploaded } });
    // Nothing uploaded yet, then fewer bytes than announced.
    expect(await api(stack, admin, 'PUT', `/gateways/${gatewayId}/files/${ticket.file.id}/complete`)).toEqual({ status: 400, body: { message: MESSAGES.fileUploadMismatch } });
    // The bucket refuses fewer bytes than announced; the confirmation still finds nothing.
    expect((await postUpload(ticket, Buffer.from('%PDF-1.4 short'))).status).toBe(400);
    expect(await api(stack, admin, 'PUT', `/gateways/${gatewayId}/files/${ticket.file.id}/complete`)).toEqual({ status: 400, body: { message: MESSAGES.fileUploadMismatch } });

    const refused = async (body: Record<string, unknown>) => (await api(stack, admin, 'POST', `/gateways/${gatewayId}/files`, body)).body;
    expect(await refused({ fileName: 'tool.exe', contentType: 'application/x-msdownload', size: 10 })).toMatchObject({ message: MESSAGES.fileTypeNotAllowed });
    expect(await refused({ fileName: 'huge.pdf', contentType: 'application/pdf', size: 11 * 1024 * 1024 })).toMatchObject({ message: MESSAGES.fileTooLarge });
    expect(await refused({ fileName: 'photo.jpg', contentType: 'image/jpeg', size: 6 * 1024 * 1024, kind: 'image' })).toMatchObject({ message: MESSAGES.imageTooLarge });
    // The browser's checks (deviceFileProblem) hold on the API too: an image must be an image type, no file is empty.
    expect(await refused({ fileName: 'photo.pdf', contentType: 'application/pdf', size: 10, kind: 'image' })).toMatchObject({ message: MESSAGES.imageTypeNotAllowed });
    expect(await refused({ fileName: 'empty.pdf', contentType: 'application/pdf', size: 0 })).toMatchObject({ message: MESSAGES.fileEmpty });
    expect((await api(stack, admin, 'GET', `/gateways/${gatewayId}/files?kind=video`)).body).toEqual({ message: MESSAGES.fileKindInvalid });
  });

  it('answers 404 for a device that does not exist or that the caller does not reach', async () => {
    expect(await api(stack, admin, 'GET', `/sensors/${hex(4)}/notes`)).toEqual({ status: 404, body: { message: MESSAGES.sensorNotFound } });
    expect(await api(stack, admin, 'POST', `/gateways/${hex(8)}/files`, { fileName: 'a.txt', contentType: 'text/plain', size: 1 }))
      .toEqual({ status: 404, body: { message: MESSAGES.gatewayNotFound } });

    const member = await createUser(stack, 'basicuser', ORG);
    await provisionAccount(stack, {
      email: member.email, role: 'basicuser', customerId: ORG, accountId: member.accountId, locationIds: [locationId], siteIds: [siteId, otherSiteId],
    });
    const group = await api(stack, admin, 'POST', '/securitygroups', { name: unique('Other site'), siteIds: [otherSiteId], memberAccountIds: [member.accountId] });
    expect(group.status).toBe(201);
    expect(await api(stack, member, 'GET', `/sensors/${sensorId}/notes`)).toEqual({ status: 404, body: { message: MESSAGES.sensorNotFound } });
    expect(await api(stack, member, 'GET', `/gateways/${gatewayId}/files`)).toEqual({ status: 404, body: { message: MESSAGES.gatewayNotFound } });
    // A sensor on a site the group grants is reached.
    const granted = await plantSensor(otherSiteId);
    expect((await api(stack, member, 'GET', `/sensors/${granted}/notes`)).status).toBe(200);

    const outsider = await createUser(stack, 'admin', 'device-records-other-org');
    expect((await api(stack, outsider, 'GET', `/sensors/${sensorId}/files`)).status).toBe(404);
  });

  it("removes a deleted gateway's files, so a gateway added again with its EUI starts empty", async () => {
    const eui = hex(8);
    const body = { name: unique('Gateway'), model: 'GW-SG1', macId: hex(6), eui, locationIds: [locationId], siteId };
    expect((await api(stack, admin, 'POST', '/gateways', body)).status).toBe(201);
    const file = await upload(`/gateways/${eui}`, 'wiring.png', 'image/png', Buffer.from('png bytes'));
    const url = ((await api(stack, admin, 'GET', `/gateways/${eui}/files/${file.id}/download`)).body as FileDownload).url;
    expect((await fetch(url)).status).toBe(200);

    expect((await api(stack, admin, 'DELETE', `/gateways/${eui}`)).status).toBe(204);
    expect((await fetch(url)).status).toBe(404);
    expect((await api(stack, admin, 'POST', '/gateways', body)).status).toBe(201);
    expect(items<DeviceFile>((await api(stack, admin, 'GET', `/gateways/${eui}/files`)).body)).toEqual([]);
  });
});
