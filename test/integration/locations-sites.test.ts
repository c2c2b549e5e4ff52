import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Navbar } from '@domain/identity/account';
import type { Location, LocationShare } from '@domain/organisation/location';
import { MESSAGES } from '@domain/core/messages';
import type { ReferenceKind, Site, SiteDevices, SiteDocument } from '@domain/organisation/site';
import { referenceItem, type ReferenceTargetEntity, ENTITY, entityHistoryPartition, locationKey, membershipKey, siteKey } from '../../lambdas/data';
import { DEMO_ORGANISATION } from '../../local/demo';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
const ORG = DEMO_ORGANISATION.customerId;

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const locationBody = (name = unique('Depot')) => ({
  name, address: '5 Harbour Road', city: 'Bristol', state: 'Somerset', country: 'United Kingdom', postalCode: 'BS1 5TY',
});
const billingAddress = { address: '2 Dock Road', city: 'Leeds', state: 'West Yorkshire', country: 'United Kingdom', postalCode: 'LS1 4AP' };
const siteBody = (locationIds: string[], overrides: Record<string, unknown> = {}) => ({
  name: unique('Kitchen'), locationIds, timezone: 'Europe/London', billingAddress, ...overrides,
});

/** Plants what a later resource (a sensor, a gateway, a shift, a checklist) will write when it is attached. */
async function plant(kind: ReferenceKind, target: { entity: ReferenceTargetEntity; id: string }, customerId = ORG): Promise<void> {
  const id = randomUUID();
  await documents.send(new PutCommand({
    TableName: stack.tableName,
    Item: referenceItem(customerId, target, { kind, id, name: `${kind.toLowerCase()} ${id.slice(0, 4)}` }),
  }));
  await documents.send(new UpdateCommand({
    ...(target.entity === 'SITE' ? siteKey : locationKey)(stack.tableName, customerId, target.id),
    UpdateExpression: 'ADD refCount :one',
    ExpressionAttributeValues: { ':one': 1 },
  }));
}

/** A user with account fields of the user administration (corporate access, assigned locations and sites). */
async function userWith(role: 'admin' | 'basicuser', fields: Record<string, unknown>, customerId: string = ORG): Promise<TestUser> {
  const user = await createUser(stack, role, customerId);
  await provisionAccount(stack, { email: user.email, role, customerId, accountId: user.accountId, ...fields });
  return user;
}

async function history(entity: string, id: string): Promise<{ action: string }[]> {
  const result = await documents.send(new QueryCommand({
    TableName: stack.tableName,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': entityHistoryPartition(ORG, entity as typeof ENTITY.location, id) },
  }));
  return (result.Items ?? []) as { action: string }[];
}

const items = <T>(body: unknown) => (body as { items: T[] }).items;

