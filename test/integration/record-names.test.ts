import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { HistoryEntry } from '@domain/core/readable-changes';
import type { Navbar } from '@domain/identity/account';
import type { PlaceNames } from '@domain/organisation/location';
import type { Sensor } from '@domain/devices/sensor';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { addSensor, createSensorPlace, sensorBody, type SensorPlace } from '../support/sensors';

/**
 * Names, not ids (issue 17 items 10 and 11): a user invited to one site reads the names of
 * every site and location their lists show (a site of two locations brings the other one), and
 * a record's history comes with the names of the records its changes name.
 */
const stack = inject('stack');
const items = <T>(body: unknown) => (body as { items: T[] }).items;

describe('names for the ids a user reads', () => {
  // An organisation of its own: its names are exactly the ones made here.
  const org = `names-${randomUUID().slice(0, 8)}`;
  const tag = () => randomUUID().slice(0, 8);
  const address = { address: '1 Cold Store Lane', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
  let admin: TestUser;
  let oneSiteUser: TestUser;
  let place: SensorPlace;
  let sensorId: string;
  /** A second location, and a site of both: the one site the user is invited to. */
  let otherLocationId: string;
  let sharedSiteId: string;
  let names: Map<string, string>;

  const created = async (path: string, body: Record<string, unknown>) => {
    const answer = await api(stack, admin, 'POST', path, body);
    expect(answer.status).toBe(201);
    return (answer.body as { id: string }).id;
  };

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', org);
    place = await createSensorPlace(stack, admin);
    sensorId = await addSensor(stack, admin, place);
    otherLocationId = await created('/locations', { name: `Annex ${tag()}`, ...address });
    sharedSiteId = await created('/sites', {
      name: `Shared kitchen ${tag()}`, locationIds: [place.locationId, otherLocationId], timezone: 'Europe/London', billingAddressSameAsSite: false, billingAddress: address,
    });
    const gatewayId = await created('/gateways', {
      name: `Annex gateway ${tag()}`, model: 'GW-CELL', macId: randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase(),
      eui: randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase(), locationIds: [otherLocationId], siteId: sharedSiteId,
    });
    await addSensor(stack, admin, place, { locationId: otherLocationId, siteId: sharedSiteId, gatewayId });
    // Invited to one site, with the one location they were given (the site is in another too).
    oneSiteUser = await createUser(stack, 'basicuser', org);
    await provisionAccount(stack, { ...oneSiteUser, siteIds: [sharedSiteId], locationIds: [place.locationId] });
    const all = (await api(stack, admin, 'GET', '/locations/names')).body as PlaceNames;
    names = new Map([...all.locations, ...all.sites].map((entry) => [entry.id, entry.name]));
  });

  it('gives a one-site user the names of every site and location their lists show, and of nothing else', async () => {
    const sensors = items<Sensor>((await api(stack, oneSiteUser, 'GET', '/sensors?limit=1000')).body);
    expect(sensors.map((sensor) => [sensor.siteId, sensor.locationId])).toEqual([[sharedSiteId, otherLocationId]]);
    // The navbar keeps to the location they were given, so it cannot name the sensor's.
    const navbar = (await api(stack, oneSiteUser, 'GET', '/locations/navbar')).body as Navbar;
    expect(navbar.locations.map((location) => location.id)).toEqual([place.locationId]);

    const answer = await api(stack, oneSiteUser, 'GET', '/locations/names');
    expect(answer.status).toBe(200);
    const theirs = answer.body as PlaceNames;
    expect(theirs.sites).toEqual([{ id: sharedSiteId, name: names.get(sharedSiteId) }]);
    expect(theirs.locations).toEqual(expect.arrayContaining([
      { id: place.locationId, name: names.get(place.locationId) },
      { id: otherLocationId, name: names.get(otherLocationId) },
    ]));
    expect(theirs.locations).toHaveLength(2);
    expect(names.get(otherLocationId)).toMatch(/^Annex /);
  });

  it("sends a sensor's history with the names of the gateway, location, site and profiles its changes name", async () => {
    const moved = await api(stack, admin, 'PUT', `/sensors/${sensorId}`, sensorBody(place, {
      id: sensorId, name: 'Walk-in fridge', siteId: place.otherSiteId, gatewayId: place.otherGatewayId,
    }));
    expect(moved.status).toBe(200);
    const gatewayNames = new Map((items<{ id: string; name: string }>((await api(stack, admin, 'GET', '/gateways')).body)).map((gateway) => [gateway.id, gateway.name]));

    const [update, create] = items<HistoryEntry>((await api(stack, admin, 'GET', `/sensors/${sensorId}/history`)).body);
    expect(update?.names).toMatchObject({
      [`gateway:${place.gatewayId}`]: gatewayNames.get(place.gatewayId),
      [`gateway:${place.otherGatewayId}`]: gatewayNames.get(place.otherGatewayId),
      [`site:${place.siteId}`]: names.get(place.siteId),
      [`site:${place.otherSiteId}`]: names.get(place.otherSiteId),
    });
    expect(Object.keys(update?.names ?? {})).not.toContain(`location:${place.locationId}`);
    expect(create?.names).toMatchObject({
      [`location:${place.locationId}`]: names.get(place.locationId),
      [`dataLoggingProfile:${place.profileId}`]: expect.stringMatching(/^Every 5 minutes /),
    });
  });
});
