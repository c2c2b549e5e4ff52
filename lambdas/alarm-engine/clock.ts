import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import type { DeviceAlarmState } from '@domain/alarms/device-engine';
import {
  alarmProfileKey,
  batchGet,
  deviceAlarmStateKey,
  dueTimers,
  minutesToDo,
  newestReadings,
  readClockCursor,
  sensorConfigOf,
  setTimers,
  siteKey,
  toAlarmProfile,
  toDeviceAlarmState,
  writeClockCursor,
  type DataTable,
  type TimerEntry,
  deviceKey,
  deviceStateKey,
  ENTITY,
} from '../data';
import { planAlarmNotifications, recipientOfTimer, releaseHeld } from '../notifier/plan';
import { AlarmEngine, alarmProfileIdOf, engineGatewayOf, engineSensorOf, type EngineDevice } from './engine';
import { eachLimited } from '../shared/concurrency';
import { describeError, type Logger } from '../shared/observability';

/**
 * The alarm clock (issue 13 section 2; docs/decisions/0058-alarm-clock-and-its-due-index.md): run every minute
 * by the schedules list. It does the minutes of the due index (lambdas/data/entities/
 * alarm-timer-bucket.ts) that ended since its cursor, at most CATCH_UP_MINUTES at a time (a
 * clock that was down catches up over a few runs instead of one long one), and for each device
 * due it reads what the engine needs (its configuration item, its alarm profile, its newest
 * reading, or for a gateway when it was last heard from) and lets the engine look again
 * (`AlarmEngine.onTimer`, on the device's engine state read with its configuration in one
 * BatchGetItem per 100 keys, so a timer that fires after the alarm cleared or was raised does
 * nothing; the newest reading is one Limit 1 Query per sensor: BatchGetItem cannot read the
 * newest item of a partition). The timers the looks set are set together at
 * the end (`setTimers`: one PutItem per minute they fall in). Then it moves the cursor (the
 * minutes' items are left to their TTL).
 *
 * Reads per run with nothing due: the cursor and the minute's partition (one GetItem and one
 * Query), whatever the fleet.
 */

/** The most minutes one run does. */
export const CATCH_UP_MINUTES = 15;
/** Devices looked at in parallel. */
const PARALLEL_DEVICES = 8;

export interface ClockDependencies {
  client: DataTable['client'];
  tableName: string;
  /** The run's time (the scheduled event's; a test sets it). */
  now: number;
  logger: Logger;
  /** Capacity consumed (the benchmark's reads per tick). */
  onConsumed?: (kind: 'read' | 'write', units: number) => void;
  /** The storm rule's window for the held messages it releases (the product's when absent). */
  stormWindowMs?: number;
}

export interface ClockRun {
  /** The minutes done (`YYYY-MM-DDTHH:mm`). */
  minutes: string[];
  due: number;
  /** Devices whose look failed: set again for the next minute. */
  failed: number;
}

/** A device's timer (the notifier's are alarms' and recipients'). */
type DeviceTimerEntry = TimerEntry & { deviceType: 'SENSOR' | 'GATEWAY' };
const isDeviceTimer = (entry: TimerEntry): entry is DeviceTimerEntry => entry.deviceType === 'SENSOR' || entry.deviceType === 'GATEWAY';

