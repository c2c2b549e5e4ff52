import type { RunTracker } from './conditions';
import {
  conditionKey,
  decideInactivity,
  decideOnReadings,
  samplesFor,
  type ActiveAlarmRef,
  type AlarmDecision,
  type DeviceCondition,
  type EngineReading,
} from './engine';

/**
 * What the alarm engine keeps per device between readings (one item beside the device's
 * configuration and state, read with them), and the decision on one batch of its readings.
 *
 * Cost (issue 13 section 4: with no alarm condition, at most 0.1 write units and no read per
 * reading): the kept state changes only when a run opens, grows or closes, or an alarm is
 * raised or cleared. A reading that moves nothing but the newest time is not written: the
 * newest time comes from the ingest's own live state (`newestBefore`), so a condition with no
 * open run starts from it.
 */

export interface ConditionState {
  tracker: RunTracker;
  /** The condition's active alarm (at most one per device, channel and type). */
  active?: ActiveAlarmRef;
  /** The newest alarms of the condition that went to history (a re-scan must not report them again). */
  recent?: ActiveAlarmRef[];
}

export interface DeviceAlarmState {
  conditions: Record<string, ConditionState>;
  /** When the clock must look at the device next (ms); absent: no timer set. */
  wakeAt?: number;
  /** The stored item's version (0: none stored yet). */
  version: number;
}

export const INACTIVITY_KEY = conditionKey('inactivity');
/** How many history alarms a condition remembers for re-scans. */
export const RECENT_ALARMS_KEPT = 5;

/**
 * The clock moves a device's timer on once a window but rewrites its stored state for that
 * alone (nothing else changed) only when the stored `wakeAt` is older than this: the stored
 * `wakeAt` says a timer is set, at that time or later. So a reporting sensor costs the clock no
 * state write per window (docs/decisions/0059-inactivity-kept-going-by-the-clock.md).
 */
export const TIMER_REFRESH_MS = 6 * 60 * 60_000;

/**
 * Margin past the refresh bound before a timer is taken as lost (`timerLost`): longer than the
 * ingest's device cache can be old (its snapshot, engine states included, is reloaded at least
 * every 15 minutes: lambdas/ingest/directory.ts CONFIG_MAX_AGE_MS) plus the clock's minute, so a
 * refresh the cache has not seen yet is never taken for a lost timer (that would cost a timer
 * write and a refused state write for every device).
 */
export const STALE_TIMER_MS = 20 * 60_000;

/**
 * Whether a device's known `wakeAt` means no timer is set: none, or one older than the clock
 * lets a stored `wakeAt` get (TIMER_REFRESH_MS, plus the window between its looks, plus
 * STALE_TIMER_MS): the clock failed, or the device was re-registered. The next batch sets one.
 */
export function timerLost(wakeAt: number | undefined, now: number, windowMs = 0): boolean {
  return wakeAt === undefined || wakeAt < now - TIMER_REFRESH_MS - windowMs - STALE_TIMER_MS;
}

export const emptyAlarmState = (): DeviceAlarmState => ({ conditions: {}, version: 0 });

/** The condition's tracker as the batch starts: with no open run, nothing in it before the device's newest known reading mattered. */
export function startingTracker(state: ConditionState | undefined, newestBefore: number | undefined): RunTracker {
  const tracker = state?.tracker ?? {};
  if (tracker.open !== undefined || newestBefore === undefined) return tracker;
  return { ...tracker, lastTime: Math.max(tracker.lastTime ?? Number.NEGATIVE_INFINITY, newestBefore) };
}

export interface BatchEvaluation {
  decisions: AlarmDecision[];
  /** Conditions to re-scan from stored readings (a reading reached them out of order, with something to say). */
  rescans: Array<{ key: string; from: number }>;
  /** The trackers after the batch, by condition key. */
  trackers: Record<string, RunTracker>;
  /** The device's inactivity alarm the batch ends (the first reading after it started). */
  inactivityCleared?: { alarm: ActiveAlarmRef; at: number };
  /** The device needs the clock at this time (a delay expiring, the inactivity window): sooner than any timer set. */
  wakeAt?: number;
}

