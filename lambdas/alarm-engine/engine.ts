import { ALARM_CLEARED_DEVICE_DELETED, ALARM_CLEARED_DEVICE_DISABLED, ALARM_CLEARED_NOT_WATCHED, clearAlarm, extendAlarm, raiseAlarm, type Alarm, type AlarmDeviceKind, type AlarmEventDetailCode, type AlarmPlacement } from '@domain/alarms/alarm';
import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import { profileRaises } from '@domain/alarms/alarm-types';
import type { AlarmType } from '@domain/alarms/alarm';
import type { ConditionRule, ConditionRun, RunTracker } from '@domain/alarms/conditions';
import { scanRuns } from '@domain/alarms/conditions';
import {
  evaluateBatch,
  INACTIVITY_KEY,
  rememberRecent,
  TIMER_REFRESH_MS,
  trackerMoved,
  type ConditionState,
  type DeviceAlarmState,
} from '@domain/alarms/device-engine';
import {
  conditionsOf,
  decideInactivity,
  decideOnTimer,
  inactivityWindowMs,
  samplesFor,
  settleRuns,
  type ActiveAlarmRef,
  type AlarmDecision,
  type DeviceChannel,
  type DeviceCondition,
  type EngineReading,
} from '@domain/alarms/engine';
import { scheduleInForce, type InForce } from '@domain/alarms/schedule';
import { DomainError } from '@domain/core/errors';
import { GATEWAY_STATUS_SECONDS } from '@domain/devices/gateway';
import { STATE_HEARTBEAT_MS } from '@domain/telemetry/telemetry-state';
import {
  alarmCreate,
  alarmReplace,
  auditEntryPut,
  deviceAlarmStateWrite,
  readAlarm,
  readDeviceAlarmState,
  readingsForAlarms,
  runTransaction,
  setTimers,
  storedAlarmId,
  type AlarmDeviceType,
  type DataTable,
  type GuardedItem,
  type SensorConfig,
  type TimerEntry,
} from '../data';
import type { Caller } from '../shared/caller';

/**
 * The alarm engine (issue 13 section 2), a service two resources drive: the ingest
 * (lambdas/ingest/alarms.ts) and the one-minute clock (./clock.ts). Its reads and writes are
 * the data layer's (lambdas/data/entities/alarm.ts, device-alarm-state.ts). It carries out what the pure rules of
 * domain/alarms decide, for the ingest (a batch of a device's readings, `onReadings`) and for
 * the one-minute clock (a device whose timer is due, `onTimer`). Every alarm transition is one
 * conditional write with its audit entry; the device's engine state is written on the version
 * read, and a write that lost to another container's is done again from what is stored.
 */

/** What an alarm is raised for: a condition of the profile, or the device's inactivity. */
type AlarmCondition = { key: string; type: AlarmType; channel?: string; rule?: ConditionRule };

/** Who the audit trail names for the engine's own transitions. */
export const ALARM_ENGINE_CALLER: Caller = {
  userId: 'alarm-engine', email: 'alarm-engine', role: 'admin', customerId: '', accountId: 'alarm-engine', isPortalLogin: false, tokenId: 'alarm-engine',
};

/** How far before a late reading (or an open run) a re-scan starts, so it starts where the condition was known. */
const RESCAN_LEAD_MS = 60 * 60_000;
const RESCAN_MAX_MS = 7 * 24 * 60 * 60_000;
const RESCAN_MAX_READINGS = 20_000;
/** Tries of a batch whose state write lost to another writer. */
const STATE_ATTEMPTS = 3;