describe('locations through the local gateway', () => {
  let corporate: TestUser;
  let localAdmin: TestUser;
  let basicUser: TestUser;

  beforeAll(async () => {
    corporate = await userWith('admin', { hasDefaultLocAccess: true, isOwner: true });
    localAdmin = await userWith('admin', { locationIds: [] });
    basicUser = await userWith('basicuser', { locationIds: [DEMO_ORGANISATION.location.id] });
  });

  it('adds, reads, updates, maps and deletes a location, with displayName, versions and audit entries', async () => {
    const name = unique('Warehouse');
    const created = await api(stack, corporate, 'POST', '/locations', { ...locationBody(`  ${name} `), latitude: '51.45', longitude: -2.58 });
    expect(created.status).toBe(201);
    const location = created.body as Location;
    expect(location).toMatchObject({
      name, displayName: name, latitude: 51.45, longitude: -2.58, version: 1,
      isOwner: true, isShared: false, isAcceptancePending: false, accessLevel: 'owner', ownerCustomerId: ORG,
    });
    expect((await api(stack, corporate, 'GET', `/locations/${location.id}`)).body).toMatchObject({ id: location.id, displayName: name });
    expect((await api(stack, corporate, 'GET', `/locations/exists/${encodeURIComponent(name.toUpperCase())}`)).body).toEqual({ exists: true });

    const renamed = unique('Warehouse');
    const updated = await api(stack, corporate, 'PUT', `/locations/${location.id}`, locationBody(renamed));
    expect(updated.body).toMatchObject({ name: renamed, displayName: renamed, version: 2 });
    expect((updated.body as Location).latitude).toBeUndefined();
    // The old name is free again, the new one taken.
    expect((await api(stack, corporate, 'GET', `/locations/exists/${encodeURIComponent(name)}`)).body).toEqual({ exists: false });

    const mapped = await api(stack, corporate, 'PUT', `/locations/${location.id}/mapping`, { id: location.id, fieldsToUpdate: { city: 'Bath' } });
    expect(mapped.body).toMatchObject({ name: renamed, city: 'Bath', address: '5 Harbour Road', version: 3 });
    expect((await api(stack, corporate, 'PUT', `/locations/${location.id}/mapping`, { fieldsToUpdate: {} })).body)
      .toMatchObject({ message: MESSAGES.mappingFieldsRequired });

    const corporateNode = await api(stack, corporate, 'GET', '/locations/corporate');
    expect(corporateNode.body).toMatchObject({ id: ORG, name: DEMO_ORGANISATION.name, displayName: DEMO_ORGANISATION.name, isCorporate: true });
    await expect.poll(async () => ((await api(stack, corporate, 'GET', '/locations/corporate')).body as { locations: { id: string }[] }).locations.map((entry) => entry.id))
      .toContain(location.id);

    expect((await api(stack, corporate, 'DELETE', `/locations/${location.id}`)).status).toBe(204);
    expect((await api(stack, corporate, 'GET', `/locations/${location.id}`)).status).toBe(404);
    expect((await history(ENTITY.location, location.id)).map((entry) => entry.action).sort())
      .toEqual(['create', 'delete', 'update', 'update']);
  });

  it('refuses invalid fields with the spec words, and duplicate names even when sent at once', async () => {
    const invalid = await api(stack, corporate, 'POST', '/locations', { ...locationBody(), postalCode: '', latitude: 91 });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ details: { postalCode: MESSAGES.postalCodeRequired, latitude: MESSAGES.latitudeInvalid } });

    const name = unique('Twin');
    const results = await Promise.all(Array.from({ length: 5 }, (_, index) =>
      api(stack, corporate, 'POST', '/locations', locationBody(index % 2 ? name.toLowerCase() : ` ${name}`))));
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    for (const refused of results.filter((result) => result.status !== 201)) {
      expect(refused).toEqual({ status: 409, body: { message: MESSAGES.locationNameTaken } });
    }
  });

  it('shows a user only their assigned locations; an admin without corporate access gets what they add', async () => {
    const seen = async (user: TestUser) => items<Location>((await api(stack, user, 'GET', '/locations?limit=100')).body).map((entry) => entry.id);
    expect(await seen(basicUser)).toEqual([DEMO_ORGANISATION.location.id]);
    const mine = (await api(stack, localAdmin, 'POST', '/locations', locationBody())).body as Location;
    await expect.poll(() => seen(localAdmin)).toEqual([mine.id]);
    // Without corporate access, no delete.
    expect(await api(stack, localAdmin, 'DELETE', `/locations/${mine.id}`))
      .toEqual({ status: 403, body: { message: MESSAGES.locationDeleteNeedsCorporateAccess } });
    // A user's locations by id and by email say the same.
    const byId = await api(stack, corporate, 'GET', `/users/${localAdmin.accountId}/locations`);
    const byEmail = await api(stack, corporate, 'GET', `/locations/user/${encodeURIComponent(localAdmin.email)}`);
    expect(items<Location>(byId.body).map((entry) => entry.id)).toEqual([mine.id]);
    expect(byEmail.body).toEqual(byId.body);
    // A basic user may read their own, not someone else's.
    expect((await api(stack, basicUser, 'GET', `/users/${basicUser.accountId}/locations`)).status).toBe(200);
    expect((await api(stack, basicUser, 'GET', `/users/${localAdmin.accountId}/locations`)).status).toBe(403);
  });

  it('refuses to delete a location while sensors or gateways are attached, or sites are in it', async () => {
    const withSensor = (await api(stack, corporate, 'POST', '/locations', locationBody())).body as Location;
    await plant('SENSOR', { entity: ENTITY.location, id: withSensor.id });
    expect(await api(stack, corporate, 'DELETE', `/locations/${withSensor.id}`)).toEqual({ status: 409, body: { message: MESSAGES.locationHasDevices } });

    const withGateway = (await api(stack, corporate, 'POST', '/locations', locationBody())).body as Location;
    await plant('GATEWAY', { entity: ENTITY.location, id: withGateway.id });
    expect(await api(stack, corporate, 'DELETE', `/locations/${withGateway.id}`)).toEqual({ status: 409, body: { message: MESSAGES.locationHasDevices } });

    const withSite = (await api(stack, corporate, 'POST', '/locations', locationBody())).body as Location;
    const site = (await api(stack, corporate, 'POST', '/sites', siteBody([withSite.id]))).body as Site;
    expect(await api(stack, corporate, 'DELETE', `/locations/${withSite.id}`)).toEqual({ status: 409, body: { message: MESSAGES.locationHasSites } });
    expect((await api(stack, corporate, 'DELETE', `/sites/${site.id}`)).status).toBe(204);
    expect((await api(stack, corporate, 'DELETE', `/locations/${withSite.id}`)).status).toBe(204);
  });
});

