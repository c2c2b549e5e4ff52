import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayPerformance, instanceStateAt, isOpenForAnswers, localDateIn, MISSED_AFTER_MINUTES, missedAt, performanceOf, weekDates, weekPerformance,
  type InstanceState, type InstanceTiming,
} from './instance';

const at = (time: string) => new Date(`2026-03-02T${time}:00Z`);
const window = { windowStart: at('06:00'), windowEnd: at('10:00') };
const minutes = (date: Date, count: number) => new Date(date.getTime() + count * 60_000);

describe('instanceStateAt', () => {
  it('is outstanding before it is started, also before its window opens', () => {
    expect(instanceStateAt(window, at('05:00'))).toBe('outstanding');
    expect(instanceStateAt(window, at('07:00'))).toBe('outstanding');
  });

  it('is in progress once started, not before', () => {
    const started = { ...window, startedAt: at('07:00') };
    expect(instanceStateAt(started, at('06:30'))).toBe('outstanding');
    expect(instanceStateAt(started, at('07:00'))).toBe('inProgress');
    expect(instanceStateAt(started, at('10:00'))).toBe('inProgress');
  });

  it('is completed on time when submitted by the window end, late after it', () => {
    expect(instanceStateAt({ ...window, startedAt: at('07:00'), completedAt: at('10:00') }, at('12:00'))).toBe('completedOnTime');
    expect(instanceStateAt({ ...window, startedAt: at('07:00'), completedAt: at('10:01') }, at('12:00'))).toBe('completedLate');
    expect(instanceStateAt({ ...window, completedAt: at('09:00') }, at('08:00'))).toBe('outstanding');
  });

  it(`is overdue after the window, missed ${MISSED_AFTER_MINUTES} minutes after it`, () => {
    expect(instanceStateAt(window, minutes(window.windowEnd, 1))).toBe('overdue');
    expect(instanceStateAt({ ...window, startedAt: at('07:00') }, minutes(window.windowEnd, 1))).toBe('overdue');
    expect(instanceStateAt(window, minutes(window.windowEnd, MISSED_AFTER_MINUTES - 1))).toBe('overdue');
    expect(instanceStateAt(window, minutes(window.windowEnd, MISSED_AFTER_MINUTES))).toBe('missed');
    expect(missedAt(window)).toEqual(minutes(window.windowEnd, MISSED_AFTER_MINUTES));
  });

  it('takes answers until completed or missed', () => {
    expect(isOpenForAnswers(window, at('05:00'))).toBe(true);
    expect(isOpenForAnswers(window, minutes(window.windowEnd, 30))).toBe(true);
    expect(isOpenForAnswers(window, minutes(window.windowEnd, MISSED_AFTER_MINUTES))).toBe(false);
    expect(isOpenForAnswers({ ...window, completedAt: at('08:00') }, at('09:00'))).toBe(false);
  });
});

/** How far along a state is: an instance only moves forward. */
const RANK: Record<InstanceState, number> = { outstanding: 0, inProgress: 1, overdue: 2, missed: 3, completedOnTime: 4, completedLate: 4 };
const BASE = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

/** A window of up to a day, started and completed (or not) at times around it; completion is never after the instance was missed (the submission is refused then). */
const instanceArbitrary: fc.Arbitrary<InstanceTiming> = fc
  .record({
    start: fc.integer({ min: 0, max: 48 * HOUR }),
    length: fc.integer({ min: 1, max: 24 * HOUR }),
    startedOffset: fc.option(fc.integer({ min: -2 * HOUR, max: 26 * HOUR }), { nil: undefined }),
    completedAfterStart: fc.option(fc.integer({ min: 0, max: 3 * HOUR }), { nil: undefined }),
  })
  .map(({ start, length, startedOffset, completedAfterStart }) => {
    const windowStart = new Date(BASE + start);
    const windowEnd = new Date(BASE + start + length);
    const startedAt = startedOffset === undefined ? undefined : new Date(windowStart.getTime() + startedOffset);
    const completed = startedAt === undefined || completedAfterStart === undefined ? undefined : startedAt.getTime() + completedAfterStart;
    const completedAt = completed === undefined || completed >= missedAt({ windowEnd }).getTime() ? undefined : new Date(completed);
    return { windowStart, windowEnd, startedAt, completedAt };
  });
const timeArbitrary = fc.integer({ min: -2 * HOUR, max: 80 * HOUR }).map((offset) => new Date(BASE + offset));