/** A device as the engine needs it: where it is (copied onto its alarms) and what its channels measure. */
export interface EngineDevice {
  customerId: string;
  deviceType: AlarmDeviceType;
  deviceId: string;
  name: string;
  placement: AlarmPlacement;
  channels: DeviceChannel[];
  reportSeconds: number;
  gatewayHeartbeatSeconds?: number;
  disabled: boolean;
  /** Its configuration is gone (the clock found a timer of a deleted device): its open alarms are cleared as for a disabled one. */
  deleted?: boolean;
  /** Its site's time zone, for the profile's schedule (absent: UTC; needed only when the profile has a custom schedule). */
  timeZone?: string;
  /**
   * How far behind the truth the newest time the clock reads may be: a gateway's last-heard
   * time is stored at most every STATE_HEARTBEAT_MS (its messages are not stored items), so the
   * clock raises its inactivity only that much after the window, rather than raise it for a
   * gateway heard a minute ago. A sensor's newest reading is exact (absent).
   */
  newestLagMs?: number;
}

export interface EngineDependencies {
  client: DataTable['client'];
  tableName: string;
  now: () => number;
  /** Capacity the engine consumed (the benchmark's figures). */
  onConsumed?: (kind: 'read' | 'write', units: number) => void;
  /**
   * Given (the clock), the timers the engine sets are added here for the caller to set together
   * (`setTimers`, one write per minute for a whole tick) instead of written one by one.
   */
  timers?: Array<{ entry: TimerEntry; at: number }>;
}

const kindOf = (deviceType: AlarmDeviceType): AlarmDeviceKind => (deviceType === 'GATEWAY' ? 'gateway' : 'sensor');
const isConditionFailure = (error: unknown) => error instanceof DomainError && error.kind === 'conflict';

/** The profile's schedule at the device's site (undefined: always in force). */
const inForceOf = (device: EngineDevice, profile: AlarmProfile): InForce | undefined => scheduleInForce(profile.schedule, device.timeZone ?? 'UTC');

/** The device's inactivity window, when its profile watches inactivity. */
function windowOf(device: EngineDevice, profile: AlarmProfile): number | undefined {
  return profileRaises(profile.types, 'inactivity') ? inactivityWindowMs(profile, device.reportSeconds, device.gatewayHeartbeatSeconds) : undefined;
}

export class AlarmEngine {
  constructor(private readonly deps: EngineDependencies) {}

