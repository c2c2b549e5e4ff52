/**
 * The alarm engine's conditions (issue 13 section 2), as pure functions of readings: no I/O,
 * no clock but the `asOf` a caller passes. Every alarm type is a run detector over one
 * channel's readings sorted by their OWN time (never arrival time): a classifier says of
 * each reading whether it is in the alarm condition, holds the condition as it is (the
 * clearing deadband), clears it, or says nothing (a reading that does not bear on it).
 *
 * A run starts at the first reading in the condition and lasts until the first clearing
 * reading after it (or, while none has come, until `asOf`): the condition is taken to hold
 * until a reading shows it does not, the conservative reading for food and vaccines. A run
 * raises an alarm when it lasts at least the profile's delay.
 *
 * `stepRun` folds one newer reading into a tracker; `scanRuns` folds a sorted series. They
 * are the same fold, so an ingest that steps in-order readings and re-scans a window when a
 * reading arrives out of order finds exactly the runs a scan of every reading finds.
 */

/** What one reading says about a condition. */
export type ReadingVerdict = 'alarm' | 'hold' | 'clear' | 'none';

/** One channel's value at the reading's own time (ms since the epoch); null: the probe read nothing. */
export interface ChannelSample {
  time: number;
  value: number | null;
}

/** A run of the condition: from its first reading to the first clearing reading after it. */
export interface ConditionRun {
  startedAt: number;
  /** The newest reading in the condition. */
  lastAlarmAt: number;
  /** The first clearing reading's time; absent while the run is open. */
  clearedAt?: number;
  /** The value furthest into the condition (null when the condition is an absent value). */
  worst: number | null;
  /** The worst value's reading time; of equally bad values the earliest counts, whatever the delivery order. */
  worstAt: number;
  /** The newest reading's value in the condition. */
  last: number | null;
}

/** How far into the condition a value is, to keep the worst one (larger is worse). */
export type Severity = (value: number | null) => number;

export interface ConditionRule {
  /** What a value at its reading's time says (the time matters only to a profile's schedule: `inForceOnly`). */
  classify: (value: number | null, time: number) => ReadingVerdict;
  severity: Severity;
}

/** The fold's state for one device, channel and alarm type. */
export interface RunTracker {
  /** The newest reading folded in; a reading at or before it is out of order (or a duplicate). */
  lastTime?: number;
  open?: ConditionRun;
}

export interface RunStep {
  tracker: RunTracker;
  /** The run this reading closed, if it was a clearing reading. */
  closed?: ConditionRun;
  /** Whether this reading opened a run. */
  opened: boolean;
}

/**
 * Folds one reading newer than every reading folded before it. A reading that is not newer
 * is refused (the caller re-scans a window instead), so a redelivery can never count twice.
 */
export function stepRun(tracker: RunTracker, sample: ChannelSample, rule: ConditionRule): RunStep {
  if (tracker.lastTime !== undefined && sample.time <= tracker.lastTime) {
    throw new RangeError(`reading at ${sample.time} is not newer than ${tracker.lastTime}: re-scan instead`);
  }
  const verdict = rule.classify(sample.value, sample.time);
  const { open } = tracker;
  if (verdict === 'alarm') {
    if (open === undefined) {
      return { tracker: { lastTime: sample.time, open: { startedAt: sample.time, lastAlarmAt: sample.time, worst: sample.value, worstAt: sample.time, last: sample.value } }, opened: true };
    }
    const worse = rule.severity(sample.value) > rule.severity(open.worst);
    const worst = worse ? { worst: sample.value, worstAt: sample.time } : {};
    return { tracker: { lastTime: sample.time, open: { ...open, ...worst, lastAlarmAt: sample.time, last: sample.value } }, opened: false };
  }
  if (verdict === 'clear' && open !== undefined) {
    return { tracker: { lastTime: sample.time }, closed: { ...open, clearedAt: sample.time }, opened: false };
  }
  // 'hold' keeps an open run open without extending what was seen in the condition; 'none' says nothing.
  return { tracker: { ...tracker, lastTime: sample.time }, opened: false };
}

