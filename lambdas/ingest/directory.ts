import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import { emptyAlarmState, type DeviceAlarmState } from '@domain/alarms/device-engine';
import { liveStateWithReading, type DeviceLiveState } from '@domain/telemetry/telemetry-state';
// The reads the directory needs are the data layer's (`DirectoryReader`; `TelemetryTable` does them on DynamoDB).
import type { ConfigVersion, DirectoryReader, StoredItem } from '../data/repositories/ingest';
import { ALARM_STATE_SUFFIX, sensorConfigOf, toAlarmProfile, toDeviceAlarmState, toSensorState, type ProfileSettings, type SensorConfig } from '../data';

export type { SensorChannelConfig, SensorConfig } from '../data';
export { sensorConfigOf } from '../data';
export type { ConfigVersion, DirectoryEntity, DirectoryReader, StoredItem } from '../data/repositories/ingest';

/**
 * The ingest's per-container cache of device configuration and live state (docs/decisions/0031-ingest-device-cache-on-the-configuration-version.md).
 * Per organisation it holds a snapshot of the sensor and gateway partitions
 * (configuration and state items share them, so one Query reads both) and the data logging
 * profiles. Every write of a sensor, gateway or profile adds 1 to the organisation's device
 * configuration version (lambdas/data/device-config.ts, in the write's own transaction), so
 * the cache reads that one item at most every CONFIG_CHECK_MS and reloads the partitions
 * only when it moved: a change reaches the ingest within a minute, and at steady state reads
 * are one GetItem per organisation per minute whatever the fleet's size. The partitions are
 * reloaded anyway once the snapshot is CONFIG_MAX_AGE_MS old (a safety net, and the live
 * states other containers wrote). A device missing from the snapshot (just registered) is
 * looked up with one BatchGetItem for all of a batch's misses; an id still unknown is not
 * looked up again for UNKNOWN_RETRY_MS, so a stray device cannot turn each message into a read.
 *
 * Live state: the ingest is the state items' only writer, so between reloads the cache is
 * kept up to date by the ingest's own writes. `stored` is what the table holds (the state item:
 * its events, docs/decisions/0055-a-reading-costs-one-write.md), `seen` the newest this
 * container knows (the live state readers see, item and newest reading together; what the alarm
 * engine gets as the previous state). Since the item is not rewritten for each reading, a sensor
 * that has one is looked up once more when the container first needs it: its newest reading (one
 * Limit 1 Query), so `seen` starts right. A state write refused by its condition (another
 * container wrote a newer one) marks the entry stale, and the next batch reads both again.
 *
 * Alarms (issue 13): the organisation's alarm profiles are cached with the data logging
 * profiles (their writes move the same version), and each device's alarm engine state
 * (`SENSOR#<id>#ALARMS`, in the same partition) comes with the partition's one Query. The
 * engine keeps `alarms` up to date with what it writes; a reload keeps the newer version of
 * the cached and the read state (the clock writes it too; a write on an older version is
 * refused and the engine reads it again).
 */

/** How often the organisation's device configuration version is read. */
export const CONFIG_CHECK_MS = 60_000;
/** A snapshot older than this is reloaded whatever the version says. */
export const CONFIG_MAX_AGE_MS = 15 * 60_000;
export const UNKNOWN_RETRY_MS = 10_000;

export interface GatewayConfig {
  id: string;
  name?: string;
  siteId?: string;
  item: StoredItem;
}

export interface CachedState {
  stored: DeviceLiveState | undefined;
  seen: DeviceLiveState | undefined;
  /** The stored state may be newer than `stored`: read it again before the next decision. */
  stale: boolean;
  /** `seen` includes the sensor's newest stored reading (read once, or known from this container's own writes). */
  readingKnown: boolean;
}

export interface DeviceEntry<C> {
  config: C;
  state: CachedState;
  /** The alarm engine's state of the device (version 0: none stored). */
  alarms: DeviceAlarmState;
}

