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
 * A gateway's stored state is rewritten at least this often while it talks, even when nothing
 * material changed, so its `lastCommunicated` is accurate to the heartbeat. It is shorter than
 * the online grace, so a gateway that reports keeps counting as online from its stored state.
 * (A sensor's state has no heartbeat: readers take its live values from its newest reading.)
 */
export const STATE_HEARTBEAT_MS = 10 * 60 * 1000;

/**
 * How far a channel's value must move before it counts as a change, when the channel's data
 * logging profile sets no deviation. Contacts: every change.
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

/** A state item as read: what the ingest stored (an item without `lastCommunicated` is possible, if odd). */
export type StoredLiveState = Omit<DeviceLiveState, 'lastCommunicated'> & { lastCommunicated?: string };

/** What a stored reading gives the live state: its time, values and arrival (readers merge it, `liveStateWithReading`). */
export interface NewestReading {
  time: string;
  channels: Record<string, number | null>;
  battery?: number;
  signal?: number;
  snr?: number;
  /** ISO time the portal received it. */
  receivedAt: string;
}

/**
 * A sensor's live state as readers show it (docs/decisions/0055-a-reading-costs-one-write.md):
 * the stored state item, with the sensor's newest reading on top when that reading is
 * newer than the item. The item holds the events (the first state, a channel appearing or going,
 * a contact changing, a device back online) and what a reading may not carry; the newest reading
 * gives the values, `lastReadingAt`, and `lastCommunicated` when it arrived later. Either may be
 * missing; undefined when both are.
 */
export function liveStateWithReading(stored: DeviceLiveState | undefined, newest: NewestReading): DeviceLiveState;
export function liveStateWithReading(stored: StoredLiveState | undefined, newest: NewestReading | undefined): StoredLiveState | undefined;
export function liveStateWithReading(stored: StoredLiveState | undefined, newest: NewestReading | undefined): StoredLiveState | undefined {
  if (newest === undefined) return stored;
  if (stored?.lastReadingAt !== undefined && newest.time <= stored.lastReadingAt) return stored;
  const lastCommunicated = stored?.lastCommunicated !== undefined && stored.lastCommunicated > newest.receivedAt ? stored.lastCommunicated : newest.receivedAt;
  return {
    ...stored,
    lastCommunicated,
    lastReadingAt: newest.time,
    reading: { ...newest.channels },
    ...(newest.battery !== undefined ? { battery: newest.battery } : {}),
    ...(newest.signal !== undefined ? { signal: newest.signal } : {}),
    ...(newest.snr !== undefined ? { snr: newest.snr } : {}),
  };
}

export interface MaterialChangeInput {
  /** The state item as stored, or undefined when there is none yet. */
  stored: DeviceLiveState | undefined;
  /** The live state before the new readings (what readers saw), or undefined when unknown. */
  previous: DeviceLiveState | undefined;
  /** The live state after them. */
  next: Required<Pick<DeviceLiveState, 'lastCommunicated'>> & DeviceLiveState;
  /** The newest of the new readings, as stored (what readers will merge on top of the item). */
  newest: NewestReading;
  /** Per channel, the deviation that counts as a change (defaults: `DEFAULT_DEVIATION`); 0 is a contact. */
  deviations: Record<string, number>;
  /** How often the device reports, for the online rule. */
  reportSeconds: number;
}

export type StateWriteReason = 'first' | 'offline' | 'channels' | 'contact' | 'carried';

/**
 * Whether a sensor's state item must be written for its new readings, and why; undefined when
 * the stored item with the newest reading on top already shows the new live state (a moved value,
 * a battery drifting and time passing never need a write: the reading carries them). Events, at
 * once: the first state; a sensor that was offline; a channel appearing, going, or turning
 * null/non-null (a probe unplugged); a channel of deviation 0 (a contact) changing at all.
 * 'carried': what the item must carry because the newest reading does not (a battery the
 * newest reading left out, a `lastCommunicated` later than its arrival).
 */
export function stateWriteReason(input: MaterialChangeInput): StateWriteReason | undefined {
  const { stored, previous, next, newest, deviations, reportSeconds } = input;
  if (stored === undefined) return 'first';
  const receivedAt = Date.parse(next.lastCommunicated);
  if (previous === undefined || !isDeviceOnline(previous.lastCommunicated, reportSeconds, receivedAt)) return 'offline';
  const before = previous.reading ?? {};
  const after = next.reading ?? {};
  for (const channel of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[channel];
    const now = after[channel];
    if (was === undefined || now === undefined) return 'channels';
    if ((was === null) !== (now === null)) return 'channels';
    if (was !== null && now !== null && (deviations[channel] ?? 0) === 0 && now !== was) return 'contact';
  }
  return sameLiveState(liveStateWithReading(stored, newest), next) ? undefined : 'carried';
}

const LIVE_FIELDS = ['lastCommunicated', 'lastReadingAt', 'battery', 'signal', 'snr', 'firmware'] as const;

/** Whether two live states show the same thing. */
export function sameLiveState(a: DeviceLiveState | undefined, b: DeviceLiveState | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (LIVE_FIELDS.some((field) => a[field] !== b[field])) return false;
  const left = a.reading ?? {};
  const right = b.reading ?? {};
  const channels = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...channels].every((channel) => left[channel] === right[channel]);
}

/** Gateways: rewrite when the firmware or signal changed much, or at the heartbeat. */
export function gatewayStateWriteNeeded(stored: DeviceLiveState | undefined, next: DeviceLiveState): boolean {
  if (stored === undefined) return true;
  if (next.firmware !== undefined && next.firmware !== stored.firmware) return true;
  if (next.signal !== undefined && (stored.signal === undefined || Math.abs(next.signal - stored.signal) >= 5)) return true;
  return Date.parse(next.lastCommunicated) - Date.parse(stored.lastCommunicated) >= STATE_HEARTBEAT_MS;
}
