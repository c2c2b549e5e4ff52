import type { SensorType } from '../devices/device-catalogue';
import type { AlarmType } from './alarm';
import { ALARM_TYPE_CATALOGUE, CHANNEL_JUDGED_ALARM_TYPES, profileRaises, type ChannelJudgedAlarmType } from './alarm-types';
import { storedLimitsOf, type AlarmProfileFields } from './alarm-profile';
import {
  contactRule,
  inForceOnly,
  defaultInactivityWindowMs,
  LOW_BATTERY_DELAY_MS,
  lowBatteryRule,
  probeMissingRule,
  runDueAt,
  runProven,
  runRaises,
  scanRuns,
  stepRun,
  thresholdRule,
  type ChannelSample,
  type ConditionRule,
  type ConditionRun,
  type RunTracker,
} from './conditions';
import { nextInForce, type InForce } from './schedule';

/**
 * The alarm engine's decisions (issue 13 section 2), pure: given a device's profile, its
 * trackers and active alarms, a batch of readings (judged by their own times only) or the
 * clock's `now` (for a delay that expires between readings), it says which alarms
 * to raise, extend or clear and which timers to set. The ingest (through `readingObservers`)
 * and the one-minute clock carry the decisions out with conditional writes; neither decides.
 *
 * Order of delivery: with no delay, any order, batching or redelivery of a device's readings
 * gives the same alarms; with a delay, so does any batching of readings delivered in order.
 * A reading delivered out of order that splits an excursion already raised (the clearing
 * reading arrived after the readings around it) does not withdraw the alarm: it was raised on
 * the readings known then, and the re-scan folds the split into its timeline.
 */

/** One condition the profile sets on one channel (or on the whole device: `channel` absent). */
export interface DeviceCondition {
  key: string;
  channel?: string;
  type: AlarmType;
  rule: ConditionRule;
  delayMs: number;
  /** Where a reading's sample for this condition comes from. */
  source: 'channel' | 'battery';
  /** The profile's schedule (absent: always in force); `rule` already judges readings by it, the clock asks it of its `now`. */
  inForce?: InForce;
}

export interface DeviceChannel {
  channel: string;
  sensorType: SensorType;
  /** The channel's sub-type (`ambient`: the room around the product, see `judgedByLimits`). */
  sensorSubType?: string;
}

/** The rule of each type judged on the channels of one sensor type (the catalogue names the sensor type). */
const CHANNEL_RULES: Record<ChannelJudgedAlarmType, ConditionRule> = { contact: contactRule, probeMissing: probeMissingRule };

const MINUTE = 60_000;
const TEMPERATURE_TYPES: readonly SensorType[] = ['temperature', 'probe', 'thermocouple', 'dishwasher'];

export const conditionKey = (type: AlarmType, channel?: string) => `${type}#${channel ?? 'device'}`;

/**
 * The conditions a profile sets on a device's channels; `inForce` is the profile's schedule in
 * the device's site's time zone (`scheduleInForce`), absent when it is always in force.
 */
export function conditionsOf(profile: AlarmProfileFields, channels: readonly DeviceChannel[], inForce?: InForce): DeviceCondition[] {
  const conditions = unscheduledConditionsOf(profile, channels);
  if (inForce === undefined) return conditions;
  return conditions.map((condition) => ({ ...condition, rule: inForceOnly(condition.rule, inForce), inForce }));
}

function unscheduledConditionsOf(profile: AlarmProfileFields, channels: readonly DeviceChannel[]): DeviceCondition[] {
  const delayMs = profile.alarmDelayMinutes * MINUTE;
  const conditions: DeviceCondition[] = [];
  const limits = storedLimitsOf(profile);
  const judged = judgedByLimits(profile, channels);
  for (const { channel, sensorType } of channels) {
    if (limits !== undefined && judged.has(channel)) {
      conditions.push({ key: conditionKey('threshold', channel), channel, type: 'threshold', rule: thresholdRule(limits.min, limits.max, limits.deadband), delayMs, source: 'channel' });
    }
    for (const type of CHANNEL_JUDGED_ALARM_TYPES) {
      if (profileRaises(profile.types, type) && sensorType === ALARM_TYPE_CATALOGUE[type].judged.sensorType) {
        conditions.push({ key: conditionKey(type, channel), channel, type, rule: CHANNEL_RULES[type], delayMs, source: 'channel' });
      }
    }
  }
  if (profileRaises(profile.types, 'battery') && profile.batteryThresholdPercent !== undefined) {
    // SPEC section 9: raised 90 minutes after the first low-battery packet, whatever the profile's delay.
    conditions.push({ key: conditionKey('battery'), type: 'battery', rule: lowBatteryRule(profile.batteryThresholdPercent), delayMs: LOW_BATTERY_DELAY_MS, source: 'battery' });
  }
  return conditions;
}

/**
 * The channels a profile's limits judge: those of its measurement (temperature or humidity),
 * but not a channel whose sub-type is `ambient` beside a channel of the product itself. A
 * vaccine fridge's room-ambient channel reads 22 °C all day; the 2-8 °C limits are the
 * vaccine's (its glycol probe), not the room's. A device that measures only ambient (a room
 * or dry-store sensor) is judged on it (docs/decisions/0065-ambient-channels-not-judged-by-the-limits.md).
 */
