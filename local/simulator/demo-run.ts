import { batchGet, newestReadings, type DataTable, deviceKey, ENTITY } from '../../lambdas/data';
import { tableClientAt } from '../../lambdas/data/table';
import { DEMO_ORGANISATION } from '../demo';
import { demoDevicesOrigin, demoFleet } from '../demo-devices';
import { deviceCredentials } from '../device-credentials';
import { loadLocalCredentials } from '../credentials';
import { LOCAL_REGION } from '../identity';
import { mergeFleets, syntheticFleet } from './fleet';
import { startSimulator, type RunningSimulator } from './runner';
import type { FleetSpec } from './spec';
import { registerSyntheticFleet } from './synthetic-registration';

/**
 * The demo organisation's fleet on a running local stack: what `npm start` runs in-process
 * and `npm run simulate` runs beside it. Only devices still registered are simulated (a
 * device someone deleted stays quiet). Before going live it back-fills the time since the
 * fleet's newest stored reading, at most 24 hours (all of it on the first start), as the
 * gateways' buffered uploads, so the charts are never empty.
 */

export const BACKFILL_LIMIT_MS = 24 * 60 * 60 * 1000;
/** A gap shorter than this is not worth a back-fill: live reporting covers it. */
const BACKFILL_MINIMUM_MS = 60 * 1000;

export interface DemoSimulationOptions {
  brokerUrl: string;
  /** The stack's data folder (device credentials derive from its signing secret). */
  dataDir: string;
  dynamoEndpoint: string;
  tableName: string;
  /** Simulate the demo fleet (true by default). */
  includeDemo?: boolean;
  /** Extra synthetic sensors (CT-100 fridges behind GW-SG1 gateways), registered on the demo site when missing. */
  extraSensors?: number;
  /** Back-fill the gap since the newest stored reading (true by default; ignored with `replayFromMs`). */
  backfill?: boolean;
  /** Start this long ago and replay at `speed` until caught up with the clock (the duration counts from there). */
  replayFromMs?: number;
  speed?: number;
  /** Stop after this much simulated time, counted from now (after any back-fill) or from the replay's start. */
  durationMs?: number;
  seed?: number | string;
  log?: (line: string) => void;
}

export interface DemoSimulation {
  simulator: RunningSimulator;
  gateways: number;
  sensors: number;
  /** What the back-fill covered, when there was one. */
  backfill?: { fromMs: number; readings: number };
  stop(): Promise<void>;
}

/** The fleet without the devices that are not (or no longer) registered. */
async function registeredOnly(documents: DataTable['client'], tableName: string, customerId: string, fleet: FleetSpec): Promise<FleetSpec> {
  const keys = [
    ...fleet.gateways.map((gateway) => deviceKey(customerId, ENTITY.gateway, gateway.id)),
    ...fleet.sensors.map((sensor) => deviceKey(customerId, ENTITY.sensor, sensor.id)),
  ];
  const items = await batchGet(documents, tableName, keys, { consistent: false, projection: 'pk, sk' });
  const found = new Set(items.map((item) => `${String(item['pk'])}|${String(item['sk'])}`));
  const registered = (key: { pk: string; sk: string }) => found.has(`${key.pk}|${key.sk}`);
  const gateways = fleet.gateways.filter((gateway) => registered(deviceKey(customerId, ENTITY.gateway, gateway.id)));
  const gatewayIds = new Set(gateways.map((gateway) => gateway.id));
  const sensors = fleet.sensors.filter((sensor) => registered(deviceKey(customerId, ENTITY.sensor, sensor.id))
    && (sensor.gatewayId === undefined || gatewayIds.has(sensor.gatewayId)));
  return { ...fleet, gateways, sensors };
}

/** The time of the newest reading stored for any of these sensors, or undefined. */
async function newestReading(documents: DataTable['client'], tableName: string, customerId: string, sensorIds: readonly string[]): Promise<number | undefined> {
  const newest = await newestReadings(documents, tableName, customerId, sensorIds, { consistent: false });
  const known = [...newest.values()].map((reading) => Date.parse(reading.time)).filter((time) => Number.isFinite(time));
  return known.length === 0 ? undefined : Math.max(...known);
}

export async function startDemoSimulation(options: DemoSimulationOptions): Promise<DemoSimulation> {
  const { customerId } = DEMO_ORGANISATION;
  const log = options.log ?? (() => undefined);
  const documents = tableClientAt({ endpoint: options.dynamoEndpoint, region: LOCAL_REGION, credentials: loadLocalCredentials(options.dataDir) });
  try {
    const now = Date.now();
    const origin = (await demoDevicesOrigin(documents, options.tableName)) ?? now - BACKFILL_LIMIT_MS;
    const fleets: FleetSpec[] = [];
    const demo = options.includeDemo ?? true ? await registeredOnly(documents, options.tableName, customerId, demoFleet()) : undefined;
    if (demo) fleets.push(demo);
    if ((options.extraSensors ?? 0) > 0) {
      const synthetic = syntheticFleet({ count: options.extraSensors ?? 0, idPrefix: 'E', seed: options.seed ?? 'synthetic' });
      await registerSyntheticFleet(documents, options.tableName, synthetic);
      fleets.push(synthetic);
    }
    const fleet = mergeFleets(...fleets);
    if (fleet.sensors.length === 0 && fleet.gateways.length === 0) throw new Error('No demo devices are registered: nothing to simulate.');

    let start = now;
    let speed = options.speed ?? 1;
    let backfill: DemoSimulation['backfill'];
    if (options.replayFromMs !== undefined) {
      start = now - options.replayFromMs;
    } else if (options.backfill ?? true) {
      // Only the demo fleet's own sensors are asked: a synthetic fleet may be large.
      const newest = await newestReading(documents, options.tableName, customerId, (demo ?? fleet).sensors.slice(0, 20).map((sensor) => sensor.id));
      const from = Math.max(now - BACKFILL_LIMIT_MS, (newest ?? 0) + 1);
      if (now - from >= BACKFILL_MINIMUM_MS) {
        start = from;
        speed = Number.POSITIVE_INFINITY;
        backfill = { fromMs: from, readings: 0 };
      }
    }
    const simulator = await startSimulator({
      brokerUrl: options.brokerUrl,
      customerId,
      fleet,
      credentials: (deviceId) => deviceCredentials(options.dataDir, customerId, deviceId),
      seed: options.seed ?? 'demo-foods',
      start,
      origin,
      speed,
      // A back-fill is not part of the duration: that counts from now (or from the replay's start).
      ...(options.durationMs !== undefined ? { durationMs: options.durationMs + (backfill ? now - start : 0) } : {}),
      log,
    });
    // The first tick (inside startSimulator) published the back-fill.
    if (backfill) backfill.readings = simulator.stats().readings;
    return {
      simulator,
      gateways: fleet.gateways.length,
      sensors: fleet.sensors.length,
      ...(backfill ? { backfill } : {}),
      stop: () => simulator.stop(),
    };
  } finally {
    documents.destroy();
  }
}
