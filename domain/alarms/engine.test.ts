import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extendAlarm, raiseAlarm, type Alarm } from './alarm';
import { alarmProfileInputSchema, type AlarmProfileInput } from './alarm-profile';
import { LOW_BATTERY_DELAY_MS, type RunTracker } from './conditions';
import {
  alarmIdOf,
  conditionsOf,
  decideInactivity,
  decideOnReadings,
  decideOnTimer,
  inactivityWindowMs,
  samplesFor,
  settleRescan,
  type ActiveAlarmRef,
  type AlarmDecision,
  type DeviceCondition,
  type EngineReading,
} from './engine';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 1, 0, 0);
const at = (minutes: number) => T0 + minutes * MINUTE;

const fridgeProfile = (overrides: Partial<AlarmProfileInput> = {}) => alarmProfileInputSchema.parse({
  name: 'Vaccine fridge', description: '2-8 °C', types: ['outOfRange', 'lowBattery', 'probeMissing', 'stateChange'],
  alarmDelayMinutes: 0, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3,
  min: 2, max: 8, batteryThresholdPercent: 20, batteryLifeDays: 365, ...overrides,
});
const channels = [{ channel: '1', sensorType: 'probe' as const }, { channel: '2', sensorType: 'temperature' as const }, { channel: '3', sensorType: 'contact' as const }];
const reading = (minutes: number, value: number | null, battery?: number): EngineReading => ({ time: at(minutes), channels: { '1': value }, ...(battery === undefined ? {} : { battery }) });

function only<T>(items: readonly T[]): T {
  if (items.length !== 1) throw new Error(`expected one item, got ${items.length}`);
  return items[0] as T;
}

describe('the conditions a profile sets', () => {
  it('threshold on temperature channels, probe missing on the probe, contact on the door, battery on the device', () => {
    const keys = conditionsOf(fridgeProfile(), channels).map((condition) => [condition.key, condition.delayMs]);
    expect(keys).toEqual([
      ['threshold#1', 0], ['probeMissing#1', 0], ['threshold#2', 0], ['contact#3', 0], ['battery#device', LOW_BATTERY_DELAY_MS],
    ]);
  });

  it('humidity limits only on humidity channels; no limits without out of range', () => {
    const humidity = conditionsOf(fridgeProfile({ measurement: 'humidity', min: 30, max: 60 }), [...channels, { channel: '4', sensorType: 'humidity' }]);
    expect(humidity.filter((condition) => condition.type === 'threshold').map((condition) => condition.channel)).toEqual(['4']);
    expect(conditionsOf(fridgeProfile({ types: ['inactivity'] }), channels)).toEqual([]);
  });

  it('a room-ambient channel beside the product is not judged by the product limits; an ambient-only sensor is', () => {
    const vaccineFridge = [
      { channel: '1', sensorType: 'probe' as const, sensorSubType: 'glycolBottle' },
      { channel: '2', sensorType: 'temperature' as const, sensorSubType: 'ambient' },
    ];
    const thresholds = (deviceChannels: typeof vaccineFridge) => conditionsOf(fridgeProfile(), deviceChannels)
      .filter((condition) => condition.type === 'threshold').map((condition) => condition.channel);
    expect(thresholds(vaccineFridge)).toEqual(['1']);
    expect(thresholds([{ channel: '1', sensorType: 'temperature', sensorSubType: 'ambient' }])).toEqual(['1']);
    expect(thresholds([{ channel: '1', sensorType: 'temperature', sensorSubType: 'refrigerator' }, { channel: '2', sensorType: 'probe', sensorSubType: 'glycolBottle' }])).toEqual(['1', '2']);
  });
});

/**
 * An ingest and a store in memory: batches delivered in any order, the engine's decisions
 * carried out as the store would (an alarm's id from its condition and start: raising it twice
 * writes nothing), re-scans over every stored reading.
 */
