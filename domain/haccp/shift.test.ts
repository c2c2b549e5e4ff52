import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { isRemindInWindow, shiftInputSchema, shiftReferencesOf, windowMinutes, withScheduleIds, type ShiftInput } from './shift';

const schedule = (overrides: Record<string, unknown> = {}) => ({
  name: 'Morning',
  days: [1, 2, 3, 4, 5],
  startDate: '2026-03-01',
  startTime: '06:00',
  endTime: '14:00',
  recurrence: { frequency: 'weekly', interval: 1 },
  assignedUserIds: [],
  ...overrides,
});

const shift = (overrides: Record<string, unknown> = {}, scheduleOverrides: Record<string, unknown> = {}): ShiftInput => ({
  name: 'Kitchen',
  siteId: 'site-1',
  locationId: 'location-1',
  shiftType: 'custom',
  schedules: [schedule(scheduleOverrides)],
  ...overrides,
} as ShiftInput);

/** The messages of a refused input, by path. */
function issuesOf(input: unknown): Record<string, string> {
  const result = shiftInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a shift (SPEC section 5 "Shift")', () => {
  it('takes a valid custom shift as sent, its days in week order', () => {
    const parsed = shiftInputSchema.parse(shift({}, { days: [5, 1, 3], remindAt: '13:00', endDate: '2026-12-31', recurrence: { frequency: 'daily', interval: '2', repeats: '10' } }));
    expect(parsed.schedules[0]).toMatchObject({
      days: [1, 3, 5], startTime: '06:00', endTime: '14:00', remindAt: '13:00', endDate: '2026-12-31',
      recurrence: { frequency: 'daily', interval: 2, repeats: 10 },
    });
  });

  it('requires the name and the site', () => {
    expect(issuesOf(shift({ name: '  ' }))).toMatchObject({ name: MESSAGES.shiftNameRequired });
    expect(issuesOf(shift({ name: undefined }))).toMatchObject({ name: MESSAGES.shiftNameRequired });
    expect(issuesOf(shift({ siteId: '' }))).toMatchObject({ siteId: MESSAGES.shiftSiteRequired });
    expect(issuesOf(shift({ locationId: undefined }))).toMatchObject({ locationId: MESSAGES.shiftLocationRequired });
    expect(issuesOf(shift({ shiftType: 'night' }))).toMatchObject({ shiftType: MESSAGES.shiftTypeRequired });
    expect(issuesOf(shift({ schedules: [] }))).toMatchObject({ schedules: MESSAGES.notificationGroupSchedulesRequired });
  });

  it('refuses a schedule that is no object with its issue, without failing on it', () => {
    expect(issuesOf(shift({ schedules: [null, 'x'] }))).toMatchObject({ 'schedules.0': expect.any(String), 'schedules.1': expect.any(String) });
    expect(issuesOf(shift({ shiftType: 'allDay', schedules: [{ ...schedule(), days: 'all', recurrence: null }] }))).toMatchObject({ 'schedules.0.days': MESSAGES.scheduleDaysRequired });
  });

  it('requires a schedule name under 45 characters', () => {
    expect(issuesOf(shift({}, { name: ' ' }))).toMatchObject({ 'schedules.0.name': MESSAGES.notificationScheduleNameRequired });
    expect(issuesOf(shift({}, { name: 'x'.repeat(45) }))).toMatchObject({ 'schedules.0.name': MESSAGES.notificationScheduleNameMax });
    expect(issuesOf(shift({}, { name: 'x'.repeat(44) }))).toEqual({});
  });

  it('requires at least one weekday', () => {
    expect(issuesOf(shift({}, { days: [] }))).toMatchObject({ 'schedules.0.days': MESSAGES.scheduleDaysRequired });
    expect(issuesOf(shift({}, { days: [7] }))['schedules.0.days.0']).toBe(MESSAGES.scheduleDaysRequired);
  });

  it('requires the remind time between the start and the end', () => {
    expect(issuesOf(shift({}, { remindAt: '05:59' }))).toMatchObject({ 'schedules.0.remindAt': MESSAGES.shiftRemindOutsideWindow });
    expect(issuesOf(shift({}, { remindAt: '14:01' }))).toMatchObject({ 'schedules.0.remindAt': MESSAGES.shiftRemindOutsideWindow });
    expect(issuesOf(shift({}, { remindAt: '06:00' }))).toEqual({});
    expect(issuesOf(shift({}, { remindAt: '14:00' }))).toEqual({});
    // A night window: after midnight is inside, the afternoon is not.
    expect(issuesOf(shift({}, { startTime: '22:00', endTime: '06:00', remindAt: '02:00' }))).toEqual({});
    expect(issuesOf(shift({}, { startTime: '22:00', endTime: '06:00', remindAt: '15:00' }))).toMatchObject({ 'schedules.0.remindAt': MESSAGES.shiftRemindOutsideWindow });
    expect(issuesOf(shift({}, { remindAt: '7:5' }))).toMatchObject({ 'schedules.0.remindAt': MESSAGES.scheduleTimeInvalid });
  });

  it('requires the recurrence interval, and whole repeats when given', () => {
    expect(issuesOf(shift({}, { recurrence: { frequency: 'weekly' } }))).toMatchObject({ 'schedules.0.recurrence.interval': MESSAGES.shiftRecurrenceIntervalRequired });
    expect(issuesOf(shift({}, { recurrence: { frequency: 'weekly', interval: 0 } }))).toMatchObject({ 'schedules.0.recurrence.interval': MESSAGES.shiftRecurrenceIntervalRequired });
    expect(issuesOf(shift({}, { recurrence: { frequency: 'weekly', interval: 1.5 } }))).toMatchObject({ 'schedules.0.recurrence.interval': MESSAGES.shiftRecurrenceIntervalRequired });
    expect(issuesOf(shift({}, { recurrence: { frequency: 'yearly', interval: 1 } }))).toMatchObject({ 'schedules.0.recurrence.frequency': MESSAGES.shiftRecurrenceFrequencyRequired });
    expect(issuesOf(shift({}, { recurrence: { frequency: 'daily', interval: 1, repeats: 0 } }))).toMatchObject({ 'schedules.0.recurrence.repeats': MESSAGES.shiftRecurrenceRepeatsRequired });
    expect(issuesOf(shift({}, { recurrence: { frequency: 'daily', interval: 1, repeats: 'many' } }))).toMatchObject({ 'schedules.0.recurrence.repeats': MESSAGES.shiftRecurrenceRepeatsRequired });
    expect(shiftInputSchema.parse(shift({}, { recurrence: { frequency: 'daily', interval: 1, repeats: '' } })).schedules[0]?.recurrence.repeats).toBeUndefined();
  });

  it('requires the end date after the start date', () => {
    expect(issuesOf(shift({}, { endDate: '2026-03-01' }))).toMatchObject({ 'schedules.0.endDate': MESSAGES.shiftScheduleEndBeforeStart });
    expect(issuesOf(shift({}, { endDate: '2026-02-28' }))).toMatchObject({ 'schedules.0.endDate': MESSAGES.shiftScheduleEndBeforeStart });
    expect(issuesOf(shift({}, { endDate: '2026-03-02' }))).toEqual({});
    expect(issuesOf(shift({}, { startDate: '' }))).toMatchObject({ 'schedules.0.startDate': MESSAGES.shiftScheduleStartDateRequired });
    expect(issuesOf(shift({}, { startDate: '2026-02-30' }))).toMatchObject({ 'schedules.0.startDate': MESSAGES.timeRangeInvalidDate });
  });

  it('requires a custom schedule\'s start and end times, not equal', () => {
    expect(issuesOf(shift({}, { startTime: '' }))).toMatchObject({ 'schedules.0.startTime': MESSAGES.timeRangeStartRequired });
    expect(issuesOf(shift({}, { endTime: undefined }))).toMatchObject({ 'schedules.0.endTime': MESSAGES.timeRangeEndRequired });
    expect(issuesOf(shift({}, { endTime: '25:00' }))).toMatchObject({ 'schedules.0.endTime': MESSAGES.scheduleTimeInvalid });
    expect(issuesOf(shift({}, { endTime: '06:00' }))).toMatchObject({ 'schedules.0.endTime': MESSAGES.scheduleTimesEqual });
  });

  it('runs a 24-hour shift from 00:00 to 24:00 whatever times were sent', () => {
    const parsed = shiftInputSchema.parse(shift({ shiftType: 'allDay' }, { startTime: '', endTime: '10:00', remindAt: '23:00' }));
    expect(parsed.schedules[0]).toMatchObject({ startTime: '00:00', endTime: '24:00', remindAt: '23:00' });
    expect(windowMinutes('00:00', '24:00')).toBe(1440);
    expect(isRemindInWindow('00:00', '24:00', '23:59')).toBe(true);
  });

  it('gives new schedules an id, keeps existing ones, and lists what they name once', () => {
    const request = shiftInputSchema.parse(shift({
      schedules: [
        schedule({ id: 'kept', notificationGroupId: 'group-1', assignedUserIds: ['a', 'b', 'a'] }),
        schedule({ name: 'Evening', notificationGroupId: 'group-1', assignedUserIds: ['b', 'c'] }),
      ],
    }));
    const fields = withScheduleIds(request, () => 'new');
    expect(fields.schedules.map((one) => one.id)).toEqual(['kept', 'new']);
    expect(fields.schedules[0]?.assignedUserIds).toEqual(['a', 'b']);
    expect(shiftReferencesOf(fields)).toEqual({ notificationGroupIds: ['group-1'], assignedUserIds: ['a', 'b', 'c'] });
    expect('endDate' in (fields.schedules[1] ?? {})).toBe(false);
  });
});
