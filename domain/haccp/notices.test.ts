import { describe, expect, it } from 'vitest';
import { acknowledgeAlarm, isRefusal } from '../alarms/alarm';
import { episodesOf, escalationSteps, type EscalationGroup } from '../notifications/escalation';
import { renderNotification } from '../notifications/templates';
import { MISSED_AFTER_MINUTES } from './instance';
import { checklistNoticeAlarm, dueMarkerHours, isNoticeDue, reminderGroup } from './notices';

const at = (time: string) => `2026-03-02T${time}:00.000Z`;
const clock = (time: string) => new Date(at(time));
const instance = { windowStart: at('06:00'), windowEnd: at('10:00'), remindAt: at('09:00') };
const MISSED = `2026-03-02T${String(10 + MISSED_AFTER_MINUTES / 60).padStart(2, '0')}:00:00.000Z`;

describe('dueMarkerHours', () => {
  it('reads the two hours before the current one and the current one (UTC, as the markers are filed)', () => {
    expect(dueMarkerHours(new Date('2026-03-02T00:04:00Z'))).toEqual(['2026-03-01T22', '2026-03-01T23', '2026-03-02T00']);
  });
});

describe('isNoticeDue', () => {
  it('reminds from the remind-at time an instance not completed, started or not, until it is missed', () => {
    expect(isNoticeDue('remind', instance, clock('08:59'))).toBe(false);
    expect(isNoticeDue('remind', instance, clock('09:00'))).toBe(true);
    expect(isNoticeDue('remind', { ...instance, startedAt: at('08:30') }, clock('09:05'))).toBe(true);
    expect(isNoticeDue('remind', instance, clock('10:30'))).toBe(true);
    expect(isNoticeDue('remind', instance, new Date(MISSED))).toBe(false);
  });

  it('does not remind an instance completed, nor one whose schedule has no remind-at time', () => {
    expect(isNoticeDue('remind', { ...instance, completedAt: at('08:45') }, clock('09:00'))).toBe(false);
    const { remindAt: _none, ...withoutReminder } = instance;
    expect(isNoticeDue('remind', withoutReminder, clock('09:30'))).toBe(false);
  });

  it('finds an instance missed once its grace period is over without a completion, never a completed one', () => {
    expect(isNoticeDue('missed', instance, new Date(Date.parse(MISSED) - 60_000))).toBe(false);
    expect(isNoticeDue('missed', instance, new Date(MISSED))).toBe(true);
    expect(isNoticeDue('missed', { ...instance, completedAt: at('10:30') }, new Date(MISSED))).toBe(false);
  });
});

const group: EscalationGroup = {
  id: 'g1',
  schedules: [{
    name: 'Kitchen', days: ['monday'], start: '06:00', end: '12:00',
    users: [
      { accountId: 'chef', level: 1, delayMinutes: 0, channels: ['email', 'text'] },
      { accountId: 'manager', level: 2, delayMinutes: 15, channels: ['push'] },
    ],
  }],
};

describe('reminderGroup', () => {
  it("reaches the assigned users at once on the group's channels for them, by email when the group does not name them", () => {
    const told = reminderGroup(group, ['chef', 'cook']);
    expect(told?.schedules[0]?.users).toEqual([
      { accountId: 'chef', level: 1, delayMinutes: 0, channels: ['email', 'text'] },
      { accountId: 'cook', level: 1, delayMinutes: 0, channels: ['email'] },
    ]);
  });

  it("reaches all the group's users at once when the schedule assigns no one; nobody without group or assignees", () => {
    expect(reminderGroup(group, [])?.schedules[0]?.users.map((user) => [user.accountId, user.level, user.delayMinutes])).toEqual([['chef', 1, 0], ['manager', 1, 0]]);
    expect(reminderGroup(undefined, [])).toBeUndefined();
  });
});

describe('checklistNoticeAlarm', () => {
  const source = { instanceId: 'i1', checklistName: 'Opening checks', siteId: 's1', at: at('11:00') };

  it('raises a missed or exception notice active and unacknowledged, the checklist named as its device', () => {
    const missed = checklistNoticeAlarm('a1', { ...source, type: 'checklistMissed' }, clock('11:02'));
    expect(missed).toMatchObject({ id: 'a1', deviceKind: 'checklist', deviceId: 'i1', deviceName: 'Opening checks', type: 'checklistMissed', status: 'active', startedAt: at('11:00') });
    expect(missed.clearedAt).toBeUndefined();
  });

  it("tells a reminder's users once, at once, with nothing to acknowledge or escalate", () => {
    const reminder = checklistNoticeAlarm('r1', { ...source, type: 'checklistReminder' }, clock('11:02'));
    expect(reminder.status).toBe('history');
    const told = reminderGroup(group, []);
    const steps = escalationSteps(
      { type: reminder.type, raisedAt: Date.parse(reminder.raisedAt), episodes: episodesOf(reminder) },
      { notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3 }, { notificationGroups: told === undefined ? [] : [told], inactivityGroups: [] }, 'UTC',
    );
    expect(steps.map((step) => [step.accountId, step.kind, step.dueAt])).toEqual([['chef', 'alarm', Date.parse(at('11:02'))], ['manager', 'alarm', Date.parse(at('11:02'))]]);
  });

  it("escalates a missed checklist by the group's levels and delays, as an alarm", () => {
    const missed = checklistNoticeAlarm('a1', { ...source, type: 'checklistMissed' }, clock('11:00'));
    const steps = escalationSteps(
      { type: missed.type, raisedAt: Date.parse(missed.raisedAt), episodes: episodesOf(missed) },
      { notificationDelayMinutes: 0, snoozeIntervalMinutes: 0, snoozeLimit: 0 }, { notificationGroups: [group], inactivityGroups: [] }, 'UTC',
    );
    expect(steps.map((step) => [step.accountId, step.dueAt])).toEqual([['chef', Date.parse(at('11:00'))], ['manager', Date.parse(at('11:15'))]]);
  });
});

describe("a checklist notice's acknowledgement and wording", () => {
  const source = { instanceId: 'i1', checklistName: 'Opening checks', siteId: 's1', at: at('11:00') };

  it('moves a checklist alarm to history once acknowledged (it has no condition to clear)', () => {
    const acknowledged = acknowledgeAlarm(checklistNoticeAlarm('a1', { ...source, type: 'checklistException' }, clock('11:00')), 'chef@example.com', Date.parse(at('11:10')), { reason: 'Fridge fixed' });
    expect(isRefusal(acknowledged) ? acknowledged.refused : acknowledged.status).toBe('history');
  });

  it('words a reminder as a reminder that asks for no acknowledgement, and a missed checklist as an alarm that does', () => {
    const values = { device: 'Opening checks', site: 'Main Kitchen', time: '2 Mar 2026, 09:00 UTC', link: 'https://portal.example/app/haccp/fill/i1', code: '4821' };
    const reminder = renderNotification({ kind: 'alarm', channel: 'email', language: 'en', alarmType: 'checklistReminder', values });
    expect(reminder.subject).toBe('Reminder – Checklist reminder: Opening checks (Main Kitchen)');
    expect(reminder.text).toContain('Open the checklist: https://portal.example/app/haccp/fill/i1');
    expect(renderNotification({ kind: 'alarm', channel: 'text', language: 'fr', alarmType: 'checklistReminder', values }).body).not.toContain('4821');
    expect(renderNotification({ kind: 'alarm', channel: 'text', language: 'es', alarmType: 'checklistMissed', values }).body).toContain('Responda 4821');
  });
});
