import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import type { NotificationGroup } from '@domain/notifications/notification-group';
import type { DataLoggingProfile } from '@domain/devices/data-logging-profile';
import type { DeviceCommand } from '@domain/devices/device-commands';
import type { Gateway } from '@domain/devices/gateway';
import type { Sensor } from '@domain/devices/sensor';
import type { SiteDevices } from '@domain/organisation/site';
import type { ReadingRow } from '@domain/telemetry/telemetry';
import type { Checklist } from '@domain/haccp/checklist';
import type { CorrectiveAction } from '@domain/haccp/corrective-action';
import { instanceStateAt, localDateIn } from '@domain/haccp/instance';
import type { Shift } from '@domain/haccp/shift';
import {
  checklistAnswersOfInstance, checklistInstancesOfChecklist, haccpOrganisations, queryAll, toChecklistInstance, toHaccpOrganisationId,
  seedMarkerKey,
} from '../../lambdas/data';
import { DEMO_ORGANISATION } from '../../local/demo';
import { DEMO_ALARM_PROFILES, DEMO_GATEWAYS, DEMO_LOGGING_PROFILES, DEMO_NOTIFICATION_GROUP, DEMO_SENSORS, seedDemoDevices } from '../../local/demo-devices';
import { DEMO_CHECKLISTS, DEMO_CORRECTIVE_ACTIONS, DEMO_HACCP_HISTORY_DAYS, DEMO_SHIFTS, seedDemoHaccp } from '../../local/demo-haccp';
import { deviceCredentials } from '../../local/device-credentials';
import { LOCAL_REGION } from '../../local/identity';
import { placedFleet, startSimulatedDevice, startSimulator, type RunningSimulator, type SimulatedDevice } from '../../local/simulator';
import { registerTestDevices, type TestDevices } from '../support/devices';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
/** An organisation of these tests' own, so the demo organisation's devices stay as they are. */
const ORG = 'simulator-test-org';
const MINUTE = 60_000;

/**
 * The simulator against the whole local path (issue 5 §4): its devices connect to the broker
 * with their own credentials, the rule subscriber hands their messages to the ingest, and the
 * portal shows stored readings, the sensors' and gateway's live state, and the devices'
 * answers to commands.
 */
