import { channelRange, type SensorType } from '../devices/device-catalogue';
import { blockKey, hourKey } from './rollups';
import { DEVICE_CLOCK_SKEW_MS, READING_RETENTION_DAYS, type DeviceReading, type GatewayStatus } from './telemetry';
import type { DeviceLiveState } from './telemetry-state';

/**
 * The ingest's reading rules (docs/data-model.md "Device data"), pure: which readings are
 * accepted and why one is refused, what a device's live state becomes after a reading or a
 * gateway's message, and which hours' rollups a sensor's new readings make due.
 * lambdas/ingest/ingest.ts applies them to a batch; whether a state is worth writing is
 * telemetry-state.ts `stateWriteReason`.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A reading time more than this ahead of its arrival is refused: it would freeze the live state in the future. */
export const FUTURE_TOLERANCE_MS = DEVICE_CLOCK_SKEW_MS;

/** What the rules need of a sensor's configuration. */
export interface SensorChannels {
  id: string;
  channels: readonly { channel: string; sensorType: SensorType; sensorSubType: string }[];
}

/** Why a reading of this sensor is refused (its time, an unknown channel, a value out of range), or undefined when it is fine. */
export function readingProblem(sensor: SensorChannels, reading: DeviceReading, receivedAt: number): string | undefined {
  const time = Date.parse(reading.time);
  if (time > receivedAt + FUTURE_TOLERANCE_MS) return `reading time ${reading.time} is in the future`;
  if (time < receivedAt - READING_RETENTION_DAYS * DAY_MS) return `reading time ${reading.time} is older than the ${READING_RETENTION_DAYS}-day retention`;
  for (const [channel, value] of Object.entries(reading.channels)) {
    const config = sensor.channels.find((candidate) => candidate.channel === channel);
    if (config === undefined) return `channel ${channel} is not a channel of sensor ${sensor.id}`;
    if (value === null || value === undefined) continue;
    const range = channelRange(config.sensorType, config.sensorSubType);
    if (value < range.min || value > range.max) {
      return `channel ${channel} value ${value} is outside the ${config.sensorType} range ${range.min} to ${range.max}`;
    }
  }
  return undefined;
}

/** Who published a reading for which sensor, as the ingest's cache knows them. */
export interface Publication {
  /** The device that published (the topic's device id). */
  sourceDeviceId: string;
  /** The sensor the reading is for (its `deviceId`, or the publisher itself). */
  sensorId: string;
  /** The publisher is a gateway registered in the organisation. */
  publisherIsGateway: boolean;
  /** The sensor's configuration, when it is registered in the organisation. */
  sensor: { gatewayId?: string | undefined } | undefined;
}

/**
 * Why a device may not publish this reading, or undefined when it may: a device publishes its
 * own readings; a gateway of the organisation relays those of the sensors attached to it.
 */
export function publicationProblem(publication: Publication): string | undefined {
  const { sourceDeviceId, sensorId, publisherIsGateway, sensor } = publication;
  const relayed = sensorId !== sourceDeviceId;
  if (relayed && !publisherIsGateway) return `device ${sourceDeviceId} may publish only its own readings: it is not a gateway of this organisation`;
  if (sensor === undefined) return `sensor ${sensorId} is not registered in this organisation`;
  if (relayed && sensor.gatewayId?.toUpperCase() !== sourceDeviceId) return `sensor ${sensorId} is not attached to gateway ${sourceDeviceId}`;
  return undefined;
}

/** A stored reading's fields the live state takes. */
export interface ReadingValues {
  time: string;
  channels: Record<string, number | null>;
  battery?: number;
  signal?: number;
  snr?: number;
}

/** A sensor's live state after a reading that is newer than what it knew: that reading's values on top. */
export function sensorStateAfter(previous: DeviceLiveState | undefined, reading: ReadingValues, receivedAt: number): DeviceLiveState {
  return {
    ...previous,
    lastCommunicated: new Date(receivedAt).toISOString(),
    lastReadingAt: reading.time,
    reading: { ...reading.channels },
    ...(reading.battery !== undefined ? { battery: reading.battery } : {}),
    ...(reading.signal !== undefined ? { signal: reading.signal } : {}),
    ...(reading.snr !== undefined ? { snr: reading.snr } : {}),
  };
}

/** A reading not newer than the newest one known (late or out of order): it is stored, but moves no state. */
export function isLateReading(known: DeviceLiveState | undefined, time: string): boolean {
  return known?.lastReadingAt !== undefined && time <= known.lastReadingAt;
}

/**
 * A gateway's live state after it was heard from at `receivedAt` (with its newest status, if
 * it sent one); undefined when what is known is as recent already.
 */
export function gatewayStateAfter(known: DeviceLiveState | undefined, receivedAt: number, status?: GatewayStatus): DeviceLiveState | undefined {
  const lastCommunicated = new Date(receivedAt).toISOString();
  if (known !== undefined && known.lastCommunicated >= lastCommunicated) return undefined;
  return {
    ...known,
    lastCommunicated,
    ...(status?.signal !== undefined ? { signal: status.signal } : {}),
    ...(status?.firmware !== undefined ? { firmware: status.firmware } : {}),
  };
}

/**
 * The finished hours (`hourKey`) whose rollup a sensor's new readings make due, oldest
 * first: the hour of each reading older than the sensor's current hour (a late reading
 * changes its finished hour), and the hour of the newest reading known before them when the
 * new ones moved the sensor past it (the hour it just left). The current hour (that of the
 * newest reading, new or known) is never rolled up: the graph rolls it up from raw readings.
 */
export function rollupHoursDue(readingTimes: readonly string[], newestKnown: string | undefined): string[] {
  return periodsDue(readingTimes, newestKnown, hourKey);
}

/**
 * The finished rollup blocks (`blockKey`, ROLLUP_BLOCK_HOURS each) a sensor's new readings make
 * due, oldest first: as `rollupHoursDue`, by the block. The current block is never rolled up: the
 * graph rolls up its hours from raw readings.
 */
export function rollupBlocksDue(readingTimes: readonly string[], newestKnown: string | undefined): string[] {
  return periodsDue(readingTimes, newestKnown, blockKey);
}

function periodsDue(readingTimes: readonly string[], newestKnown: string | undefined, periodOf: (time: string) => string): string[] {
  const newest = [...readingTimes, ...(newestKnown === undefined ? [] : [newestKnown])].reduce<string | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);
  if (newest === undefined) return [];
  const current = periodOf(newest);
  const due = new Set(readingTimes.map((time) => periodOf(time)).filter((period) => period < current));
  if (newestKnown !== undefined && periodOf(newestKnown) < current) due.add(periodOf(newestKnown));
  return [...due].sort();
}
