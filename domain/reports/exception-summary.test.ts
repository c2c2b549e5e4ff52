import { describe, expect, it } from 'vitest';
import type { ExceptionSource } from '../haccp/performance';
import type { AlertsSite } from './alerts-by-day';
import { REPORT_CATALOGUE } from './catalogue';
import { buildExceptionSummary, LATE_CHECKLIST, type ExceptionAlarm, type ExceptionSummaryInput } from './exception-summary';

/**
 * A known day: 8 March 2026 in New York, the day the clocks go forward (23 hours: local
 * midnight 05:00Z to the next one 04:00Z). Each record's local day is worked out by hand below.
 */
const SITE: AlertsSite = { id: 'site-ny', name: 'Brooklyn kitchen', timeZone: 'America/New_York' };
const DAY = '2026-03-08';
const MINUTE = 60_000;
const NOW = Date.parse('2026-03-10T12:00:00.000Z');

const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

function alarm(id: string, type: ExceptionAlarm['type'], deviceName: string, startedAt: string, acknowledgement?: { by: string; after: number; reason?: string; action?: string }, siteId = SITE.id): ExceptionAlarm {
  const raisedAt = at(startedAt, 5);
  return {
    id, siteId, type, deviceName, startedAt, raisedAt,
    ...(acknowledgement === undefined ? {} : {
      acknowledgedBy: acknowledgement.by, acknowledgedAt: at(raisedAt, acknowledgement.after),
      ...(acknowledgement.reason === undefined ? {} : { acknowledgeReason: acknowledgement.reason }),
      ...(acknowledgement.action === undefined ? {} : { correctiveAction: acknowledgement.action }),
    }),
  };
}

const alarms: ExceptionAlarm[] = [
  // 03:30 EDT on the 8th (2 o'clock never came), acknowledged 30.5 minutes after it was raised.
  alarm('a-threshold', 'threshold', 'Walk-in fridge', '2026-03-08T07:30:00.000Z', { by: 'ana@example.com', after: 30.5, reason: 'Delivery', action: 'Door closed' }),
  // An out-of-limits answer at 09:00 EDT, acknowledged without an action: the answer's action is shown.
  alarm('a-answer', 'checklistException', 'Opening checks', '2026-03-08T13:00:00.000Z', { by: 'bob@example.com', after: 10 }),
  // A missed checklist at 23:30 EDT on the 8th (the 9th in UTC), never acknowledged.
  alarm('a-missed', 'checklistMissed', 'Closing checks', '2026-03-09T03:30:00.000Z'),
  // A reminder (no alarm), another site's alarm, and one of 23:59 EST on the 7th: none in the report.
  alarm('a-reminder', 'checklistReminder', 'Opening checks', '2026-03-08T12:00:00.000Z'),
  alarm('a-other', 'threshold', 'Other fridge', '2026-03-08T12:00:00.000Z', undefined, 'site-other'),
  alarm('a-before', 'threshold', 'Walk-in fridge', '2026-03-08T04:59:00.000Z', { by: 'ana@example.com', after: 1 }),
];

function instance(id: string, name: string, windowStart: string, windowEnd: string, completedAt?: string): ExceptionSource {
  return {
    id, checklistId: `checklist-${id}`, checklistName: name, siteId: SITE.id, date: DAY, windowStart, windowEnd,
    ...(completedAt === undefined ? {} : { startedAt: completedAt, completedAt }), exceptionCount: 0,
  };
}

const instances: ExceptionSource[] = [
  // Window 09:00-10:00 EDT, submitted at 10:30 EDT: late.
  instance('late', 'Lunch checks', '2026-03-08T13:00:00.000Z', '2026-03-08T14:00:00.000Z', '2026-03-08T14:30:00.000Z'),
  // Submitted within its window: no exception.
  instance('on-time', 'Fridge checks', '2026-03-08T13:00:00.000Z', '2026-03-08T14:00:00.000Z', '2026-03-08T13:50:00.000Z'),
  // Never submitted: missed (its alarm is the exception, not the instance).
  instance('missed', 'Closing checks', '2026-03-09T01:00:00.000Z', '2026-03-09T02:30:00.000Z'),
  // Submitted late at 00:30 EDT on the 9th: after the range.
  instance('late-next-day', 'Night checks', '2026-03-09T02:00:00.000Z', '2026-03-09T03:00:00.000Z', '2026-03-09T04:30:00.000Z'),
];

const input = (overrides: Partial<ExceptionSummaryInput> = {}): ExceptionSummaryInput => ({
  parameters: { from: DAY, to: DAY }, sites: [SITE], alarms, instances, answerActions: new Map([['a-answer', 'Product discarded']]), now: NOW, ...overrides,
});

describe('Exception Summary figures (issue 34 section 2.12)', () => {
  it('lists the day\'s alarms and late checklists oldest first, with who acknowledged, when, how long after raising, the reason and the action', () => {
    expect(buildExceptionSummary(input()).exceptions).toEqual([
      {
        at: '2026-03-08T07:30:00.000Z', site: SITE.name, kind: 'threshold', source: 'Walk-in fridge',
        acknowledgedBy: 'ana@example.com', acknowledgedAt: at('2026-03-08T07:35:00.000Z', 30.5), timeToAcknowledge: 30.5, reason: 'Delivery', correctiveAction: 'Door closed',
      },
      {
        at: '2026-03-08T13:00:00.000Z', site: SITE.name, kind: 'checklistException', source: 'Opening checks',
        acknowledgedBy: 'bob@example.com', acknowledgedAt: '2026-03-08T13:15:00.000Z', timeToAcknowledge: 10, reason: null, correctiveAction: 'Product discarded',
      },
      {
        at: '2026-03-08T14:30:00.000Z', site: SITE.name, kind: LATE_CHECKLIST, source: 'Lunch checks',
        acknowledgedBy: null, acknowledgedAt: null, timeToAcknowledge: null, reason: null, correctiveAction: null,
      },
      {
        at: '2026-03-09T03:30:00.000Z', site: SITE.name, kind: 'checklistMissed', source: 'Closing checks',
        acknowledgedBy: null, acknowledgedAt: null, timeToAcknowledge: null, reason: null, correctiveAction: null,
      },
    ]);
  });

  it('keeps the action written when acknowledging over the answer\'s', () => {
    const rows = buildExceptionSummary(input({ answerActions: new Map([['a-threshold', 'Not this one']]) })).exceptions;
    expect(rows[0]?.correctiveAction).toBe('Door closed');
    expect(rows[1]?.correctiveAction).toBeNull();
  });

  it('takes the next day\'s exceptions when the range reaches it, and no late checklist before it is submitted', () => {
    const rows = buildExceptionSummary(input({ parameters: { from: DAY, to: '2026-03-09' } })).exceptions;
    expect(rows.map((row) => [row.kind, row.source])).toContainEqual([LATE_CHECKLIST, 'Night checks']);
    const before = buildExceptionSummary(input({ now: Date.parse('2026-03-08T14:20:00.000Z') })).exceptions;
    expect(before.some((row) => row.kind === LATE_CHECKLIST)).toBe(false);
  });

  it('answers rows whose fields are the catalogue\'s columns', () => {
    const figures = buildExceptionSummary(input());
    for (const section of REPORT_CATALOGUE.exceptionSummary.sections) {
      const rows = figures[section.id];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row)).toEqual(section.columns.map((column) => column.id));
    }
  });
});
