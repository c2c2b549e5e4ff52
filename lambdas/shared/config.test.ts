import { afterEach, describe, expect, it } from 'vitest';
import { stormWindowMs } from './config';

/** The storm rule's window, as every notifier part reads it (issue 14 section 2: "Configurable"). */
describe('the storm window from the environment', () => {
  const saved = process.env['STORM_WINDOW_MINUTES'];
  afterEach(() => {
    if (saved === undefined) delete process.env['STORM_WINDOW_MINUTES'];
    else process.env['STORM_WINDOW_MINUTES'] = saved;
  });

  it('is the product\'s 5 minutes when unset, and the configured minutes otherwise', () => {
    delete process.env['STORM_WINDOW_MINUTES'];
    const unset = stormWindowMs();
    process.env['STORM_WINDOW_MINUTES'] = '15';
    expect([unset, stormWindowMs()]).toEqual([5 * 60_000, 15 * 60_000]);
  });

  it('refuses a window that is not a whole number of minutes from 1 to 60, naming the variable', () => {
    for (const value of ['0', '-5', '2.5', 'five', '61']) {
      process.env['STORM_WINDOW_MINUTES'] = value;
      expect(() => stormWindowMs(), value).toThrow(/STORM_WINDOW_MINUTES/);
    }
  });
});