  /**
   * A batch of one device's stored readings. Returns the device's engine state after it (the
   * ingest keeps it in its cache). Nothing is read or written when nothing is in a condition.
   */
  async onReadings(input: {
    device: EngineDevice;
    profile: AlarmProfile | undefined;
    state: DeviceAlarmState;
    readings: readonly EngineReading[];
    newestBefore: number | undefined;
  }): Promise<DeviceAlarmState> {
    const { device, profile } = input;
    if (input.readings.length === 0) return input.state;
    // A disabled device's readings are not judged, but its open alarms are cleared (nothing
    // else would clear them); so are a device's whose profile was taken off it.
    if (profile === undefined && !device.disabled && !hasOpenAlarm(input.state)) return input.state;
    let state = input.state;
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (device.disabled || profile === undefined) return await this.clearForDisabled(device, state, profile === undefined && !device.disabled ? ALARM_CLEARED_NOT_WATCHED : undefined);
        return await this.evaluate(device, profile, state, input.readings, input.newestBefore);
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= STATE_ATTEMPTS) throw error;
        state = await this.readState(device);
      }
    }
  }

  private async evaluate(device: EngineDevice, profile: AlarmProfile, state: DeviceAlarmState, readings: readonly EngineReading[], newestBefore: number | undefined): Promise<DeviceAlarmState> {
    const now = this.deps.now();
    const conditions = conditionsOf(profile, device.channels, inForceOf(device, profile));
    const window = windowOf(device, profile);
    const evaluation = evaluateBatch({ conditions, state, readings, newestBefore, ...(window === undefined ? {} : { inactivityWindowMs: window }), now });
    const next: Record<string, ConditionState> = { ...state.conditions };
    const wakes: number[] = evaluation.wakeAt === undefined ? [] : [evaluation.wakeAt];

    for (const condition of conditions) {
      const kept = state.conditions[condition.key];
      let tracker = evaluation.trackers[condition.key] ?? kept?.tracker ?? {};
      let decisions = evaluation.decisions.filter((decision) => decision.key === condition.key);
      const rescan = evaluation.rescans.find((candidate) => candidate.key === condition.key);
      if (rescan !== undefined) {
        const rescanned = await this.rescan(device, condition, kept, rescan.from, now);
        tracker = rescanned.tracker;
        decisions = rescanned.decisions;
      }
      const carried = await this.carryOut(device, profile, condition, { ...kept, tracker }, decisions, now);
      next[condition.key] = carried.state;
      wakes.push(...carried.wakes);
    }

    if (evaluation.inactivityCleared !== undefined) {
      next[INACTIVITY_KEY] = await this.clearInactivity(device, next[INACTIVITY_KEY], evaluation.inactivityCleared.at);
    }
    await this.clearUnwatched(device, next, watchedKeys(conditions, window), now);
    const wakeAt = wakes.length === 0 ? state.wakeAt : Math.min(...wakes, ...(state.wakeAt !== undefined && state.wakeAt > now ? [state.wakeAt] : []));
    const after: DeviceAlarmState = { conditions: next, version: state.version + 1, ...(wakeAt === undefined ? {} : { wakeAt }) };
    const timerMoved = wakeAt !== undefined && wakeAt !== state.wakeAt;
    if (timerMoved) await this.setTimer(device, wakeAt, now);
    // Only the timer moved (a delay's timer, the stored one being past): the cache keeps it, the stored state stays.
    if (!stateChanged(state, after, now)) return timerMoved ? { ...state, wakeAt } : state;
    await this.writeState(device, after, state.version);
    return after;
  }

  /**
   * A device whose timer is due (the clock): each open run looked at again from the stored
   * readings (a timer that fires after the run cleared, or its alarm was raised, does nothing),
   * and the inactivity window against the newest reading. Sets the next timer if one is needed.
   */
  async onTimer(input: { device: EngineDevice; profile: AlarmProfile | undefined; newestReadingAt: number | undefined; state?: DeviceAlarmState }): Promise<void> {
    const { device, profile } = input;
    for (let attempt = 1; ; attempt += 1) {
      // The state the caller read (the clock: with the device's configuration), then what is stored after a lost write.
      const state = attempt === 1 && input.state !== undefined ? input.state : await this.readState(device);
      const unwatched = profile === undefined && !device.disabled && device.deleted !== true;
      if (unwatched && !hasOpenAlarm(state)) {
        if (state.wakeAt !== undefined && state.version > 0) await this.writeState(device, withoutWake(state), state.version).catch(() => undefined);
        return;
      }
      try {
        if (device.disabled || device.deleted === true || profile === undefined) await this.clearForDisabled(device, state, unwatched ? ALARM_CLEARED_NOT_WATCHED : undefined);
        else await this.wake(device, profile, state, input.newestReadingAt);
        return;
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= STATE_ATTEMPTS) throw error;
      }
    }
  }

  private async wake(device: EngineDevice, profile: AlarmProfile, state: DeviceAlarmState, newestReadingAt: number | undefined): Promise<void> {
    const now = this.deps.now();
    const next: Record<string, ConditionState> = { ...state.conditions };
    const wakes: number[] = [];
    const inForce = inForceOf(device, profile);
    const conditions = conditionsOf(profile, device.channels, inForce);
    for (const condition of conditions) {
      const kept = state.conditions[condition.key];
      if (kept?.tracker.open === undefined) continue;
      const rescanned = await this.rescan(device, condition, kept, kept.tracker.open.startedAt, now);
      const active = rescanned.activeAfter;
      const timer = active === undefined ? decideOnTimer(condition, rescanned.tracker, undefined, now) : [];
      const decisions = [...rescanned.decisions.filter((decision) => decision.kind !== 'due'), ...timer];
      const carried = await this.carryOut(device, profile, condition, { ...kept, tracker: rescanned.tracker }, decisions, now);
      next[condition.key] = carried.state;
      wakes.push(...carried.wakes);
    }
    const window = windowOf(device, profile);
    if (window !== undefined && newestReadingAt !== undefined) {
      const kept = next[INACTIVITY_KEY];
      const open = kept?.active !== undefined && kept.active.clearedAt === undefined ? kept.active : undefined;
      const verdict = decideInactivity(newestReadingAt, window + (device.newestLagMs ?? 0), open, now, inForce);
      if (verdict.kind === 'raise') {
        const run: ConditionRun = { startedAt: verdict.silentSince, lastAlarmAt: now, worst: null, worstAt: verdict.silentSince, last: null };
        next[INACTIVITY_KEY] = await this.raiseOrReturn(device, profile, { key: INACTIVITY_KEY, type: 'inactivity' }, kept, run, now);
      } else if (verdict.kind === 'due') {
        wakes.push(verdict.at);
      } else if (verdict.kind === 'clear' && open !== undefined) {
        next[INACTIVITY_KEY] = await this.clearInactivity(device, kept, verdict.at);
        wakes.push(newestReadingAt + window);
      }
    }
    await this.clearUnwatched(device, next, watchedKeys(conditions, window), now);
    const wakeAt = wakes.length === 0 ? undefined : Math.min(...wakes);
    const after: DeviceAlarmState = { conditions: next, version: state.version + 1, ...(wakeAt === undefined ? {} : { wakeAt }) };
    if (wakeAt !== undefined) await this.setTimer(device, wakeAt, now);
    // Moving the timer on alone writes no state (TIMER_REFRESH_MS): the timer is the due index's item.
    if (stateChanged(state, after, now)) await this.writeState(device, after, state.version);
  }

  /**
   * A disabled (or deleted) device: its readings are no longer judged, so each of its alarms
   * whose condition still holds is cleared now, with the reason in its timeline; it stays
   * active until acknowledged (SPEC: active until cleared and acknowledged). Open runs are
   * forgotten and its timer dropped: re-enabled, it starts afresh. Writes nothing when there
   * is nothing to clear and no timer (a disabled sensor's readings cost nothing).
   */
  private async clearForDisabled(device: EngineDevice, state: DeviceAlarmState, reason?: AlarmEventDetailCode): Promise<DeviceAlarmState> {
    const now = this.deps.now();
    const detail = reason ?? (device.deleted === true ? ALARM_CLEARED_DEVICE_DELETED : ALARM_CLEARED_DEVICE_DISABLED);
    const next: Record<string, ConditionState> = {};
    for (const [key, kept] of Object.entries(state.conditions)) next[key] = await this.clearKept(device, kept, now, detail);
    const after: DeviceAlarmState = { conditions: next, version: state.version + 1 };
    if (!stateChanged(state, after, now)) return state;
    await this.writeState(device, after, state.version);
    return after;
  }

  /**
   * A condition the profile no longer sets (an edit took its type or limits off, the channel
   * changed, another profile was chosen): its open alarm would never clear, so it is cleared
   * now with the reason in its timeline, and its open run forgotten. Changes `next` in place.
   */
  private async clearUnwatched(device: EngineDevice, next: Record<string, ConditionState>, watched: ReadonlySet<string>, now: number): Promise<void> {
    for (const [key, kept] of Object.entries(next)) {
      if (watched.has(key) || (kept.active === undefined && kept.tracker.open === undefined)) continue;
      next[key] = await this.clearKept(device, kept, now, ALARM_CLEARED_NOT_WATCHED);
    }
  }

  /** A condition's state once no longer judged: its open run forgotten, its open alarm (if any) cleared now with `detail`. */
  private async clearKept(device: EngineDevice, kept: ConditionState, now: number, detail: AlarmEventDetailCode): Promise<ConditionState> {
    const tracker: RunTracker = kept.tracker.lastTime === undefined ? {} : { lastTime: kept.tracker.lastTime };
    if (kept.active === undefined || kept.active.clearedAt !== undefined) return { ...kept, tracker };
    const alarm = await this.readAlarm(device.customerId, kept.active.id);
    if (alarm === undefined) return { tracker, ...(kept.recent === undefined ? {} : { recent: kept.recent }) };
    const cleared = clearAlarm(alarm, now, detail);
    if (cleared !== alarm) await this.writeAlarm(device.customerId, cleared, alarm, 'update');
    return this.stateWith(kept, tracker, cleared);
  }

  /** A condition's stored readings from a little before `from`, judged again: its tracker and what the runs in them mean. */
  private async rescan(device: EngineDevice, condition: DeviceCondition, kept: ConditionState | undefined, from: number, now: number) {
    const starts = [from, kept?.tracker.open?.startedAt, kept?.active?.startedAt].filter((time): time is number => time !== undefined);
    const start = Math.max(Math.min(...starts) - Math.max(condition.delayMs, RESCAN_LEAD_MS), now - RESCAN_MAX_MS);
    const stored = device.deviceType === 'SENSOR'
      ? await readingsForAlarms(this.deps.client, this.deps.tableName, device.customerId, device.deviceId, { start, end: now, limit: RESCAN_MAX_READINGS }, (consumed) => this.deps.onConsumed?.('read', consumed.CapacityUnits ?? 0))
      : [];
    const { runs, tracker } = scanRuns(samplesFor(condition, stored), condition.rule);
    const decisions = settleRuns({ condition, runs, active: kept?.active, history: kept?.recent ?? [] });
    const raised = decisions.find((decision) => decision.kind === 'raise');
    const activeAfter = kept?.active ?? (raised?.kind === 'raise' ? { id: '', startedAt: raised.run.startedAt } : undefined);
    return { tracker, decisions, activeAfter };
  }

  /** One condition's decisions, in order: raised, extended (cleared, returned), timers. */
  private async carryOut(device: EngineDevice, profile: AlarmProfile, condition: AlarmCondition, kept: ConditionState, decisions: readonly AlarmDecision[], now: number): Promise<{ state: ConditionState; wakes: number[] }> {
    let state: ConditionState = kept;
    const wakes: number[] = [];
    for (const decision of decisions) {
      if (decision.kind === 'due') {
        wakes.push(decision.at);
      } else {
        state = await this.raiseOrReturn(device, profile, condition, state, decision.run, now);
      }
    }
    return { state, wakes };
  }

  /**
   * A run that is an alarm: extends the condition's active alarm, or raises a new one (the same
   * run's alarm, raised already by another writer, is read instead). An active alarm found in
   * history (acknowledged and cleared meanwhile) is remembered, and the run raises its own.
   */
  private async raiseOrReturn(device: EngineDevice, profile: AlarmProfile, condition: AlarmCondition, kept: ConditionState | undefined, run: ConditionRun, now: number): Promise<ConditionState> {
    const tracker: RunTracker = kept?.tracker ?? {};
    const severity = condition.rule?.severity ?? (() => 0);
    if (kept?.active !== undefined) {
      const alarm = await this.readAlarm(device.customerId, kept.active.id);
      if (alarm !== undefined && alarm.status === 'active') {
        const extended = extendAlarm(alarm, run, severity);
        if (alarmMoved(alarm, extended)) await this.writeAlarm(device.customerId, extended, alarm, 'update');
        return this.stateWith(kept, tracker, extended);
      }
      kept = { ...kept, recent: rememberRecent(kept, kept.active) };
      delete kept.active;
    }
    const id = storedAlarmId(kindOf(device.deviceType), device.deviceId, condition.key, run.startedAt);
    const raised = raiseAlarm({
      id, ...device.placement, deviceKind: kindOf(device.deviceType), deviceId: device.deviceId, deviceName: device.name, profileId: profile.id,
      ...(condition.channel === undefined ? {} : { channel: condition.channel }), type: condition.type, run, now,
    });
    try {
      await runTransaction(this.deps.client, [alarmCreate(this.deps.tableName, device.customerId, raised), this.audit(device.customerId, raised, undefined, 'create')], this.written());
      return this.stateWith(kept, tracker, raised);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const existing = await this.readAlarm(device.customerId, id);
      return existing === undefined ? { ...kept, tracker } : this.stateWith(kept, tracker, existing);
    }
  }

  /** The condition's state after writing `alarm`: its reference while active, remembered once in history. */
  private stateWith(kept: ConditionState | undefined, tracker: RunTracker, alarm: Alarm): ConditionState {
    const ref: ActiveAlarmRef = { id: alarm.id, startedAt: Date.parse(alarm.startedAt), ...(alarm.clearedAt === undefined ? {} : { clearedAt: Date.parse(alarm.clearedAt) }) };
    const base: ConditionState = { tracker, ...(kept?.recent === undefined ? {} : { recent: kept.recent }) };
    return alarm.status === 'active' ? { ...base, active: ref } : { ...base, recent: rememberRecent(kept, ref) };
  }

  private async clearInactivity(device: EngineDevice, kept: ConditionState | undefined, at: number): Promise<ConditionState> {
    const tracker = kept?.tracker ?? {};
    if (kept?.active === undefined) return { ...kept, tracker };
    const alarm = await this.readAlarm(device.customerId, kept.active.id);
    if (alarm === undefined) return { tracker, ...(kept.recent === undefined ? {} : { recent: kept.recent }) };
    const cleared = clearAlarm(alarm, at);
    if (cleared !== alarm) await this.writeAlarm(device.customerId, cleared, alarm, 'update');
    return this.stateWith(kept, tracker, cleared);
  }

  private audit(customerId: string, after: Alarm, before: Alarm | undefined, action: 'create' | 'update'): GuardedItem {
    const { timeline: _after, ...afterFields } = after;
    const beforeFields = before === undefined ? undefined : (({ timeline: _before, ...fields }) => fields)(before);
    return auditEntryPut(this.deps.tableName, {
      customerId, caller: { ...ALARM_ENGINE_CALLER, customerId }, entityType: 'ALARM', entityId: after.id, action,
      before: beforeFields, after: afterFields, now: new Date(this.deps.now()),
    });
  }

  private async writeAlarm(customerId: string, next: Alarm, before: Alarm, action: 'update'): Promise<void> {
    await runTransaction(this.deps.client, [alarmReplace(this.deps.tableName, customerId, next, before.version), this.audit(customerId, next, before, action)], this.written());
  }

  private readAlarm(customerId: string, id: string): Promise<Alarm | undefined> {
    return readAlarm(this.deps.client, this.deps.tableName, customerId, id, this.read());
  }

  readState(device: Pick<EngineDevice, 'customerId' | 'deviceType' | 'deviceId'>): Promise<DeviceAlarmState> {
    return readDeviceAlarmState(this.deps.client, this.deps.tableName, device, this.read());
  }

  /** A read's consumed units to `onConsumed` (asked always, as the engine's figures are). */
  private read(): { onConsumed: (units: number) => void } {
    return { onConsumed: (units) => this.deps.onConsumed?.('read', units) };
  }

  private async writeState(device: EngineDevice, next: DeviceAlarmState, readVersion: number): Promise<void> {
    await runTransaction(this.deps.client, [deviceAlarmStateWrite(this.deps.tableName, device.customerId, device.deviceType, device.deviceId, next, readVersion)], this.written());
  }

  /** A transaction's consumed write units, as DynamoDB reports them, to `onConsumed` (nothing asked without it). */
  private written(): NonNullable<Parameters<typeof runTransaction>[2]> {
    const { onConsumed } = this.deps;
    if (onConsumed === undefined) return {};
    return { onConsumed: (consumed) => onConsumed('write', consumed.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0)) };
  }

  private async setTimer(device: EngineDevice, at: number, now: number): Promise<void> {
    const entry: TimerEntry = { customerId: device.customerId, deviceType: device.deviceType, deviceId: device.deviceId };
    if (this.deps.timers !== undefined) {
      this.deps.timers.push({ entry, at });
      return;
    }
    await setTimers(this.deps.client, this.deps.tableName, [{ entry, at }], now, {
      onConsumed: (units) => this.deps.onConsumed?.('write', units),
    });
  }
}

