import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../devices/data-logging-profile';
import {
  dueSteps,
  episodesOf,
  escalationSteps,
  notificationScheduleInForce,
  snoozesOf,
  type DeviceGroups,
  type EscalationAlarm,
  type EscalationPolicy,
  type NotificationStep,
} from './escalation';
import type { NotificationSchedule } from './notification-group';

const MINUTE = 60_000;
/** Friday 27 November 2026, 08:00 UTC (09:00 in Paris). */
const T = Date.UTC(2026, 10, 27, 8, 0);
const at = (minutes: number) => T + minutes * MINUTE;

const always = (users: NotificationSchedule['users']): NotificationSchedule => ({ name: 'Always', days: [...WEEKDAYS], start: '00:00', end: '23:59', users });
const mainKitchen: DeviceGroups = {
  notificationGroups: [{
    id: 'main-kitchen',
    schedules: [always([
      { accountId: 'admin', level: 1, delayMinutes: 0, channels: ['email', 'text'] },
      { accountId: 'user', level: 2, delayMinutes: 15, channels: ['email', 'push'] },
    ])],
  }],
  inactivityGroups: [],
};
const noReminders: EscalationPolicy = { notificationDelayMinutes: 0, snoozeIntervalMinutes: 0, snoozeLimit: 0 };
const alarmAt = (overrides: Partial<EscalationAlarm> = {}): EscalationAlarm => ({ type: 'threshold', raisedAt: T, episodes: [{ startedAt: T }], ...overrides });
const summary = (steps: NotificationStep[]) => steps.map((step) => [step.kind, step.accountId, (step.dueAt - T) / MINUTE, step.channels.join('+')]);

describe('a schedule in force, in the site\'s time zone', () => {
  const weekdays = { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as NotificationSchedule['days'], start: '08:00', end: '17:00' };

  it('reads the weekday and hours where the site is, start included and end not', () => {
    // 23:30 UTC on Friday is 00:30 on Saturday in Paris.
    expect(notificationScheduleInForce({ ...weekdays, start: '00:00', end: '01:00' }, Date.UTC(2026, 10, 27, 23, 30), 'Europe/Paris')).toBe(false);
    expect(notificationScheduleInForce({ ...weekdays, start: '00:00', end: '01:00' }, Date.UTC(2026, 10, 27, 23, 30), 'UTC')).toBe(false);
    expect(notificationScheduleInForce({ ...weekdays, start: '23:00', end: '23:59' }, Date.UTC(2026, 10, 27, 23, 30), 'UTC')).toBe(true);
    expect(notificationScheduleInForce(weekdays, Date.UTC(2026, 10, 27, 7, 0), 'Europe/Paris')).toBe(true);
    expect(notificationScheduleInForce(weekdays, Date.UTC(2026, 10, 27, 6, 59), 'Europe/Paris')).toBe(false);
    expect(notificationScheduleInForce(weekdays, Date.UTC(2026, 10, 27, 16, 0), 'Europe/Paris')).toBe(false);
  });

  it('covers a night as two schedules, until 23:59 (the end of the day) and from 00:00, with no gap at midnight', () => {
    const evening = { days: [...WEEKDAYS], start: '22:00', end: '23:59' };
    const morning = { days: [...WEEKDAYS], start: '00:00', end: '06:00' };
    for (const time of [Date.UTC(2026, 10, 27, 23, 59, 30), Date.UTC(2026, 10, 28, 0, 0), Date.UTC(2026, 10, 28, 5, 59)]) {
      expect([evening, morning].some((schedule) => notificationScheduleInForce(schedule, time, 'UTC'))).toBe(true);
    }
  });

  it('follows daylight saving: the skipped hour is never in force, the repeated hour is in force twice', () => {
    // Paris, Sunday 29 March 2026: 02:00 local does not exist (01:00 UTC is 03:00 local).
    const sunday = { days: ['sunday'] as NotificationSchedule['days'] };
    expect(notificationScheduleInForce({ ...sunday, start: '02:00', end: '02:30' }, Date.UTC(2026, 2, 29, 0, 59), 'Europe/Paris')).toBe(false);
    expect(notificationScheduleInForce({ ...sunday, start: '02:00', end: '02:30' }, Date.UTC(2026, 2, 29, 1, 0), 'Europe/Paris')).toBe(false);
    expect(notificationScheduleInForce({ ...sunday, start: '01:00', end: '04:00' }, Date.UTC(2026, 2, 29, 1, 30), 'Europe/Paris')).toBe(true);
    // New York, Sunday 1 November 2026: 01:30 local happens at 05:30 and at 06:30 UTC.
    for (const time of [Date.UTC(2026, 10, 1, 5, 30), Date.UTC(2026, 10, 1, 6, 30)]) {
      expect(notificationScheduleInForce({ ...sunday, start: '01:00', end: '02:00' }, time, 'America/New_York')).toBe(true);
    }
  });
});

