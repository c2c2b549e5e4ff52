import { describe, expect, it } from 'vitest';
import { REPORT_CATALOGUE } from './catalogue';
import { buildChecklistPerformance, type ChecklistPerformanceInput, type PerformanceInstance } from './checklist-performance';

/**
 * A known day: 8 March 2026 in New York, the day the clocks go forward (EDT, UTC-4, from 03:00
 * local), read at 16:00 EDT (20:00Z). Each instance's state at that time is worked out by hand
 * below (the grace period after a window is 60 minutes).
 */
const DAY = '2026-03-08';
const NOW = Date.parse('2026-03-08T20:00:00.000Z');
const SITES = [{ id: 'site-ny', name: 'Brooklyn kitchen' }, { id: 'site-bx', name: 'Bronx kitchen' }];
const MORNING = { shiftId: 'shift-am', shiftName: 'Morning' };
const EVENING = { shiftId: 'shift-pm', shiftName: 'Evening' };
const OPENING = { checklistId: 'list-open', checklistName: 'Opening checks' };
const FRIDGES = { checklistId: 'list-fridge', checklistName: 'Fridge checks' };

function instance(
  place: { shiftId: string; shiftName: string }, list: { checklistId: string; checklistName: string },
  windowStart: string, windowEnd: string, done: { startedAt?: string; completedAt?: string } = {}, siteId = 'site-ny', date = DAY,
): PerformanceInstance {
  return { siteId, ...place, ...list, date, windowStart, windowEnd, ...done };
}

const instances: PerformanceInstance[] = [
  // Morning, opening checks: submitted within the window (on time), after it (late), one overdue
  // (window closed 19:30Z, within the hour's grace at 20:00Z) and one missed (closed 15:00Z).
  instance(MORNING, OPENING, '2026-03-08T12:00:00.000Z', '2026-03-08T13:00:00.000Z', { startedAt: '2026-03-08T12:10:00.000Z', completedAt: '2026-03-08T12:30:00.000Z' }),
  instance(MORNING, OPENING, '2026-03-08T12:00:00.000Z', '2026-03-08T13:00:00.000Z', { startedAt: '2026-03-08T13:10:00.000Z', completedAt: '2026-03-08T13:30:00.000Z' }),
  instance(MORNING, OPENING, '2026-03-08T18:00:00.000Z', '2026-03-08T19:30:00.000Z'),
  instance(MORNING, OPENING, '2026-03-08T14:00:00.000Z', '2026-03-08T15:00:00.000Z', { startedAt: '2026-03-08T14:30:00.000Z' }),
  // Evening, opening checks: one not started yet, one in progress: both outstanding.
  instance(EVENING, OPENING, '2026-03-08T22:00:00.000Z', '2026-03-08T23:00:00.000Z'),
  instance(EVENING, OPENING, '2026-03-08T19:00:00.000Z', '2026-03-08T21:00:00.000Z', { startedAt: '2026-03-08T19:30:00.000Z' }),
  // Morning, fridge checks at the other site: on time.
  instance(MORNING, FRIDGES, '2026-03-08T12:00:00.000Z', '2026-03-08T13:00:00.000Z', { completedAt: '2026-03-08T12:05:00.000Z' }, 'site-bx'),
  // The next day's occurrence and another site's: not in the report.
  instance(MORNING, OPENING, '2026-03-09T12:00:00.000Z', '2026-03-09T13:00:00.000Z', {}, 'site-ny', '2026-03-09'),
  instance(MORNING, OPENING, '2026-03-08T12:00:00.000Z', '2026-03-08T13:00:00.000Z', {}, 'site-other'),
];

const input = (parameters: Partial<ChecklistPerformanceInput['parameters']> = {}): ChecklistPerformanceInput => ({
  parameters: { from: DAY, to: DAY, ...parameters }, sites: SITES, instances, now: NOW,
});

describe('Checklist Performance figures (issue 34 section 2.3)', () => {
  it('counts each site, shift and checklist\'s instances of the day by their state now, with the completion and on-time rates', () => {
    expect(buildChecklistPerformance(input()).performance).toEqual([
      {
        site: 'Bronx kitchen', shift: 'Morning', checklist: 'Fridge checks',
        complete: 1, incomplete: 0, onTime: 1, late: 0, overdue: 0, outstanding: 0, completionRate: 100, onTimeRate: 100,
      },
      {
        site: 'Brooklyn kitchen', shift: 'Evening', checklist: 'Opening checks',
        complete: 0, incomplete: 2, onTime: 0, late: 0, overdue: 0, outstanding: 2, completionRate: 0, onTimeRate: 0,
      },
      {
        site: 'Brooklyn kitchen', shift: 'Morning', checklist: 'Opening checks',
        complete: 2, incomplete: 2, onTime: 1, late: 1, overdue: 2, outstanding: 0, completionRate: (2 / 4) * 100, onTimeRate: (1 / 4) * 100,
      },
    ]);
  });

  it('keeps the shifts and checklists asked for', () => {
    const rows = buildChecklistPerformance(input({ shiftIds: [EVENING.shiftId] })).performance;
    expect(rows.map((row) => [row.site, row.shift, row.checklist])).toEqual([['Brooklyn kitchen', 'Evening', 'Opening checks']]);
    const fridges = buildChecklistPerformance(input({ checklistIds: [FRIDGES.checklistId] })).performance;
    expect(fridges.map((row) => row.checklist)).toEqual(['Fridge checks']);
  });

  it('counts the next day too when the range reaches it, its occurrence outstanding', () => {
    const rows = buildChecklistPerformance(input({ to: '2026-03-09' })).performance;
    const morning = rows.find((row) => row.site === 'Brooklyn kitchen' && row.shift === 'Morning');
    expect(morning).toMatchObject({ complete: 2, incomplete: 3, outstanding: 1, completionRate: 40, onTimeRate: 20 });
  });

  it('answers rows whose fields are the catalogue\'s columns', () => {
    const figures = buildChecklistPerformance(input());
    for (const section of REPORT_CATALOGUE.checklistPerformance.sections) {
      const rows = figures[section.id];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row)).toEqual(section.columns.map((column) => column.id));
    }
  });
});
