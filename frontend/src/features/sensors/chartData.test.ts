import { describe, expect, it } from 'vitest';
import { chartPlan, thinChartPlan, type GraphChannel } from './chartData';

const START = Date.parse('2026-11-27T00:00:00Z');
const MINUTE = 60_000;

/** A day of readings a minute apart: 1,440 points. */
function dayOf(value: (minute: number) => number | null, channel = '1'): GraphChannel {
  return {
    channel,
    sensorType: 'temperature',
    unit: 'C',
    points: Array.from({ length: 1_440 }, (_, minute) => ({ t: new Date(START + minute * MINUTE).toISOString(), v: value(minute) })),
  };
}

describe('thinChartPlan', () => {
  it('keeps about two points a bucket, with each bucket’s spike and dip', () => {
    const plan = chartPlan([dayOf((minute) => (minute === 700 ? 12 : minute === 900 ? -3 : 4 + (minute % 3) / 10))], 'C');
    const thin = thinChartPlan(plan, 100);
    expect(thin.times.length).toBeLessThanOrEqual(200);
    expect(thin.times.length).toBeGreaterThan(100);
    const values = thin.series[0]?.data ?? [];
    expect(Math.max(...values.map((value) => value ?? -Infinity))).toBe(12);
    expect(Math.min(...values.map((value) => value ?? Infinity))).toBe(-3);
    // In time order, each value still at its own time.
    const times = thin.times.map((time) => time.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(values[times.indexOf(START + 700 * MINUTE)]).toBe(12);
  });

  it('keeps a contact’s opening and closing within one bucket', () => {
    const door: GraphChannel = { ...dayOf((minute) => (minute >= 600 && minute < 603 ? 1 : 0)), sensorType: 'contact', unit: 'state' };
    const thin = thinChartPlan(chartPlan([door], 'C'), 50);
    const opened = thin.series[0]?.data.indexOf(1) ?? -1;
    expect(opened).toBeGreaterThanOrEqual(0);
    expect(thin.times[opened]?.getTime()).toBe(START + 600 * MINUTE);
  });

  it('keeps every series’ extremes on the shared time axis, and leaves a short plan alone', () => {
    const plan = chartPlan([dayOf((minute) => minute % 60), dayOf((minute) => (minute % 2 === 0 ? null : -minute), '2')], 'C');
    const thin = thinChartPlan(plan, 10);
    expect(thin.series.map((series) => series.data.length)).toEqual([thin.times.length, thin.times.length]);
    expect(Math.min(...(thin.series[1]?.data ?? []).map((value) => value ?? Infinity))).toBe(-1_439);
    expect(thin.series[0]?.data).toContain(59);

    const short = chartPlan([{ ...dayOf(() => 5), points: dayOf(() => 5).points.slice(0, 20) }], 'C');
    expect(thinChartPlan(short, 10)).toBe(short);
  });
});
