import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { CommandAcknowledgement, DeviceCommandMessage } from '../../domain/device-commands';
import { deviceTopic } from '../../domain/telemetry';
import { deviceCredentials } from '../../local/device-credentials';
import type { StackUnderTest } from './global-setup';

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
