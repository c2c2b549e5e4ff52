import type { EngineReading } from '@domain/alarms/engine';
import { alarmProfileIdOf, engineGatewayOf, engineSensorOf, type AlarmEngine } from '../data';
import type { DeviceDirectory } from './directory';

/**
 * The ingest's alarm step (issue 13 section 2; docs/decisions.md "The alarm clock"): each
 * sensor's stored readings of the batch, and each gateway heard from, go to the alarm engine
 * with what the device cache already holds: the configuration, the organisation's alarm
 * profile, the engine's state of the device (read with the device's partition) and the newest
 * reading known before the batch. The engine reads and writes nothing while no condition is
 * in play, so a batch of normal readings costs nothing more than before; the state it returns
 * is kept in the cache. It throws on a failed write: the ingest then fails the device's
 * records, and a redelivery decides the same again (the alarms' ids come from their runs).
 */

/** What the step needs of the engine (a test gives a fake). */
export type AlarmEvaluator = Pick<AlarmEngine, 'onReadings'>;

/** One sensor's readings of the batch, as the ingest stored them. */
export interface SensorReadings {
  customerId: string;
  sensorId: string;
  /** The newest reading time known before the batch (ms), from the cached live state. */
  newestBefore: number | undefined;
  readings: EngineReading[];
}

/** A gateway heard from in the batch, at its newest message's arrival. */
export interface GatewayHeard {
  customerId: string;
  gatewayId: string;
  heardAt: number;
}

export class IngestAlarms {
  constructor(
    private readonly engine: AlarmEvaluator,
    private readonly directory: DeviceDirectory,
  ) {}

  /** A sensor's batch: evaluated when its profile is cached and it is enabled (the engine says so too). */
  async sensor(input: SensorReadings): Promise<void> {
    const entry = this.directory.sensor(input.customerId, input.sensorId);
    if (entry === undefined) return;
    const profile = this.directory.alarmProfile(input.customerId, alarmProfileIdOf(entry.config.item));
    if (profile === undefined || entry.config.disabled) return;
    entry.alarms = await this.engine.onReadings({
      device: engineSensorOf(input.customerId, entry.config), profile, state: entry.alarms, readings: input.readings, newestBefore: input.newestBefore,
    });
  }

  /** A gateway heard from: its only "reading" is that it spoke (its inactivity). */
  async gateway(input: GatewayHeard): Promise<void> {
    const entry = this.directory.gateway(input.customerId, input.gatewayId);
    if (entry === undefined) return;
    const profile = this.directory.alarmProfile(input.customerId, alarmProfileIdOf(entry.config.item));
    if (profile === undefined) return;
    entry.alarms = await this.engine.onReadings({
      device: engineGatewayOf(input.customerId, input.gatewayId, entry.config.item), profile, state: entry.alarms,
      readings: [{ time: input.heardAt, channels: {} }], newestBefore: undefined,
    });
  }

}
