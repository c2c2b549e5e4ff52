import { describe, expect, it } from 'vitest';
import { ALARM_CLEARED_DEVICE_DISABLED, clearAlarm, raiseAlarm } from './alarm';
import { alarmProfileInputSchema, type AlarmProfileInput } from './alarm-profile';
import { conditionsOf, decideInactivity, decideOnReadings, decideOnTimer, samplesFor, type DeviceCondition, type EngineReading } from './engine';
import { localWeekTime, nextInForce, scheduleInForce } from './schedule';

const MINUTE = 60_000;
// Monday 2 November 2026, 00:00 in Paris (UTC+1 in winter).
const MONDAY_PARIS = Date.UTC(2026, 10, 1, 23, 0);
const paris = (hours: number, minutes = 0) => MONDAY_PARIS + (hours * 60 + minutes) * MINUTE;

const profile = (overrides: Partial<AlarmProfileInput> = {}) => alarmProfileInputSchema.parse({
  name: 'Deli counter', description: '0-5 °C in opening hours', types: ['outOfRange', 'probeMissing', 'inactivity'],
  alarmDelayMinutes: 30, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3, min: 0, max: 5,
  schedule: { kind: 'custom', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '08:00', end: '18:00' }, ...overrides,
});
const channels = [{ channel: '1', sensorType: 'probe' as const }, { channel: '2', sensorType: 'temperature' as const }];
const inForce = scheduleInForce(profile().schedule, 'Europe/Paris');
const scheduled = conditionsOf(profile(), channels, inForce);
const threshold = scheduled.find((condition) => condition.type === 'threshold' && condition.channel === '1') as DeviceCondition;
const reading = (time: number, value: number | null): EngineReading => ({ time, channels: { '1': value, '2': 3 } });
/** Readings every 5 minutes from `from` for `count` readings, all at `value`. */
const every5 = (from: number, count: number, value: number | null) => Array.from({ length: count }, (_, index) => reading(from + index * 5 * MINUTE, value));
const decide = (readings: EngineReading[]) => decideOnReadings({ conditions: [threshold], trackers: {}, active: {}, readings });

describe('the profile schedule, in the site time zone', () => {
  it('reads a time as the site wall clock', () => {
    expect(localWeekTime(paris(8), 'Europe/Paris')).toEqual({ day: 'monday', time: '08:00' });
    expect(localWeekTime(paris(8), 'UTC')).toEqual({ day: 'monday', time: '07:00' });
    expect(localWeekTime(paris(-1), 'Europe/Paris')).toEqual({ day: 'sunday', time: '23:00' });
  });

  it('is always in force by default, at no cost', () => {
    expect(scheduleInForce({ kind: 'always' }, 'Europe/Paris')).toBeUndefined();
    expect(conditionsOf(profile({ schedule: { kind: 'always' } }), channels).every((condition) => condition.inForce === undefined)).toBe(true);
  });

  it('finds when it is next in force', () => {
    if (inForce === undefined) throw new Error('a custom schedule');
    expect(inForce(paris(7, 59))).toBe(false);
    expect(inForce(paris(8))).toBe(true);
    expect(nextInForce(inForce, paris(18, 30))).toBe(paris(24 + 8));
    // Friday evening: next Monday morning.
    expect(nextInForce(inForce, paris(4 * 24 + 18))).toBe(paris(7 * 24 + 8));
  });

  it('a condition entirely outside the schedule raises nothing', () => {
    const outcome = decide(every5(paris(19), 24, 9));
    expect(outcome.decisions).toEqual([]);
    expect(outcome.trackers[threshold.key]?.open).toBeUndefined();
  });

  it('a run that starts before the schedule raises once the delay has passed inside it', () => {
    const early = decide(every5(paris(7, 30), 12, 9)); // 07:30 to 08:25: 25 minutes inside
    expect(early.decisions.filter((decision) => decision.kind === 'raise')).toEqual([]);
    expect(early.trackers[threshold.key]?.open?.startedAt).toBe(paris(8));
    const later = decide(every5(paris(7, 30), 13, 9)); // to 08:30: the delay passed inside
    const raised = later.decisions.filter((decision) => decision.kind === 'raise');
    expect(raised).toHaveLength(1);
    expect(raised[0]?.kind === 'raise' && raised[0].run.startedAt).toBe(paris(8));
  });

  it('an alarm open when the schedule ends stays open, and clears when its condition ends', () => {
    const readings = [...every5(paris(17), 12, 9), reading(paris(19), 3)]; // out from 17:00 to 17:55, back in range at 19:00
    const raised = decide(readings).decisions.filter((decision) => decision.kind === 'raise');
    expect(raised).toHaveLength(1);
    const run = raised[0]?.kind === 'raise' ? raised[0].run : undefined;
    expect(run?.startedAt).toBe(paris(17));
    expect(run?.clearedAt).toBe(paris(19));
  });

  it('the clock raises nothing out of the schedule, and the first reading inside it again raises the run it held', () => {
    const evening = decide(every5(paris(17, 45), 6, 9)); // 17:45 to 18:10: 15 minutes inside, then out of force
    const tracker = evening.trackers[threshold.key] ?? {};
    expect(tracker.open?.startedAt).toBe(paris(17, 45));
    expect(decideOnTimer(threshold, tracker, undefined, paris(18, 15))).toEqual([]);
    const morning = decideOnReadings({ conditions: [threshold], trackers: { [threshold.key]: tracker }, active: {}, readings: [reading(paris(24 + 8, 5), 9)] });
    const raised = morning.decisions.filter((decision) => decision.kind === 'raise');
    expect(raised).toHaveLength(1);
    expect(raised[0]?.kind === 'raise' && raised[0].run.startedAt).toBe(paris(17, 45));
  });

  it('inactivity past its window out of the schedule waits for the schedule to begin', () => {
    expect(decideInactivity(paris(17, 50), 30 * MINUTE, undefined, paris(18, 30), inForce)).toEqual({ kind: 'due', at: paris(24 + 8) });
    expect(decideInactivity(paris(17, 50), 30 * MINUTE, undefined, paris(24 + 8), inForce)).toEqual({ kind: 'raise', silentSince: paris(17, 50) });
    expect(decideInactivity(paris(7), 30 * MINUTE, undefined, paris(8), inForce)).toEqual({ kind: 'raise', silentSince: paris(7) });
  });
});

