import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contactRule,
  defaultInactivityWindowMs,
  lowBatteryRule,
  probeMissingRule,
  runDueAt,
  runDuration,
  runRaises,
  scanRuns,
  stepRun,
  thresholdRule,
  type ChannelSample,
  type ConditionRun,
  type RunTracker,
} from './conditions';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 1, 8, 0);
const at = (minutes: number, value: number | null): ChannelSample => ({ time: T0 + minutes * MINUTE, value });

/** The one item a test expects to be there. */
function present<T>(item: T | undefined): T {
  if (item === undefined) throw new Error('expected an item');
  return item;
}

/** A fridge's 2-8 °C range. */
const fridge = thresholdRule(2, 8, 0.5);

/** Readings every few minutes, values mostly in a fridge's range with excursions either way. */
const series = fc
  .array(fc.record({ gap: fc.integer({ min: 1, max: 20 }), value: fc.option(fc.double({ min: -5, max: 15, noNaN: true }), { freq: 10 }) }), { maxLength: 60 })
  .map((steps) => {
    let minutes = 0;
    return steps.map(({ gap, value }) => {
      minutes += gap;
      return at(minutes, value);
    });
  });

/**
 * The definition, written independently of the fold: with no deadband, a run is a maximal
 * stretch of consecutive readings beyond a limit (readings without a value skipped), lasting
 * to the next reading inside the range.
 */
function runsByDefinition(samples: ChannelSample[], min: number, max: number): Array<{ startedAt: number; clearedAt?: number }> {
  const valued = samples.flatMap((sample) => (sample.value === null ? [] : [{ time: sample.time, value: sample.value }]));
  const beyond = valued.map((sample) => sample.value > max || sample.value < min);
  const runs: Array<{ startedAt: number; clearedAt?: number }> = [];
  let index = 0;
  while (index < valued.length) {
    if (beyond[index] !== true) { index += 1; continue; }
    const startedAt = present(valued[index]).time;
    while (index < valued.length && beyond[index] === true) index += 1;
    const clearing = valued[index];
    runs.push(clearing === undefined ? { startedAt } : { startedAt, clearedAt: clearing.time });
  }
  return runs;
}

/** What an ingest does: steps readings newer than any seen, and re-scans what it has stored when one is not. */
function ingestInDeliveryOrder(deliveries: ChannelSample[], rule = fridge): ConditionRun[] {
  const stored: ChannelSample[] = [];
  let tracker: RunTracker = {};
  let closed: ConditionRun[] = [];
  for (const sample of deliveries) {
    stored.push(sample);
    if (tracker.lastTime === undefined || sample.time > tracker.lastTime) {
      const step = stepRun(tracker, sample, rule);
      tracker = step.tracker;
      if (step.closed !== undefined) closed.push(step.closed);
    } else {
      const rescan = scanRuns(stored, rule);
      tracker = rescan.tracker;
      closed = rescan.runs.filter((run) => run.clearedAt !== undefined);
    }
  }
  return tracker.open === undefined ? closed : [...closed, tracker.open];
}

