import { describe, expect, it } from 'vitest';
import { customRangeProblem, fromLocalInput, resolveRange, toLocalInput } from './graphRange';

describe('graph ranges', () => {
  it('ends a quick range at the next minute and starts it 24 hours, 7 or 30 days before', () => {
    const now = Date.parse('2026-03-10T12:34:56.789Z');
    const day = resolveRange({ kind: 'quick', quick: '24h' }, now);
    expect(day.end.toISOString()).toBe('2026-03-10T12:35:00.000Z');
    expect(day.start.toISOString()).toBe('2026-03-09T12:35:00.000Z');
    expect(resolveRange({ kind: 'quick', quick: '7d' }, now).start.toISOString()).toBe('2026-03-03T12:35:00.000Z');
    expect(resolveRange({ kind: 'quick', quick: '30d' }, now).start.toISOString()).toBe('2026-02-08T12:35:00.000Z');
  });

  it('keeps a picked range as picked', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const end = new Date('2026-01-02T00:00:00Z');
    expect(resolveRange({ kind: 'custom', start, end }, Date.now())).toEqual({ start, end });
  });

  it('reads and writes datetime-local values in local time', () => {
    const date = new Date(2026, 2, 10, 8, 5);
    expect(toLocalInput(date)).toBe('2026-03-10T08:05');
    expect(fromLocalInput('2026-03-10T08:05')?.getTime()).toBe(date.getTime());
    expect(fromLocalInput('')).toBeUndefined();
  });

  it('needs both ends, the start before the end', () => {
    const early = new Date('2026-01-01T00:00:00Z');
    const late = new Date('2026-01-02T00:00:00Z');
    expect(customRangeProblem(undefined, late)).toBe('sensors.data.rangeRequired');
    expect(customRangeProblem(late, early)).toBe('sensors.data.rangeOrder');
    expect(customRangeProblem(early, early)).toBe('sensors.data.rangeOrder');
    expect(customRangeProblem(early, late)).toBeUndefined();
  });
});
