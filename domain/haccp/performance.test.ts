import { describe, expect, it } from 'vitest';
import { exceptionOverviewOf, exceptionsOf, LATEST_EXCEPTIONS_MAX, type ExceptionSource } from './performance';

const iso = (day: number, time: string) => `2026-03-${String(day).padStart(2, '0')}T${time}:00.000Z`;
const now = new Date(iso(9, '12:00'));
const from = new Date(iso(2, '12:00'));
const names = new Map([['s1', 'Kitchen'], ['s2', 'Bakery']]);

/** An instance of 06:00-10:00 on the given day of March 2026. */
function instance(id: string, day: number, fields: Partial<ExceptionSource> = {}): ExceptionSource {
  return {
    id, checklistId: `c-${id}`, checklistName: `Checklist ${id}`, siteId: 's1', date: `2026-03-${String(day).padStart(2, '0')}`,
    windowStart: iso(day, '06:00'), windowEnd: iso(day, '10:00'), exceptionCount: 0, ...fields,
  };
}

describe('exceptionsOf', () => {
  it('gives a missed instance at its missed time, a late completion and out-of-limit answers at the submission', () => {
    const found = exceptionsOf([
      instance('missed', 8),
      instance('late', 8, { startedAt: iso(8, '09:00'), completedAt: iso(8, '10:30') }),
      instance('limits', 7, { completedAt: iso(7, '09:00'), exceptionCount: 2 }),
      instance('lateLimits', 6, { completedAt: iso(6, '10:05'), exceptionCount: 1 }),
    ], names, from, now);
    expect(found).toEqual([
      expect.objectContaining({ kind: 'missed', instanceId: 'missed', at: iso(8, '11:00'), siteName: 'Kitchen', date: '2026-03-08' }),
      expect.objectContaining({ kind: 'late', instanceId: 'late', at: iso(8, '10:30') }),
      expect.objectContaining({ kind: 'outOfLimits', instanceId: 'limits', at: iso(7, '09:00'), answers: 2 }),
      expect.objectContaining({ kind: 'late', instanceId: 'lateLimits' }),
      expect.objectContaining({ kind: 'outOfLimits', instanceId: 'lateLimits', answers: 1 }),
    ]);
  });

  it('gives nothing for an instance on time without exceptions, still open, overdue, or whose exception came before the period', () => {
    expect(exceptionsOf([
      instance('onTime', 8, { completedAt: iso(8, '09:00') }),
      instance('open', 9, { startedAt: iso(9, '07:00'), windowEnd: iso(9, '13:00') }),
      instance('overdue', 9, { windowStart: iso(9, '08:00'), windowEnd: iso(9, '11:30') }),
      instance('oldMissed', 1),
      instance('oldLate', 2, { completedAt: iso(2, '11:59') }),
    ], names, from, now)).toEqual([]);
  });

  it('counts a missed instance once its grace period is over, not before', () => {
    const overdue = instance('x', 9, { windowEnd: iso(9, '11:01') });
    expect(exceptionsOf([overdue], names, from, now)).toEqual([]);
    expect(exceptionsOf([overdue], names, from, new Date(iso(9, '12:01')))).toEqual([expect.objectContaining({ kind: 'missed' })]);
  });
});

describe('exceptionOverviewOf', () => {
  it('counts by site, every site given with its zeros, by name, and lists the latest first', () => {
    const found = exceptionsOf([
      instance('a', 3),
      instance('b', 4, { siteId: 's2', completedAt: iso(4, '10:30') }),
      instance('c', 5, { siteId: 's2', completedAt: iso(5, '09:00'), exceptionCount: 3 }),
      instance('d', 6),
      instance('e', 7),
      instance('f', 8),
    ], names, from, now);
    const overview = exceptionOverviewOf(found, [{ id: 's1', name: 'Kitchen' }, { id: 's2', name: 'Bakery' }, { id: 's3', name: 'Annex' }],
      { from: from.toISOString(), to: now.toISOString() }, false);
    expect(overview.bySite).toEqual([
      { siteId: 's3', siteName: 'Annex', missed: 0, late: 0, outOfLimits: 0 },
      { siteId: 's2', siteName: 'Bakery', missed: 0, late: 1, outOfLimits: 1 },
      { siteId: 's1', siteName: 'Kitchen', missed: 4, late: 0, outOfLimits: 0 },
    ]);
    expect(overview.latest).toHaveLength(LATEST_EXCEPTIONS_MAX);
    expect(overview.latest.map((item) => item.instanceId)).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(overview.truncated).toBe(false);
  });
});
