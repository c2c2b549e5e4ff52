import type { DeviceCredentials } from '../device-credentials';
import { singleSensorFleet } from './fleet';
import { startSimulator, type RunningSimulator } from './runner';
import type { SimulatedMessage } from './simulation';

/**
 * The simulator's entry points. `startSimulator` runs any fleet (local/simulator/fleet.ts,
 * local/demo-devices.ts); `startSimulatedDevice` drives one sensor, for a test that
 * registered it in the portal and wants its readings now.
 */
export { startSimulator, type RunningSimulator, type SimulatorOptions, type SimulatorStats } from './runner';
export { Simulation, type SimulatedMessage } from './simulation';
export { mergeFleets, placedFleet, singleSensorFleet, syntheticFleet } from './fleet';
export type { FleetSpec } from './spec';

export interface SimulatedDeviceOptions {
  brokerUrl: string;
  customerId: string;
  /** The sensor's id, as registered. */
  deviceId: string;
  /** Its catalogue model code (e.g. "CT-100"). */
  model: string;
  /** The gateway that relays it (the connection is then the gateway's); without one the sensor publishes for itself. */
  gatewayId?: string;
  gatewayModel?: string;
  /** The MQTT connection settings of a device: `(id) => deviceCredentials(dataDir, customerId, id)`. */
  credentials: (deviceId: string) => DeviceCredentials;
  /** The channels it reports, as registered (all of the model's by default). */
  channels?: readonly number[];
  /** How often it reports on its own, seconds (the model's default otherwise). */
  reportSeconds?: number;
  seed?: number | string;
  onPublished?: (message: SimulatedMessage) => void;
}

export interface SimulatedDevice {
  /** Publishes a reading of the sensor now (through its gateway, if it has one) and waits until the broker has it. */
  publishNow(): Promise<void>;
  simulator: RunningSimulator;
  stop(): Promise<void>;
}

/** One sensor (and its gateway) publishing realistic readings in real time, and answering commands. */
export async function startSimulatedDevice(options: SimulatedDeviceOptions): Promise<SimulatedDevice> {
  const fleet = singleSensorFleet({
    sensorId: options.deviceId,
    model: options.model,
    ...(options.gatewayId !== undefined ? { gatewayId: options.gatewayId } : {}),
    ...(options.gatewayModel !== undefined ? { gatewayModel: options.gatewayModel } : {}),
    ...(options.reportSeconds !== undefined ? { reportSeconds: options.reportSeconds } : {}),
    ...(options.channels !== undefined ? { channels: options.channels } : {}),
  });
  const simulator = await startSimulator({
    brokerUrl: options.brokerUrl,
    customerId: options.customerId,
    fleet,
    credentials: options.credentials,
    seed: options.seed ?? options.deviceId,
    ...(options.onPublished ? { onPublished: options.onPublished } : {}),
  });
  const sensorId = options.deviceId.toUpperCase();
  return {
    simulator,
    publishNow: async () => {
      simulator.simulation.reportNow(sensorId);
      await simulator.tickNow();
    },
    stop: () => simulator.stop(),
  };
}
