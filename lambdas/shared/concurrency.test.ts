import { describe, expect, it } from 'vitest';
import { eachLimited } from './concurrency';

describe('eachLimited', () => {
  it('does every item, at most so many at once, and answers in the items\' order', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const results = await eachLimited([30, 5, 20, 1, 10, 2, 8], 3, async (delay) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, delay));
      running -= 1;
      return delay * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20, 4, 16]);
    expect(mostAtOnce).toBe(3);
  });

  it('answers nothing for no items, and works one at a time when asked for fewer than one', async () => {
    expect(await eachLimited([], 4, async () => 1)).toEqual([]);
    expect(await eachLimited([1, 2], 0, async (item) => item)).toEqual([1, 2]);
  });
});
