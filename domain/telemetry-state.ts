import type { SensorType } from './device-catalogue';

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

export type StateWriteReason = 'first' | 'offline' | 'channels' | 'value' | 'battery' | 'heartbeat';

/**
 * Whether the live state item must be rewritten for this newest reading, and why; undefined
 * when the stored state is still good enough (nothing material changed and the stored
 * lastCommunicated is younger than the heartbeat). Material: a channel appeared, went, or
 * turned null/non-null (probe unplugged); a value moved by more than the channel's
 * deviation (any change for a deviation of 0, e.g. a contact); the battery moved by at
 * least 1; the device was offline.
 */
export function stateWriteReason(input: MaterialChangeInput): StateWriteReason | undefined {
  const { stored, next, deviations, reportSeconds } = input;
  if (stored === undefined) return 'first';
  const receivedAt = Date.parse(next.lastCommunicated);
  if (!isDeviceOnline(stored.lastCommunicated, reportSeconds, receivedAt)) return 'offline';
  const before = stored.reading ?? {};
  const after = next.reading ?? {};
  const channels = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const channel of channels) {
    const was = before[channel];
    const now = after[channel];
    if (was === undefined || now === undefined) return 'channels';
    if ((was === null) !== (now === null)) return 'channels';
    if (was === null || now === null) continue;
    const deviation = deviations[channel] ?? 0;
    const moved = Math.abs(now - was);
    if (deviation === 0 ? moved > 0 : moved > deviation) return 'value';
  }
  if (next.battery !== undefined && (stored.battery === undefined || Math.abs(next.battery - stored.battery) >= BATTERY_STEP)) return 'battery';
  if (receivedAt - Date.parse(stored.lastCommunicated) >= STATE_HEARTBEAT_MS) return 'heartbeat';
  return undefined;
}

/** Gateways: rewrite when the firmware or signal changed much, or at the heartbeat. */
export function gatewayStateWriteNeeded(stored: DeviceLiveState | undefined, next: DeviceLiveState): boolean {
  if (stored === undefined) return true;
  if (next.firmware !== undefined && next.firmware !== stored.firmware) return true;
  if (next.signal !== undefined && (stored.signal === undefined || Math.abs(next.signal - stored.signal) >= 5)) return true;
  return Date.parse(next.lastCommunicated) - Date.parse(stored.lastCommunicated) >= STATE_HEARTBEAT_MS;
}