interface CustomerSnapshot {
  loadedAt: number;
  /** The device configuration version read just before the partitions were, and when it was last read. */
  version: number;
  /** The organisation was disabled when the version was read. */
  disabled: boolean;
  checkedAt: number;
  sensors: Map<string, DeviceEntry<SensorConfig>>;
  gateways: Map<string, DeviceEntry<GatewayConfig>>;
  profiles: Map<string, ProfileSettings>;
  alarmProfiles: Map<string, AlarmProfile>;
  /** Site time zones by site id, read only when an alarm profile has a custom schedule (it is in the site's time zone). */
  siteTimeZones: Map<string, string>;
  /** Ids looked up and not found, with when. */
  unknown: Map<string, number>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A gateway state item's fields as a live state (undefined when it has no lastCommunicated). */
export function liveStateOf(item: StoredItem | undefined): DeviceLiveState | undefined {
  const lastCommunicated = text(item?.['lastCommunicated']);
  if (item === undefined || lastCommunicated === undefined) return undefined;
  const reading = item['reading'];
  const state: DeviceLiveState = { lastCommunicated };
  const lastReadingAt = text(item['lastReadingAt']);
  if (lastReadingAt !== undefined) state.lastReadingAt = lastReadingAt;
  if (typeof reading === 'object' && reading !== null && !Array.isArray(reading)) {
    state.reading = Object.fromEntries(Object.entries(reading).filter(([, value]) => value === null || finite(value) !== undefined)) as Record<string, number | null>;
  }
  for (const key of ['battery', 'signal', 'snr'] as const) {
    const value = finite(item[key]);
    if (value !== undefined) state[key] = value;
  }
  const firmware = text(item['firmware']);
  if (firmware !== undefined) state.firmware = firmware;
  return state;
}

function gatewayConfigOf(id: string, item: StoredItem): GatewayConfig {
  return { id, ...(text(item['name']) ? { name: text(item['name']) } : {}), ...(text(item['siteId']) ? { siteId: text(item['siteId']) } : {}), item };
}

/** A sensor's state item, by the one sensor state decoder (undefined when it has no lastCommunicated). */
function sensorLiveStateOf(item: StoredItem | undefined): DeviceLiveState | undefined {
  const lastCommunicated = text(item?.['lastCommunicated']);
  return item === undefined || lastCommunicated === undefined ? undefined : { ...toSensorState(item), lastCommunicated };
}

/** The newer of two states: by reading time for sensors, by last communication for gateways. */
function newer(a: DeviceLiveState | undefined, b: DeviceLiveState | undefined): DeviceLiveState | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const key = (state: DeviceLiveState) => state.lastReadingAt ?? state.lastCommunicated;
  return key(b) > key(a) ? b : a;
}

type DeviceItems = { config?: StoredItem; state?: StoredItem; alarms?: StoredItem };

/** Splits a partition's items into devices: configuration `SENSOR#<id>`, state `SENSOR#<id>#STATE`, alarm state `SENSOR#<id>#ALARMS`. */
function devicesOf(entity: 'SENSOR' | 'GATEWAY', items: readonly StoredItem[]): Map<string, DeviceItems> {
  const pattern = new RegExp(`^${entity}#([^#]+)(#STATE|${ALARM_STATE_SUFFIX})?$`);
  const devices = new Map<string, DeviceItems>();
  for (const item of items) {
    const match = pattern.exec(String(item['sk'] ?? ''));
    if (!match?.[1]) continue;
    const device = devices.get(match[1]) ?? {};
    if (match[2] === '#STATE') device.state = item;
    else if (match[2] === ALARM_STATE_SUFFIX) device.alarms = item;
    else device.config = item;
    devices.set(match[1], device);
  }
  return devices;
}

export interface DirectoryOptions {
  /** How often the device configuration version is read (tests shorten it). */
  checkMs: number;
  /** A snapshot older than this is reloaded whatever the version. */
  maxAgeMs: number;
  unknownRetryMs: number;
}

export const DEFAULT_DIRECTORY_OPTIONS: DirectoryOptions = { checkMs: CONFIG_CHECK_MS, maxAgeMs: CONFIG_MAX_AGE_MS, unknownRetryMs: UNKNOWN_RETRY_MS };

export class DeviceDirectory {
  private readonly customers = new Map<string, CustomerSnapshot>();
  private readonly options: DirectoryOptions;

