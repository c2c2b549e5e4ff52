import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '@domain/core/errors';
import { REPORT_MESSAGES } from '@domain/reports/messages';
import { PERFORMANCE_TIME_LIMIT_MS, withinPerformanceTimeLimit } from './checklist-performance';

describe('the Checklist Performance time limit (SPEC section 8 "performance report timeout")', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the work\'s result within the limit', async () => {
    await expect(withinPerformanceTimeLimit(Promise.resolve(42))).resolves.toBe(42);
  });

  it('refuses with the spec\'s message once the limit has passed', async () => {
    vi.useFakeTimers();
    const never = new Promise<number>(() => undefined);
    const outcome = withinPerformanceTimeLimit(never).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(PERFORMANCE_TIME_LIMIT_MS - 1);
    let settled = false;
    void outcome.then(() => { settled = true; });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'validation', message: REPORT_MESSAGES.reportPerformanceTimeout });
  });
});