describe('out of range runs', () => {
  it('are exactly the stretches beyond a limit, each lasting to the first reading back in range (no deadband)', () => {
    const rule = thresholdRule(2, 8, 0);
    fc.assert(fc.property(series, (samples) => {
      const found = scanRuns(samples, rule).runs.map(({ startedAt, clearedAt }) => (clearedAt === undefined ? { startedAt } : { startedAt, clearedAt }));
      expect(found).toEqual(runsByDefinition(samples, 2, 8));
    }));
  });

  it('raise an alarm exactly when they last at least the delay', () => {
    fc.assert(fc.property(series, fc.integer({ min: 0, max: 90 }), (samples, delayMinutes) => {
      const asOf = samples.at(-1)?.time ?? T0;
      const raised = scanRuns(samples, thresholdRule(2, 8, 0)).runs.filter((run) => runRaises(run, delayMinutes * MINUTE, asOf));
      const expected = runsByDefinition(samples, 2, 8).filter((run) => (run.clearedAt ?? asOf) - run.startedAt >= delayMinutes * MINUTE);
      expect(raised.map((run) => run.startedAt)).toEqual(expected.map((run) => run.startedAt));
    }));
  });

  it('come out the same for any delivery order and any redelivery', () => {
    fc.assert(fc.property(
      series.chain((samples) => fc.tuple(fc.constant(samples), fc.shuffledSubarray([...samples, ...samples], { minLength: samples.length * 2 }))),
      fc.array(fc.nat(), { maxLength: 10 }),
      ([samples, shuffled], extraCopies) => {
        const deliveries = [...shuffled, ...extraCopies.flatMap((index) => samples.slice(index, index + 1))];
        expect(ingestInDeliveryOrder(deliveries)).toEqual(scanRuns(samples, fridge).runs);
      },
    ));
  });

  it('a value hovering at the limit within the deadband never opens a second run', () => {
    fc.assert(fc.property(fc.array(fc.double({ min: 7.51, max: 8.4, noNaN: true }), { minLength: 1, maxLength: 50 }), (hovering) => {
      const samples = [at(0, 5), at(1, 9), ...hovering.map((value, index) => at(2 + index, value))];
      expect(scanRuns(samples, fridge).runs).toHaveLength(1);
    }));
  });

  it('clears only once back inside the range by the deadband, and keeps the worst value', () => {
    const { runs } = scanRuns([at(0, 5), at(5, 8.6), at(10, 11), at(15, 7.8), at(20, 9), at(25, 7.4)], fridge);
    expect(runs).toEqual([{ startedAt: at(5, 0).time, lastAlarmAt: at(20, 0).time, clearedAt: at(25, 0).time, worst: 11, worstAt: at(10, 0).time, last: 9 }]);
  });

  it('counts a cold excursion too, its worst the coldest', () => {
    const { runs } = scanRuns([at(0, 1.5), at(5, -1), at(10, 1.9), at(15, 3)], fridge);
    expect(runs).toEqual([{ startedAt: at(0, 0).time, lastAlarmAt: at(10, 0).time, clearedAt: at(15, 0).time, worst: -1, worstAt: at(5, 0).time, last: 1.9 }]);
  });

  it('a deadband wider than half the range clears in the middle', () => {
    const narrow = thresholdRule(2, 3, 5);
    expect(scanRuns([at(0, 4), at(5, 2.5)], narrow).runs[0]?.clearedAt).toBe(at(5, 0).time);
  });

  it('a reading without a value neither clears nor extends a run', () => {
    const { runs } = scanRuns([at(0, 9), at(5, null), at(10, 5)], fridge);
    expect(runs).toEqual([{ startedAt: at(0, 0).time, lastAlarmAt: at(0, 0).time, clearedAt: at(10, 0).time, worst: 9, worstAt: at(0, 0).time, last: 9 }]);
  });

  it('an open run lasts until asOf, and is due when its delay expires between readings', () => {
    const run = present(scanRuns([at(0, 5), at(5, 9), at(10, 9.5)], fridge).runs[0]);
    expect(run.clearedAt).toBeUndefined();
    expect(runDuration(run, at(12, 0).time)).toBe(7 * MINUTE);
    expect(runRaises(run, 30 * MINUTE, at(34, 0).time)).toBe(false);
    expect(runRaises(run, 30 * MINUTE, at(35, 0).time)).toBe(true);
    expect(runDueAt(run, 30 * MINUTE)).toBe(at(35, 0).time);
  });

  it('a zero delay raises on the first reading beyond a limit', () => {
    const run = present(scanRuns([at(0, 9)], fridge).runs[0]);
    expect(runRaises(run, 0, run.startedAt)).toBe(true);
  });

  it('stepping a reading that is not newer is refused (the caller re-scans)', () => {
    const step = stepRun({}, at(5, 9), fridge);
    expect(() => stepRun(step.tracker, at(5, 9), fridge)).toThrow(RangeError);
    expect(() => stepRun(step.tracker, at(4, 9), fridge)).toThrow(RangeError);
  });
});

describe('the other conditions', () => {
  it('a door open longer than the delay is one run from opening to closing', () => {
    const { runs } = scanRuns([at(0, 0), at(1, 1), at(3, 1), at(14, 0), at(20, 0)], contactRule);
    expect(runs).toHaveLength(1);
    expect(runRaises(present(runs[0]), 10 * MINUTE, at(20, 0).time)).toBe(true);
    expect(runRaises(present(runs[0]), 14 * MINUTE, at(20, 0).time)).toBe(false);
  });

  it('a probe missing runs while the channel reads nothing', () => {
    const { runs } = scanRuns([at(0, 4), at(5, null), at(10, null), at(15, 4.2)], probeMissingRule);
    expect(runs).toEqual([{ startedAt: at(5, 0).time, lastAlarmAt: at(10, 0).time, clearedAt: at(15, 0).time, worst: null, worstAt: at(5, 0).time, last: null }]);
  });

  it('low battery runs below the threshold and clears only with a margin above it', () => {
    const rule = lowBatteryRule(20);
    const { runs } = scanRuns([at(0, 22), at(10, 19), at(20, 21), at(30, 18), at(40, 26)], rule);
    expect(runs).toEqual([{ startedAt: at(10, 0).time, lastAlarmAt: at(30, 0).time, clearedAt: at(40, 0).time, worst: 18, worstAt: at(30, 0).time, last: 18 }]);
  });

  it('the default inactivity window is twice the report interval, the gateway heartbeat and a minute', () => {
    expect(defaultInactivityWindowMs(300, 60)).toBe((600 + 60 + 60) * 1000);
    expect(defaultInactivityWindowMs(900)).toBe((1800 + 60) * 1000);
  });
});