describe('sharing a location with another organisation', () => {
  let owner: TestUser;
  let invitee: TestUser;
  let inviteeAdmin: TestUser;
  let location: Location;
  let site: Site;

  beforeAll(async () => {
    owner = await userWith('admin', { hasDefaultLocAccess: true, isOwner: true });
    invitee = await userWith('basicuser', {}, 'partner-org');
    inviteeAdmin = await userWith('admin', {}, 'partner-org');
    location = (await api(stack, owner, 'POST', '/locations', locationBody(unique('Shared depot')))).body as Location;
    site = (await api(stack, owner, 'POST', '/sites', siteBody([location.id]))).body as Site;
  });

  const navbarIds = async (user: TestUser) => ((await api(stack, user, 'GET', '/locations/navbar')).body as Navbar).locations.map((entry) => entry.id);
  const ownIds = async (user: TestUser) => items<Location>((await api(stack, user, 'GET', `/users/${user.accountId}/locations`)).body).map((entry) => entry.id);
  const pendingIds = async (user: TestUser) => items<Location>((await api(stack, user, 'GET', '/locations/shared/pending')).body).map((entry) => entry.id);

  it('refuses an unknown email, a user of the same organisation, and a second share to the same user', async () => {
    expect(await api(stack, owner, 'POST', `/locations/${location.id}/shares`, { email: 'nobody@nowhere.example' }))
      .toEqual({ status: 400, body: { message: MESSAGES.shareUserNotFound, details: { email: MESSAGES.shareUserNotFound } } });
    expect((await api(stack, owner, 'POST', `/locations/${location.id}/shares`, { email: 'user@demo.example' })).body)
      .toMatchObject({ message: MESSAGES.shareSameOrganisation });
    expect((await api(stack, owner, 'POST', `/locations/${location.id}/shares`, { email: 'bad' })).body)
      .toMatchObject({ message: MESSAGES.shareEmailInvalid });
  });

  it('keeps a shared location out of every list until the invitee accepts it', async () => {
    const shared = await api(stack, owner, 'POST', `/locations/${location.id}/shares`, { email: invitee.email.toUpperCase() });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({ locationId: location.id, accountId: invitee.accountId, customerId: 'partner-org', isAcceptancePending: true, isAdmin: false });
    expect((await api(stack, owner, 'POST', `/locations/${location.id}/shares`, { email: invitee.email })).body)
      .toEqual({ message: MESSAGES.locationAlreadyShared });

    // Pending: offered, but counted nowhere.
    await expect.poll(() => pendingIds(invitee)).toEqual([location.id]);
    const offered = items<Location>((await api(stack, invitee, 'GET', '/locations/shared/pending')).body)[0];
    expect(offered).toMatchObject({ isShared: true, isAcceptancePending: true, isOwner: false, accessLevel: 'user', ownerOrganisationName: DEMO_ORGANISATION.name });
    expect(await navbarIds(invitee)).toEqual([]);
    expect(await ownIds(invitee)).toEqual([]);
    expect(items((await api(stack, invitee, 'GET', '/locations/shared')).body)).toEqual([]);
    expect((await api(stack, invitee, 'GET', `/locations/${location.id}`)).status).toBe(404);

    const accepted = await api(stack, invitee, 'PUT', `/locations/shared/${location.id}`, { accept: true });
    expect(accepted.body).toMatchObject({ id: location.id, isAcceptancePending: false, isShared: true, accessLevel: 'user' });
    await expect.poll(() => navbarIds(invitee)).toEqual([location.id]);
    const navbar = (await api(stack, invitee, 'GET', '/locations/navbar')).body as Navbar;
    expect(navbar.locations[0]).toEqual({ id: location.id, name: location.name, displayName: location.name, sites: [{ id: site.id, name: site.name }] });
    expect(await ownIds(invitee)).toEqual([location.id]);
    expect(await pendingIds(invitee)).toEqual([]);
    expect((await api(stack, invitee, 'GET', `/locations/${location.id}`)).body).toMatchObject({ accessLevel: 'user' });

    const shares = items<LocationShare>((await api(stack, owner, 'GET', `/locations/${location.id}/shares`)).body);
    expect(shares).toEqual([expect.objectContaining({ email: invitee.email, isAcceptancePending: false, acceptedAt: expect.any(String) })]);
  });

  it('lets a shared location be edited only by an invitee who administers it', async () => {
    const admins = await api(stack, owner, 'POST', `/locations/${location.id}/shares`, { email: inviteeAdmin.email, isAdmin: true });
    expect(admins.status).toBe(201);
    await expect.poll(() => pendingIds(inviteeAdmin)).toEqual([location.id]);
    // Not before accepting.
    expect((await api(stack, inviteeAdmin, 'PUT', `/locations/${location.id}`, locationBody(location.name))).status).toBe(404);
    await api(stack, inviteeAdmin, 'PUT', `/locations/shared/${location.id}`, { accept: true });
    const edited = await api(stack, inviteeAdmin, 'PUT', `/locations/${location.id}/mapping`, { fieldsToUpdate: { city: 'Gloucester' } });
    expect(edited.body).toMatchObject({ city: 'Gloucester', accessLevel: 'admin', isShared: true });
    // The owner sees the change; the invitee cannot delete or share it.
    expect((await api(stack, owner, 'GET', `/locations/${location.id}`)).body).toMatchObject({ city: 'Gloucester' });
    expect((await api(stack, inviteeAdmin, 'DELETE', `/locations/${location.id}`)).status).toBe(404);
    expect((await api(stack, inviteeAdmin, 'POST', `/locations/${location.id}/shares`, { email: owner.email })).status).toBe(404);
  });

  it('lets the invitee decline, and the owner stop sharing', async () => {
    const other = await createUser(stack, 'basicuser', 'partner-org');
    await api(stack, owner, 'POST', `/locations/${location.id}/shares`, { email: other.email });
    await expect.poll(() => pendingIds(other)).toEqual([location.id]);
    expect((await api(stack, other, 'PUT', `/locations/shared/${location.id}`, { accept: false })).status).toBe(204);
    expect((await api(stack, other, 'PUT', `/locations/shared/${location.id}`, { accept: true })).body).toEqual({ message: MESSAGES.shareNotFound });

    expect((await api(stack, owner, 'DELETE', `/locations/${location.id}/shares/${invitee.accountId}`)).status).toBe(204);
    await expect.poll(() => navbarIds(invitee)).toEqual([]);
  });
});