/** Whether an extension changed what the alarm says (its last value alone is not worth a write each reading). */
function alarmMoved(before: Alarm, after: Alarm): boolean {
  const said = ({ version: _version, lastValue: _last, ...fields }: Alarm) => JSON.stringify(fields);
  return said(before) !== said(after);
}

/** Whether the state names an alarm still open (not yet cleared). */
export const hasOpenAlarm = (state: DeviceAlarmState): boolean =>
  Object.values(state.conditions).some((condition) => condition.active !== undefined && condition.active.clearedAt === undefined);

/** The condition keys a profile judges on a device: its conditions', and inactivity when it watches it. */
function watchedKeys(conditions: readonly DeviceCondition[], inactivityWindow: number | undefined): ReadonlySet<string> {
  const keys = new Set(conditions.map((condition) => condition.key));
  if (inactivityWindow !== undefined) keys.add(INACTIVITY_KEY);
  return keys;
}

const withoutWake = (state: DeviceAlarmState): DeviceAlarmState => {
  const { wakeAt: _wake, ...rest } = state;
  return { ...rest, version: state.version + 1 };
};

/**
 * Whether the state worth storing moved: a run opened, grew or closed, an alarm reference
 * changed, a timer was set or dropped, or the stored `wakeAt` is older than TIMER_REFRESH_MS.
 * A timer moved on alone is not worth a write: the stored `wakeAt` says one is set, then or later.
 */
