import { describe, expect, it } from 'vitest';
import { meanKineticTemperatureOfReadings, VACCINE_MAX_LOGGING_INTERVAL_MS } from './mkt';

const HOUR = 60 * 60 * 1000;
const FROM = Date.UTC(2026, 2, 1);

/** Readings every `stepMs` from FROM, one per value. */
function series(values: readonly number[], stepMs: number) {
  return values.map((celsius, index) => ({ time: FROM + index * stepMs, celsius }));
}

describe('mean kinetic temperature of a vaccine report (ΔH/R = 10,000 K)', () => {
  const day = { from: FROM, to: FROM + 24 * HOUR, maxHoldMs: HOUR };

  it('is 25.00 for a constant 25 °C', () => {
    expect(meanKineticTemperatureOfReadings(series(Array<number>(24).fill(25), HOUR), day)?.toFixed(2)).toBe('25.00');
  });

  it('is 26.26 for equal time at 20 and 30 °C', () => {
    expect(meanKineticTemperatureOfReadings(series([...Array<number>(12).fill(20), ...Array<number>(12).fill(30)], HOUR), day)?.toFixed(2)).toBe('26.26');
  });

  it('is 5.87 for 22 h at 5 °C and 2 h at 12 °C, weighted by time', () => {
    expect(meanKineticTemperatureOfReadings(series([...Array<number>(22).fill(5), 12, 12], HOUR), day)?.toFixed(2)).toBe('5.87');
    // The same time at 12 °C in 5-minute readings weighs the same: 24 readings at 12 °C, not 2.
    const fine = [...series(Array<number>(22).fill(5), HOUR), ...Array.from({ length: 24 }, (_, index) => ({ time: FROM + 22 * HOUR + index * 5 * 60 * 1000, celsius: 12 }))];
    expect(meanKineticTemperatureOfReadings(fine, day)?.toFixed(2)).toBe('5.87');
  });

  it('counts no time across a gap longer than the logging interval', () => {
    // Two readings at 5 °C an hour apart, a 7-hour gap, one at 12 °C: each stands for 30 minutes at most, so 2 parts at 5 °C to 1 at 12 °C.
    const readings = [{ time: FROM, celsius: 5 }, { time: FROM + HOUR, celsius: 5 }, { time: FROM + 8 * HOUR, celsius: 12 }];
    const withGap = meanKineticTemperatureOfReadings(readings, { from: FROM, to: FROM + 8.5 * HOUR, maxHoldMs: VACCINE_MAX_LOGGING_INTERVAL_MS });
    const weighted = meanKineticTemperatureOfReadings(series([5, 5, 12], VACCINE_MAX_LOGGING_INTERVAL_MS), { from: FROM, to: FROM + 1.5 * HOUR, maxHoldMs: VACCINE_MAX_LOGGING_INTERVAL_MS });
    expect(withGap).toBeCloseTo(weighted ?? Number.NaN, 10);
  });

  it('is undefined with no reading in the period', () => {
    expect(meanKineticTemperatureOfReadings([], day)).toBeUndefined();
    expect(meanKineticTemperatureOfReadings([{ time: FROM - HOUR, celsius: 5 }], day)).toBeUndefined();
  });
});
