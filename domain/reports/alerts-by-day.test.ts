import { describe, expect, it } from 'vitest';
import { buildAlertsByDay, type AlertsAlarm, type AlertsByDayInput, type AlertsSite } from './alerts-by-day';
import { REPORT_CATALOGUE } from './catalogue';

/**
 * A known day: 8 March 2026 in New York, the day the clocks go forward (23 hours, local
 * midnight 05:00Z to the next local midnight 04:00Z), and the same calendar day in Paris
 * (winter time, UTC+1) for a second site. Each alarm's local day is worked out by hand below.
 */
const NEW_YORK: AlertsSite = { id: 'site-ny', name: 'Brooklyn kitchen', timeZone: 'America/New_York' };
const PARIS: AlertsSite = { id: 'site-paris', name: 'Paris depot', timeZone: 'Europe/Paris' };
const DAY = '2026-03-08';
const MINUTE = 60_000;

/** An alarm raised `delay` minutes after it began, acknowledged `acknowledgedAfter` minutes after it was raised (none: unacknowledged). */
function alarm(siteId: string, type: AlertsAlarm['type'], startedAt: string, acknowledgedAfter?: number, delay = 5): AlertsAlarm {
  const raised = Date.parse(startedAt) + delay * MINUTE;
  return {
    siteId, type, startedAt, raisedAt: new Date(raised).toISOString(),
    ...(acknowledgedAfter === undefined ? {} : { acknowledgedAt: new Date(raised + acknowledgedAfter * MINUTE).toISOString() }),
  };
}

const alarms: AlertsAlarm[] = [
  // 00:30 EST on the 8th.
  alarm(NEW_YORK.id, 'threshold', '2026-03-08T05:30:00.000Z', 12),
  // 03:30 EDT on the 8th: 2 o'clock never came that night.
  alarm(NEW_YORK.id, 'threshold', '2026-03-08T07:30:00.000Z', 30.5, 15),
  // 23:30 EDT on the 8th (already the 9th in UTC), never acknowledged.
  alarm(NEW_YORK.id, 'threshold', '2026-03-09T03:30:00.000Z'),
  // 00:10 EDT on the 9th: after the 23-hour day, not in the range.
  alarm(NEW_YORK.id, 'threshold', '2026-03-09T04:10:00.000Z', 1),
  // 23:59 EST on the 7th: before the range.
  alarm(NEW_YORK.id, 'battery', '2026-03-08T04:59:00.000Z', 1),
  // 13:00 EDT on the 8th, acknowledged after 2 hours.
  alarm(NEW_YORK.id, 'inactivity', '2026-03-08T17:00:00.000Z', 120),
  // A reminder is no alarm: never counted.
  alarm(NEW_YORK.id, 'checklistReminder', '2026-03-08T15:00:00.000Z'),
  // Paris, 23:30 on the 8th (UTC+1).
  alarm(PARIS.id, 'checklistMissed', '2026-03-08T22:30:00.000Z', 45),
  // Paris, 00:30 on the 9th: out of the range, though the 8th in New York.
  alarm(PARIS.id, 'checklistMissed', '2026-03-08T23:30:00.000Z', 45),
  // A site not in the report.
  alarm('site-other', 'threshold', '2026-03-08T12:00:00.000Z'),
];

const input = (overrides: Partial<AlertsByDayInput> = {}): AlertsByDayInput => ({
  parameters: { from: DAY, to: DAY }, sites: [NEW_YORK, PARIS], alarms, ...overrides,
});

describe('Alerts By Day figures (issue 34 section 2.9)', () => {
  it('counts the alarms of each site day, type and site, with the mean and worst time to acknowledge and those still unacknowledged', () => {
    const thresholdTimes = [12, 30.5];
    expect(buildAlertsByDay(input()).alerts).toEqual([
      {
        day: DAY, site: NEW_YORK.name, alarmType: 'inactivity', raised: 1, meanTimeToAcknowledge: 120, worstTimeToAcknowledge: 120, unacknowledged: 0,
      },
      {
        day: DAY, site: NEW_YORK.name, alarmType: 'threshold', raised: 3,
        meanTimeToAcknowledge: thresholdTimes.reduce((sum, minutes) => sum + minutes, 0) / thresholdTimes.length,
        worstTimeToAcknowledge: Math.max(...thresholdTimes), unacknowledged: 1,
      },
      {
        day: DAY, site: PARIS.name, alarmType: 'checklistMissed', raised: 1, meanTimeToAcknowledge: 45, worstTimeToAcknowledge: 45, unacknowledged: 0,
      },
    ]);
  });

  it('puts each alarm on its own site\'s day across a range of days', () => {
    const rows = buildAlertsByDay(input({ parameters: { from: '2026-03-07', to: '2026-03-09' } })).alerts;
    expect(rows.map((row) => [row.day, row.site, row.alarmType, row.raised])).toEqual([
      ['2026-03-07', NEW_YORK.name, 'battery', 1],
      [DAY, NEW_YORK.name, 'inactivity', 1],
      [DAY, NEW_YORK.name, 'threshold', 3],
      [DAY, PARIS.name, 'checklistMissed', 1],
      ['2026-03-09', NEW_YORK.name, 'threshold', 1],
      ['2026-03-09', PARIS.name, 'checklistMissed', 1],
    ]);
  });

  it('gives no time to acknowledge when none of the day\'s alarms was acknowledged', () => {
    const rows = buildAlertsByDay(input({ alarms: [alarm(NEW_YORK.id, 'tamper', '2026-03-08T12:00:00.000Z')] })).alerts;
    expect(rows).toEqual([{ day: DAY, site: NEW_YORK.name, alarmType: 'tamper', raised: 1, meanTimeToAcknowledge: null, worstTimeToAcknowledge: null, unacknowledged: 1 }]);
    expect(buildAlertsByDay(input({ alarms: [] })).alerts).toEqual([]);
  });

  it('answers rows whose fields are the catalogue\'s columns', () => {
    const figures = buildAlertsByDay(input());
    for (const section of REPORT_CATALOGUE.alertsByDay.sections) {
      const rows = figures[section.id];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row)).toEqual(section.columns.map((column) => column.id));
    }
  });
});
