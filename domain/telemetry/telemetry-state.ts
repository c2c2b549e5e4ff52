import type { SensorType } from '../devices/device-catalogue';

/**
 * A device's live state (docs/data-model.md "Device data"): what its newest reading said and
 * when it last talked to the portal. Written only by the ingest, to `SENSOR#<id>#STATE`
 * (`GATEWAY#<id>#STATE` for gateways). "Online" is not stored: it is computed when read,
 * from `lastCommunicated` and how often the device reports.
 */
export interface DeviceLiveState {
  /** ISO time the portal last received a message from (or for) the device. */
  lastCommunicated: string;
  /** ISO time of the newest reading (sensors). */
  lastReadingAt?: string;
  /** Channel values of the newest reading (sensors). */
  reading?: Record<string, number | null>;
  battery?: number;
  signal?: number;
  snr?: number;
  /** Gateways: firmware version from their status messages. */
  firmware?: string;
}

/** A device that has not been heard from for three report intervals, plus this grace, is offline. */
export const ONLINE_GRACE_MS = 10 * 60 * 1000;
/** Missed report intervals before a device counts as offline. */
export const ONLINE_MISSED_REPORTS = 3;

/**
 * Online when the device was last heard from within three report intervals plus ten
 * minutes of `now`. A device never heard from is offline.
 */
export function isDeviceOnline(lastCommunicated: string | undefined | null, reportSeconds: number, now: number | Date): boolean {
  if (lastCommunicated === undefined || lastCommunicated === null) return false;
  const heardAt = Date.parse(lastCommunicated);
  if (Number.isNaN(heardAt)) return false;
  const nowMs = typeof now === 'number' ? now : now.getTime();
  return nowMs - heardAt <= ONLINE_MISSED_REPORTS * reportSeconds * 1000 + ONLINE_GRACE_MS;
}

/**
 * The stored state is rewritten at least this often while a device talks, even when nothing
 * material changed, so `lastCommunicated` is accurate to the heartbeat. It is shorter than
 * the online grace, so a device that reports keeps counting as online from the stored
 * state alone (stored lastCommunicated lags at most heartbeat + one interval).
 */
export const STATE_HEARTBEAT_MS = 10 * 60 * 1000;

/**
 * How far a channel's value must move before the live state is rewritten, when the
 * channel's data logging profile sets no deviation. Contacts: any change.
 */
export const DEFAULT_DEVIATION: Record<SensorType, number> = {
  temperature: 0.5,
  probe: 0.5,
  thermocouple: 0.5,
  dishwasher: 0.5,
  humidity: 2,
  oilQuality: 1,
  contact: 0,
};

/** A battery change of at least this many percent is material. */
export const BATTERY_STEP = 1;

/**
 * A value (or battery) moving past its deviation is written at most this often; events (a
 * contact changing, a probe unplugged, a device coming back online) are written at once. At
 * one reading a minute the state then costs at most 1/6 of a write per reading, so a reading
 * (1 write unit) plus its state and its hour's rollup (1/60) stay within 1.2 write units even
 * for a value that never settles (a fridge cycling through its band).
 */
export const VALUE_WRITE_INTERVAL_MS = 6 * 60 * 1000;

export interface MaterialChangeInput {
  /** The state as stored (what readers see now), or undefined when there is none yet. */
  stored: DeviceLiveState | undefined;
  /** The state the newest reading gives. */
  next: Required<Pick<DeviceLiveState, 'lastCommunicated'>> & DeviceLiveState;
  /** Per channel, the deviation that counts as a change (defaults: `DEFAULT_DEVIATION`). */
  deviations: Record<string, number>;
  /** How often the device reports, for the online rule. */
  reportSeconds: number;
}

export type StateWriteReason = 'first' | 'offline' | 'channels' | 'contact' | 'value' | 'battery' | 'heartbeat';

/**
 * Whether the live state item must be rewritten for this newest reading, and why; undefined
 * when the stored state is still good enough. At once: the first state; a device that was
 * offline; a channel appearing, going, or turning null/non-null (a probe unplugged); a
 * channel of deviation 0 (a contact) changing at all. Once the stored state is
 * VALUE_WRITE_INTERVAL_MS old: a value moved by more than its channel's deviation, or the
 * battery by at least 1. Once it is STATE_HEARTBEAT_MS old: anything, so lastCommunicated
 * stays accurate to the heartbeat.
 */
export function stateWriteReason(input: MaterialChangeInput): StateWriteReason | undefined {
  const { stored, next, deviations, reportSeconds } = input;
  if (stored === undefined) return 'first';
  const receivedAt = Date.parse(next.lastCommunicated);
  if (!isDeviceOnline(stored.lastCommunicated, reportSeconds, receivedAt)) return 'offline';
  const age = receivedAt - Date.parse(stored.lastCommunicated);
  const before = stored.reading ?? {};
  const after = next.reading ?? {};
  const channels = new Set([...Object.keys(before), ...Object.keys(after)]);
  let moved = false;
  for (const channel of channels) {
    const was = before[channel];
    const now = after[channel];
    if (was === undefined || now === undefined) return 'channels';
    if ((was === null) !== (now === null)) return 'channels';
    if (was === null || now === null) continue;
    const deviation = deviations[channel] ?? 0;
    if (deviation === 0 && now !== was) return 'contact';
    if (Math.abs(now - was) > deviation) moved = true;
  }
  if (age >= VALUE_WRITE_INTERVAL_MS) {
    if (moved) return 'value';
    if (next.battery !== undefined && (stored.battery === undefined || Math.abs(next.battery - stored.battery) >= BATTERY_STEP)) return 'battery';
  }
  if (age >= STATE_HEARTBEAT_MS) return 'heartbeat';
  return undefined;
}

/** Gateways: rewrite when the firmware or signal changed much, or at the heartbeat. */
export function gatewayStateWriteNeeded(stored: DeviceLiveState | undefined, next: DeviceLiveState): boolean {
  if (stored === undefined) return true;
  if (next.firmware !== undefined && next.firmware !== stored.firmware) return true;
  if (next.signal !== undefined && (stored.signal === undefined || Math.abs(next.signal - stored.signal) >= 5)) return true;
  return Date.parse(next.lastCommunicated) - Date.parse(stored.lastCommunicated) >= STATE_HEARTBEAT_MS;
}