  constructor(
    private readonly reader: DirectoryReader,
    private readonly clock: () => number = Date.now,
    options: Partial<DirectoryOptions> = {},
  ) {
    this.options = { ...DEFAULT_DIRECTORY_OPTIONS, ...options };
  }

  /** Makes sure the organisation's snapshot is current and holds these devices if they exist. */
  async prepare(customerId: string, wanted: { sensors: Iterable<string>; gateways: Iterable<string> }): Promise<void> {
    const now = this.clock();
    let snapshot = this.customers.get(customerId);
    if (snapshot === undefined || now - snapshot.loadedAt > this.options.maxAgeMs) {
      snapshot = await this.load(customerId, snapshot, now, await this.reader.configVersion(customerId));
      this.customers.set(customerId, snapshot);
    } else if (now - snapshot.checkedAt > this.options.checkMs) {
      const version = await this.reader.configVersion(customerId);
      if (version.version === snapshot.version) {
        snapshot.checkedAt = now;
      } else {
        snapshot = await this.load(customerId, snapshot, now, version);
        this.customers.set(customerId, snapshot);
      }
    }
    await this.lookUp(snapshot, customerId, 'SENSOR', wanted.sensors, now);
    await this.lookUp(snapshot, customerId, 'GATEWAY', wanted.gateways, now);
    await this.lookUpNewestReadings(snapshot, customerId, wanted.sensors);
  }

  /**
   * For wanted sensors whose newest reading this container does not know yet and that have a
   * state item (without one, the sensor has no reading the state does not already say: its
   * first reading writes it), the newest reading, merged into `seen`.
   */
  private async lookUpNewestReadings(snapshot: CustomerSnapshot, customerId: string, wanted: Iterable<string>): Promise<void> {
    const unknown = [...new Set(wanted)].flatMap((id) => {
      const entry = snapshot.sensors.get(id);
      if (entry === undefined || entry.state.readingKnown) return [];
      if (entry.state.stored === undefined) {
        entry.state.readingKnown = true;
        return [];
      }
      return [[id, entry] as const];
    });
    if (unknown.length === 0) return;
    const newest = await this.reader.newestReadings(customerId, unknown.map(([id]) => id));
    for (const [id, entry] of unknown) {
      const reading = newest.get(id);
      if (reading !== undefined) entry.state.seen = newer(entry.state.seen, liveStateWithReading(entry.state.stored, reading));
      entry.state.readingKnown = true;
    }
  }

  /** Is the organisation disabled, as of the snapshot (call after `prepare`)? */
  organisationDisabled(customerId: string): boolean {
    return this.customers.get(customerId)?.disabled === true;
  }

  sensor(customerId: string, id: string): DeviceEntry<SensorConfig> | undefined {
    return this.customers.get(customerId)?.sensors.get(id);
  }

  gateway(customerId: string, id: string): DeviceEntry<GatewayConfig> | undefined {
    return this.customers.get(customerId)?.gateways.get(id);
  }

  /** An alarm profile of the organisation, as of the snapshot (call after `prepare`). */
  alarmProfile(customerId: string, id: string | undefined): AlarmProfile | undefined {
    return id === undefined ? undefined : this.customers.get(customerId)?.alarmProfiles.get(id);
  }

  /**
   * A site's time zone, for an alarm profile's schedule: known when some profile of the
   * organisation has a custom schedule (a site's edit does not move the device configuration
   * version, so a changed zone is seen at the next reload, within CONFIG_MAX_AGE_MS).
   */
  siteTimeZone(customerId: string, siteId: string | undefined): string | undefined {
    return siteId === undefined ? undefined : this.customers.get(customerId)?.siteTimeZones.get(siteId);
  }

  /** Everything is read again on next use (tests; a configuration known to have changed). */
  clear(): void {
    this.customers.clear();
  }

