import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import {
  ALARM_CLEARED_DEVICE_DELETED,
  ALARM_CLEARED_DEVICE_DISABLED,
  ALARM_EVENT_DETAIL_CODES,
  alarmEventDetailCode,
  acknowledgeAlarm,
  acknowledgementSchema,
  alarmFilterSchema,
  clearAlarm,
  extendAlarm,
  isRefusal,
  isSnoozed,
  raiseAlarm,
  snoozeAlarm,
  type Alarm,
  type AlarmRefusal,
} from './alarm';
import type { ConditionRun } from './conditions';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 1, 22, 0);
const at = (minutes: number) => T0 + minutes * MINUTE;
const iso = (minutes: number) => new Date(at(minutes)).toISOString();
const hotter = (value: number | null) => value ?? Number.NEGATIVE_INFINITY;

const openRun: ConditionRun = { startedAt: at(0), lastAlarmAt: at(30), worst: 9.5, worstAt: at(20), last: 9.1 };
const raise = (run: ConditionRun = openRun, now = at(31)) =>
  raiseAlarm({ id: 'a1', siteId: 's1', deviceKind: 'sensor', deviceId: 'S1', deviceName: 'Walk-in', channel: '1', type: 'threshold', run, now });

function accepted(outcome: Alarm | AlarmRefusal): Alarm {
  if (isRefusal(outcome)) throw new Error(outcome.refused);
  return outcome;
}

describe('an alarm', () => {
  it('is raised active, started at the run\'s first reading, raised at the clock', () => {
    const alarm = raise();
    expect(alarm).toMatchObject({ status: 'active', startedAt: iso(0), raisedAt: iso(31), worstValue: 9.5, lastValue: 9.1, snoozeCount: 0, version: 1 });
    expect(alarm.clearedAt).toBeUndefined();
    expect(alarm.timeline).toEqual([{ kind: 'raised', at: iso(0), value: 9.5 }]);
  });

  it('from a late batch whose excursion is over, is raised already cleared and stays active until acknowledged', () => {
    const alarm = raise({ ...openRun, clearedAt: at(45) }, at(120));
    expect(alarm).toMatchObject({ status: 'active', clearedAt: iso(45), version: 1 });
    expect(alarm.timeline.map((event) => event.kind)).toEqual(['raised', 'cleared']);
  });

  it('that cleared overnight stays active, marked cleared, until acknowledged; then moves to history', () => {
    const cleared = clearAlarm(raise(), at(300));
    expect(cleared).toMatchObject({ status: 'active', clearedAt: iso(300), version: 2 });
    const acknowledged = accepted(acknowledgeAlarm(cleared, 'u1', at(600), { reason: 'Defrost cycle', correctiveAction: 'Checked stock' }));
    expect(acknowledged).toMatchObject({ status: 'history', acknowledgedBy: 'u1', acknowledgedAt: iso(600), acknowledgeReason: 'Defrost cycle', correctiveAction: 'Checked stock', version: 3 });
  });

  it('acknowledged while its condition holds stays active, and moves to history when it clears', () => {
    const acknowledged = accepted(acknowledgeAlarm(raise(), 'u1', at(40), { reason: 'Door left open' }));
    expect(acknowledged.status).toBe('active');
    expect(clearAlarm(acknowledged, at(50)).status).toBe('history');
  });

  it('is acknowledged once', () => {
    const acknowledged = accepted(acknowledgeAlarm(raise(), 'u1', at(40), { reason: 'Door left open' }));
    expect(acknowledgeAlarm(acknowledged, 'u2', at(41), { reason: 'Again' })).toEqual({ refused: MESSAGES.alarmAlreadyAcknowledged });
  });

  it('clears once: a second clear changes nothing', () => {
    const cleared = clearAlarm(raise(), at(60));
    expect(clearAlarm(cleared, at(90))).toBe(cleared);
  });

  it('is extended, not duplicated, when its condition returns while it is active, keeping the worst value', () => {
    const cleared = clearAlarm(raise(), at(60));
    const back = extendAlarm(cleared, { startedAt: at(70), lastAlarmAt: at(75), worst: 11, worstAt: at(72), last: 10 }, hotter);
    expect(back).toMatchObject({ id: 'a1', status: 'active', startedAt: iso(0), worstValue: 11, lastValue: 10 });
    expect(back.clearedAt).toBeUndefined();
    expect(back.timeline.map((event) => event.kind)).toEqual(['raised', 'cleared', 'returned']);
    const milder = extendAlarm(back, { startedAt: at(70), lastAlarmAt: at(80), worst: 10.5, worstAt: at(78), last: 9, clearedAt: at(85) }, hotter);
    expect(milder).toMatchObject({ worstValue: 11, lastValue: 9, clearedAt: iso(85) });
  });

  it('is snoozed for the profile\'s interval, at most its limit of times', () => {
    const policy = { snoozeIntervalMinutes: 30, snoozeLimit: 2 };
    const once = accepted(snoozeAlarm(raise(), 'u1', at(40), policy));
    expect(once).toMatchObject({ snoozeCount: 1, snoozedUntil: iso(70) });
    expect(isSnoozed(once, at(69))).toBe(true);
    expect(isSnoozed(once, at(70))).toBe(false);
    const twice = accepted(snoozeAlarm(once, 'u1', at(71), policy));
    expect(snoozeAlarm(twice, 'u1', at(102), policy)).toEqual({ refused: MESSAGES.alarmSnoozeLimitReached });
    expect(snoozeAlarm(raise(), 'u1', at(40), { snoozeIntervalMinutes: 0, snoozeLimit: 3 })).toEqual({ refused: MESSAGES.alarmSnoozeLimitReached });
  });

  it('in history cannot be snoozed', () => {
    const history = accepted(acknowledgeAlarm(clearAlarm(raise(), at(50)), 'u1', at(60), { reason: 'Stock loading' }));
    expect(snoozeAlarm(history, 'u1', at(61), { snoozeIntervalMinutes: 30, snoozeLimit: 3 })).toEqual({ refused: MESSAGES.alarmNotActive });
  });
});

