import { randomBytes, randomUUID } from 'node:crypto';
import type { StackUnderTest } from './global-setup';
import { api, provisionAccount, type TestUser } from './identity';

/** A place to put sensors, all made through the API: two sites on one location, a gateway on each, two profiles. */
export interface SensorPlace {
  locationId: string;
  siteId: string;
  gatewayId: string;
  /** A second site of the same location, with its own gateway. */
  otherSiteId: string;
  otherGatewayId: string;
  profileId: string;
  otherProfileId: string;
}

/** A new sensor id of the CT models: 8 hexadecimal characters. */
export const newSensorId = () => randomBytes(4).toString('hex').toUpperCase();
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const tag = () => randomUUID().slice(0, 8);

async function created(call: Promise<{ status: number; body: unknown }>, what: string): Promise<string> {
  const result = await call;
  if (result.status !== 201) throw new Error(`Adding ${what} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return (result.body as { id: string }).id;
}

/** Makes a sensor place as the organisation's administrator (given corporate access, as user administration would). */
export async function createSensorPlace(stack: StackUnderTest, admin: TestUser): Promise<SensorPlace> {
  await provisionAccount(stack, { email: admin.email, role: admin.role, customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true });
  const address = { address: '1 Cold Store Lane', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
  const locationId = await created(api(stack, admin, 'POST', '/locations', { name: `Depot ${tag()}`, ...address }), 'a location');
  const site = () => created(api(stack, admin, 'POST', '/sites', {
    name: `Kitchen ${tag()}`, locationIds: [locationId], timezone: 'Europe/London', billingAddressSameAsSite: false, billingAddress: address,
  }), 'a site');
  const [siteId, otherSiteId] = [await site(), await site()];
  const gateway = (onSite: string) => created(api(stack, admin, 'POST', '/gateways', {
    name: `Gateway ${tag()}`, model: 'GW-CELL', macId: hex(6), eui: hex(8), locationIds: [locationId], siteId: onSite,
  }), 'a gateway');
  const profile = () => created(api(stack, admin, 'POST', '/dataloggingprofiles', {
    name: `Every 5 minutes ${tag()}`, valueToLog: 'instant', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0,
  }), 'a data logging profile');
  return {
    locationId, siteId, otherSiteId,
    gatewayId: await gateway(siteId), otherGatewayId: await gateway(otherSiteId),
    profileId: await profile(), otherProfileId: await profile(),
  };
}

/** A valid two-channel temperature and humidity sensor (CT-200) on the place's first site. */
export function sensorBody(place: SensorPlace, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: newSensorId(),
    name: `Walk-in fridge ${tag()}`,
    deviceModel: 'CT-200',
    monitoringType: 'refrigeration',
    connectionType: 'subGhz',
    locationId: place.locationId,
    siteId: place.siteId,
    gatewayId: place.gatewayId,
    channels: [
      { channel: 1, dataLoggingProfileId: place.profileId, sensorType: 'temperature', sensorSubType: 'walkInCooler' },
      { channel: 2, dataLoggingProfileId: place.profileId, sensorType: 'humidity', sensorSubType: 'relativeHumidity' },
    ],
    ...overrides,
  };
}

/** Adds a sensor and returns its id (throws with the API's answer otherwise). */
export async function addSensor(stack: StackUnderTest, admin: TestUser, place: SensorPlace, overrides: Record<string, unknown> = {}): Promise<string> {
  return created(api(stack, admin, 'POST', '/sensors', sensorBody(place, overrides)), 'a sensor');
}
