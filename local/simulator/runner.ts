import mqtt, { type MqttClient } from 'mqtt';
import { deviceTopic } from '@domain/telemetry/telemetry';
import { deviceIngestTopic, LOCAL_STAGE } from '../../lambdas/iot-rules';
import type { DeviceCredentials } from '../device-credentials';
import { coalesce, countReadings } from './batching';
import { Simulation, type SimulatedMessage } from './simulation';
import type { FleetSpec } from './spec';

/**
 * Runs a simulation against an MQTT broker: each publishing device (a gateway, a sensor on
 * Wi-Fi) gets its own connection with its own credentials, as a real one would, publishes
 * what the simulation says it sends, and answers the commands it receives on its own
 * commands topic. It publishes as the portal's devices are configured to (docs/devices.md
 * "Topics"): on its own topics behind the Basic Ingest prefix of the local stage's rules.
 * Simulated time follows the wall clock, `speed` times faster while it is
 * behind it (never ahead: no reading from the future). A start in the past with an
 * infinite speed is the back-fill: that stretch is published at once, in gateway batches.
 */

export interface SimulatorOptions {
  brokerUrl: string;
  customerId: string;
  fleet: FleetSpec;
  /** The MQTT connection settings of a device (local/device-credentials.ts). */
  credentials: (deviceId: string) => DeviceCredentials;
  seed?: number | string;
  /** Simulated time to start at; now by default. */
  start?: number;
  /** Anchor of slow trends and recurring faults (local/simulator/spec.ts); `start` by default. */
  origin?: number;
  /** Simulated seconds per real second while behind the wall clock (Infinity: at once). */
  speed?: number;
  /** Stop after this much simulated time. */
  durationMs?: number;
  /** How often the clock is advanced, real ms. */
  tickMs?: number;
  /** Called for each message published (tests, the bench, the console). */
  onPublished?: (message: SimulatedMessage) => void;
  log?: (line: string) => void;
}

export interface SimulatorStats {
  messages: number;
  readings: number;
  statuses: number;
  acknowledgements: number;
  failures: number;
}

export interface RunningSimulator {
  simulation: Simulation;
  stats(): SimulatorStats;
  /** Advances the simulation to the current target time and publishes what it sent. */
  tickNow(): Promise<void>;
  /** Settles when the duration is over or the simulator is stopped. */
  finished: Promise<void>;
  stop(): Promise<void>;
}

const TOPIC_KINDS = { readings: 'readings', status: 'status', 'commands/ack': 'commands/ack' } as const;

async function connectDevice(brokerUrl: string, credentials: DeviceCredentials): Promise<MqttClient> {
  return mqtt.connectAsync(brokerUrl, {
    clientId: credentials.clientId,
    username: credentials.username,
    password: credentials.password,
    protocolVersion: 4,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
  });
}

export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const log = options.log ?? (() => undefined);
  const wallStart = Date.now();
  const start = options.start ?? wallStart;
  const speed = options.speed ?? 1;
  if (!(speed >= 1)) throw new Error('speed must be at least 1');
  const simulation = new Simulation(options.fleet, { seed: options.seed ?? 'coldchain', start, ...(options.origin !== undefined ? { origin: options.origin } : {}) });
  const end = options.durationMs === undefined ? Number.POSITIVE_INFINITY : start + options.durationMs;
  const stats: SimulatorStats = { messages: 0, readings: 0, statuses: 0, acknowledgements: 0, failures: 0 };

  // Declared before any connection: a command may arrive as soon as a device subscribes; it
  // waits in the simulation until every device is connected (`ready`), so nothing is published
  // before its device can publish it.
  let ready = false;
  let stopped = false;
  let chain: Promise<void> = Promise.resolve();
  let resolveFinished: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => { resolveFinished = resolve; });
  const clients = new Map<string, MqttClient>();
  const stopAll = async () => {
    await Promise.all([...clients.values()].map((client) => client.endAsync(true).catch(() => undefined)));
  };
  /** Where simulated time should be now: behind the wall clock it runs `speed` times faster. */
  const target = () => {
    const wall = Date.now();
    const paced = speed === Number.POSITIVE_INFINITY ? wall : start + (wall - wallStart) * speed;
    return Math.min(end, Math.max(start, Math.min(wall, paced)));
  };

  const publish = async (message: SimulatedMessage) => {
    const client = clients.get(message.publisherId);
    if (!client) return;
    try {
      const topic = deviceIngestTopic(LOCAL_STAGE, options.customerId, message.publisherId, TOPIC_KINDS[message.kind]);
      await client.publishAsync(topic, JSON.stringify(message.payload), { qos: 1 });
      stats.messages += 1;
      if (message.kind === 'readings') stats.readings += countReadings([message]);
      else if (message.kind === 'status') stats.statuses += 1;
      else stats.acknowledgements += 1;
      options.onPublished?.(message);
    } catch (error) {
      stats.failures += 1;
      log(`${message.publisherId}: ${(error as Error).message}`);
    }
  };

  // One tick at a time: messages go out in the order the devices sent them.
  function tickNow(): Promise<void> {
    chain = chain.then(async () => {
      if (stopped || !ready) return;
      const messages = coalesce(simulation.runUntil(target()));
      // Each device's messages in order; devices side by side.
      const byPublisher = new Map<string, SimulatedMessage[]>();
      for (const message of messages) {
        const queue = byPublisher.get(message.publisherId) ?? [];
        queue.push(message);
        byPublisher.set(message.publisherId, queue);
      }
      await Promise.all([...byPublisher.values()].map(async (queue) => {
        for (const message of queue) await publish(message);
      }));
      if (simulation.now >= end) resolveFinished();
    }).catch((error: unknown) => {
      // A failed tick is logged; the next one carries on from where the simulation is.
      log(`tick: ${error instanceof Error ? error.message : String(error)}`);
    });
    return chain;
  }

  try {
    // Connections are opened a few at a time: a big synthetic fleet has many gateways.
    const publishers = simulation.publishers();
    for (let index = 0; index < publishers.length; index += 20) {
      await Promise.all(publishers.slice(index, index + 20).map(async (deviceId) => {
        const client = await connectDevice(options.brokerUrl, options.credentials(deviceId));
        clients.set(deviceId, client);
        client.on('error', (error) => log(`${deviceId}: ${error.message}`));
        client.on('message', (topic, payload) => {
          if (topic !== deviceTopic(options.customerId, deviceId, 'commands')) return;
          let command: unknown;
          try {
            command = JSON.parse(payload.toString('utf8'));
          } catch {
            return;
          }
          simulation.receiveCommand(deviceId, command);
          void tickNow();
        });
        await client.subscribeAsync(deviceTopic(options.customerId, deviceId, 'commands'), { qos: 1 });
      }));
    }
  } catch (error) {
    await stopAll();
    throw error;
  }

  ready = true;
  const timer = setInterval(() => void tickNow(), options.tickMs ?? 250);
  timer.unref();
  await tickNow();

  const stop = async () => {
    if (stopped) return;
    clearInterval(timer);
    await chain.catch(() => undefined);
    stopped = true;
    await stopAll();
    resolveFinished();
  };
  void finished.then(() => { clearInterval(timer); });
  return { simulation, stats: () => ({ ...stats }), tickNow, finished, stop };
}
