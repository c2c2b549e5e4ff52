import { describe, expect, it } from 'vitest';
import { siteDay, siteDayOf, siteDays, siteHourOf, siteTimeOf } from './site-day';

const HOUR = 60 * 60 * 1000;
const PARIS = 'Europe/Paris';

describe('a site day in its time zone', () => {
  it('is 24 hours on an ordinary day, from local midnight (UTC+1 in winter)', () => {
    const day = siteDay('2026-01-15', PARIS);
    expect(new Date(day.start).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(day.noon).toISOString()).toBe('2026-01-15T11:00:00.000Z');
    expect(day.end - day.start).toBe(24 * HOUR);
  });

  it('is 23 hours when the clocks go forward (Paris, 29 March 2026)', () => {
    const day = siteDay('2026-03-29', PARIS);
    expect(new Date(day.start).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    // Noon is already summer time (UTC+2): the morning is 11 hours long.
    expect(new Date(day.noon).toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(new Date(day.end).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(day.end - day.start).toBe(23 * HOUR);
  });

  it('is 25 hours when the clocks go back (Paris, 25 October 2026), and 2 o\'clock comes twice', () => {
    const day = siteDay('2026-10-25', PARIS);
    expect(new Date(day.start).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(new Date(day.end).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(day.end - day.start).toBe(25 * HOUR);
    expect(siteHourOf(Date.parse('2026-10-25T00:00:00Z'), PARIS)).toBe(2);
    expect(siteHourOf(Date.parse('2026-10-25T01:00:00Z'), PARIS)).toBe(2);
    expect(siteHourOf(Date.parse('2026-10-25T02:00:00Z'), PARIS)).toBe(3);
  });

  it('lists the days of a range, both ends included, each as long as it is', () => {
    const days = siteDays('2026-03-28', '2026-03-30', PARIS);
    expect(days.map((day) => day.day)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(days.map((day) => (day.end - day.start) / HOUR)).toEqual([24, 23, 24]);
    expect(days[0]?.end).toBe(days[1]?.start);
  });

  it('places working hours at local 9:00 and tells an instant\'s local day', () => {
    expect(new Date(siteTimeOf('2026-10-25', 9, PARIS)).toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(new Date(siteTimeOf('2026-07-01', 9, 'America/New_York')).toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(siteDayOf(Date.parse('2026-03-28T23:30:00Z'), PARIS)).toBe('2026-03-29');
    expect(siteDayOf(Date.parse('2026-03-28T22:30:00Z'), PARIS)).toBe('2026-03-28');
  });
});
