import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import {
  accountIdsOf,
  groupFieldsOf,
  notificationGroupInputSchema,
  sensorGroupIdsOf,
  timeRangeIssue,
  type NotificationGroupInput,
} from './notification-group';

const kitchen: NotificationGroupInput = {
  name: 'Main Kitchen',
  description: 'Kitchen alarms',
  locationId: 'loc-1',
  siteIds: ['site-1'],
  schedules: [{
    name: 'Always',
    days: ['sunday', 'monday'],
    start: '00:00',
    end: '23:59',
    users: [
      { accountId: 'a1', level: 1, delayMinutes: 0, channels: ['text', 'email'] },
      { accountId: 'a2', level: 2, delayMinutes: '15', channels: ['push', 'email'] },
    ],
  }],
};

/** The messages a group is refused with, by field. */
function refusals(input: unknown): Record<string, string[]> {
  const result = notificationGroupInputSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

const withSchedule = (changes: Record<string, unknown>) => ({ ...kitchen, schedules: [{ ...kitchen.schedules[0], ...changes }] });

describe('notification group rules (SPEC section 5)', () => {
  it('accepts a kitchen group, fills the defaults and orders days and channels', () => {
    const group = notificationGroupInputSchema.parse(kitchen);
    expect(group).toMatchObject({ groupType: 'sensor', isDefault: false, overwrite: false });
    expect(group.schedules[0]?.days).toEqual(['monday', 'sunday']);
    expect(group.schedules[0]?.users[0]?.channels).toEqual(['email', 'text']);
    expect(group.schedules[0]?.users[1]?.delayMinutes).toBe(15);
    expect(groupFieldsOf(group)).not.toHaveProperty('overwrite');
    expect(accountIdsOf(group)).toEqual(['a1', 'a2']);
  });

  it('requires name, description and location', () => {
    expect(refusals({ ...kitchen, name: ' ', description: '', locationId: '' })).toEqual({
      name: [MESSAGES.nameRequired], description: [MESSAGES.descriptionRequired], locationId: [MESSAGES.notificationGroupLocationRequired],
    });
    expect(refusals({ ...kitchen, name: undefined, description: undefined, locationId: undefined })).toEqual({
      name: [MESSAGES.nameRequired], description: [MESSAGES.descriptionRequired], locationId: [MESSAGES.notificationGroupLocationRequired],
    });
    expect(refusals({ ...kitchen, name: 'x'.repeat(51) })).toEqual({ name: [MESSAGES.nameMax50] });
  });

  it('requires at least one site and one schedule', () => {
    expect(refusals({ ...kitchen, siteIds: [] })).toEqual({ siteIds: [MESSAGES.siteSelectionRequired] });
    expect(refusals({ ...kitchen, schedules: [] })).toEqual({ schedules: [MESSAGES.notificationGroupSchedulesRequired] });
  });

  it('requires a schedule name under 45 characters', () => {
    expect(refusals(withSchedule({ name: '' }))).toEqual({ 'schedules.0.name': [MESSAGES.notificationScheduleNameRequired] });
    expect(refusals(withSchedule({ name: 'x'.repeat(45) }))).toEqual({ 'schedules.0.name': [MESSAGES.notificationScheduleNameMax] });
    expect(refusals(withSchedule({ name: 'x'.repeat(44) }))).toEqual({});
  });

  it('requires at least one weekday and one user', () => {
    expect(refusals(withSchedule({ days: [] }))).toEqual({ 'schedules.0.days': [MESSAGES.scheduleDaysRequired] });
    expect(refusals(withSchedule({ users: [] }))).toEqual({ 'schedules.0.users': [MESSAGES.notificationUsersRequired] });
  });

  it('checks each user: chosen once, level 1 to 5, delay 0 to 1440, at least one channel', () => {
    const user = { accountId: 'a1', level: 1, delayMinutes: 0, channels: ['email'] };
    expect(refusals(withSchedule({ users: [user, user] }))).toEqual({ 'schedules.0.users.1.accountId': [MESSAGES.notificationUserDuplicate] });
    expect(refusals(withSchedule({ users: [{ ...user, accountId: '' }] }))).toEqual({ 'schedules.0.users.0.accountId': [MESSAGES.notificationUsersRequired] });
    expect(refusals(withSchedule({ users: [{ ...user, level: 6 }] }))).toEqual({ 'schedules.0.users.0.level': [MESSAGES.notificationLevelRange] });
    expect(refusals(withSchedule({ users: [{ ...user, level: 0 }] }))).toEqual({ 'schedules.0.users.0.level': [MESSAGES.notificationLevelRange] });
    expect(refusals(withSchedule({ users: [{ ...user, delayMinutes: 1441 }] }))).toEqual({ 'schedules.0.users.0.delayMinutes': [MESSAGES.notificationDelayRange] });
    expect(refusals(withSchedule({ users: [{ ...user, delayMinutes: 1.5 }] }))).toEqual({ 'schedules.0.users.0.delayMinutes': [MESSAGES.notificationDelayRange] });
    expect(refusals(withSchedule({ users: [{ ...user, channels: [] }] }))).toEqual({ 'schedules.0.users.0.channels': [MESSAGES.notificationChannelsRequired] });
    expect(refusals(withSchedule({ users: [{ ...user, channels: ['fax'] }] }))).toEqual({ 'schedules.0.users.0.channels.0': [MESSAGES.notificationChannelsRequired] });
  });

  it('applies the time-range rules to the hours', () => {
    expect(refusals(withSchedule({ start: '' }))).toEqual({ 'schedules.0.start': [MESSAGES.timeRangeStartRequired] });
    expect(refusals(withSchedule({ end: undefined }))).toEqual({ 'schedules.0.end': [MESSAGES.timeRangeEndRequired] });
    expect(refusals(withSchedule({ start: '25:00' }))).toEqual({ 'schedules.0.start': [MESSAGES.scheduleTimeInvalid] });
    expect(refusals(withSchedule({ start: '09:00', end: '09:00' }))).toEqual({ 'schedules.0.end': [MESSAGES.timeRangeEqual] });
    expect(refusals(withSchedule({ start: '17:00', end: '09:00' }))).toEqual({ 'schedules.0.start': [MESSAGES.timeRangeStartAfterEnd] });
    expect(refusals(withSchedule({ start: '09:00', end: '09:29' }))).toEqual({ 'schedules.0.end': [MESSAGES.timeRangeMin30Minutes] });
    expect(refusals(withSchedule({ start: '09:00', end: '09:30' }))).toEqual({});
  });

  it('time ranges: one rule per case, whatever the minutes', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), (start, end) => {
      const issue = timeRangeIssue(start, end);
      if (start === end) expect(issue).toBe(MESSAGES.timeRangeEqual);
      else if (start > end) expect(issue).toBe(MESSAGES.timeRangeStartAfterEnd);
      else if (end - start < 30) expect(issue).toBe(MESSAGES.timeRangeMin30Minutes);
      else if (end - start >= 1440) expect(issue).toBe(MESSAGES.timeRangeMax24Hours);
      else expect(issue).toBeUndefined();
    }));
  });

  it('counts a sensor once on each group it names, for alarms or inactivity', () => {
    expect(sensorGroupIdsOf({ notificationGroupIds: ['g1', 'g2'], inactivityNotificationGroupIds: ['g2', 'g3'] })).toEqual(['g1', 'g2', 'g3']);
    expect(sensorGroupIdsOf(undefined)).toEqual([]);
  });
});