describe('sites through the local gateway', () => {
  let corporate: TestUser;
  let location: Location;
  let second: Location;

  beforeAll(async () => {
    corporate = await userWith('admin', { hasDefaultLocAccess: true, isOwner: true });
    location = (await api(stack, corporate, 'POST', '/locations', locationBody())).body as Location;
    second = (await api(stack, corporate, 'POST', '/locations', locationBody())).body as Location;
  });

  it('adds a site with every field, reads it with its counts, updates and lists it', async () => {
    const siteId = `S-${randomUUID().slice(0, 6)}`;
    const body = siteBody([location.id], {
      siteId, address: '1 Quay Street', city: 'Bristol', state: 'Somerset', country: 'United Kingdom',
      postalCode: 'BS1 4DJ', latitude: 51.45, longitude: -2.59, adminName: 'Ann Admin', adminEmail: 'ann@demo.example',
      adminPhone: '+44 7700900111', billingName: 'Bill Payer', billingEmail: 'bill@demo.example', billingPhone: '+447700900222',
      billingAddress: undefined, billingAddressSameAsSite: true, haccpSubscriptionStart: '2026-01-01', haccpSubscriptionEnd: '2026-06-30',
      monitoringSubscriptionStart: '2026-01-01', monitoringSubscriptionEnd: '2027-01-01', installationDate: '2025-12-01',
      taxExempt: true, retainAdditionalFieldAnswers: true,
    });
    const created = await api(stack, corporate, 'POST', '/sites', body);
    expect(created.status).toBe(201);
    const site = created.body as Site;
    expect(site).toMatchObject({
      name: body.name, displayName: body.name, siteId, taxExempt: true, retainAdditionalFieldAnswers: true,
      billingAddress: { address: '1 Quay Street', city: 'Bristol', state: 'Somerset', country: 'United Kingdom', postalCode: 'BS1 4DJ' },
      version: 1,
    });
    expect((await api(stack, corporate, 'GET', `/sites/${site.id}`)).body).toMatchObject({ activeDeviceCount: 0, userCount: 0 });

    const renamed = unique('Kitchen');
    const updated = await api(stack, corporate, 'PUT', `/sites/${site.id}`, { ...body, name: renamed, locationIds: [second.id] });
    expect(updated.body).toMatchObject({ name: renamed, locationIds: [second.id], version: 2 });
    // The first location is free of it again; the second now holds it.
    await expect.poll(async () => ((await api(stack, corporate, 'GET', '/sites?limit=100')).body as { items: Site[] }).items.map((entry) => entry.name))
      .toContain(renamed);
    expect(await api(stack, corporate, 'DELETE', `/locations/${second.id}`)).toEqual({ status: 409, body: { message: MESSAGES.locationHasSites } });
    expect((await history(ENTITY.site, site.id)).map((entry) => entry.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses what section 5 refuses, with its words', async () => {
    const haccp = await api(stack, corporate, 'POST', '/sites', siteBody([location.id], { haccpSubscriptionStart: '2026-05-01', haccpSubscriptionEnd: '2026-04-01' }));
    expect(haccp.body).toMatchObject({ message: MESSAGES.haccpEndBeforeStart });
    expect((await api(stack, corporate, 'POST', '/sites', siteBody([]))).body).toMatchObject({ message: MESSAGES.siteLocationRequired });
    expect((await api(stack, corporate, 'POST', '/sites', siteBody([location.id], { billingAddress: undefined }))).body)
      .toMatchObject({ message: MESSAGES.billingAddressRequired });
    expect((await api(stack, corporate, 'POST', '/sites', siteBody([randomUUID()]))).body).toMatchObject({ message: MESSAGES.siteLocationNotFound });
    expect((await api(stack, corporate, 'POST', '/sites', siteBody([location.id], { adminPhone: '12345' }))).body)
      .toMatchObject({ message: MESSAGES.adminPhoneInvalid });

    const first = (await api(stack, corporate, 'POST', '/sites', siteBody([location.id], { siteId: `D-${randomUUID().slice(0, 6)}` }))).body as Site & { siteId: string };
    expect(await api(stack, corporate, 'POST', '/sites', siteBody([location.id], { name: first.name.toUpperCase() })))
      .toEqual({ status: 409, body: { message: MESSAGES.siteNameTaken } });
    expect(await api(stack, corporate, 'POST', '/sites', siteBody([location.id], { siteId: first.siteId })))
      .toEqual({ status: 409, body: { message: MESSAGES.siteIdTaken } });
  });

  it('refuses each delete of section 8 with its reason, and needs corporate access', async () => {
    const make = async (locationIds = [location.id]) => ((await api(stack, corporate, 'POST', '/sites', siteBody(locationIds))).body as Site).id;
    const refusedWith = async (id: string, message: string) =>
      expect(await api(stack, corporate, 'DELETE', `/sites/${id}`)).toEqual({ status: 409, body: { message } });

    for (const [kind, message] of [
      ['SHIFT', MESSAGES.siteHasShifts], ['CHECKLIST', MESSAGES.siteHasChecklists],
      ['SENSOR', MESSAGES.siteHasSensors], ['GATEWAY', MESSAGES.siteHasGateways],
    ] as const) {
      const id = await make();
      await plant(kind, { entity: ENTITY.site, id });
      await refusedWith(id, message);
    }
    await refusedWith(await make([location.id, second.id]), MESSAGES.siteHasSeveralLocations);

    const crowded = await make();
    for (let index = 0; index < 2; index += 1) await userWith('basicuser', { siteIds: [crowded], locationIds: [location.id] });
    await refusedWith(crowded, MESSAGES.siteHasUsers);
    const users = await api(stack, corporate, 'GET', `/sites/${crowded}/users`);
    expect(items(users.body)).toHaveLength(2);

    const localAdmin = await userWith('admin', { locationIds: [location.id] });
    const free = await make();
    expect(await api(stack, localAdmin, 'DELETE', `/sites/${free}`)).toEqual({ status: 403, body: { message: MESSAGES.siteDeleteNeedsCorporateAccess } });
    expect((await api(stack, corporate, 'DELETE', `/sites/${free}`)).status).toBe(204);
    expect((await api(stack, corporate, 'GET', `/sites/${free}`)).status).toBe(404);
  });

  it("lists a site's devices", async () => {
    const id = ((await api(stack, corporate, 'POST', '/sites', siteBody([location.id]))).body as Site).id;
    expect((await api(stack, corporate, 'GET', `/sites/${id}/devices`)).body).toEqual({ sensors: [], gateways: [] });
    await plant('SENSOR', { entity: ENTITY.site, id });
    await plant('GATEWAY', { entity: ENTITY.site, id });
    const devices = (await api(stack, corporate, 'GET', `/sites/${id}/devices`)).body as SiteDevices;
    expect([devices.sensors.length, devices.gateways.length]).toEqual([1, 1]);
    expect((await api(stack, corporate, 'GET', `/sites/${id}`)).body).toMatchObject({ activeDeviceCount: 2 });
  });

  it('keeps one PDF of at most 2 MB per site in the files bucket', async () => {
    const id = ((await api(stack, corporate, 'POST', '/sites', siteBody([location.id]))).body as Site).id;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x41)]);
    const uploaded = await api(stack, corporate, 'PUT', `/sites/${id}/document`, { fileName: 'haccp-plan.pdf', data: pdf.toString('base64') });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ document: { fileName: 'haccp-plan.pdf', size: pdf.length, uploadedBy: corporate.email } });
    const read = (await api(stack, corporate, 'GET', `/sites/${id}/document`)).body as SiteDocument;
    expect(Buffer.from(read.data, 'base64').equals(pdf)).toBe(true);

    const tooBig = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 0x41)]);
    expect((await api(stack, corporate, 'PUT', `/sites/${id}/document`, { fileName: 'big.pdf', data: tooBig.toString('base64') })).body)
      .toMatchObject({ message: MESSAGES.documentTooLarge });
    expect((await api(stack, corporate, 'PUT', `/sites/${id}/document`, { fileName: 'notes.txt', data: Buffer.from('hello').toString('base64') })).body)
      .toMatchObject({ message: MESSAGES.documentNotPdf });

    expect((await api(stack, corporate, 'DELETE', `/sites/${id}/document`)).status).toBe(204);
    expect(await api(stack, corporate, 'GET', `/sites/${id}/document`)).toEqual({ status: 404, body: { message: MESSAGES.siteDocumentNotFound } });
  });

  it('shows a member of a security group only the sites the group grants, everywhere', async () => {
    const granted = ((await api(stack, corporate, 'POST', '/sites', siteBody([location.id]))).body as Site).id;
    const excluded = ((await api(stack, corporate, 'POST', '/sites', siteBody([location.id]))).body as Site).id;
    // Assigned both sites: the group narrows them to one.
    const member = await userWith('basicuser', { locationIds: [location.id], siteIds: [granted, excluded] });
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { ...membershipKey(stack.tableName, ORG, member.accountId, 'group-1').Key, groupId: 'group-1', siteIds: [granted], sensorIds: [] },
    }));
    const listed = items<Site>((await api(stack, member, 'GET', '/sites?limit=100')).body).map((entry) => entry.id);
    expect(listed).toContain(granted);
    expect(listed).not.toContain(excluded);
    expect((await api(stack, member, 'GET', `/sites/${excluded}`)).status).toBe(404);
    expect((await api(stack, member, 'GET', `/sites/${granted}`)).status).toBe(200);
    const navbar = (await api(stack, member, 'GET', '/locations/navbar')).body as Navbar;
    expect(navbar.locations.find((entry) => entry.id === location.id)?.sites.map((entry) => entry.id)).toEqual([granted]);
  });
});