interface DueDevice {
  entry: DeviceTimerEntry;
  device: EngineDevice;
  /** Its engine state, read with its configuration. */
  state: DeviceAlarmState;
  profileId: string | undefined;
  newestReadingAt: number | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const timeOf = (value: unknown): number | undefined => {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
};

export async function runAlarmClock(deps: ClockDependencies): Promise<ClockRun> {
  const { client, tableName, now, logger } = deps;
  const read = { onConsumed: (units: number) => deps.onConsumed?.('read', units) };
  const cursor = await readClockCursor(client, tableName, read);
  const minutes = minutesToDo(cursor, now, CATCH_UP_MINUTES);
  const last = minutes.at(-1);
  if (last === undefined) return { minutes, due: 0, failed: 0 };

  const allDue = await dueTimers(client, tableName, minutes, read);
  const due = allDue.filter(isDeviceTimer);
  // The timers the looks set, set together once every device was looked at.
  const timers: Array<{ entry: TimerEntry; at: number }> = [];
  const engine = new AlarmEngine({ client, tableName, now: () => now, timers, ...(deps.onConsumed === undefined ? {} : { onConsumed: deps.onConsumed }) });
  const failed: TimerEntry[] = [];
  const byCustomer = new Map<string, DeviceTimerEntry[]>();
  for (const entry of due) byCustomer.set(entry.customerId, [...(byCustomer.get(entry.customerId) ?? []), entry]);
  for (const [customerId, entries] of byCustomer) {
    let devices: DueDevice[];
    let profiles: Map<string, AlarmProfile>;
    try {
      devices = await dueDevices(client, tableName, customerId, entries);
      profiles = await profilesOf(client, tableName, customerId, devices);
      devices = await withTimeZones(client, tableName, customerId, devices, profiles);
    } catch (error) {
      logger.error('alarm clock could not read the devices due', { customerId, ...describeError(error) });
      failed.push(...entries);
      continue;
    }
    await eachLimited(devices, PARALLEL_DEVICES, async (device) => {
      const profile = device.profileId === undefined ? undefined : profiles.get(device.profileId);
      try {
        await engine.onTimer({ device: device.device, profile, newestReadingAt: device.newestReadingAt, state: device.state });
      } catch (error) {
        logger.error('alarm clock could not look at a device', { customerId, deviceType: device.entry.deviceType, deviceId: device.entry.deviceId, ...describeError(error) });
        failed.push(device.entry);
      }
    });
  }

  // The notifier's timers: an alarm's next escalation step or retry, a user's messages held by the storm rule.
  failed.push(...await runNotifierTimers(deps, allDue.filter((entry) => !isDeviceTimer(entry))));

  // A device (or alarm) whose look failed is looked at again next minute, rather than lost with its minute.
  timers.push(...failed.map((entry) => ({ entry, at: now })));
  if (timers.length > 0) {
    const write = { onConsumed: (units: number) => deps.onConsumed?.('write', units) };
    await setTimers(client, tableName, timers, now, write);
  }
  await writeClockCursor(client, tableName, last);
  return { minutes, due: due.length, failed: failed.length };
}

/**
 * The devices due, as the engine needs them. A device deleted since its timer was set is looked
 * at as a deleted one: the engine clears its open alarms, which nothing else would ever clear.
 */
async function dueDevices(client: DataTable['client'], tableName: string, customerId: string, entries: readonly DeviceTimerEntry[]): Promise<DueDevice[]> {
  const kind = (entry: DeviceTimerEntry) => (entry.deviceType === 'SENSOR' ? ENTITY.sensor : ENTITY.gateway);
  const stateKey = (entry: DeviceTimerEntry) => deviceAlarmStateKey(tableName, customerId, entry.deviceType, entry.deviceId).Key as { pk: string; sk: string };
  const keys = entries.flatMap((entry) => [
    deviceKey(customerId, kind(entry), entry.deviceId),
    // Its engine state (BatchGetItem, 100 keys a request, rather than a GetItem each).
    stateKey(entry),
    // A gateway's newest "reading" is when it was last heard from (its state item).
    ...(entry.deviceType === 'GATEWAY' ? [deviceStateKey(customerId, ENTITY.gateway, entry.deviceId)] : []),
  ]);
  const items = await batchGet(client, tableName, keys, { consistent: true });
  const itemAt = (key: { pk: string; sk: string }) => items.find((item) => item['pk'] === key.pk && item['sk'] === key.sk);
  const sensors = entries.filter((entry) => entry.deviceType === 'SENSOR').map((entry) => entry.deviceId);
  const newest = await newestReadings(client, tableName, customerId, sensors);
  return entries.flatMap((entry): DueDevice[] => {
    const config = itemAt(deviceKey(customerId, kind(entry), entry.deviceId));
    const state = toDeviceAlarmState(itemAt(stateKey(entry)));
    if (config === undefined) {
      const deleted: EngineDevice = {
        customerId, deviceType: entry.deviceType, deviceId: entry.deviceId, name: entry.deviceId, placement: { siteId: '' },
        channels: [], reportSeconds: 0, disabled: true, deleted: true,
      };
      return [{ entry, device: deleted, state, profileId: undefined, newestReadingAt: undefined }];
    }
    const profileId = alarmProfileIdOf(config);
    if (entry.deviceType === 'SENSOR') {
      const device = engineSensorOf(customerId, sensorConfigOf(entry.deviceId, config));
      return [{ entry, device, state, profileId, newestReadingAt: timeOf(newest.get(entry.deviceId)?.time) }];
    }
    const heard = itemAt(deviceStateKey(customerId, ENTITY.gateway, entry.deviceId));
    return [{ entry, device: engineGatewayOf(customerId, entry.deviceId, config), state, profileId, newestReadingAt: timeOf(text(heard?.['lastCommunicated'])) }];
  });
}

/**
 * The devices with their sites' time zones, read (one BatchGetItem) only for devices whose
 * profile has a custom schedule: it is in force in the site's time zone.
 */
async function withTimeZones(
  client: DataTable['client'], tableName: string, customerId: string, devices: readonly DueDevice[], profiles: ReadonlyMap<string, AlarmProfile>,
): Promise<DueDevice[]> {
  const scheduled = (device: DueDevice) => device.profileId !== undefined && profiles.get(device.profileId)?.schedule.kind === 'custom' && device.device.placement.siteId !== '';
  const siteIds = [...new Set(devices.filter(scheduled).map((device) => device.device.placement.siteId))];
  if (siteIds.length === 0) return [...devices];
  const items = await batchGet(client, tableName, siteIds.map((id) => siteKey(tableName, customerId, id).Key), { consistent: true });
  const zones = new Map(items.flatMap((item) => (text(item['id']) !== undefined && text(item['timezone']) !== undefined ? [[String(item['id']), String(item['timezone'])] as const] : [])));
  return devices.map((device) => {
    const timeZone = zones.get(device.device.placement.siteId);
    return timeZone === undefined ? device : { ...device, device: { ...device.device, timeZone } };
  });
}

/** The alarm profiles the devices name (one BatchGetItem). */
async function profilesOf(client: DataTable['client'], tableName: string, customerId: string, devices: readonly DueDevice[]): Promise<Map<string, AlarmProfile>> {
  const ids = [...new Set(devices.flatMap((device) => (device.profileId === undefined ? [] : [device.profileId])))];
  if (ids.length === 0) return new Map();
  const items = await batchGet(client, tableName, ids.map((id) => alarmProfileKey(tableName, customerId, id).Key), { consistent: true });
  return new Map(items.map((item) => toAlarmProfile(item)).map((profile) => [profile.id, profile]));
}

/** The notifier's due timers, a few at a time; returns those whose work failed (set again for the next minute). */
async function runNotifierTimers(deps: ClockDependencies, entries: readonly TimerEntry[]): Promise<TimerEntry[]> {
  const notifier = { client: deps.client, tableName: deps.tableName, now: () => deps.now, ...(deps.stormWindowMs === undefined ? {} : { stormWindowMs: deps.stormWindowMs }) };
  const failed: TimerEntry[] = [];
  await eachLimited(entries, PARALLEL_DEVICES, async (entry) => {
    try {
      const recipient = recipientOfTimer(entry);
      if (entry.deviceType === 'ALARM') await planAlarmNotifications(notifier, entry.customerId, entry.deviceId);
      else if (recipient !== undefined) await releaseHeld(notifier, entry.customerId, recipient.accountId, recipient.channel);
    } catch (error) {
      deps.logger.error('alarm clock could not do a notification timer', { customerId: entry.customerId, kind: entry.deviceType, id: entry.deviceId, ...describeError(error) });
      failed.push(entry);
    }
  });
  return failed;
}