describe('an alarm\'s escalation', () => {
  it('tells level 1 at once and level 2 after its delay, each on their channels', () => {
    expect(summary(escalationSteps(alarmAt(), noReminders, mainKitchen, 'Europe/Paris'))).toEqual([
      ['alarm', 'admin', 0, 'email+text'],
      ['alarm', 'user', 15, 'email+push'],
    ]);
  });

  it('starts after the profile\'s notification delay, and tells nobody of an excursion over within it', () => {
    const delayed = { ...noReminders, notificationDelayMinutes: 10 };
    expect(summary(escalationSteps(alarmAt(), delayed, mainKitchen, 'UTC')).map((step) => step[2])).toEqual([10, 25]);
    expect(escalationSteps(alarmAt({ episodes: [{ startedAt: T, clearedAt: at(8) }] }), delayed, mainKitchen, 'UTC')).toEqual([]);
  });

  it('stops at the acknowledgement: nothing due after it is planned', () => {
    expect(summary(escalationSteps(alarmAt({ acknowledgedAt: at(10) }), noReminders, mainKitchen, 'UTC'))).toEqual([['alarm', 'admin', 0, 'email+text']]);
  });

  it('reminds at the snooze interval, at most the snooze limit times, then tells those told that it is back to normal', () => {
    const policy = { notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 2 };
    expect(summary(escalationSteps(alarmAt(), policy, mainKitchen, 'UTC'))).toEqual([
      ['alarm', 'admin', 0, 'email+text'], ['alarm', 'user', 15, 'email+push'], ['reminder', 'admin', 30, 'email+text'],
      ['reminder', 'user', 45, 'email+push'], ['reminder', 'admin', 60, 'email+text'], ['reminder', 'user', 75, 'email+push'],
    ]);
    // Cleared after 20 minutes: no reminders after it, and only the two told hear it is over.
    expect(summary(escalationSteps(alarmAt({ episodes: [{ startedAt: T, clearedAt: at(20) }] }), policy, mainKitchen, 'UTC'))).toEqual([
      ['alarm', 'admin', 0, 'email+text'], ['alarm', 'user', 15, 'email+push'], ['normal', 'admin', 20, 'email+text'], ['normal', 'user', 20, 'email+push'],
    ]);
    expect(summary(escalationSteps(alarmAt({ episodes: [{ startedAt: T, clearedAt: at(10) }] }), policy, mainKitchen, 'UTC'))).toEqual([
      ['alarm', 'admin', 0, 'email+text'], ['normal', 'admin', 10, 'email+text'],
    ]);
  });

  it('holds what falls in a snooze until it ends', () => {
    const policy = { notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 1 };
    expect(summary(escalationSteps(alarmAt({ snoozes: [{ from: at(5), until: at(40) }] }), policy, mainKitchen, 'UTC'))).toEqual([
      ['alarm', 'admin', 0, 'email+text'], ['alarm', 'user', 40, 'email+push'], ['reminder', 'admin', 40, 'email+text'], ['reminder', 'user', 70, 'email+push'],
    ]);
  });

  it('tells only the users whose schedule is in force when their step is due', () => {
    const dayShift: DeviceGroups = {
      notificationGroups: [{ id: 'day', schedules: [{ name: 'Day', days: ['friday'], start: '08:00', end: '08:10', users: [
        { accountId: 'admin', level: 1, delayMinutes: 0, channels: ['email'] },
        { accountId: 'user', level: 2, delayMinutes: 15, channels: ['email'] },
      ] }] }],
      inactivityGroups: [],
    };
    expect(summary(escalationSteps(alarmAt(), noReminders, dayShift, 'UTC'))).toEqual([['alarm', 'admin', 0, 'email']]);
  });

  it('tells a user in several groups once, at the earliest, on every channel of that moment', () => {
    const twoGroups: DeviceGroups = {
      notificationGroups: [
        ...mainKitchen.notificationGroups,
        { id: 'managers', schedules: [always([{ accountId: 'user', level: 1, delayMinutes: 0, channels: ['voice'] }, { accountId: 'admin', level: 1, delayMinutes: 0, channels: ['pager'] }])] },
      ],
      inactivityGroups: [],
    };
    expect(summary(escalationSteps(alarmAt(), noReminders, twoGroups, 'UTC'))).toEqual([
      ['alarm', 'admin', 0, 'email+text+pager'], ['alarm', 'user', 0, 'voice'],
    ]);
  });

  it('sends inactivity to the inactivity groups when the device names any', () => {
    const groups: DeviceGroups = { ...mainKitchen, inactivityGroups: [{ id: 'it', schedules: [always([{ accountId: 'technician', level: 1, delayMinutes: 0, channels: ['email'] }])] }] };
    expect(summary(escalationSteps(alarmAt({ type: 'inactivity' }), noReminders, groups, 'UTC'))).toEqual([['alarm', 'technician', 0, 'email']]);
    expect(summary(escalationSteps(alarmAt({ type: 'threshold' }), noReminders, groups, 'UTC')).map((step) => step[1])).toEqual(['admin', 'user']);
  });

  it('tells the first level once, at once, of an excursion known only after it was over (a late batch)', () => {
    const policy = { notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3 };
    const late = alarmAt({ raisedAt: at(60), episodes: [{ startedAt: T, clearedAt: at(20) }] });
    expect(summary(escalationSteps(late, policy, mainKitchen, 'UTC'))).toEqual([['alarm', 'admin', 60, 'email+text']]);
  });

  it('tells each episode of an alarm that returned while it was active', () => {
    const alarm = { timeline: [
      { kind: 'raised' as const, at: new Date(T).toISOString() }, { kind: 'cleared' as const, at: new Date(at(5)).toISOString() },
      { kind: 'returned' as const, at: new Date(at(120)).toISOString() },
    ] };
    const episodes = episodesOf(alarm);
    expect(episodes).toEqual([{ startedAt: T, clearedAt: at(5) }, { startedAt: at(120) }]);
    expect(snoozesOf({ timeline: [{ kind: 'snoozed', at: new Date(at(3)).toISOString(), detail: new Date(at(33)).toISOString() }] })).toEqual([{ from: at(3), until: at(33) }]);
    const steps = escalationSteps(alarmAt({ episodes }), noReminders, mainKitchen, 'UTC');
    expect(steps.map((step) => step.key)).toEqual(['0:alarm:admin', '0:normal:admin', '1:alarm:admin', '1:alarm:user']);
  });

  it('hands over what is due and not yet sent, and when to look again', () => {
    const steps = escalationSteps(alarmAt(), noReminders, mainKitchen, 'UTC');
    expect(dueSteps(steps, new Set(), at(1))).toEqual({ due: [steps[0]], nextAt: at(15) });
    expect(dueSteps(steps, new Set(['0:alarm:admin']), at(20))).toEqual({ due: [steps[1]] });
  });
});

