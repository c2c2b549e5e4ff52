import { describe, expect, it } from 'vitest';
import { dataLoggingProfileInputSchema, scheduleIsOn, type LoggingSchedule } from './data-logging-profile';
import { MESSAGES } from '../core/messages';

const valid = { name: 'Fridges 15 min', valueToLog: 'average', intervalMinutes: 15, calculationWindowMinutes: 15, deviation: 0.5 };

const messagesOf = (input: unknown) => {
  const result = dataLoggingProfileInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the data logging profile form', () => {
  it('takes a profile, enabled and logging always unless told otherwise', () => {
    expect(dataLoggingProfileInputSchema.parse(valid)).toEqual({ ...valid, description: '', enabled: true, schedule: { kind: 'always' } });
  });

  it('takes numbers from a form\'s text', () => {
    const profile = dataLoggingProfileInputSchema.parse({ ...valid, intervalMinutes: '5', calculationWindowMinutes: '10', deviation: '1.5' });
    expect(profile).toMatchObject({ intervalMinutes: 5, calculationWindowMinutes: 10, deviation: 1.5 });
  });

  it('requires a name and a value to log', () => {
    expect(messagesOf({ ...valid, name: '' })).toEqual([MESSAGES.nameRequired]);
    expect(messagesOf({ ...valid, valueToLog: 'median' })).toEqual([MESSAGES.valueToLogRequired]);
    expect(messagesOf({ ...valid, name: 'x'.repeat(51) })).toEqual([MESSAGES.nameMax50]);
  });

  it.each([0, 1441, 2.5, -5, 'often'])('refuses the interval %s', (intervalMinutes) => {
    expect(messagesOf({ ...valid, intervalMinutes, calculationWindowMinutes: 1440 })).toContain(MESSAGES.loggingIntervalInvalid);
  });

  it('keeps interval and window within a day, whole minutes, the window at least the interval', () => {
    expect(messagesOf({ ...valid, intervalMinutes: 1440, calculationWindowMinutes: 1440 })).toEqual([]);
    expect(messagesOf({ ...valid, intervalMinutes: 1, calculationWindowMinutes: 1 })).toEqual([]);
    expect(messagesOf({ ...valid, calculationWindowMinutes: 0 })).toEqual([MESSAGES.calculationWindowInvalid]);
    expect(messagesOf({ ...valid, intervalMinutes: 30, calculationWindowMinutes: 15 })).toEqual([MESSAGES.calculationWindowShorterThanInterval]);
    // An instant reading takes no window.
    expect(messagesOf({ ...valid, valueToLog: 'instant', intervalMinutes: 30, calculationWindowMinutes: 15 })).toEqual([]);
  });

  it.each([-0.1, 1000.5, Number.NaN, 'far'])('refuses the deviation %s', (deviation) => {
    expect(messagesOf({ ...valid, deviation })).toEqual([MESSAGES.deviationInvalid]);
  });

  it('takes a custom schedule with days in week order and valid times', () => {
    const profile = dataLoggingProfileInputSchema.parse({ ...valid, schedule: { kind: 'custom', days: ['friday', 'monday', 'monday'], start: '08:00', end: '18:30' } });
    expect(profile.schedule).toEqual({ kind: 'custom', days: ['monday', 'friday'], start: '08:00', end: '18:30' });
  });

  it('refuses a custom schedule without days, with bad times, or starting when it ends', () => {
    expect(messagesOf({ ...valid, schedule: { kind: 'custom', days: [], start: '08:00', end: '18:00' } })).toEqual([MESSAGES.scheduleDaysRequired]);
    expect(messagesOf({ ...valid, schedule: { kind: 'custom', days: ['monday'], start: '8am', end: '24:00' } })).toEqual([MESSAGES.scheduleTimeInvalid, MESSAGES.scheduleTimeInvalid]);
    expect(messagesOf({ ...valid, schedule: { kind: 'custom', days: ['monday'], start: '08:00', end: '08:00' } })).toEqual([MESSAGES.scheduleTimesEqual]);
    expect(messagesOf({ ...valid, schedule: { kind: 'sometimes' } })).toEqual([MESSAGES.scheduleKindRequired]);
  });
});

describe('when a schedule logs', () => {
  const dayShift: LoggingSchedule = { kind: 'custom', days: ['monday', 'tuesday'], start: '08:00', end: '18:00' };
  const nightShift: LoggingSchedule = { kind: 'custom', days: ['friday'], start: '22:00', end: '06:00' };

  it('always logs when always', () => {
    expect(scheduleIsOn({ kind: 'always' }, { day: 'sunday', time: '03:00' })).toBe(true);
  });

  it('logs on its days between start (included) and end (excluded)', () => {
    expect(scheduleIsOn(dayShift, { day: 'monday', time: '08:00' })).toBe(true);
    expect(scheduleIsOn(dayShift, { day: 'tuesday', time: '17:59' })).toBe(true);
    expect(scheduleIsOn(dayShift, { day: 'monday', time: '18:00' })).toBe(false);
    expect(scheduleIsOn(dayShift, { day: 'wednesday', time: '12:00' })).toBe(false);
  });

  it('runs past midnight when the end is before the start: the morning belongs to the day before', () => {
    expect(scheduleIsOn(nightShift, { day: 'friday', time: '23:00' })).toBe(true);
    expect(scheduleIsOn(nightShift, { day: 'saturday', time: '05:59' })).toBe(true);
    expect(scheduleIsOn(nightShift, { day: 'friday', time: '05:00' })).toBe(false);
    expect(scheduleIsOn(nightShift, { day: 'saturday', time: '12:00' })).toBe(false);
  });
});