describe('the device simulator on the local stack', () => {
  let admin: TestUser;
  let devices: TestDevices;
  let simulator: RunningSimulator;
  let backfillFrom: number;

  const readings = async (sensorId: string): Promise<ReadingRow[]> => {
    const result = await api(stack, admin, 'GET', `/sensors/${sensorId}/readings?startDate=${backfillFrom - MINUTE}&endDate=${Date.now() + MINUTE}&limit=100`);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return (result.body as { items: ReadingRow[] }).items;
  };
  const sensor = async (id: string) => (await api(stack, admin, 'GET', `/sensors/${id}`)).body as Sensor;
  const commandOf = async (path: string, commandId: string) =>
    ((await api(stack, admin, 'GET', `${path}/commands`)).body as { items: DeviceCommand[] }).items.find((command) => command.id === commandId);
  const send = async (path: string, body: Record<string, unknown>) => {
    const sent = await api(stack, admin, 'POST', `${path}/commands`, body);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    return (sent.body as DeviceCommand).id;
  };

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    devices = await registerTestDevices(stack, admin);
    backfillFrom = Date.now() - 30 * MINUTE;
    // Half an hour of the past at once (the back-fill, as gateway batches), then real time.
    simulator = await startSimulator({
      brokerUrl: stack.mqttUrl,
      customerId: ORG,
      fleet: placedFleet([
        { sensorId: devices.radioSensorId, model: 'CT-100', gatewayId: devices.gatewayId },
        // Registered with its first channel only (no probe plugged in).
        { sensorId: devices.wifiSensorId, model: 'WF-900', channels: [1] },
      ]),
      credentials: (deviceId) => deviceCredentials(stack.dataDir, ORG, deviceId),
      seed: 'simulator-test',
      start: backfillFrom,
      speed: Number.POSITIVE_INFINITY,
    });
  });
  afterAll(async () => {
    await simulator?.stop();
  });

  it('makes readings arrive: stored at their own times, through the gateway and from the Wi-Fi sensor', async () => {
    // Six readings each in 30 minutes at one every 5 minutes (the phase decides the sixth).
    await expect.poll(async () => (await readings(devices.radioSensorId)).length, { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(5);
    await expect.poll(async () => (await readings(devices.wifiSensorId)).length, { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(5);
    const radio = await readings(devices.radioSensorId);
    const times = radio.map((row) => Date.parse(row.time)).sort((a, b) => a - b);
    expect(times[0]).toBeGreaterThanOrEqual(backfillFrom);
    expect(times[0]).toBeLessThan(backfillFrom + 6 * MINUTE);
    // Five minutes apart, as the model reports.
    expect(times.slice(1).map((time, index) => time - (times[index] ?? 0))).toEqual(times.slice(1).map(() => 5 * MINUTE));
    for (const row of radio) {
      expect(row.sourceDeviceId).toBe(devices.gatewayId);
      // A reach-in fridge: in its band.
      expect(row.channels['1']).toBeGreaterThan(1);
      expect(row.channels['1']).toBeLessThan(7);
      expect(row.signal).toBeLessThanOrEqual(-40);
    }
    expect((await readings(devices.wifiSensorId)).every((row) => row.sourceDeviceId === devices.wifiSensorId)).toBe(true);
  });

  it("updates the sensors' and the gateway's live state", async () => {
    await expect.poll(async () => (await sensor(devices.radioSensorId)).live.online, { timeout: 30_000, interval: 500 }).toBe(true);
    const { live } = await sensor(devices.radioSensorId);
    expect(live.reading?.['1']).toEqual(expect.any(Number));
    expect(live.battery).toEqual(expect.any(Number));
    expect(Date.parse(live.lastReadingAt ?? '')).toBeGreaterThan(Date.now() - 6 * MINUTE);
    await expect.poll(async () => ((await api(stack, admin, 'GET', `/gateways/${devices.gatewayId}`)).body as Gateway).state.firmware, { timeout: 30_000, interval: 500 })
      .toBe('2.4.1');
  });

  it('keeps publishing in real time: a reading made now arrives', async () => {
    const before = (await readings(devices.radioSensorId)).length;
    simulator.simulation.reportNow(devices.radioSensorId);
    await simulator.tickNow();
    await expect.poll(async () => (await readings(devices.radioSensorId)).length, { timeout: 20_000, interval: 500 }).toBe(before + 1);
    expect(Date.parse((await readings(devices.radioSensorId))[0]?.time ?? '')).toBeGreaterThan(Date.now() - MINUTE);
  });

  it('answers commands with acknowledgements: the gateway for itself and for its sensor; a bad firmware file fails', async () => {
    const gatewayPath = `/gateways/${devices.gatewayId}`;
    const sensorPath = `/sensors/${devices.radioSensorId}`;
    const ping = await send(gatewayPath, { command: 'ping' });
    const priority = await send(sensorPath, { command: 'setPriority', parameters: { priority: 3 } });
    const firmware = await send(`/sensors/${devices.wifiSensorId}`, { command: 'firmwareUpdate', parameters: { fileName: 'not-a-firmware.zip' } });
    await expect.poll(async () => (await commandOf(gatewayPath, ping))?.status, { timeout: 20_000, interval: 500 }).toBe('executed');
    expect(await commandOf(gatewayPath, ping)).toMatchObject({ response: 'Pong', executedAt: expect.any(String) });
    await expect.poll(async () => (await commandOf(sensorPath, priority))?.status, { timeout: 20_000, interval: 500 }).toBe('executed');
    expect((await commandOf(sensorPath, priority))?.response).toBe('Priority set to 3');
    await expect.poll(async () => (await commandOf(`/sensors/${devices.wifiSensorId}`, firmware))?.status, { timeout: 20_000, interval: 500 }).toBe('failed');
    expect((await commandOf(`/sensors/${devices.wifiSensorId}`, firmware))?.response).toBe('Firmware file "not-a-firmware.zip" not found');
    // The simulator counts an acknowledgement once its publish has returned, which can be after the stack stored it.
    await expect.poll(() => simulator.stats().acknowledgements, { timeout: 5_000, interval: 100 }).toBeGreaterThanOrEqual(3);
  });
});

describe('startSimulatedDevice (one device for a browser test)', () => {
  let device: SimulatedDevice | undefined;
  afterAll(async () => {
    await device?.stop();
  });

  it('publishes a reading now on request, for a sensor behind its gateway', async () => {
    const admin = await createUser(stack, 'admin', ORG);
    const devices = await registerTestDevices(stack, admin);
    device = await startSimulatedDevice({
      brokerUrl: stack.mqttUrl, customerId: ORG, deviceId: devices.radioSensorId, model: 'CT-100', gatewayId: devices.gatewayId,
      credentials: (deviceId) => deviceCredentials(stack.dataDir, ORG, deviceId),
    });
    await device.publishNow();
    await expect.poll(async () => ((await api(stack, admin, 'GET', `/sensors/${devices.radioSensorId}`)).body as Sensor).live.reading?.['1'], { timeout: 20_000, interval: 500 })
      .toEqual(expect.any(Number));
  });
});

describe("the demo organisation's devices", () => {
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const seed = () => seedDemoDevices(documents, stack.tableName, { writer: documents });
  let admin: TestUser;
  afterAll(() => documents.destroy());

  beforeAll(async () => {
    admin = await createUser(stack, 'admin');
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true });
  });

  /** What the portal lists of the demo fleet: sensors, gateways with their sensor counts, profiles, the site's devices. */
  const listed = async () => {
    const sensors = ((await api(stack, admin, 'GET', '/sensors?limit=1000')).body as { items: Sensor[] }).items;
    const gateways = ((await api(stack, admin, 'GET', '/gateways?limit=100')).body as { items: Gateway[] }).items;
    const profiles = ((await api(stack, admin, 'GET', '/dataloggingprofiles?limit=100')).body as { items: DataLoggingProfile[] }).items;
    const site = (await api(stack, admin, 'GET', `/sites/${DEMO_ORGANISATION.site.id}/devices`)).body as SiteDevices;
    const alarmProfiles = ((await api(stack, admin, 'GET', '/alarmprofiles?limit=100')).body as { items: AlarmProfile[] }).items;
    const demoSensorIds = new Set(DEMO_SENSORS.map((sensor) => sensor.id));
    const demoGatewayIds = new Set(DEMO_GATEWAYS.map((gateway) => gateway.id));
    const alarmProfileNameOf = (id: string | undefined) => alarmProfiles.find((profile) => profile.id === id)?.name;
    const groups = ((await api(stack, admin, 'GET', '/notificationgroups?limit=100')).body as { items: NotificationGroup[] }).items;
    const kitchen = groups.find((group) => group.name === DEMO_NOTIFICATION_GROUP.name);
    return {
      notificationGroup: kitchen === undefined ? 'none' : `${kitchen.name}: ${kitchen.sensorCount} sensor(s), ${kitchen.gatewayCount} gateway(s)`,
      withoutGroup: [
        ...sensors.filter((sensor) => demoSensorIds.has(sensor.id))
          .filter((sensor) => JSON.stringify([sensor.notificationGroupIds, sensor.inactivityNotificationGroupIds]) !== JSON.stringify([[kitchen?.id], [kitchen?.id]])),
        ...gateways.filter((gateway) => demoGatewayIds.has(gateway.id) && gateway.notificationGroupId !== kitchen?.id),
      ].map((device) => device.name),
      alarmProfiles: alarmProfiles.filter((profile) => DEMO_ALARM_PROFILES.some((demo) => demo.form.name === profile.name))
        .map((profile) => `${profile.name}: ${profile.sensorCount} sensor(s), ${profile.gatewayCount} gateway(s)`).sort(),
      deviceAlarmProfiles: [
        ...sensors.filter((sensor) => demoSensorIds.has(sensor.id)).map((sensor) => `${sensor.name}: ${alarmProfileNameOf(sensor.alarmProfileId) ?? 'none'}`),
        ...gateways.filter((gateway) => demoGatewayIds.has(gateway.id)).map((gateway) => `${gateway.name}: ${alarmProfileNameOf(gateway.alarmProfileId) ?? 'none'}`),
      ].sort(),
      sensors: sensors.filter((sensor) => demoSensorIds.has(sensor.id)).map((sensor) => `${sensor.id} ${sensor.name}`).sort(),
      gateways: gateways.filter((gateway) => demoGatewayIds.has(gateway.id)).map((gateway) => `${gateway.name}: ${gateway.sensorCount}`).sort(),
      profiles: profiles.filter((profile) => DEMO_LOGGING_PROFILES.some((demo) => demo.name === profile.name)).map((profile) => `${profile.name}: ${profile.useCount}`).sort(),
      siteSensors: site.sensors.filter((sensor) => demoSensorIds.has(sensor.id)).length,
      siteGateways: site.gateways.filter((gateway) => demoGatewayIds.has(gateway.id)).length,
    };
  };

  it('are real records, seeded through their stores: listed, counted on their gateways, profiles and site', async () => {
    const seen = await listed();
    expect(seen.sensors).toEqual(DEMO_SENSORS.map((sensor) => `${sensor.id} ${sensor.name}`).sort());
    const onGateway = (gatewayId: string) => DEMO_SENSORS.filter((sensor) => sensor.gatewayId === gatewayId).length;
    expect(seen.gateways).toEqual(DEMO_GATEWAYS.map((gateway) => `${gateway.name}: ${onGateway(gateway.id)}`).sort());
    const channelsOn = (profileId: string) => DEMO_SENSORS.flatMap((sensor) => sensor.channels).filter((channel) => channel.dataLoggingProfileId === profileId).length;
    expect(seen.profiles).toEqual(DEMO_LOGGING_PROFILES.map((profile) => `${profile.name}: ${channelsOn(profile.id)}`).sort());
    expect(seen.siteSensors).toBe(DEMO_SENSORS.length);
    expect(seen.siteGateways).toBe(DEMO_GATEWAYS.length);
    // Each device has the alarm profile of what it is, and the profiles count them.
    const demoAlarmProfileName = (key: string) => DEMO_ALARM_PROFILES.find((profile) => profile.id === key)?.form.name;
    expect(seen.deviceAlarmProfiles).toEqual([...DEMO_SENSORS, ...DEMO_GATEWAYS].map((device) => `${device.name}: ${demoAlarmProfileName(device.alarmProfileId)}`).sort());
    const using = (key: string, devices: readonly { alarmProfileId: string }[]) => devices.filter((device) => device.alarmProfileId === key).length;
    expect(seen.alarmProfiles).toEqual(DEMO_ALARM_PROFILES.map((profile) =>
      `${profile.form.name}: ${using(profile.id, DEMO_SENSORS)} sensor(s), ${using(profile.id, DEMO_GATEWAYS)} gateway(s)`).sort());
    expect(seen.deviceAlarmProfiles).toContain('Chest Freezer Probe: Freezer food probe');
    // Every device is in the Main Kitchen notification group, which counts them.
    expect(seen.withoutGroup).toEqual([]);
    expect(seen.notificationGroup).toBe(`Main Kitchen: ${DEMO_SENSORS.length} sensor(s), ${DEMO_GATEWAYS.length} gateway(s)`);
    const groups = ((await api(stack, admin, 'GET', '/notificationgroups?limit=100')).body as { items: NotificationGroup[] }).items;
    expect(groups.find((group) => group.name === 'Main Kitchen')).toMatchObject({
      isDefault: true, siteIds: [DEMO_ORGANISATION.site.id],
      schedules: [{ users: [
        { accountId: 'demo-account-admin', level: 1, delayMinutes: 0, channels: ['email', 'text'] },
        { accountId: 'demo-account-user', level: 2, delayMinutes: 15, channels: ['email', 'push'] },
      ] }],
    });
    // Each with its history, as if an administrator had added it.
    const history = ((await api(stack, admin, 'GET', `/sensors/${DEMO_SENSORS[0]?.id ?? ''}/history`)).body as { items: { action: string }[] }).items;
    expect(history.map((entry) => entry.action)).toContain('create');
  });

  it('are seeded once: again, nothing changes; a data folder seeded before devices existed gets them, without doubles', async () => {
    const before = await listed();
    expect(await seed()).toBe(false);
    // As in a data folder seeded before the demo had devices: no devices marker yet.
    await documents.send(new DeleteCommand({ TableName: stack.tableName, Key: seedMarkerKey(DEMO_ORGANISATION.customerId, 'DEVICES') }));
    expect(await seed()).toBe(true);
    expect(await listed()).toEqual(before);
    expect(await seed()).toBe(false);
  });

  it('gives the devices of a data folder seeded before alarm profiles existed their profiles, once', async () => {
    const before = await listed();
    // As in such a folder: no alarm profiles marker, and a demo sensor without a profile.
    const sensorId = DEMO_SENSORS[0]?.id ?? '';
    const sensor = (await api(stack, admin, 'GET', `/sensors/${sensorId}`)).body as Sensor;
    const { live: _live, scheduledChanges: _changes, ...form } = sensor;
    expect((await api(stack, admin, 'PUT', `/sensors/${sensorId}`, { ...form, alarmProfileId: '' })).status).toBe(200);
    expect(((await api(stack, admin, 'GET', `/sensors/${sensorId}`)).body as Sensor).alarmProfileId).toBeUndefined();
    await documents.send(new DeleteCommand({ TableName: stack.tableName, Key: seedMarkerKey(DEMO_ORGANISATION.customerId, 'ALARMPROFILES') }));
    expect(await seed()).toBe(false);
    expect(await listed()).toEqual(before);
    // Once: a profile taken away afterwards is not put back.
    expect((await api(stack, admin, 'PUT', `/sensors/${sensorId}`, { ...form, alarmProfileId: '' })).status).toBe(200);
    await seed();
    expect(((await api(stack, admin, 'GET', `/sensors/${sensorId}`)).body as Sensor).alarmProfileId).toBeUndefined();
    expect((await api(stack, admin, 'PUT', `/sensors/${sensorId}`, { ...form })).status).toBe(200);
    expect(await listed()).toEqual(before);
  });

  it('gives the devices of a data folder seeded before notification groups existed the Main Kitchen group, once', async () => {
    const before = await listed();
    const sensorId = DEMO_SENSORS[0]?.id ?? '';
    const sensor = (await api(stack, admin, 'GET', `/sensors/${sensorId}`)).body as Sensor;
    const { live: _live, scheduledChanges: _changes, ...form } = sensor;
    const withoutGroups = { ...form, notificationGroupIds: [], inactivityNotificationGroupIds: [] };
    expect((await api(stack, admin, 'PUT', `/sensors/${sensorId}`, withoutGroups)).status).toBe(200);
    await documents.send(new DeleteCommand({ TableName: stack.tableName, Key: seedMarkerKey(DEMO_ORGANISATION.customerId, 'NOTIFICATIONGROUPS') }));
    expect(await seed()).toBe(false);
    expect(await listed()).toEqual(before);
    // Once: a group taken away afterwards is not put back.
    expect((await api(stack, admin, 'PUT', `/sensors/${sensorId}`, withoutGroups)).status).toBe(200);
    await seed();
    expect(((await api(stack, admin, 'GET', `/sensors/${sensorId}`)).body as Sensor).notificationGroupIds).toEqual([]);
    expect((await api(stack, admin, 'PUT', `/sensors/${sensorId}`, form)).status).toBe(200);
    expect(await listed()).toEqual(before);
  });
});

