import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOfLocal, localDateOf, shiftOccurrences } from './recurrence';
import { WEEKDAYS, type ShiftSchedule, type Weekday } from './shift';

const EVERY_DAY: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

const schedule = (overrides: Partial<ShiftSchedule> = {}): ShiftSchedule => ({
  id: 'schedule-1',
  name: 'Morning',
  days: EVERY_DAY,
  startDate: '2026-01-01',
  startTime: '06:00',
  endTime: '14:00',
  recurrence: { frequency: 'daily', interval: 1 },
  assignedUserIds: [],
  ...overrides,
});

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const at = (text: string) => new Date(text);

/** The local "YYYY-MM-DD HH:mm" and weekday (0 = Sunday) of an instant. */
function localOf(instant: Date, timeZone: string): { date: string; time: string; weekday: number } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short',
  }).formatToParts(instant).map((part) => [part.type, part.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(String(parts['weekday']));
  return { date: `${parts['year']}-${parts['month']}-${parts['day']}`, time: `${parts['hour']}:${parts['minute']}`, weekday };
}

describe('shift occurrences (issue 15 section 1)', () => {
  it('repeats every N days, only on the schedule\'s weekdays', () => {
    const occurrences = shiftOccurrences(schedule({ recurrence: { frequency: 'daily', interval: 2 }, days: [1, 2, 3, 4, 5] }), 'UTC', at('2026-01-01T00:00Z'), at('2026-01-15T00:00Z'));
    // Every other day from Thursday 1 January; Saturday 3 and 11 and Sunday 4... are left out.
    expect(occurrences.map((one) => one.date)).toEqual(['2026-01-01', '2026-01-05', '2026-01-07', '2026-01-09', '2026-01-13']);
    expect(occurrences[0]).toMatchObject({ start: at('2026-01-01T06:00Z'), end: at('2026-01-01T14:00Z') });
  });

  it('repeats every N weeks on its weekdays, weeks from Monday', () => {
    const occurrences = shiftOccurrences(schedule({ startDate: '2026-01-05', days: [1, 5], recurrence: { frequency: 'weekly', interval: 2 } }), 'UTC', at('2026-01-01T00:00Z'), at('2026-02-01T00:00Z'));
    expect(occurrences.map((one) => one.date)).toEqual(['2026-01-05', '2026-01-09', '2026-01-19', '2026-01-23']);
  });

  it('repeats every N months on its weekdays of those months', () => {
    const occurrences = shiftOccurrences(schedule({ startDate: '2026-01-01', days: [1], recurrence: { frequency: 'monthly', interval: 2 } }), 'UTC', at('2026-01-01T00:00Z'), at('2026-04-01T00:00Z'));
    // Mondays of January and March, none in February.
    expect(occurrences.map((one) => one.date)).toEqual(['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
  });

  it('stops after its repeats, counted from the start date, and after its end date', () => {
    const counted = schedule({ recurrence: { frequency: 'daily', interval: 1, repeats: 3 } });
    expect(shiftOccurrences(counted, 'UTC', at('2026-01-01T00:00Z'), at('2026-02-01T00:00Z')).map((one) => one.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(shiftOccurrences(counted, 'UTC', at('2026-01-03T00:00Z'), at('2026-02-01T00:00Z')).map((one) => one.date)).toEqual(['2026-01-03']);
    const ended = schedule({ endDate: '2026-01-03' });
    expect(shiftOccurrences(ended, 'UTC', at('2025-12-01T00:00Z'), at('2026-02-01T00:00Z')).map((one) => one.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
  });

  it('ends a window after midnight when its end is not after its start, and a 24-hour one at the next midnight', () => {
    const [night] = shiftOccurrences(schedule({ startTime: '22:00', endTime: '06:00', remindAt: '02:00' }), 'Europe/Paris', at('2026-01-10T00:00Z'), at('2026-01-11T00:00Z'));
    expect(night).toMatchObject({ date: '2026-01-10', start: at('2026-01-10T21:00Z'), end: at('2026-01-11T05:00Z'), remindAt: at('2026-01-11T01:00Z') });
    const [allDay] = shiftOccurrences(schedule({ startTime: '00:00', endTime: '24:00' }), 'America/New_York', at('2026-01-10T12:00Z'), at('2026-01-11T12:00Z'));
    expect(allDay).toMatchObject({ date: '2026-01-11', start: at('2026-01-11T05:00Z'), end: at('2026-01-12T05:00Z') });
  });

  it('keeps local times across daylight-saving changes (Paris, New York, Sydney)', () => {
    // Paris springs forward on 29 March 2026: 06:00 is 05:00 UTC before, 04:00 UTC after.
    const paris = shiftOccurrences(schedule(), 'Europe/Paris', at('2026-03-28T00:00Z'), at('2026-03-30T00:00Z'));
    expect(iso(paris.map((one) => one.start))).toEqual(['2026-03-28T05:00:00.000Z', '2026-03-29T04:00:00.000Z']);
    // New York falls back on 1 November 2026: a night window that night lasts 9 hours.
    const [newYork] = shiftOccurrences(schedule({ startTime: '22:00', endTime: '06:00' }), 'America/New_York', at('2026-10-31T12:00Z'), at('2026-11-01T12:00Z'));
    expect(newYork).toMatchObject({ date: '2026-10-31', start: at('2026-11-01T02:00Z'), end: at('2026-11-01T11:00Z') });
    // Sydney springs forward on 4 October 2026 (AEST +10 to AEDT +11).
    const sydney = shiftOccurrences(schedule(), 'Australia/Sydney', at('2026-10-02T12:00Z'), at('2026-10-04T12:00Z'));
    expect(sydney.map((one) => [one.date, one.start.toISOString()])).toEqual([['2026-10-03', '2026-10-02T20:00:00.000Z'], ['2026-10-04', '2026-10-03T19:00:00.000Z']]);
  });

  it('takes a local time the clocks skip as the same time after the change, a repeated one as its first', () => {
    // 02:30 does not exist in Paris on 29 March 2026: 03:30 CEST.
    expect(instantOfLocal(Date.UTC(2026, 2, 29, 2, 30), 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October 2026: the first, still CEST.
    expect(instantOfLocal(Date.UTC(2026, 9, 25, 2, 30), 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(localDateOf(at('2026-10-24T22:30Z'), 'Europe/Paris')).toBe('2026-10-25');
  });

  it('gives nothing for an empty period', () => {
    expect(shiftOccurrences(schedule(), 'UTC', at('2026-02-01T00:00Z'), at('2026-02-01T00:00Z'))).toEqual([]);
  });
});

describe('shift occurrences, properties', () => {
  const zones = fc.constantFrom('Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC');
  // Hours 02:xx are skipped on some spring-forward nights (asserted above); the properties use the others.
  const localTime = fc.tuple(fc.integer({ min: 0, max: 23 }).filter((hour) => hour !== 2), fc.integer({ min: 0, max: 59 }))
    .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  const day = fc.integer({ min: 0, max: 3 * 365 }).map((offset) => new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10));
  const arbitrarySchedule = fc.record({
    days: fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { minLength: 1, maxLength: 7 }),
    startDate: day,
    endOffset: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }),
    startTime: localTime,
    endTime: localTime,
    frequency: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
    interval: fc.integer({ min: 1, max: 4 }),
    repeats: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  }).map(({ endOffset, frequency, interval, repeats, ...fields }): ShiftSchedule => ({
    ...schedule(fields),
    ...(endOffset === undefined ? {} : { endDate: new Date(Date.parse(fields.startDate) + endOffset * 86_400_000).toISOString().slice(0, 10) }),
    recurrence: { frequency, interval, ...(repeats === undefined ? {} : { repeats }) },
  }));

  it('starts every occurrence at the local start time, on an allowed weekday, within the dates, in order, the count honoured', () => {
    fc.assert(fc.property(arbitrarySchedule, zones, day, fc.integer({ min: 1, max: 120 }), (generated, timeZone, fromDay, days) => {
      const from = new Date(`${fromDay}T00:00:00Z`);
      const to = new Date(from.getTime() + days * 86_400_000);
      const occurrences = shiftOccurrences(generated, timeZone, from, to);
      occurrences.forEach((occurrence, index) => {
        const local = localOf(occurrence.start, timeZone);
        expect(local.time).toBe(generated.startTime);
        expect(local.date).toBe(occurrence.date);
        expect(generated.days).toContain(local.weekday);
        expect(occurrence.date >= generated.startDate).toBe(true);
        if (generated.endDate !== undefined) expect(occurrence.date <= generated.endDate).toBe(true);
        expect(occurrence.start.getTime()).toBeGreaterThanOrEqual(from.getTime());
        expect(occurrence.start.getTime()).toBeLessThan(to.getTime());
        expect(occurrence.end.getTime()).toBeGreaterThan(occurrence.start.getTime());
        expect(localOf(occurrence.end, timeZone).time).toBe(generated.endTime);
        const previous = occurrences[index - 1];
        if (previous !== undefined) expect(occurrence.start.getTime()).toBeGreaterThan(previous.start.getTime());
      });
      if (generated.recurrence.repeats !== undefined) {
        // From the start date on, never more than the repeats, and exactly that many when nothing else ends them.
        const all = shiftOccurrences(generated, timeZone, new Date(Date.parse(generated.startDate) - 86_400_000), new Date(Date.parse(generated.startDate) + 3 * 366 * 86_400_000));
        const fromStart = all.filter((occurrence) => occurrence.date >= generated.startDate);
        expect(fromStart.length).toBeLessThanOrEqual(generated.recurrence.repeats);
        if (generated.endDate === undefined) expect(fromStart.length).toBe(generated.recurrence.repeats);
      }
    }), { numRuns: 60 });
  });
});