function simulate(conditions: readonly DeviceCondition[], deliveries: readonly EngineReading[][], arrival?: number): Alarm[] {
  let now = 0;
  let trackers: Record<string, RunTracker> = {};
  const stored: EngineReading[] = [];
  const alarms = new Map<string, Alarm>();
  const activeByKey = new Map<string, string>();
  const activeRef = (key: string): ActiveAlarmRef | undefined => {
    const alarm = alarms.get(activeByKey.get(key) ?? '');
    return alarm === undefined ? undefined : { id: alarm.id, startedAt: Date.parse(alarm.startedAt), ...(alarm.clearedAt === undefined ? {} : { clearedAt: Date.parse(alarm.clearedAt) }) };
  };
  const apply = (decisions: readonly AlarmDecision[]) => {
    for (const decision of decisions) {
      if (decision.kind === 'raise') {
        const id = alarmIdOf(decision.key, decision.run.startedAt);
        if (alarms.has(id)) continue;
        alarms.set(id, raiseAlarm({ id, siteId: 's1', deviceKind: 'sensor', deviceId: 'S1', deviceName: 'Fridge', type: decision.condition.type, run: decision.run, now }));
        activeByKey.set(decision.key, id);
      } else if (decision.kind === 'extend') {
        const alarm = alarms.get(decision.alarmId);
        const condition = conditions.find((candidate) => candidate.key === decision.key);
        if (alarm !== undefined && condition !== undefined) alarms.set(alarm.id, extendAlarm(alarm, decision.run, condition.rule.severity));
      }
    }
  };
  for (const batch of deliveries) {
    stored.push(...batch);
    // A batch arrives just after its newest reading (or at the time a test gives).
    now = arrival ?? Math.max(now, ...batch.map((item) => item.time + MINUTE));
    const active = Object.fromEntries(conditions.flatMap((condition) => {
      const ref = activeRef(condition.key);
      return ref === undefined ? [] : [[condition.key, ref]];
    }));
    const outcome = decideOnReadings({ conditions, trackers, active, readings: batch });
    trackers = outcome.trackers;
    apply(outcome.decisions);
    for (const { key } of outcome.rescans) {
      const condition = conditions.find((candidate) => candidate.key === key);
      if (condition === undefined) throw new Error(key);
      const rescan = settleRescan({ condition, stored: samplesFor(condition, stored), active: activeRef(key), history: [] });
      trackers = { ...trackers, [key]: rescan.tracker };
      apply(rescan.decisions);
    }
  }
  return [...alarms.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

const summary = (alarms: readonly Alarm[]) => alarms.map(({ startedAt, clearedAt, worstValue, lastValue }) => ({ startedAt, clearedAt, worstValue, lastValue }));

/** A probe's readings every few minutes, mostly in range, with excursions and unplugged spells. */
const readingSeries = fc
  .array(fc.record({ gap: fc.integer({ min: 1, max: 15 }), value: fc.option(fc.double({ min: -2, max: 14, noNaN: true }), { freq: 12 }) }), { minLength: 1, maxLength: 40 })
  .map((steps) => {
    let minutes = 0;
    return steps.map(({ gap, value }) => {
      minutes += gap;
      return reading(minutes, value);
    });
  });

/** The readings cut into batches, in any order, some delivered twice. */
const shuffledDeliveries = (readings: EngineReading[]) =>
  fc.tuple(fc.shuffledSubarray(readings, { minLength: readings.length }), fc.array(fc.nat({ max: readings.length - 1 }), { maxLength: 8 }), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 50 }))
    .map(([shuffled, redelivered, sizes]) => {
      const all = [...shuffled, ...redelivered.flatMap((index) => readings.slice(index, index + 1))];
      const batches: EngineReading[][] = [];
      for (let start = 0, index = 0; start < all.length; index += 1) {
        const size = sizes[index % sizes.length] ?? 1;
        batches.push(all.slice(start, start + size));
        start += size;
      }
      return batches;
    });