describe("the demo organisation's HACCP", () => {
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const { customerId, site } = DEMO_ORGANISATION;
  let admin: TestUser;
  afterAll(() => documents.destroy());

  beforeAll(async () => {
    admin = await createUser(stack, 'admin');
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true });
  });

  /** Each demo checklist's instances of the last week and today, with their states now and their answers' exceptions. */
  const week = async () => {
    const now = new Date();
    const from = localDateIn(new Date(now.getTime() - DEMO_HACCP_HISTORY_DAYS * 24 * 60 * MINUTE), site.timezone);
    const today = localDateIn(now, site.timezone);
    return Promise.all(DEMO_CHECKLISTS.map(async (checklist) => {
      const instances = await queryAll(documents, checklistInstancesOfChecklist(stack.tableName, customerId, checklist.id, from, today), toChecklistInstance);
      const states = instances.map((instance) => instanceStateAt({
        windowStart: new Date(instance.windowStart), windowEnd: new Date(instance.windowEnd),
        ...(instance.startedAt === undefined ? {} : { startedAt: new Date(instance.startedAt) }),
        ...(instance.completedAt === undefined ? {} : { completedAt: new Date(instance.completedAt) }),
      }, now));
      return { checklist: checklist.id, ids: instances.map((instance) => instance.id).sort(), states, instances };
    }));
  };

  it('has the morning and evening shifts, the three checklists in a group, and a week of them on time, late and missed', async () => {
    const shifts = ((await api(stack, admin, 'GET', '/shifts?limit=100')).body as { items: Shift[] }).items;
    expect(shifts.filter((shift) => DEMO_SHIFTS.some((demo) => demo.id === shift.id)).map((shift) => `${shift.name} ${shift.siteId}`).sort())
      .toEqual([`Evening ${site.id}`, `Morning ${site.id}`]);
    const checklists = ((await api(stack, admin, 'GET', '/checklists?limit=100')).body as { items: Checklist[] }).items;
    const demoChecklists = checklists.filter((checklist) => DEMO_CHECKLISTS.some((demo) => demo.id === checklist.id));
    expect(demoChecklists.map((checklist) => checklist.name).sort()).toEqual(['Closing checks', 'Fryer oil check', 'Opening checks']);
    expect(new Set(demoChecklists.map((checklist) => checklist.groupId)).size).toBe(1);
    const opening = demoChecklists.find((checklist) => checklist.name === 'Opening checks');
    expect(opening?.questions.map((question) => question.type)).toEqual(['sensorTemperature', 'probeTemperature', 'yesNo', 'photo']);
    expect(opening?.questions[0]?.sensorId).toBe(DEMO_SENSORS[0]?.id);
    const actions = ((await api(stack, admin, 'GET', '/correctiveactions?limit=100')).body as { items: CorrectiveAction[] }).items;
    expect(actions.filter((action) => DEMO_CORRECTIVE_ACTIONS.some((demo) => demo.id === action.id))).toHaveLength(DEMO_CORRECTIVE_ACTIONS.length);
    // The instances job serves the demo: its first checklist registered it.
    expect(await queryAll(documents, haccpOrganisations(stack.tableName), toHaccpOrganisationId)).toContain(customerId);

    for (const { checklist, states } of await week()) {
      expect(states.length, checklist).toBeGreaterThanOrEqual(DEMO_HACCP_HISTORY_DAYS - 1);
      expect(states, checklist).toEqual(expect.arrayContaining(['completedOnTime', 'completedLate', 'missed']));
    }
    // The opening checks' too warm cooler one morning: an exception with its corrective action.
    const openingWeek = (await week()).find((one) => one.checklist === 'demo-checklist-opening');
    const excepted = openingWeek?.instances.find((instance) => instance.exceptionCount > 0);
    expect(excepted).toBeDefined();
    const answers = (await documents.send(new QueryCommand(checklistAnswersOfInstance(stack.tableName, customerId, excepted?.id ?? '')))).Items ?? [];
    expect(answers.find((answer) => answer['isException'] === true)).toMatchObject({ questionId: 'demo-q-opening-cooler', correctiveActionId: 'demo-ca-move-stock' });
    // What a demo user opens: one of them through the filling API, answers included.
    const detail = await api(stack, admin, 'GET', `/haccp/instances/${excepted?.id ?? ''}`);
    expect(detail).toMatchObject({ status: 200, body: { state: 'completedOnTime', exceptionCount: 1 } });
  });

  it('is seeded once: again, nothing changes; a data folder seeded before HACCP existed gets it without doubles', async () => {
    const before = (await week()).map(({ checklist, ids }) => ({ checklist, ids }));
    expect(await seedDemoHaccp(documents, stack.tableName, { writer: documents })).toBe(false);
    await documents.send(new DeleteCommand({ TableName: stack.tableName, Key: seedMarkerKey(customerId, 'HACCP') }));
    expect(await seedDemoHaccp(documents, stack.tableName, { writer: documents })).toBe(true);
    const after = (await week()).map(({ checklist, ids }) => ({ checklist, ids }));
    // The same instances (fixed ids), and perhaps one more that the hour has since made due.
    for (const [index, { ids }] of before.entries()) expect(after[index]?.ids).toEqual(expect.arrayContaining(ids));
    const shifts = ((await api(stack, admin, 'GET', '/shifts?limit=100')).body as { items: Shift[] }).items;
    expect(shifts.filter((shift) => shift.siteId === site.id && DEMO_SHIFTS.some((demo) => demo.name === shift.name))).toHaveLength(DEMO_SHIFTS.length);
  });
});