describe('acknowledgement', () => {
  it('needs a reason, bounded', () => {
    expect(acknowledgementSchema.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe(MESSAGES.acknowledgeReasonRequired);
    expect(acknowledgementSchema.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.acknowledgeReasonRequired);
    expect(acknowledgementSchema.safeParse({ reason: 'x'.repeat(251) }).error?.issues[0]?.message).toBe(MESSAGES.acknowledgeReasonTooLong);
    expect(acknowledgementSchema.parse({ reason: ' Defrost ', correctiveAction: 'Moved stock' })).toEqual({ reason: 'Defrost', correctiveAction: 'Moved stock' });
  });
});

describe('the alarm filter', () => {
  const message = (input: unknown) => alarmFilterSchema.safeParse(input).error?.issues[0]?.message;

  it('defaults to the active alarms', () => {
    expect(alarmFilterSchema.parse({})).toEqual({ status: 'active' });
  });

  it('takes a range of at most 7 days, in the spec\'s words', () => {
    expect(message({ from: '2026-11-01T00:00:00Z', to: '2026-11-08T00:00:00Z' })).toBeUndefined();
    expect(message({ from: '2026-11-01T00:00:00Z', to: '2026-11-08T00:00:01Z' })).toBe(MESSAGES.alarmFilterMaxRange);
    expect(MESSAGES.alarmFilterMaxRange).toBe('The max range is 7 days.');
    expect(message({ from: '2026-11-08T00:00:00Z', to: '2026-11-01T00:00:00Z' })).toBe(MESSAGES.alarmFilterEndBeforeStart);
    expect(message({ from: 'yesterday' })).toBe(MESSAGES.dateInvalid);
  });

  it('takes a count between a min and a max', () => {
    expect(alarmFilterSchema.parse({ minCount: '2', maxCount: '5' })).toMatchObject({ minCount: 2, maxCount: 5 });
    expect(message({ minCount: 5, maxCount: 2 })).toBe(MESSAGES.alarmFilterCountOrder);
    expect(message({ minCount: -1 })).toBe(MESSAGES.alarmFilterCountInvalid);
  });
});

describe("an alarm timeline's machine-written detail", () => {
  it('is a stable code the browser translates, older English text read as its code, people\'s words never taken for one', () => {
    expect(ALARM_CLEARED_DEVICE_DISABLED).toBe('deviceDisabled');
    expect(ALARM_CLEARED_DEVICE_DELETED).toBe('deviceDeleted');
    expect(alarmEventDetailCode({ kind: 'cleared', detail: ALARM_CLEARED_DEVICE_DISABLED })).toBe('deviceDisabled');
    expect(alarmEventDetailCode({ kind: 'cleared', detail: 'device deleted' })).toBe('deviceDeleted');
    expect(alarmEventDetailCode({ kind: 'cleared' })).toBeUndefined();
    expect(alarmEventDetailCode({ kind: 'acknowledged', detail: 'deviceDisabled' })).toBeUndefined();
    expect(alarmEventDetailCode({ kind: 'cleared', detail: 'anything else' })).toBeUndefined();
    expect([...ALARM_EVENT_DETAIL_CODES].sort()).toEqual(['deviceDeleted', 'deviceDisabled', 'notWatched']);
  });
});