function stateChanged(before: DeviceAlarmState, after: DeviceAlarmState, now: number): boolean {
  if ((before.wakeAt === undefined) !== (after.wakeAt === undefined)) return true;
  if (before.wakeAt !== undefined && after.wakeAt !== before.wakeAt && before.wakeAt < now - TIMER_REFRESH_MS) return true;
  const keys = new Set([...Object.keys(before.conditions), ...Object.keys(after.conditions)]);
  for (const key of keys) {
    const a = before.conditions[key];
    const b = after.conditions[key];
    if (trackerMoved(a?.tracker, b?.tracker)) return true;
    if (JSON.stringify(a?.active ?? null) !== JSON.stringify(b?.active ?? null)) return true;
    if (JSON.stringify(a?.recent ?? []) !== JSON.stringify(b?.recent ?? [])) return true;
  }
  return false;
}

// The devices as the engine sees them, from their stored configuration (the ingest's cache and the clock build them alike).

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The alarm profile a device's configuration item names (absent: no alarms for it). */
export const alarmProfileIdOf = (item: Readonly<Record<string, unknown>>): string | undefined => textOf(item['alarmProfileId']);

/** A sensor from its configuration (the ingest's cached one, or its item decoded by `sensorConfigOf`). */
export function engineSensorOf(customerId: string, config: SensorConfig): EngineDevice {
  const { item } = config;
  const optional = (key: 'locationId' | 'departmentId' | 'divisionId') => {
    const value = textOf(item[key]);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    customerId, deviceType: 'SENSOR', deviceId: config.id, name: config.name ?? config.id,
    placement: { siteId: config.siteId ?? '', ...optional('locationId'), ...optional('departmentId'), ...optional('divisionId') },
    channels: config.channels.map(({ channel, sensorType, sensorSubType }) => ({ channel, sensorType, sensorSubType })),
    reportSeconds: config.reportSeconds,
    // Behind a gateway, a reading may wait for its heartbeat (the default inactivity window adds it).
    ...(config.gatewayId === undefined ? {} : { gatewayHeartbeatSeconds: GATEWAY_STATUS_SECONDS }),
    disabled: config.disabled,
  };
}

/** A gateway from its configuration item: no channels; its inactivity is judged on when it was last heard from. */
export function engineGatewayOf(customerId: string, id: string, item: Readonly<Record<string, unknown>>): EngineDevice {
  return {
    customerId, deviceType: 'GATEWAY', deviceId: id, name: textOf(item['name']) ?? id,
    placement: { siteId: textOf(item['siteId']) ?? '' },
    channels: [], reportSeconds: GATEWAY_STATUS_SECONDS, newestLagMs: STATE_HEARTBEAT_MS,
    // A gateway has no disabled state (its item keeps none).
    disabled: false,
  };
}
