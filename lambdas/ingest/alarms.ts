import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import { profileRaises } from '@domain/alarms/alarm-types';
import { inactivityWindowMs, type EngineReading } from '@domain/alarms/engine';
import { alarmProfileIdOf, engineGatewayOf, engineSensorOf, hasOpenAlarm, type AlarmEngine, type EngineDevice } from '../alarm-engine/engine';
import type { DeviceDirectory } from './directory';

/**
 * The ingest's alarm step (issue 13 section 2; docs/decisions/0057-alarm-engine-in-the-ingest.md): each
 * sensor's stored readings of the batch, and each gateway heard from, go to the alarm engine
 * with what the device cache already holds: the configuration, the organisation's alarm
 * profile, the engine's state of the device (read with the device's partition) and the newest
 * reading known before the batch. The engine reads and writes nothing while no condition is
 * in play, so a batch of normal readings costs nothing more than before; the state it returns
 * is kept in the cache. It throws on a failed write: the ingest then fails the device's
 * records, and a redelivery decides the same again (the alarms' ids come from their runs).
 *
 * The clock writes the same state (docs/decisions/0057-alarm-engine-in-the-ingest.md). Whatever it changed
 * that a batch goes on to touch (a run it raised, growing or clearing) makes the engine's
 * write lose on the version, and the engine reads the state again. The one thing a batch can
 * end without writing otherwise is an inactivity alarm the cache has not seen: so the stored
 * state is read first when the clock may have raised one, that is when the device had been
 * silent for its window (a sensor: its newest reading before the batch is a window old; a
 * gateway: its timer was due). In steady reporting that is never, for a sensor.
 */

/** What the step needs of the engine (a test gives a fake). */
export type AlarmEvaluator = Pick<AlarmEngine, 'onReadings' | 'readState'>;

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
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A sensor's batch: evaluated when its profile is cached and it is enabled. A disabled
   * sensor's readings are not judged; while an alarm of it is open (as the cache knows), they
   * go to the engine, which clears it (docs/decisions/0062-disabled-or-deleted-device-alarms-cleared.md).
   */
  async sensor(input: SensorReadings): Promise<void> {
    const entry = this.directory.sensor(input.customerId, input.sensorId);
    if (entry === undefined) return;
    const profile = this.directory.alarmProfile(input.customerId, alarmProfileIdOf(entry.config.item));
    const device = this.withTimeZone(engineSensorOf(input.customerId, entry.config));
    // Not judged (disabled, or no profile now): an alarm of it the cache knows open goes to the engine, which clears it.
    if (entry.config.disabled || profile === undefined) {
      if (hasOpenAlarm(entry.alarms)) entry.alarms = await this.engine.onReadings({ device, profile, state: entry.alarms, readings: input.readings, newestBefore: input.newestBefore });
      return;
    }
    const window = windowOf(device, profile);
    if (window !== undefined && input.newestBefore !== undefined && this.now() >= input.newestBefore + window) {
      entry.alarms = await this.engine.readState(device);
    }
    entry.alarms = await this.engine.onReadings({ device, profile, state: entry.alarms, readings: input.readings, newestBefore: input.newestBefore });
  }

  /** The device with its site's time zone, when the directory knows it (a profile with a custom schedule). */
  private withTimeZone(device: EngineDevice): EngineDevice {
    const timeZone = this.directory.siteTimeZone(device.customerId, device.placement.siteId);
    return timeZone === undefined ? device : { ...device, timeZone };
  }

  /** A gateway heard from: its only "reading" is that it spoke (its inactivity). */
  async gateway(input: GatewayHeard): Promise<void> {
    const entry = this.directory.gateway(input.customerId, input.gatewayId);
    if (entry === undefined) return;
    const profile = this.directory.alarmProfile(input.customerId, alarmProfileIdOf(entry.config.item));
    const device = this.withTimeZone(engineGatewayOf(input.customerId, input.gatewayId, entry.config.item));
    if (profile === undefined) {
      if (hasOpenAlarm(entry.alarms)) entry.alarms = await this.engine.onReadings({ device, profile, state: entry.alarms, readings: [{ time: input.heardAt, channels: {} }], newestBefore: undefined });
      return;
    }
    const { wakeAt } = entry.alarms;
    // The clock looks at a gateway once a window (about 20 minutes): a read then costs little.
    // The stored wakeAt stays behind the clock's timer (it moves it on without writing the
    // state), so once read it is kept a window ahead: the next read is a window later, not
    // at every message (the clock raises nothing for a gateway heard within its window).
    const window = windowOf(device, profile);
    if (window !== undefined && wakeAt !== undefined && wakeAt <= this.now()) {
      const stored = await this.engine.readState(device);
      entry.alarms = stored.wakeAt === undefined ? stored : { ...stored, wakeAt: Math.max(stored.wakeAt, this.now() + window) };
    }
    entry.alarms = await this.engine.onReadings({ device, profile, state: entry.alarms, readings: [{ time: input.heardAt, channels: {} }], newestBefore: undefined });
  }
}

/** Whether the engine's state of a device holds an alarm whose condition has not cleared. */

/** The device's inactivity window, when its profile watches inactivity. */
function windowOf(device: EngineDevice, profile: AlarmProfile): number | undefined {
  return profileRaises(profile.types, 'inactivity') ? inactivityWindowMs(profile, device.reportSeconds, device.gatewayHeartbeatSeconds) : undefined;
}