  /**
   * Reads the partitions. `version` must have been read before them: a change committed
   * meanwhile is then either in what is read, or moves the version again (another reload).
   */
  private async load(customerId: string, previous: CustomerSnapshot | undefined, now: number, { version, disabled }: ConfigVersion): Promise<CustomerSnapshot> {
    const [profileItems, sensorItems, gatewayItems, alarmProfileItems] = await Promise.all([
      this.reader.loadPartition(customerId, 'DATALOGGINGPROFILE'),
      this.reader.loadPartition(customerId, 'SENSOR'),
      this.reader.loadPartition(customerId, 'GATEWAY'),
      this.reader.loadPartition(customerId, 'ALARMPROFILE'),
    ]);
    const alarmProfiles = new Map<string, AlarmProfile>();
    for (const item of alarmProfileItems) {
      // Only the profiles themselves have an id (anything else in the partition is not one).
      if (text(item['id']) === undefined) continue;
      const profile = toAlarmProfile(item);
      alarmProfiles.set(profile.id, profile);
    }
    const siteTimeZones = new Map<string, string>();
    // One more partition Query per reload, and only for an organisation whose profiles need it.
    if ([...alarmProfiles.values()].some((profile) => profile.schedule.kind === 'custom')) {
      for (const item of await this.reader.loadPartition(customerId, 'SITE')) {
        const id = text(item['id']);
        const zone = text(item['timezone']);
        if (id !== undefined && zone !== undefined) siteTimeZones.set(id, zone);
      }
    }
    const profiles = new Map<string, ProfileSettings>();
    for (const item of profileItems) {
      const id = text(item['id']);
      const deviation = finite(item['deviation']);
      if (id !== undefined) profiles.set(id, deviation === undefined ? {} : { deviation });
    }
    const snapshot: CustomerSnapshot = { loadedAt: now, version, disabled, checkedAt: now, sensors: new Map(), gateways: new Map(), profiles, alarmProfiles, siteTimeZones, unknown: new Map() };
    for (const [id, device] of devicesOf('SENSOR', sensorItems)) {
      if (device.config === undefined) continue;
      snapshot.sensors.set(id, this.entry(sensorConfigOf(id, device.config, profiles), sensorLiveStateOf(device.state), device.alarms, previous?.sensors.get(id)));
    }
    for (const [id, device] of devicesOf('GATEWAY', gatewayItems)) {
      if (device.config === undefined) continue;
      snapshot.gateways.set(id, this.entry(gatewayConfigOf(id, device.config), liveStateOf(device.state), device.alarms, previous?.gateways.get(id)));
    }
    return snapshot;
  }

  /**
   * An entry from what was read; a cached state carries over, unless it was stale (then its
   * newest reading is read again). Of the read and the cached alarm state, the newer version stands.
   */
  private entry<C>(config: C, stored: DeviceLiveState | undefined, alarmItem: StoredItem | undefined, previous: DeviceEntry<unknown> | undefined): DeviceEntry<C> {
    const cached = previous?.state;
    const readingKnown = cached !== undefined && !cached.stale && cached.readingKnown;
    const read = alarmItem === undefined ? emptyAlarmState() : toDeviceAlarmState(alarmItem);
    const alarms = previous !== undefined && previous.alarms.version > read.version ? previous.alarms : read;
    return { config, state: { stored, seen: newer(cached?.seen, stored), stale: false, readingKnown }, alarms };
  }

  private async lookUp(snapshot: CustomerSnapshot, customerId: string, entity: 'SENSOR' | 'GATEWAY', wanted: Iterable<string>, now: number): Promise<void> {
    const known = entity === 'SENSOR' ? snapshot.sensors : snapshot.gateways;
    const missing = [...new Set(wanted)].filter((id) => {
      if (known.get(id)?.state.stale) return true;
      if (known.has(id)) return false;
      const checkedAt = snapshot.unknown.get(`${entity}#${id}`);
      return checkedAt === undefined || now - checkedAt > this.options.unknownRetryMs;
    });
    if (missing.length === 0) return;
    const found = devicesOf(entity, await this.reader.getDevices(customerId, entity, missing));
    for (const id of missing) {
      const device = found.get(id);
      if (device?.config === undefined) {
        known.delete(id);
        snapshot.unknown.set(`${entity}#${id}`, now);
        continue;
      }
      const previous = known.get(id);
      if (entity === 'SENSOR') {
        snapshot.sensors.set(id, this.entry(sensorConfigOf(id, device.config, snapshot.profiles), sensorLiveStateOf(device.state), device.alarms, previous));
      } else {
        snapshot.gateways.set(id, this.entry(gatewayConfigOf(id, device.config), liveStateOf(device.state), device.alarms, previous));
      }
    }
  }
}