export function judgedByLimits(profile: Pick<AlarmProfileFields, 'measurement'>, channels: readonly DeviceChannel[]): ReadonlySet<string> {
  const measured = channels.filter(({ sensorType }) =>
    profile.measurement === 'humidity' ? sensorType === 'humidity' : TEMPERATURE_TYPES.includes(sensorType));
  const product = measured.filter(({ sensorSubType }) => sensorSubType !== 'ambient');
  return new Set((product.length > 0 ? product : measured).map(({ channel }) => channel));
}

/** A reading as the engine needs it: its own time, channel values and battery. */
export interface EngineReading {
  time: number;
  channels: Readonly<Record<string, number | null | undefined>>;
  battery?: number;
}

/**
 * A condition's samples from readings (its channel's values, or the battery). A probe channel
 * missing from a reading of its device (which reports its other channels) reads nothing, as a
 * null does: per-channel inactivity, a probe that stops reporting while its device goes on, is
 * the probe-missing condition (a reading with no channel at all is not a sensor's: `channels`
 * has at least one value, docs/decisions/0064-per-channel-inactivity-is-probe-missing.md).
 */
export function samplesFor(condition: DeviceCondition, readings: readonly EngineReading[]): ChannelSample[] {
  return readings.flatMap((reading): ChannelSample[] => {
    if (condition.source === 'battery') return reading.battery === undefined ? [] : [{ time: reading.time, value: reading.battery }];
    const value = reading.channels[condition.channel ?? ''];
    if (value === undefined) {
      const reportsOthers = Object.values(reading.channels).some((other) => other !== undefined);
      return condition.type === 'probeMissing' && reportsOthers ? [{ time: reading.time, value: null }] : [];
    }
    return [{ time: reading.time, value }];
  });
}

/** What the engine knows of an active alarm of a condition. */
export interface ActiveAlarmRef {
  id: string;
  startedAt: number;
  clearedAt?: number;
}

export type AlarmDecision =
  | { kind: 'raise'; key: string; condition: DeviceCondition; run: ConditionRun }
  | { kind: 'extend'; key: string; alarmId: string; run: ConditionRun }
  | { kind: 'due'; key: string; at: number };

export interface BatchOutcome {
  trackers: Record<string, RunTracker>;
  decisions: AlarmDecision[];
  /** Conditions a reading reached out of order: the caller re-scans their stored readings (`settleRescan`). */
  rescans: Array<{ key: string; from: number }>;
}

/**
 * Decides on a batch of one device's readings. Readings newer than a condition's tracker are
 * stepped in time order; one at or before it (out of order, or redelivered) asks for a re-scan
 * of the stored readings from a little before it, so the order of delivery never matters.
 */
export function decideOnReadings(input: {
  conditions: readonly DeviceCondition[];
  trackers: Readonly<Record<string, RunTracker>>;
  active: Readonly<Record<string, ActiveAlarmRef>>;
  readings: readonly EngineReading[];
}): BatchOutcome {
  const trackers: Record<string, RunTracker> = { ...input.trackers };
  const decisions: AlarmDecision[] = [];
  const rescans: Array<{ key: string; from: number }> = [];
  for (const condition of input.conditions) {
    const samples = samplesFor(condition, input.readings);
    if (samples.length === 0) continue;
    const before = trackers[condition.key] ?? {};
    const { lastTime } = before;
    const late = lastTime === undefined ? [] : samples.filter((sample) => sample.time <= lastTime);
    if (late.length > 0) {
      rescans.push({ key: condition.key, from: Math.min(...late.map((sample) => sample.time)) });
      continue;
    }
    const closed: ConditionRun[] = [];
    let tracker = before;
    for (const sample of [...samples].sort((a, b) => a.time - b.time)) {
      if (tracker.lastTime !== undefined && sample.time <= tracker.lastTime) continue; // a duplicate within the batch
      const step = stepRun(tracker, sample, condition.rule);
      tracker = step.tracker;
      if (step.closed !== undefined) closed.push(step.closed);
    }
    trackers[condition.key] = tracker;
    const runs = tracker.open === undefined ? closed : [...closed, tracker.open];
    decisions.push(...settleRuns({ condition, runs, active: input.active[condition.key], previouslyOpen: before.open }));
  }
  return { trackers, decisions, rescans };
}

const overlaps = (run: ConditionRun, alarm: ActiveAlarmRef) =>
  run.startedAt <= (alarm.clearedAt ?? Number.POSITIVE_INFINITY) && alarm.startedAt <= (run.clearedAt ?? Number.POSITIVE_INFINITY);

/**
 * What a condition's runs mean: while the condition has an active alarm, every run extends it
 * (at most one active alarm per device, channel and type); a run overlapping an alarm already
 * in history was reported (a re-scan finds it again) and changes nothing; a run that lasted its
 * delay raises an alarm (later runs of the same batch then extend it); an open run not yet long
 * enough sets a timer for when its delay expires.
 */