describe('escalation, for any groups, policy, clearing and acknowledgement (properties)', () => {
  const user = fc.record({
    accountId: fc.constantFrom('a', 'b', 'c', 'd'),
    level: fc.integer({ min: 1, max: 5 }),
    delayMinutes: fc.integer({ min: 0, max: 120 }),
    channels: fc.subarray(['email', 'text', 'pager', 'push', 'voice'] as const, { minLength: 1 }),
  });
  const schedule = fc.record({
    name: fc.constant('S'),
    days: fc.subarray([...WEEKDAYS], { minLength: 1 }),
    start: fc.constantFrom('00:00', '06:00', '08:00'),
    end: fc.constantFrom('12:00', '18:00', '23:59'),
    users: fc.array(user, { minLength: 1, maxLength: 4 }),
  });
  const groups = fc.array(fc.record({ id: fc.string(), schedules: fc.array(schedule, { minLength: 1, maxLength: 2 }) }), { maxLength: 3 })
    .map((notificationGroups): DeviceGroups => ({ notificationGroups, inactivityGroups: [] }));
  const policy = fc.record({ notificationDelayMinutes: fc.integer({ min: 0, max: 30 }), snoozeIntervalMinutes: fc.integer({ min: 0, max: 60 }), snoozeLimit: fc.integer({ min: 0, max: 5 }) });
  const minutes = fc.option(fc.integer({ min: 0, max: 24 * 60 }), { nil: undefined });

  it('never plans after an acknowledgement, keys each step once, reminds at most the limit, and says "back to normal" only to those told', () => {
    fc.assert(fc.property(groups, policy, minutes, minutes, minutes, (deviceGroups, timing, cleared, acknowledged, snoozed) => {
      const alarm = alarmAt({
        episodes: [{ startedAt: T, ...(cleared === undefined ? {} : { clearedAt: at(cleared) }) }],
        ...(acknowledged === undefined ? {} : { acknowledgedAt: at(acknowledged) }),
        ...(snoozed === undefined ? {} : { snoozes: [{ from: at(snoozed), until: at(snoozed + 30) }] }),
      });
      const steps = escalationSteps(alarm, timing, deviceGroups, 'Europe/Paris');
      expect(escalationSteps(alarm, timing, deviceGroups, 'Europe/Paris')).toEqual(steps);
      expect(new Set(steps.map((step) => step.key)).size).toBe(steps.length);
      if (alarm.acknowledgedAt !== undefined) expect(steps.every((step) => step.dueAt <= (alarm.acknowledgedAt ?? 0))).toBe(true);
      const told = new Map(steps.filter((step) => step.kind === 'alarm').map((step) => [step.accountId, step.dueAt]));
      for (const account of new Set(steps.map((step) => step.accountId))) {
        expect(steps.filter((step) => step.accountId === account && step.kind === 'reminder').length).toBeLessThanOrEqual(timing.snoozeLimit);
      }
      for (const step of steps.filter((candidate) => candidate.kind !== 'alarm')) {
        expect(told.get(step.accountId)).toBeLessThanOrEqual(step.dueAt);
      }
      if (cleared !== undefined) {
        expect(steps.filter((step) => step.kind === 'reminder').every((step) => step.dueAt < at(cleared))).toBe(true);
      }
    }), { numRuns: 300 });
  });
});