/**
 * One batch of one device's readings. `inactivityWindowMs` is absent when its profile does not
 * watch inactivity; the inactivity timer is set once (the clock keeps it going), and again when
 * an inactivity alarm ends.
 */
export function evaluateBatch(input: {
  conditions: readonly DeviceCondition[];
  state: DeviceAlarmState;
  readings: readonly EngineReading[];
  /** The newest reading's time known before this batch (the ingest's live state). */
  newestBefore: number | undefined;
  inactivityWindowMs?: number;
  now: number;
}): BatchEvaluation {
  const { conditions, state, readings } = input;
  const trackers: Record<string, RunTracker> = {};
  const active: Record<string, ActiveAlarmRef> = {};
  for (const condition of conditions) {
    const kept = state.conditions[condition.key];
    trackers[condition.key] = startingTracker(kept, input.newestBefore);
    if (kept?.active !== undefined) active[condition.key] = kept.active;
  }
  // A late sample that says nothing (normal, with no run open and no alarm) needs no re-scan.
  const outcome = decideOnReadings({ conditions, trackers, active, readings });
  const rescans = outcome.rescans.filter(({ key, from }) => {
    const condition = conditions.find((candidate) => candidate.key === key);
    const tracker = trackers[key];
    if (condition === undefined || tracker === undefined) return false;
    if (tracker.open !== undefined || active[key] !== undefined) return true;
    return readings.some((reading) => reading.time >= from && sampleSays(condition, reading));
  });
  const evaluation: BatchEvaluation = { decisions: outcome.decisions, rescans, trackers: outcome.trackers };

  const newest = Math.max(...readings.map((reading) => reading.time));
  const wakes = outcome.decisions.flatMap((decision) => (decision.kind === 'due' ? [decision.at] : []));
  if (input.inactivityWindowMs !== undefined && Number.isFinite(newest)) {
    const inactivity = state.conditions[INACTIVITY_KEY]?.active;
    const verdict = decideInactivity(newest, input.inactivityWindowMs, inactivity?.clearedAt === undefined ? inactivity : undefined, input.now);
    if (verdict.kind === 'clear' && inactivity !== undefined) {
      const firstAfter = Math.min(...readings.map((reading) => reading.time).filter((time) => time > inactivity.startedAt));
      evaluation.inactivityCleared = { alarm: inactivity, at: firstAfter };
    }
    // No timer, or one the clock should have done long ago (it failed, or the device was re-registered): set one.
    const needsTimer = timerLost(state.wakeAt, input.now, input.inactivityWindowMs) || evaluation.inactivityCleared !== undefined;
    if (needsTimer) wakes.push(newest + input.inactivityWindowMs);
  }
  const soonest = wakes.length === 0 ? undefined : Math.min(...wakes);
  if (soonest !== undefined && (state.wakeAt === undefined || soonest < state.wakeAt || timerLost(state.wakeAt, input.now, input.inactivityWindowMs) || evaluation.inactivityCleared !== undefined)) {
    evaluation.wakeAt = soonest;
  }
  return evaluation;
}

/** Whether a reading says something to the condition (in it, or holding it). */
function sampleSays(condition: DeviceCondition, reading: EngineReading): boolean {
  const [sample] = samplesFor(condition, [reading]);
  if (sample === undefined) return false;
  const verdict = condition.rule.classify(sample.value, sample.time);
  return verdict === 'alarm';
}

/** Whether a tracker changed in a way worth storing (a run opened, grew or closed). */
export function trackerMoved(before: RunTracker | undefined, after: RunTracker | undefined): boolean {
  const open = (tracker: RunTracker | undefined) => JSON.stringify(tracker?.open ?? null);
  return open(before) !== open(after);
}

/** A condition's history, newest first, bounded. */
export function rememberRecent(state: ConditionState | undefined, alarm: ActiveAlarmRef): ActiveAlarmRef[] {
  const recent = (state?.recent ?? []).filter((known) => known.id !== alarm.id);
  return [alarm, ...recent].slice(0, RECENT_ALARMS_KEPT);
}
