import { randomBytes, randomUUID } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { CommandAcknowledgement, DeviceCommandMessage } from '@domain/devices/device-commands';
import { deviceTopic } from '@domain/telemetry/telemetry';
import { deviceCredentials } from '../../local/device-credentials';
import type { StackUnderTest } from './global-setup';
import { api, provisionAccount, type TestUser } from './identity';

/** What a device answers a command with; `undefined` from a handler means "executed, OK". */
export interface CommandAnswer {
  status: 'executed' | 'failed';
  response?: string | Record<string, unknown>;
}

export type CommandHandler = (command: DeviceCommandMessage) => CommandAnswer | undefined | Promise<CommandAnswer | undefined>;

/** An acknowledgement as a device sends it (times as ISO text or epoch milliseconds). */
export type AcknowledgementPayload = Omit<CommandAcknowledgement, 'executedAt'> & { executedAt?: string | number };

/** A simulated device on the local broker, connected with its own credentials. */
export interface DeviceConnection {
  customerId: string;
  deviceId: string;
  client: MqttClient;
  /** Publishes on the device's readings topic (an object is sent as JSON; text or bytes as they are). */
  publishReadings(payload: unknown): Promise<void>;
  /** Publishes on the device's status topic (a gateway's heartbeat). */
  publishStatus(payload: unknown): Promise<void>;
  /** Publishes on the device's commands/ack topic. */
  acknowledge(ack: AcknowledgementPayload | string): Promise<void>;
  /**
   * Subscribes to the device's commands; each command is recorded in `commands` and, unless
   * `autoAck` is false, answered with what `handler` returns (executed, "OK" by default).
   */
  onCommand(handler?: CommandHandler, options?: { autoAck?: boolean }): Promise<void>;
  /** The commands received so far, oldest first. */
  commands: DeviceCommandMessage[];
  /** Resolves when the connection is closed (by the device or by the broker). */
  closed: Promise<void>;
  close(): Promise<void>;
}

const encode = (payload: unknown): string | Buffer =>
  typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);

/**
 * Connects a device to the stack's broker over TCP with the credentials the stack derives
 * for it (local/device-credentials.ts), as the simulator does. Rejects when the broker
 * refuses the connection.
 */
export async function connectDevice(
  stack: Pick<StackUnderTest, 'mqttUrl' | 'dataDir'>,
  customerId: string,
  deviceId: string,
  options: IClientOptions = {},
): Promise<DeviceConnection> {
  const credentials = deviceCredentials(stack.dataDir, customerId, deviceId);
  const client = await new Promise<MqttClient>((resolve, reject) => {
    const connecting = mqtt.connect(stack.mqttUrl, { ...credentials, reconnectPeriod: 0, connectTimeout: 10_000, ...options });
    connecting.once('connect', () => resolve(connecting));
    connecting.once('error', (error) => {
      connecting.end(true);
      reject(error);
    });
  });
  const id = credentials.clientId;
  const topic = (kind: 'readings' | 'status' | 'commands' | 'commands/ack') => deviceTopic(customerId, id, kind);
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  const commands: DeviceCommandMessage[] = [];
  const publish = async (kind: 'readings' | 'status' | 'commands/ack', payload: unknown) => {
    await client.publishAsync(topic(kind), encode(payload), { qos: 1 });
  };
  const acknowledge = (ack: AcknowledgementPayload | string) => publish('commands/ack', ack);

  return {
    customerId,
    deviceId: id,
    client,
    commands,
    closed,
    publishReadings: (payload) => publish('readings', payload),
    publishStatus: (payload) => publish('status', payload),
    acknowledge,
    onCommand: async (handler = () => undefined, { autoAck = true } = {}) => {
      client.on('message', (name, payload) => {
        if (name !== topic('commands')) return;
        const command = JSON.parse(payload.toString()) as DeviceCommandMessage;
        commands.push(command);
        void (async () => {
          const answer = (await handler(command)) ?? { status: 'executed' as const, response: 'OK' };
          if (!autoAck) return;
          await acknowledge({
            commandId: command.commandId,
            ...answer,
            executedAt: new Date().toISOString(),
            ...(command.targetDeviceId ? { targetDeviceId: command.targetDeviceId } : {}),
          });
        })();
      });
      await client.subscribeAsync(topic('commands'), { qos: 1 });
    },
    close: async () => {
      if (client.connected) await client.endAsync();
      else client.end(true);
    },
  };
}

/** What `registerTestDevices` made, all new: a place, a gateway and two sensors on it. */
export interface TestDevices {
  locationId: string;
  siteId: string;
  dataLoggingProfileId: string;
  /** A Sub-GHz gateway (its id is its EUI). */
  gatewayId: string;
  /** A Sub-GHz temperature sensor, reached through the gateway. */
  radioSensorId: string;
  /** A Wi-Fi temperature sensor, with its own MQTT connection. */
  wifiSensorId: string;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

async function created(call: Promise<{ status: number; body: unknown }>, what: string): Promise<{ id: string }> {
  const result = await call;
  if (result.status !== 201) throw new Error(`Adding ${what} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body as { id: string };
}

/**
 * Registers, through the API as the organisation's administrator (given corporate access),
 * a new location and site, a data logging profile, a gateway and two sensors on it: one
 * reached by radio through the gateway, one on Wi-Fi.
 */
export async function registerTestDevices(stack: StackUnderTest, admin: TestUser): Promise<TestDevices> {
  await provisionAccount(stack, { email: admin.email, role: admin.role, customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true });
  const tag = randomUUID().slice(0, 8);
  const address = { address: '1 Cold Store Lane', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
  const location = await created(api(stack, admin, 'POST', '/locations', { name: `Depot ${tag}`, ...address }), 'a location');
  const site = await created(api(stack, admin, 'POST', '/sites', {
    name: `Kitchen ${tag}`, locationIds: [location.id], timezone: 'Europe/London', billingAddressSameAsSite: false, billingAddress: address,
  }), 'a site');
  const profile = await created(api(stack, admin, 'POST', '/dataloggingprofiles', {
    name: `Every 5 minutes ${tag}`, valueToLog: 'instant', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0,
  }), 'a data logging profile');
  const eui = hex(8);
  const gateway = await created(api(stack, admin, 'POST', '/gateways', {
    name: `Gateway ${tag}`, model: 'GW-SG1', macId: hex(6), eui, locationIds: [location.id], siteId: site.id,
  }), 'a gateway');
  const sensor = (id: string, deviceModel: string, connectionType: string, name: string, fields: Record<string, unknown> = {}) => created(api(stack, admin, 'POST', '/sensors', {
    id, name, deviceModel, connectionType, locationId: location.id, siteId: site.id, gatewayId: gateway.id, ...fields,
    channels: [{ channel: 1, dataLoggingProfileId: profile.id, sensorType: 'temperature', sensorSubType: 'refrigerator' }],
  }), `sensor ${id}`);
  const radio = await sensor(hex(4), 'CT-100', 'subGhz', `Walk-in fridge ${tag}`);
  const wifi = await sensor(hex(6), 'WF-900', 'wifi', `Reach-in fridge ${tag}`, { externalSensorType: 'none' });
  return {
    locationId: location.id, siteId: site.id, dataLoggingProfileId: profile.id,
    gatewayId: gateway.id, radioSensorId: radio.id, wifiSensorId: wifi.id,
  };
}
