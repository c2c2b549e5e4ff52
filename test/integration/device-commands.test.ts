import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeviceCommand } from '@domain/devices/device-commands';
import { MESSAGES } from '@domain/core/messages';
import { connectDevice, registerTestDevices, type DeviceConnection, type TestDevices } from '../support/devices';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { untilStackIdle } from '../support/idle';

const stack = inject('stack');

/**
 * Device commands end to end on the local stack (issue 5 sections 3, 4 and 6): the API stores
 * and publishes a command through the IoT data plane stand-in, the device gets it on its
 * commands topic over MQTT and answers on commands/ack, the rule subscriber hands the answer
 * to the acknowledgement handler, and the API lists the outcome.
 */
describe('device commands over MQTT', () => {
  let admin: TestUser;
  let basicUser: TestUser;
  let devices: TestDevices;
  const connections: DeviceConnection[] = [];
  const connect = async (deviceId: string) => {
    const connection = await connectDevice(stack, admin.customerId, deviceId);
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    admin = await createUser(stack, 'admin');
    basicUser = await createUser(stack, 'basicuser');
    devices = await registerTestDevices(stack, admin);
    // A user reaches only the sites assigned to them: the basic user is assigned the devices' site.
    await provisionAccount(stack, {
      email: basicUser.email, role: 'basicuser', customerId: basicUser.customerId, accountId: basicUser.accountId,
      locationIds: [devices.locationId], siteIds: [devices.siteId],
    });
  });
  afterAll(async () => {
    for (const connection of connections) await connection.close();
  });

  const commandsOf = async (user: TestUser, owner: 'sensors' | 'gateways', id: string): Promise<DeviceCommand[]> => {
    const result = await api(stack, user, 'GET', `/${owner}/${id}/commands`);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return (result.body as { items: DeviceCommand[] }).items;
  };
  const commandOf = async (owner: 'sensors' | 'gateways', deviceId: string, commandId: string) =>
    (await commandsOf(admin, owner, deviceId)).find((command) => command.id === commandId);
  const send = async (owner: 'sensors' | 'gateways', deviceId: string, body: unknown): Promise<DeviceCommand> => {
    const result = await api(stack, admin, 'POST', `/${owner}/${deviceId}/commands`, body);
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body as DeviceCommand;
  };

  it("reaches a Wi-Fi sensor on its own commands topic; its acknowledgement shows executed, with the response, sent and executed times", async () => {
    const sensor = await connect(devices.wifiSensorId);
    await sensor.onCommand(() => ({ status: 'executed', response: 'priority set to 7' }));

    const command = await send('sensors', devices.wifiSensorId, { command: 'setPriority', parameters: { priority: 7 } });
    expect(command).toMatchObject({ deviceKind: 'sensor', deviceId: devices.wifiSensorId, command: 'setPriority', parameters: { priority: 7 }, requestedBy: admin.email });
    expect(['sent', 'executed']).toContain(command.status);

    await expect.poll(() => sensor.commands.length).toBe(1);
    expect(sensor.commands[0]).toMatchObject({ commandId: command.id, command: 'setPriority', parameters: { priority: 7 }, issuedAt: command.createdAt });
    expect(sensor.commands[0]?.targetDeviceId).toBeUndefined();

    await expect.poll(async () => (await commandOf('sensors', devices.wifiSensorId, command.id))?.status, { timeout: 15_000 }).toBe('executed');
    const answered = await commandOf('sensors', devices.wifiSensorId, command.id);
    expect(answered).toMatchObject({ response: 'priority set to 7', sentAt: expect.any(String), executedAt: expect.any(String) });
    expect(Date.parse(answered?.executedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(answered?.sentAt ?? '') - 1000);
    // Readers of the organisation see it too.
    expect((await commandsOf(basicUser, 'sensors', devices.wifiSensorId)).map((listed) => listed.id)).toContain(command.id);
  });

  it("goes to a radio sensor through its gateway, naming the sensor; the gateway's answer shows on the sensor's command", async () => {
    const gateway = await connect(devices.gatewayId);
    await gateway.onCommand((received) => (received.targetDeviceId === devices.radioSensorId ? { status: 'executed', response: { relayed: true } } : undefined));

    const command = await send('sensors', devices.radioSensorId, { command: 'setWakeUpInterval', parameters: { hours: 6 } });
    expect(command.relayedBy).toBe(devices.gatewayId);

    await expect.poll(() => gateway.commands.find((received) => received.commandId === command.id)).toMatchObject({
      command: 'setWakeUpInterval', parameters: { hours: 6 }, targetDeviceId: devices.radioSensorId,
    });
    await expect.poll(async () => (await commandOf('sensors', devices.radioSensorId, command.id))?.status, { timeout: 15_000 }).toBe('executed');
    expect(await commandOf('sensors', devices.radioSensorId, command.id)).toMatchObject({ response: { relayed: true } });
    // The gateway's own list holds only its own commands.
    expect((await commandsOf(admin, 'gateways', devices.gatewayId)).map((listed) => listed.id)).not.toContain(command.id);
  });

  it('shows a failed acknowledgement as failed, with the reason the device gave', async () => {
    const gateway = await connect(devices.gatewayId);
    await gateway.onCommand((received) => (received.command === 'restartRadio' ? { status: 'failed', response: 'radio busy: a batch is being sent' } : undefined));

    const command = await send('gateways', devices.gatewayId, { command: 'restartRadio' });

    await expect.poll(async () => (await commandOf('gateways', devices.gatewayId, command.id))?.status, { timeout: 15_000 }).toBe('failed');
    expect(await commandOf('gateways', devices.gatewayId, command.id)).toMatchObject({ response: 'radio busy: a batch is being sent', executedAt: expect.any(String) });
  });

  it("ignores an acknowledgement of another device's command, and then takes the device's own", async () => {
    const gateway = await connect(devices.gatewayId);
    await gateway.onCommand(undefined, { autoAck: false });
    const impostor = await connect(devices.wifiSensorId);

    const command = await send('gateways', devices.gatewayId, { command: 'ping' });
    await expect.poll(() => gateway.commands.some((received) => received.commandId === command.id)).toBe(true);

    // The Wi-Fi sensor answers the gateway's command on its own ack topic (the only one it may use),
    // and claiming to relay for the gateway does not help either.
    await impostor.acknowledge({ commandId: command.id, status: 'failed', response: 'not mine' });
    await impostor.acknowledge({ commandId: command.id, status: 'failed', response: 'not mine', targetDeviceId: devices.gatewayId });
    // Its own command's answer, sent after them on the same connection, shows they were handled.
    await impostor.onCommand(undefined, { autoAck: false });
    const own = await send('sensors', devices.wifiSensorId, { command: 'requestStatus' });
    await expect.poll(() => impostor.commands.some((received) => received.commandId === own.id)).toBe(true);
    await impostor.acknowledge({ commandId: own.id, status: 'executed', response: 'status sent' });
    await expect.poll(async () => (await commandOf('sensors', devices.wifiSensorId, own.id))?.status, { timeout: 15_000 }).toBe('executed');
    expect(await commandOf('gateways', devices.gatewayId, command.id)).toMatchObject({ status: 'sent' });

    await gateway.acknowledge({ commandId: command.id, status: 'executed', response: 'pong', executedAt: Date.now() });
    await expect.poll(async () => (await commandOf('gateways', devices.gatewayId, command.id))?.status, { timeout: 15_000 }).toBe('executed');
    expect(await commandOf('gateways', devices.gatewayId, command.id)).toMatchObject({ response: 'pong' });

    // A repeated answer changes nothing.
    await gateway.acknowledge({ commandId: command.id, status: 'failed', response: 'late' });
    await untilStackIdle({ devicesOnly: true });
    expect(await commandOf('gateways', devices.gatewayId, command.id)).toMatchObject({ status: 'executed', response: 'pong' });
  });

  it('gives the device its Wi-Fi key, and never lists it', async () => {
    const sensor = await connect(devices.wifiSensorId);
    await sensor.onCommand();
    const command = await send('sensors', devices.wifiSensorId, { command: 'setWifi', parameters: { ssid: 'Kitchen-IoT', key: 'correct horse battery' } });
    await expect.poll(() => sensor.commands.find((received) => received.commandId === command.id)?.parameters).toEqual({ ssid: 'Kitchen-IoT', key: 'correct horse battery' });
    expect(JSON.stringify(command)).not.toContain('correct horse battery');
    expect(JSON.stringify(await commandsOf(admin, 'sensors', devices.wifiSensorId))).not.toContain('correct horse battery');
  });

  it("refuses what the device does not take, values out of the spec's ranges, and devices the caller cannot reach", async () => {
    expect(await api(stack, admin, 'POST', `/sensors/${devices.radioSensorId}/commands`, { command: 'setWifi', parameters: { ssid: 'x', key: 'y' } }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.commandNotForDevice } });
    expect(await api(stack, admin, 'POST', `/sensors/${devices.radioSensorId}/commands`, { command: 'setSnooze', parameters: { snoozeMinutes: 61 } }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.commandSnoozeRange } });
    expect(await api(stack, admin, 'POST', `/gateways/${devices.gatewayId}/commands`, { command: 'uploadLogs', parameters: { start: '2026-03-02T10:00:00Z', end: '2026-03-01T10:00:00Z' } }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.commandEndBeforeStart } });
    expect(await api(stack, basicUser, 'POST', `/gateways/${devices.gatewayId}/commands`, { command: 'ping' })).toMatchObject({ status: 403 });
    const outsider = await createUser(stack, 'admin', 'outsider-commands-org');
    expect(await api(stack, outsider, 'GET', `/sensors/${devices.wifiSensorId}/commands`)).toMatchObject({ status: 404 });
    expect(await api(stack, outsider, 'POST', `/gateways/${devices.gatewayId}/commands`, { command: 'ping' })).toMatchObject({ status: 404 });
  });
});