describe('per-channel inactivity', () => {
  const probe = conditionsOf(profile({ schedule: { kind: 'always' } }), channels).find((condition) => condition.type === 'probeMissing') as DeviceCondition;
  it('a probe channel that stops appearing while its device reports its other channels is a probe missing', () => {
    const readings: EngineReading[] = [
      { time: 0, channels: { '1': 4, '2': 3 } },
      ...Array.from({ length: 8 }, (_, index): EngineReading => ({ time: (index + 1) * 5 * MINUTE, channels: { '2': 3 } })),
    ];
    expect(samplesFor(probe, readings).map((sample) => sample.value)).toEqual([4, null, null, null, null, null, null, null, null]);
    const outcome = decideOnReadings({ conditions: [probe], trackers: {}, active: {}, readings });
    expect(outcome.decisions).toEqual([expect.objectContaining({ kind: 'raise', key: probe.key, run: expect.objectContaining({ startedAt: 5 * MINUTE }) })]);
  });
  it('other conditions take an absent channel as saying nothing', () => {
    const threshold1 = conditionsOf(profile({ schedule: { kind: 'always' } }), channels).find((condition) => condition.type === 'threshold' && condition.channel === '1') as DeviceCondition;
    expect(samplesFor(threshold1, [{ time: 0, channels: { '2': 3 } }])).toEqual([]);
  });
});

describe('an alarm cleared because its device was disabled', () => {
  it('says why in its timeline, and stays active until acknowledged', () => {
    const alarm = raiseAlarm({
      id: 'a', siteId: 's', deviceKind: 'sensor', deviceId: 'S1', deviceName: 'Deli', type: 'threshold', channel: '1',
      run: { startedAt: 0, lastAlarmAt: 0, worst: 9, worstAt: 0, last: 9 }, now: 0,
    });
    const cleared = clearAlarm(alarm, 10 * MINUTE, ALARM_CLEARED_DEVICE_DISABLED);
    expect(cleared.status).toBe('active');
    expect(cleared.timeline.at(-1)).toEqual({ kind: 'cleared', at: new Date(10 * MINUTE).toISOString(), detail: ALARM_CLEARED_DEVICE_DISABLED });
  });
});