/** Sorts by time and keeps one reading per time (a redelivery is the same reading). */
export function uniqueByTime(samples: readonly ChannelSample[]): ChannelSample[] {
  const byTime = new Map<number, ChannelSample>();
  for (const sample of samples) if (!byTime.has(sample.time)) byTime.set(sample.time, sample);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** Every run in a series of readings (any order, duplicates allowed), the open one last. */
export function scanRuns(samples: readonly ChannelSample[], rule: ConditionRule, from: RunTracker = {}): { runs: ConditionRun[]; tracker: RunTracker } {
  const runs: ConditionRun[] = [];
  let tracker = from;
  for (const sample of uniqueByTime(samples)) {
    if (tracker.lastTime !== undefined && sample.time <= tracker.lastTime) continue;
    const step = stepRun(tracker, sample, rule);
    tracker = step.tracker;
    if (step.closed !== undefined) runs.push(step.closed);
  }
  if (tracker.open !== undefined) runs.push(tracker.open);
  return { runs, tracker };
}

/** How long a run has lasted by `asOf` (an open run lasts until then, at least to its newest reading). */
export function runDuration(run: ConditionRun, asOf: number): number {
  const end = run.clearedAt ?? Math.max(asOf, run.lastAlarmAt);
  return end - run.startedAt;
}

/** The clock's test: by `asOf`, the run has lasted at least the delay (an open run is taken to hold until a reading says otherwise). */
export const runRaises = (run: ConditionRun, delayMs: number, asOf: number) => runDuration(run, asOf) >= delayMs;

/**
 * The readings' test: their own times show the run lasted at least the delay (to its clearing
 * reading, or to its newest reading while open). Arrival time plays no part, so a late batch
 * judges its excursion as it happened; the clock raises an open run whose delay expires
 * between readings (`runRaises`).
 */
export const runProven = (run: ConditionRun, delayMs: number) => (run.clearedAt ?? run.lastAlarmAt) - run.startedAt >= delayMs;

/** When an open run's delay expires: the time the clock must look at it again. */
export const runDueAt = (run: ConditionRun, delayMs: number) => run.startedAt + delayMs;

// --- The classifiers of the alarm types ---

/** Out of range: beyond min or max; cleared only once back inside the range by the deadband. */
export function thresholdRule(min: number, max: number, deadband: number): ConditionRule {
  // A deadband wider than half the range would leave no value that clears: the middle clears.
  const band = Math.max(0, Math.min(deadband, (max - min) / 2));
  const clearLow = min + band;
  const clearHigh = max - band;
  return {
    classify: (value) => {
      if (value === null) return 'none';
      if (value > max || value < min) return 'alarm';
      return value >= clearLow && value <= clearHigh ? 'clear' : 'hold';
    },
    severity: (value) => (value === null ? Number.NEGATIVE_INFINITY : Math.max(value - max, min - value)),
  };
}

/** Contact / state change: open (1) is the condition, closed (0) clears it. */
export const contactRule: ConditionRule = {
  classify: (value) => (value === null ? 'none' : value >= 0.5 ? 'alarm' : 'clear'),
  severity: () => 0,
};

/** Probe missing: the probe channel reads nothing; any value clears. */
export const probeMissingRule: ConditionRule = {
  classify: (value) => (value === null ? 'alarm' : 'clear'),
  severity: () => 0,
};

/** Low battery: below the threshold (percent); cleared once at least `hysteresis` above it (a fresh battery). */
export function lowBatteryRule(thresholdPercent: number, hysteresis = LOW_BATTERY_CLEAR_MARGIN): ConditionRule {
  return {
    classify: (value) => {
      if (value === null) return 'none';
      if (value < thresholdPercent) return 'alarm';
      return value >= thresholdPercent + hysteresis ? 'clear' : 'hold';
    },
    severity: (value) => (value === null ? Number.NEGATIVE_INFINITY : thresholdPercent - value),
  };
}

/** Battery percent above the threshold that clears a low-battery alarm, so a battery at the edge does not flap. */
export const LOW_BATTERY_CLEAR_MARGIN = 5;

/** SPEC section 9: the low-battery alarm is raised 90 minutes after the first low-battery packet. */
export const LOW_BATTERY_DELAY_MS = 90 * 60 * 1000;

/** Default clearing deadbands by unit (issue 13: 0.5 °C, 2 %RH). */
export const DEFAULT_DEADBAND = { celsius: 0.5, fahrenheit: 0.9, percentRh: 2 } as const;

/**
 * A rule under a profile's schedule (docs/decisions/0061-alarms-under-the-profile-schedule.md): a reading
 * in the condition outside the schedule holds an open run (an alarm already raised stays open
 * until its condition ends) but never opens or grows one; a clearing reading clears whenever
 * it comes. So an excursion that starts before the schedule opens its run at the first
 * reading inside it, and raises once the delay has passed from there.
 */
export function inForceOnly(rule: ConditionRule, inForce: (time: number) => boolean): ConditionRule {
  return {
    classify: (value, time) => {
      const verdict = rule.classify(value, time);
      return verdict === 'alarm' && !inForce(time) ? 'hold' : verdict;
    },
    severity: rule.severity,
  };
}

// --- Inactivity ---

/**
 * How long a device may stay silent before an inactivity alarm, when the profile does not
 * say: twice its report interval, plus its gateway's heartbeat (a radio sensor's readings wait
 * for it), plus one minute for delivery.
 */
export function defaultInactivityWindowMs(reportSeconds: number, gatewayHeartbeatSeconds = 0): number {
  return (2 * reportSeconds + gatewayHeartbeatSeconds + 60) * 1000;
}

/** When a device that last reported at `lastReadingAt` (its reading's own time) becomes inactive. */
export const inactiveFrom = (lastReadingAt: number, windowMs: number) => lastReadingAt + windowMs;