describe('the engine on readings', () => {

  it('gives the same alarms for any delivery order, batching and redelivery (no delay)', () => {
    const conditions = conditionsOf(fridgeProfile(), channels);
    fc.assert(fc.property(readingSeries.chain((readings) => fc.tuple(fc.constant(readings), shuffledDeliveries(readings))), ([readings, deliveries]) => {
      expect(summary(simulate(conditions, deliveries))).toEqual(summary(simulate(conditions, [readings])));
    }));
  });

  it('gives the same alarms however in-order readings are batched (with a delay)', () => {
    const conditions = conditionsOf(fridgeProfile({ alarmDelayMinutes: 20 }), channels);
    fc.assert(fc.property(readingSeries, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1 }), (readings, sizes) => {
      const batches: EngineReading[][] = [];
      for (let start = 0, index = 0; start < readings.length; index += 1) {
        const size = sizes[index % sizes.length] ?? 1;
        batches.push(readings.slice(start, start + size));
        start += size;
      }
      expect(summary(simulate(conditions, batches))).toEqual(summary(simulate(conditions, [readings])));
    }));
  });

  it('raises one alarm for an excursion longer than the delay, not for a shorter one (a defrost)', () => {
    const conditions = conditionsOf(fridgeProfile({ types: ['outOfRange'], alarmDelayMinutes: 30 }), [{ channel: '1', sensorType: 'temperature' }]);
    const defrost = [reading(0, 5), reading(5, 9), reading(25, 9.5), reading(30, 5)];
    expect(simulate(conditions, [defrost])).toEqual([]);
    const failure = [reading(0, 5), reading(5, 9), reading(20, 10), reading(40, 11), reading(45, 5)];
    expect(summary(simulate(conditions, [failure]))).toEqual([{ startedAt: new Date(at(5)).toISOString(), clearedAt: new Date(at(45)).toISOString(), worstValue: 11, lastValue: 11 }]);
  });

  it('a late buffered batch that reveals an excursion raises it at its real start, already cleared', () => {
    const conditions = conditionsOf(fridgeProfile({ types: ['outOfRange'], alarmDelayMinutes: 10 }), [{ channel: '1', sensorType: 'temperature' }]);
    const [alarm] = simulate(conditions, [[reading(0, 5)], [reading(5, 12), reading(10, 12), reading(20, 12), reading(25, 4)]], at(300));
    expect(alarm).toMatchObject({ startedAt: new Date(at(5)).toISOString(), clearedAt: new Date(at(25)).toISOString(), status: 'active', raisedAt: new Date(at(300)).toISOString() });
  });

  it('sets a timer when an excursion begins and its delay has not passed; the timer raises it if nothing cleared it', () => {
    const [condition] = conditionsOf(fridgeProfile({ types: ['outOfRange'], alarmDelayMinutes: 30 }), [{ channel: '1', sensorType: 'temperature' }]);
    if (condition === undefined) throw new Error('no condition');
    const first = decideOnReadings({ conditions: [condition], trackers: {}, active: {}, readings: [reading(0, 9)] });
    expect(first.decisions).toEqual([{ kind: 'due', key: 'threshold#1', at: at(30) }]);
    // The next reading of the same excursion sets no second timer.
    const second = decideOnReadings({ conditions: [condition], trackers: first.trackers, active: {}, readings: [reading(5, 9.2)] });
    expect(second.decisions).toEqual([]);
    const tracker = second.trackers['threshold#1'] ?? {};
    expect(decideOnTimer(condition, tracker, undefined, at(29))).toEqual([{ kind: 'due', key: 'threshold#1', at: at(30) }]);
    expect(only(decideOnTimer(condition, tracker, undefined, at(30))).kind).toBe('raise');
    // Fired late, after the alarm was raised or the excursion cleared: nothing.
    expect(decideOnTimer(condition, tracker, { id: 'a', startedAt: at(0) }, at(31))).toEqual([]);
    expect(decideOnTimer(condition, {}, undefined, at(31))).toEqual([]);
  });

  it('a reading out of order asks for a re-scan instead of deciding', () => {
    const conditions = conditionsOf(fridgeProfile({ types: ['outOfRange'] }), [{ channel: '1', sensorType: 'temperature' }]);
    const first = decideOnReadings({ conditions, trackers: {}, active: {}, readings: [reading(10, 5)] });
    const late = decideOnReadings({ conditions, trackers: first.trackers, active: {}, readings: [reading(5, 12)] });
    expect(late.rescans).toEqual([{ key: 'threshold#1', from: at(5) }]);
    expect(late.decisions).toEqual([]);
  });

  it('low battery is raised 90 minutes after the first low packet if still low', () => {
    const conditions = conditionsOf(fridgeProfile({ types: ['lowBattery'] }), channels);
    const battery = (minutes: number, percent: number) => ({ time: at(minutes), channels: {}, battery: percent });
    const recovered = simulate(conditions, [[battery(0, 19), battery(60, 19), battery(80, 30)]], at(200));
    expect(recovered).toEqual([]);
    const [low] = simulate(conditions, [[battery(0, 19), battery(60, 18), battery(90, 18)]], at(90));
    expect(low).toMatchObject({ type: 'battery', startedAt: new Date(at(0)).toISOString(), worstValue: 18 });
  });
});

describe('inactivity', () => {
  it('uses the profile\'s window, or twice the report interval plus the gateway heartbeat plus a minute', () => {
    expect(inactivityWindowMs({ inactivityMinutes: 45 }, 300)).toBe(45 * MINUTE);
    expect(inactivityWindowMs({}, 300, 60)).toBe(12 * MINUTE);
  });

  it('is due at the window\'s end, raised once it passed, cleared by a newer reading', () => {
    const window = 12 * MINUTE;
    expect(decideInactivity(at(0), window, undefined, at(11))).toEqual({ kind: 'due', at: at(12) });
    expect(decideInactivity(at(0), window, undefined, at(12))).toEqual({ kind: 'raise', silentSince: at(0) });
    expect(decideInactivity(at(0), window, { id: 'i', startedAt: at(0) }, at(20))).toEqual({ kind: 'none' });
    expect(decideInactivity(at(25), window, { id: 'i', startedAt: at(0) }, at(26))).toEqual({ kind: 'clear', at: at(25) });
  });
});
