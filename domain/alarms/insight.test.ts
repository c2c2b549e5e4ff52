import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channelInsight, meanKineticTemperature } from './insight';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 1);

/** The figure a test expects to be there. */
function present<T>(item: T | undefined): T {
  if (item === undefined) throw new Error('expected a figure');
  return item;
}

describe('mean kinetic temperature (ΔH/R = 10,000 K)', () => {
  it('gives the issue\'s worked figures', () => {
    expect(present(meanKineticTemperature([{ celsius: 25, weight: 1 }])).toFixed(2)).toBe('25.00');
    expect(present(meanKineticTemperature([{ celsius: 20, weight: 1 }, { celsius: 30, weight: 1 }])).toFixed(2)).toBe('26.26');
    expect(present(meanKineticTemperature([{ celsius: 5, weight: 22 }, { celsius: 12, weight: 2 }])).toFixed(2)).toBe('5.87');
  });

  it('lies between the arithmetic mean and the maximum, weighting warm spells more', () => {
    fc.assert(fc.property(fc.array(fc.record({ celsius: fc.double({ min: -30, max: 40, noNaN: true }), weight: fc.double({ min: 0.1, max: 10, noNaN: true }) }), { minLength: 1, maxLength: 20 }), (points) => {
      const mkt = present(meanKineticTemperature(points));
      const total = points.reduce((sum, point) => sum + point.weight, 0);
      const mean = points.reduce((sum, point) => sum + point.celsius * point.weight, 0) / total;
      expect(mkt).toBeGreaterThanOrEqual(mean - 1e-6);
      expect(mkt).toBeLessThanOrEqual(Math.max(...points.map((point) => point.celsius)) + 1e-6);
    }));
  });

  it('is undefined for no time', () => {
    expect(meanKineticTemperature([])).toBeUndefined();
    expect(meanKineticTemperature([{ celsius: 5, weight: 0 }])).toBeUndefined();
  });
});

describe('channel insight', () => {
  const period = { from: T0, to: T0 + 24 * HOUR, maxHoldMs: 2 * HOUR };

  it('weights each reading by the time until the next one', () => {
    // 22 hours at 5 °C, then 2 hours at 12 °C: readings every hour.
    const readings = Array.from({ length: 24 }, (_, hour) => ({ time: T0 + hour * HOUR, value: hour < 22 ? 5 : 12 }));
    const insight = present(channelInsight(readings, { min: 2, max: 8 }, period));
    expect(insight.timeInRangePercent).toBeCloseTo(100 * 22 / 24, 6);
    expect(insight.min).toBe(5);
    expect(insight.max).toBe(12);
    expect(insight.mean).toBeCloseTo((22 * 5 + 2 * 12) / 24, 6);
    expect(insight.meanKinetic.toFixed(2)).toBe('5.87');
  });

  it('does not count a gap longer than the hold as time in range', () => {
    const readings = [{ time: T0, value: 5 }, { time: T0 + 10 * HOUR, value: 12 }, { time: T0 + 11 * HOUR, value: 5 }];
    const insight = present(channelInsight(readings, { min: 2, max: 8 }, { ...period, to: T0 + 12 * HOUR }));
    // 2 h (held) + 1 h in range, 1 h out: 3 of 4 covered hours.
    expect(insight.timeInRangePercent).toBeCloseTo(75, 6);
  });

  it('ignores readings outside the period and has nothing to say without readings', () => {
    expect(channelInsight([{ time: T0 - 1, value: 5 }], { min: 2, max: 8 }, period)).toBeUndefined();
  });
});
