import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginSessionInputSchema, type LoginSessionInput, type Navbar, type UserSessionList } from '@domain/identity/account';
import type { Gateway } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import type { Sensor } from '@domain/devices/sensor';
import type { Site } from '@domain/organisation/site';
import { SESSION_TOUCH_INTERVAL_MS, SessionStore, type TokenState } from '../../lambdas/data/repositories/sessions';
import type { Caller } from '../../lambdas/shared/caller';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, provisionAccount, signIn, type TestUser } from '../support/identity';
import { newSensorId, sensorBody, type SensorPlace } from '../support/sensors';
import { sessionKeyParams, sessionTokenKeyParams } from '../../lambdas/data';

/**
 * Issue 11, items 9-11 ("Inputs, access and sessions"): what a user may reach is the sites
 * assigned to them (within their security groups) in every list, count and graph; a hidden
 * site, sensor or gateway answers exactly as a missing one; sessions unused for the refresh
 * token's life end by themselves.
 */
const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

const tag = () => randomUUID().slice(0, 8);
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const address = { address: '1 Cold Store Lane', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };

async function created(call: Promise<{ status: number; body: unknown }>, what: string): Promise<string> {
  const result = await call;
  if (result.status !== 201) throw new Error(`Adding ${what} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return (result.body as { id: string }).id;
}

const ids = (body: unknown) => ((body as { items: { id: string }[] }).items).map((item) => item.id).sort();
const sorted = (...values: string[]) => [...values].sort();

/** One site with its gateway and two sensors, made by the corporate administrator. */
interface Place {
  locationId: string;
  siteId: string;
  gatewayId: string;
  sensorIds: [string, string];
}

describe('a user reaches only the sites assigned to them (issue 11, items 9 and 10)', () => {
  const organisation = `access-${tag()}`;
  let corporate: TestUser;
  /** Invited for one site (Main Kitchen) of the first location. */
  let kitchenUser: TestUser;
  /** Invited for Main Kitchen too, and in a security group that lists one of its sensors. */
  let groupMember: TestUser;
  /** An administrator without corporate access, assigned the second location only. */
  let locationAdmin: TestUser;
  let profileId: string;
  let mainKitchen: Place;
  /** A second site of the same location, not assigned to the user. */
  let pastry: Place;
  /** A site of another location. */
  let warehouse: Place;

  async function addPlace(locationId: string, siteName: string): Promise<Place> {
    const siteId = await created(api(stack, corporate, 'POST', '/sites', {
      name: `${siteName} ${tag()}`, locationIds: [locationId], timezone: 'Europe/London', billingAddressSameAsSite: false, billingAddress: address,
    }), 'a site');
    const gatewayId = await created(api(stack, corporate, 'POST', '/gateways', {
      name: `Gateway ${tag()}`, model: 'GW-CELL', macId: hex(6), eui: hex(8), locationIds: [locationId], siteId,
    }), 'a gateway');
    const place: SensorPlace = { locationId, siteId, gatewayId, otherSiteId: siteId, otherGatewayId: gatewayId, profileId, otherProfileId: profileId };
    const sensor = () => created(api(stack, corporate, 'POST', '/sensors', sensorBody(place)), 'a sensor');
    return { locationId, siteId, gatewayId, sensorIds: [await sensor(), await sensor()] };
  }

  const assigned = (user: TestUser, fields: Record<string, unknown>) =>
    provisionAccount(stack, { email: user.email, role: user.role, customerId: user.customerId, accountId: user.accountId, ...fields });

  beforeAll(async () => {
    corporate = await createUser(stack, 'admin', organisation);
    await assigned(corporate, { hasDefaultLocAccess: true, isOwner: true });
    const location = () => created(api(stack, corporate, 'POST', '/locations', { name: `Depot ${tag()}`, ...address }), 'a location');
    const [hq, north] = [await location(), await location()];
    profileId = await created(api(stack, corporate, 'POST', '/dataloggingprofiles', {
      name: `Every 5 minutes ${tag()}`, valueToLog: 'instant', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0,
    }), 'a data logging profile');
    mainKitchen = await addPlace(hq, 'Main Kitchen');
    pastry = await addPlace(hq, 'Pastry');
    warehouse = await addPlace(north, 'Warehouse');

    kitchenUser = await createUser(stack, 'basicuser', organisation);
    await assigned(kitchenUser, { locationIds: [hq], siteIds: [mainKitchen.siteId] });
    groupMember = await createUser(stack, 'basicuser', organisation);
    await assigned(groupMember, { locationIds: [hq], siteIds: [mainKitchen.siteId] });
    await created(api(stack, corporate, 'POST', '/securitygroups', {
      name: `Fridge only ${tag()}`, siteIds: [mainKitchen.siteId], sensorIds: [mainKitchen.sensorIds[0]], memberAccountIds: [groupMember.accountId],
    }), 'a security group');
    locationAdmin = await createUser(stack, 'admin', organisation);
    await assigned(locationAdmin, { locationIds: [north], siteIds: [] });
  });

  it("lists only the assigned site's sensors, never another location's or another site's", async () => {
    const all = await api(stack, kitchenUser, 'GET', '/sensors?limit=1000');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual(sorted(...mainKitchen.sensorIds));
    // Narrowing to a hidden site finds nothing, as a site with no sensors does.
    expect(ids((await api(stack, kitchenUser, 'GET', `/sensors?siteId=${warehouse.siteId}`)).body)).toEqual([]);
    expect(ids((await api(stack, kitchenUser, 'GET', `/sensors?locationId=${warehouse.locationId}`)).body)).toEqual([]);
    expect(ids((await api(stack, kitchenUser, 'GET', `/sensors?gatewayId=${pastry.gatewayId}`)).body)).toEqual([]);
  });

  it('lists only the assigned site, its gateway, and the navbar with that site only', async () => {
    expect(ids((await api(stack, kitchenUser, 'GET', '/sites')).body)).toEqual([mainKitchen.siteId]);
    expect(ids((await api(stack, kitchenUser, 'GET', '/gateways')).body)).toEqual([mainKitchen.gatewayId]);
    expect(ids((await api(stack, kitchenUser, 'GET', `/gateways?locationId=${mainKitchen.locationId}`)).body)).toEqual([mainKitchen.gatewayId]);
    const navbar = (await api(stack, kitchenUser, 'GET', '/locations/navbar')).body as Navbar;
    expect(navbar.locations.map((location) => ({ id: location.id, sites: location.sites.map((site) => site.id) })))
      .toEqual([{ id: mainKitchen.locationId, sites: [mainKitchen.siteId] }]);
  });

  it("answers another site's sensor, gateway, site, readings, graph and device records exactly as missing ones", async () => {
    const missingSensor = newSensorId();
    const missingGateway = hex(8);
    const pairs: [string, string][] = [
      [`/sensors/${warehouse.sensorIds[0]}`, `/sensors/${missingSensor}`],
      [`/sensors/${pastry.sensorIds[0]}/history`, `/sensors/${missingSensor}/history`],
      [`/sensors/${warehouse.sensorIds[0]}/readings`, `/sensors/${missingSensor}/readings`],
      [`/graphdata?queryId=${warehouse.sensorIds[0]}`, `/graphdata?queryId=${missingSensor}`],
      [`/sensors/${warehouse.sensorIds[0]}/notes`, `/sensors/${missingSensor}/notes`],
      [`/sensors/${warehouse.sensorIds[0]}/files`, `/sensors/${missingSensor}/files`],
      [`/gateways/${warehouse.gatewayId}`, `/gateways/${missingGateway}`],
      [`/gateways/${warehouse.gatewayId}/sensors`, `/gateways/${missingGateway}/sensors`],
      [`/gateways/${warehouse.gatewayId}/data`, `/gateways/${missingGateway}/data`],
      [`/gateways/${pastry.gatewayId}/notes`, `/gateways/${missingGateway}/notes`],
      [`/sites/${warehouse.siteId}`, `/sites/${randomUUID()}`],
      [`/sites/${pastry.siteId}/devices`, `/sites/${randomUUID()}/devices`],
    ];
    for (const [hidden, missing] of pairs) {
      const [hiddenAnswer, missingAnswer] = [await api(stack, kitchenUser, 'GET', hidden), await api(stack, kitchenUser, 'GET', missing)];
      expect({ path: hidden, ...hiddenAnswer }).toEqual({ path: hidden, ...missingAnswer });
      expect(hiddenAnswer.status).toBe(404);
    }
    // What they do reach answers.
    expect((await api(stack, kitchenUser, 'GET', `/graphdata?queryId=${mainKitchen.sensorIds[0]}`)).status).toBe(200);
    expect((await api(stack, kitchenUser, 'GET', `/sensors/${mainKitchen.sensorIds[1]}`)).status).toBe(200);
  });

  it('counts only the sensors a security group lets a member see, on the site and on the gateway', async () => {
    const site = (await api(stack, groupMember, 'GET', `/sites/${mainKitchen.siteId}`)).body as Site;
    // One sensor of two, and the site's gateway.
    expect(site.activeDeviceCount).toBe(2);
    const devices = (await api(stack, groupMember, 'GET', `/sites/${mainKitchen.siteId}/devices`)).body as { sensors: { id: string }[] };
    expect(devices.sensors.map((sensor) => sensor.id)).toEqual([mainKitchen.sensorIds[0]]);
    const gateway = (await api(stack, groupMember, 'GET', `/gateways/${mainKitchen.gatewayId}`)).body as Gateway;
    expect(gateway.sensorCount).toBe(1);
    const listed = (await api(stack, groupMember, 'GET', '/gateways')).body as { items: Gateway[] };
    expect(listed.items.map((item) => [item.id, item.sensorCount])).toEqual([[mainKitchen.gatewayId, 1]]);
    expect(ids((await api(stack, groupMember, 'GET', '/sensors')).body)).toEqual([mainKitchen.sensorIds[0]]);
    // The user in no group sees both sensors of the same site.
    expect(((await api(stack, kitchenUser, 'GET', `/sites/${mainKitchen.siteId}`)).body as Site).activeDeviceCount).toBe(3);
  });

  it('lets an administrator with corporate access see every site, sensor and gateway', async () => {
    const sensors = (await api(stack, corporate, 'GET', '/sensors?limit=1000')).body as { items: Sensor[] };
    expect(ids(sensors)).toEqual(sorted(...mainKitchen.sensorIds, ...pastry.sensorIds, ...warehouse.sensorIds));
    expect(ids((await api(stack, corporate, 'GET', '/sites')).body)).toEqual(sorted(mainKitchen.siteId, pastry.siteId, warehouse.siteId));
    expect(ids((await api(stack, corporate, 'GET', '/gateways')).body))
      .toEqual(sorted(mainKitchen.gatewayId, pastry.gatewayId, warehouse.gatewayId));
    expect(((await api(stack, corporate, 'GET', `/gateways/${mainKitchen.gatewayId}`)).body as Gateway).sensorCount).toBe(2);
  });

  it('limits an administrator without corporate access to the sites of their locations', async () => {
    expect(ids((await api(stack, locationAdmin, 'GET', '/sensors?limit=1000')).body)).toEqual(sorted(...warehouse.sensorIds));
    expect(ids((await api(stack, locationAdmin, 'GET', '/sites')).body)).toEqual([warehouse.siteId]);
    expect(ids((await api(stack, locationAdmin, 'GET', '/gateways')).body)).toEqual([warehouse.gatewayId]);
  });

  it("shows refused device messages (any site's devices and payloads) only to those who reach every site", async () => {
    expect((await api(stack, corporate, 'GET', '/devices/deadletters')).status).toBe(200);
    const refused = await api(stack, locationAdmin, 'GET', '/devices/deadletters');
    expect(refused).toEqual({ status: 403, body: { message: MESSAGES.deadLettersNeedEverySite } });
  });

  it('refuses a sensor on a hidden site exactly as on a missing one, and writes nothing (item 10)', async () => {
    const place: SensorPlace = {
      locationId: mainKitchen.locationId, siteId: mainKitchen.siteId, gatewayId: mainKitchen.gatewayId,
      otherSiteId: mainKitchen.siteId, otherGatewayId: mainKitchen.gatewayId, profileId, otherProfileId: profileId,
    };
    const hiddenSite = sensorBody(place);
    const missingSite = sensorBody(place, { siteId: randomUUID() });
    const hidden = await api(stack, locationAdmin, 'POST', '/sensors', hiddenSite);
    const missing = await api(stack, locationAdmin, 'POST', '/sensors', missingSite);
    expect(hidden).toEqual(missing);
    expect(hidden).toEqual({ status: 400, body: { message: MESSAGES.unknownSite, details: { siteId: MESSAGES.unknownSite } } });
    // Quick Register checks the same placement.
    const quick = (siteId: string) => api(stack, locationAdmin, 'POST', '/sensors/quickregister', {
      deviceModel: 'CT-200', locationId: mainKitchen.locationId, siteId, gatewayId: mainKitchen.gatewayId, dataLoggingProfileId: profileId,
      connectionType: 'subGhz', monitoringType: 'refrigeration', lines: newSensorId(),
    });
    expect(await quick(mainKitchen.siteId)).toEqual(await quick(randomUUID()));
    // A gateway of a hidden site, on a site the administrator reaches, is as unknown as a missing gateway.
    const own: SensorPlace = { ...place, locationId: warehouse.locationId, siteId: warehouse.siteId };
    const hiddenGateway = await api(stack, locationAdmin, 'POST', '/sensors', sensorBody(own, { gatewayId: mainKitchen.gatewayId }));
    const missingGateway = await api(stack, locationAdmin, 'POST', '/sensors', sensorBody(own, { gatewayId: hex(8) }));
    expect(hiddenGateway).toEqual(missingGateway);
    expect(hiddenGateway).toEqual({ status: 400, body: { message: MESSAGES.gatewayUnknown, details: { gatewayId: MESSAGES.gatewayUnknown } } });
    // Nothing was written.
    expect((await api(stack, corporate, 'GET', `/sensors/${String(hiddenSite['id'])}`)).status).toBe(404);
    // Gateways: a hidden site answers as a missing one too.
    const gateway = (siteId: string) => api(stack, locationAdmin, 'POST', '/gateways', {
      name: `Gateway ${tag()}`, model: 'GW-CELL', macId: hex(6), eui: hex(8), locationIds: [warehouse.locationId], siteId,
    });
    expect(await gateway(mainKitchen.siteId)).toEqual(await gateway(randomUUID()));
    // A security group or a user view naming a hidden site: the same answer as a missing site.
    for (const resource of ['/securitygroups', '/userviews']) {
      const named = (siteId: string) => api(stack, locationAdmin, 'POST', resource, { name: `Hidden ${tag()}`, siteIds: [siteId] });
      const [hiddenAnswer, missingAnswer] = [await named(mainKitchen.siteId), await named(randomUUID())];
      expect({ resource, ...hiddenAnswer }).toEqual({ resource, ...missingAnswer });
      expect(hiddenAnswer.status).toBe(400);
    }
  });
});

describe('sessions end by themselves once unused for the refresh token\'s life (issue 11, item 11)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const lifetimeDays = 30;

  /** A session store on the test stack's table whose clock the test moves. */
  function storeAt(start: Date) {
    let now = start.getTime();
    const store = new SessionStore(documents, stack.tableName, { maxSessions: 3, lifetimeDays }, () => new Date(now));
    return { store, advance: (ms: number) => { now += ms; } };
  }

  const caller = (): Caller => {
    const accountId = `account-${randomUUID()}`;
    return { userId: accountId, email: `${accountId}@test.example`, role: 'basicuser', customerId: `sessions-${tag()}`, accountId, isPortalLogin: true, tokenId: randomUUID() };
  };
  const origin = { ip: '10.0.0.1', userAgent: 'test' };
  const input: LoginSessionInput = loginSessionInputSchema.parse({ platformName: 'browser', deviceName: 'test', appVersion: 'test' });

  /** The token family's state, which must exist. */
  async function stateOf(store: SessionStore, who: Caller, tokenId: string): Promise<TokenState> {
    const state = await store.tokenState(who.customerId, tokenId);
    if (state === undefined) throw new Error(`No session for token family ${tokenId}`);
    return state;
  }

  async function sessionItem(who: Caller, sessionId: string) {
    const result = await documents.send(new GetCommand({
      ...sessionKeyParams(stack.tableName, who.customerId, who.accountId, sessionId), ConsistentRead: true,
    }));
    return result.Item as { lastSeenAt: string; expiresAt: string; ttl: number } | undefined;
  }

  it('moves the expiry with use, writing last seen at most once per interval', async () => {
    const start = new Date();
    const { store, advance } = storeAt(start);
    const who = caller();
    const session = await store.open(who, who.tokenId, input, origin);
    const opened = await sessionItem(who, session.id);
    expect(opened?.ttl).toBe(Math.floor((start.getTime() + lifetimeDays * DAY) / 1000));

    // Used again within the interval: nothing is written.
    advance(SESSION_TOUCH_INTERVAL_MS - 60_000);
    await store.touch(who.customerId, who.tokenId, await stateOf(store, who, who.tokenId));
    expect((await sessionItem(who, session.id))?.lastSeenAt).toBe(start.toISOString());

    // Used 20 days later: last seen and the expiry move on together.
    advance(20 * DAY);
    const usedAt = new Date(start.getTime() + SESSION_TOUCH_INTERVAL_MS - 60_000 + 20 * DAY);
    await store.touch(who.customerId, who.tokenId, await stateOf(store, who, who.tokenId));
    const touched = await sessionItem(who, session.id);
    expect(touched).toMatchObject({ lastSeenAt: usedAt.toISOString(), ttl: Math.floor((usedAt.getTime() + lifetimeDays * DAY) / 1000) });

    // 40 days after sign-in, 20 after last use: still live, and shown with its last seen.
    advance(20 * DAY);
    expect((await store.list(who.customerId, who.accountId)).map((item) => [item.id, item.lastSeen])).toEqual([[session.id, usedAt.toISOString()]]);
    expect((await store.tokenState(who.customerId, who.tokenId))?.revokedAt).toBeUndefined();
  });

  it('ends a session unused for longer than the lifetime: not listed, not counted, its tokens refused, never revived', async () => {
    const { store, advance } = storeAt(new Date());
    const who = caller();
    const first = randomUUID();
    const others = [randomUUID(), randomUUID()];
    for (const token of [first, ...others]) await store.open(who, token, input, origin);
    await expect(store.open(who, randomUUID(), input, origin)).rejects.toMatchObject({ message: MESSAGES.sessionLimitReached });

    // Past the lifetime; the items are still in the table (their TTL is in the real future).
    advance((lifetimeDays + 1) * DAY);
    expect(await store.list(who.customerId, who.accountId)).toEqual([]);
    const state = await stateOf(store, who, first);
    expect(state.revokedAt).toBeDefined();
    // A late call cannot bring it back.
    const { revokedAt: _ended, ...unrevoked } = state;
    await store.touch(who.customerId, first, unrevoked);
    expect(await store.list(who.customerId, who.accountId)).toEqual([]);
    // The limit counts live sessions only: a new sign-in opens.
    await expect(store.open(who, randomUUID(), input, origin)).resolves.toMatchObject({ current: true });
    expect(await store.list(who.customerId, who.accountId)).toHaveLength(1);
  });

  it('through the API: an expired session the TTL has not deleted yet is not counted and its tokens get 401', async () => {
    const user = await createUser(stack, 'basicuser');
    const second = await signIn(stack, user.email);
    const tokens = [user.token, second, await signIn(stack, user.email)];
    const listed = (await api(stack, user, 'GET', '/users/sessions')).body as UserSessionList;
    expect(listed.items).toHaveLength(3);
    // Last used 31 days ago: what an abandoned browser leaves (DynamoDB deletes expired items late).
    const past = new Date(Date.now() - DAY);
    for (const session of listed.items) {
      await documents.send(new UpdateCommand({
        ...sessionKeyParams(stack.tableName, user.customerId, user.accountId, session.id),
        UpdateExpression: 'SET lastSeenAt = :seen, expiresAt = :expires, #ttl = :ttl',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':seen': new Date(past.getTime() - lifetimeDays * DAY).toISOString(), ':expires': past.toISOString(), ':ttl': Math.floor(past.getTime() / 1000) },
      }));
    }
    for (const token of tokens) {
      const pointer = (await documents.send(new GetCommand(sessionTokenKeyParams(stack.tableName, user.customerId, tokenFamily(token))))).Item;
      if (pointer !== undefined) {
        await documents.send(new UpdateCommand({
          TableName: stack.tableName, Key: { pk: pointer['pk'], sk: pointer['sk'] },
          UpdateExpression: 'SET #ttl = :ttl', ExpressionAttributeNames: { '#ttl': 'ttl' }, ExpressionAttributeValues: { ':ttl': Math.floor(past.getTime() / 1000) },
        }));
      }
    }
    // The abandoned sessions' tokens are refused, and do not hold the limit.
    expect((await api(stack, { ...user, token: second }, 'GET', '/sites')).status).toBe(401);
    const fresh = { ...user, token: await signIn(stack, user.email) };
    const now = (await api(stack, fresh, 'GET', '/users/sessions')).body as UserSessionList;
    expect(now.items).toHaveLength(1);
    expect(now.items[0]?.current).toBe(true);
  });
});

/** The token family (`origin_jti`) of an ID token, which server sessions are bound to. */
function tokenFamily(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { origin_jti?: string; jti?: string };
  return payload.origin_jti ?? payload.jti ?? '';
}
