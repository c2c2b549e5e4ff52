import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DataLoggingProfile } from '@domain/devices/data-logging-profile';
import type { Gateway, HistoryEntry } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import type { QuickRegisterResult, Sensor } from '@domain/devices/sensor';
import type { SiteDevices } from '@domain/organisation/site';
import { api, createUser, type TestUser } from '../support/identity';
import { addSensor, createSensorPlace, newSensorId, type SensorPlace } from '../support/sensors';

const stack = inject('stack');
const ORG = 'quick-register-test-org';

describe('Quick Register: many sensors at once from a pasted or scanned list', () => {
  let admin: TestUser;
  let place: SensorPlace;

  const register = (lines: string, overrides: Record<string, unknown> = {}) => api(stack, admin, 'POST', '/sensors/quickregister', {
    siteId: place.siteId, locationId: place.locationId, gatewayId: place.gatewayId, deviceModel: 'CT-500D', connectionType: 'subGhz',
    dataLoggingProfileId: place.profileId, monitoringType: 'door', lines, ...overrides,
  });

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    place = await createSensorPlace(stack, admin);
  });

  it('registers each line in its own right and says, line by line, what became of it', async () => {
    const [first, second, third, named] = [newSensorId(), newSensorId(), newSensorId(), newSensorId()];
    const onSite = await addSensor(stack, admin, place);
    const elsewhere = await addSensor(stack, admin, place, { siteId: place.otherSiteId, gatewayId: place.otherGatewayId });
    const lines = [
      `${first.toLowerCase()}, ${second};${third}`,
      `${named}, Cold room door`,
      'ZZ-12',
      '',
      `${first}`,
      `${onSite}`,
      `${elsewhere}`,
      'ABC',
    ].join('\n');
    const answer = await register(lines);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const result = answer.body as QuickRegisterResult;
    expect(result.results).toEqual([
      { line: 1, id: first, status: 'registered' },
      { line: 1, id: second, status: 'registered' },
      { line: 1, id: third, status: 'registered' },
      { line: 2, id: named, status: 'registered' },
      { line: 3, id: 'ZZ-12', status: 'failed', message: MESSAGES.sensorIdSpecialCharacters },
      { line: 5, id: first, status: 'failed', message: MESSAGES.quickRegisterDuplicateLine },
      { line: 6, id: onSite, status: 'failed', message: 'Sensor already added!' },
      { line: 7, id: elsewhere, status: 'failed', message: 'Sensor already added to another site!' },
      { line: 8, id: 'ABC', status: 'failed', message: MESSAGES.sensorIdInvalid },
    ]);
    expect(result).toMatchObject({ registered: 4, failed: 5 });

    // The registered ones are whole sensors of the model: every channel with the profile, the contact labels, the place.
    const sensor = (await api(stack, admin, 'GET', `/sensors/${named}`)).body as Sensor;
    expect(sensor).toMatchObject({
      id: named, name: 'Cold room door', deviceModel: 'CT-500D', monitoringType: 'door', connectionType: 'subGhz',
      siteId: place.siteId, locationId: place.locationId, gatewayId: place.gatewayId, openLabel: 'Open', closeLabel: 'Closed',
      channels: [
        { channel: 1, dataLoggingProfileId: place.profileId, sensorType: 'contact', sensorSubType: 'door' },
        { channel: 2, dataLoggingProfileId: place.profileId, sensorType: 'temperature', sensorSubType: 'ambient' },
      ],
    });
    expect(((await api(stack, admin, 'GET', `/sensors/${first}`)).body as Sensor).name).toBe(first);
    const gateway = (await api(stack, admin, 'GET', `/gateways/${place.gatewayId}`)).body as Gateway;
    expect(gateway.sensorCount).toBe(5);
    expect(((await api(stack, admin, 'GET', `/dataloggingprofiles/${place.profileId}`)).body as DataLoggingProfile).useCount).toBe(2 * 2 + 4 * 2);
  });

  it('takes per-channel types other than the model\'s first', async () => {
    const id = newSensorId();
    const answer = await register(id, { deviceModel: 'CT-100', monitoringType: 'freezer', channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'walkInFreezer' }] });
    expect((answer.body as QuickRegisterResult).results).toEqual([{ line: 1, id, status: 'registered' }]);
    expect(((await api(stack, admin, 'GET', `/sensors/${id}`)).body as Sensor).channels[0]?.sensorSubType).toBe('walkInFreezer');
  });

  it('refuses the whole list when it is empty, longer than 200 sensors, or placed where sensors cannot go', async () => {
    const message = async (lines: string, overrides: Record<string, unknown> = {}) => {
      const answer = await register(lines, overrides);
      expect(answer.status).toBe(400);
      return (answer.body as { message: string }).message;
    };
    expect(await message('  \n ,; ')).toBe(MESSAGES.quickRegisterLinesRequired);
    expect(await message(Array.from({ length: 201 }, newSensorId).join('\n'))).toBe(MESSAGES.quickRegisterTooManyLines);
    expect(await message(newSensorId(), { gatewayId: place.otherGatewayId })).toBe(MESSAGES.sensorGatewayOtherSite);
    expect(await message(newSensorId(), { connectionType: 'wifi' })).toBe(MESSAGES.connectionTypeNotForModel);
    expect(await message(newSensorId(), { dataLoggingProfileId: 'no-such-profile' })).toBe(MESSAGES.dataLoggingProfileUnknown);
    // A gateway whose model does not relay the connection type (a LoRaWAN-only one for Sub-GHz sensors).
    const hex = (bytes: number) => Array.from({ length: bytes * 2 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');
    const lorawan = await api(stack, admin, 'POST', '/gateways', {
      name: `LoRaWAN gateway ${newSensorId()}`, model: 'GW-LR8', macId: hex(6), eui: hex(8), locationIds: [place.locationId], siteId: place.siteId,
    });
    expect(lorawan.status, JSON.stringify(lorawan.body)).toBe(201);
    const gatewayId = (lorawan.body as Gateway).id;
    expect(await message(newSensorId(), { gatewayId })).toBe(MESSAGES.sensorGatewayCannotRelay);
    const overLoRaWan = await register(newSensorId(), { gatewayId, connectionType: 'loraWan' });
    expect(overLoRaWan.body).toMatchObject({ registered: 1, failed: 0 });
    const basic = await createUser(stack, 'basicuser', ORG);
    expect((await api(stack, basic, 'POST', '/sensors/quickregister', {})).status).toBe(403);
  });

  it('registers 200 sensors in one request, each counted once on the gateway, the profile and the site', async () => {
    const sensorCount = async () => ((await api(stack, admin, 'GET', `/gateways/${place.gatewayId}`)).body as Gateway).sensorCount;
    const useCount = async () => ((await api(stack, admin, 'GET', `/dataloggingprofiles/${place.profileId}`)).body as DataLoggingProfile).useCount;
    const [sensorsBefore, usesBefore] = [await sensorCount(), await useCount()];
    const ids = Array.from({ length: 200 }, newSensorId);
    const answer = await register(ids.join('\n'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ registered: 200, failed: 0 });
    expect(await sensorCount()).toBe(sensorsBefore + 200);
    // CT-500D: two channels, both on the profile.
    expect(await useCount()).toBe(usesBefore + 400);
    const onSite = ((await api(stack, admin, 'GET', `/sites/${place.siteId}/devices`)).body as SiteDevices).sensors.map((sensor) => sensor.id);
    expect(onSite).toEqual(expect.arrayContaining(ids));
    const history = (await api(stack, admin, 'GET', `/sensors/${ids[199] ?? ''}/history`)).body as { items: HistoryEntry[] };
    expect(history.items.map((entry) => entry.action)).toEqual(['create']);
  });
});