export function settleRuns(input: {
  condition: DeviceCondition;
  runs: readonly ConditionRun[];
  active: ActiveAlarmRef | undefined;
  /** Alarms of the condition in history that the runs may overlap (a re-scan passes them): those runs were reported. */
  history?: readonly ActiveAlarmRef[];
  /** The open run the tracker had before this batch (its timer is already set). */
  previouslyOpen?: ConditionRun;
}): AlarmDecision[] {
  const { condition } = input;
  const decisions: AlarmDecision[] = [];
  let alarmId = input.active?.id;
  let alarmStart = input.active?.startedAt;
  for (const run of input.runs) {
    if (input.history?.some((alarm) => overlaps(run, alarm)) === true) continue;
    if (alarmId !== undefined && alarmStart !== undefined) {
      // An older run a late batch revealed belongs to the alarm only if it was an alarm of its own.
      if (run.startedAt >= alarmStart || runProven(run, condition.delayMs)) decisions.push({ kind: 'extend', key: condition.key, alarmId, run });
      continue;
    }
    if (runProven(run, condition.delayMs)) {
      decisions.push({ kind: 'raise', key: condition.key, condition, run });
      // The store makes the record's id from the condition and the run's start.
      alarmId = alarmIdOf(condition.key, run.startedAt);
      alarmStart = run.startedAt;
      continue;
    }
    if (run.clearedAt === undefined && input.previouslyOpen?.startedAt !== run.startedAt) {
      decisions.push({ kind: 'due', key: condition.key, at: runDueAt(run, condition.delayMs) });
    }
  }
  return decisions;
}

/**
 * An alarm's id from its condition and its run's start, so the same run evaluated twice (two
 * containers, a redelivery, a re-scan) can only ever write the same record.
 */
export const alarmIdOf = (key: string, startedAt: number) => `${key}#${new Date(startedAt).toISOString()}`;

/**
 * A re-scan of a condition's stored readings (any order, duplicates included) after a reading
 * reached it out of order. The window should start where the condition's state is known: before
 * the active alarm's or the open run's start, and before the late reading.
 */
export function settleRescan(input: {
  condition: DeviceCondition;
  stored: readonly ChannelSample[];
  active: ActiveAlarmRef | undefined;
  history: readonly ActiveAlarmRef[];
}): { tracker: RunTracker; decisions: AlarmDecision[] } {
  const { runs, tracker } = scanRuns(input.stored, input.condition.rule);
  return { tracker, decisions: settleRuns({ condition: input.condition, runs, active: input.active, history: input.history }) };
}

/**
 * The clock's look at one condition when its timer is due: it re-reads the current tracker and
 * alarm, so a timer that fires after the run cleared, or after its alarm was raised, does nothing.
 */
export function decideOnTimer(condition: DeviceCondition, tracker: RunTracker, active: ActiveAlarmRef | undefined, now: number): AlarmDecision[] {
  const run = tracker.open;
  if (run === undefined || active !== undefined) return [];
  // Out of the schedule nothing is raised, and no timer is needed: the first reading in the
  // condition inside the schedule again proves the run (it lasted its delay) and raises it.
  if (condition.inForce !== undefined && !condition.inForce(now)) return [];
  return runRaises(run, condition.delayMs, now) ? [{ kind: 'raise', key: condition.key, condition, run }] : [{ kind: 'due', key: condition.key, at: runDueAt(run, condition.delayMs) }];
}

/** Inactivity (issue 13 section 2): silent for the profile's window, or twice the report interval + the gateway heartbeat + a minute. */
export function inactivityWindowMs(profile: Pick<AlarmProfileFields, 'inactivityMinutes'>, reportSeconds: number, gatewayHeartbeatSeconds?: number): number {
  return profile.inactivityMinutes === undefined ? defaultInactivityWindowMs(reportSeconds, gatewayHeartbeatSeconds) : profile.inactivityMinutes * MINUTE;
}

export type InactivityDecision =
  | { kind: 'raise'; silentSince: number }
  | { kind: 'clear'; at: number }
  | { kind: 'due'; at: number }
  | { kind: 'none' };

/**
 * Inactivity of a device (or a channel) whose newest reading is `lastReadingAt` (its own time):
 * raised once the window has passed with nothing newer; cleared by the first reading after it.
 */
export function decideInactivity(lastReadingAt: number, windowMs: number, active: ActiveAlarmRef | undefined, now: number, inForce?: InForce): InactivityDecision {
  if (active !== undefined) return lastReadingAt > active.startedAt ? { kind: 'clear', at: lastReadingAt } : { kind: 'none' };
  const dueAt = lastReadingAt + windowMs;
  if (now < dueAt) return { kind: 'due', at: dueAt };
  if (inForce === undefined || inForce(now)) return { kind: 'raise', silentSince: lastReadingAt };
  // Silent past its window out of the schedule: looked at again when the schedule begins (raised then, if still silent).
  const next = nextInForce(inForce, now + MINUTE);
  return next === undefined ? { kind: 'none' } : { kind: 'due', at: next };
}