describe('instanceStateAt, at any time', () => {
  it('only moves forward as time passes', () => {
    fc.assert(fc.property(instanceArbitrary, timeArbitrary, timeArbitrary, (instance, first, second) => {
      const [earlier, later] = first <= second ? [first, second] : [second, first];
      expect(RANK[instanceStateAt(instance, later)]).toBeGreaterThanOrEqual(RANK[instanceStateAt(instance, earlier)]);
    }));
  });

  it('never changes once completed or missed', () => {
    fc.assert(fc.property(instanceArbitrary, timeArbitrary, fc.integer({ min: 0, max: 100 * HOUR }), (instance, now, more) => {
      const state = instanceStateAt(instance, now);
      if (state === 'completedOnTime' || state === 'completedLate' || state === 'missed') {
        expect(instanceStateAt(instance, new Date(now.getTime() + more))).toBe(state);
      }
    }));
  });

  it('is completed exactly from the submission on, on time exactly when submitted within the window', () => {
    fc.assert(fc.property(instanceArbitrary, timeArbitrary, (instance, now) => {
      const state = instanceStateAt(instance, now);
      const { completedAt } = instance;
      const completed = completedAt !== undefined && completedAt <= now;
      expect(state === 'completedOnTime' || state === 'completedLate').toBe(completed);
      if (completed) expect(state === 'completedOnTime').toBe(completedAt <= instance.windowEnd);
    }));
  });

  it('is never overdue or missed within the window, and never outstanding or in progress after it', () => {
    fc.assert(fc.property(instanceArbitrary, timeArbitrary, (instance, now) => {
      const state = instanceStateAt(instance, now);
      if (now <= instance.windowEnd) expect(['overdue', 'missed']).not.toContain(state);
      else expect(['outstanding', 'inProgress']).not.toContain(state);
    }));
  });

  it('counts every instance once in its performance', () => {
    fc.assert(fc.property(fc.array(instanceArbitrary, { maxLength: 20 }), timeArbitrary, (instances, now) => {
      const counts = performanceOf(instances, now);
      expect(counts.total).toBe(instances.length);
      expect(counts.complete + counts.incomplete).toBe(instances.length);
      expect(counts.onTime + counts.late).toBe(counts.complete);
      expect(counts.outstanding + counts.inProgress + counts.overdue + counts.missed).toBe(counts.incomplete);
    }));
  });
});

describe('performance of a day and a week', () => {
  const now = new Date('2026-03-04T12:00:00Z');
  const on = (date: string, timing: Partial<InstanceTiming>) => ({
    date, windowStart: new Date(`${date}T06:00:00Z`), windowEnd: new Date(`${date}T10:00:00Z`), ...timing,
  });
  const instances = [
    on('2026-03-02', { completedAt: new Date('2026-03-02T09:00:00Z') }), // Monday, on time
    on('2026-03-03', { completedAt: new Date('2026-03-03T10:30:00Z') }), // late
    on('2026-03-04', {}), // today, window over 2 hours ago: missed
    { date: '2026-03-04', windowStart: new Date('2026-03-04T11:00:00Z'), windowEnd: new Date('2026-03-04T11:30:00Z') }, // overdue
    { date: '2026-03-04', windowStart: new Date('2026-03-04T11:00:00Z'), windowEnd: new Date('2026-03-04T15:00:00Z'), startedAt: new Date('2026-03-04T11:10:00Z') }, // in progress
    on('2026-03-05', {}), // outstanding
    on('2026-03-09', {}), // next week
    on('2026-03-01', { completedAt: new Date('2026-03-01T08:00:00Z') }), // last week's Sunday
  ];

  it('counts the day', () => {
    expect(dayPerformance(instances, '2026-03-04', now)).toEqual({
      total: 3, complete: 0, incomplete: 3, onTime: 0, late: 0, overdue: 1, outstanding: 0, inProgress: 1, missed: 1,
    });
  });

  it('counts the week, Monday to Sunday', () => {
    expect(weekDates('2026-03-04')).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    expect(weekDates('2026-03-08')[0]).toBe('2026-03-02');
    expect(weekPerformance(instances, '2026-03-04', now)).toEqual({
      total: 6, complete: 2, incomplete: 4, onTime: 1, late: 1, overdue: 1, outstanding: 1, inProgress: 1, missed: 1,
    });
  });

  it('reads the local date in the site time zone', () => {
    expect(localDateIn(new Date('2026-03-04T23:30:00Z'), 'Europe/Paris')).toBe('2026-03-05');
    expect(localDateIn(new Date('2026-03-04T03:30:00Z'), 'America/New_York')).toBe('2026-03-03');
  });
});
