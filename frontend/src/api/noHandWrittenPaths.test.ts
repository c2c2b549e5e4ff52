import { describe, expect, it } from 'vitest';

/**
 * The web app calls its API through the route contracts (`client.ts`: `call`, `pages`,
 * `pathOf`), so a renamed path or a changed body fails its type check. A call of `apiFetch`
 * or `apiFetchAs` on a path spelled by hand, or a list source written as a literal, bypasses
 * that: none may be added.
 */
const globbed = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], { query: '?raw', import: 'default', eager: true });
// Vite names this folder's own modules `./x.ts`: every module by its path from `src/`'s children.
const sources = Object.fromEntries(Object.entries(globbed).map(([file, text]) => [file.replace(/^\.\//, '../api/'), text]));

/** The modules that define the calls themselves. */
const CALL_MECHANISM = new Set(['../api/apiFetch.ts', '../api/client.ts', '../api/pagedList.ts']);


/** A call on a path that is not the contract's (`pathOf`), or a page source written by hand. */
const HAND_WRITTEN_CALL = /apiFetch\((?!pathOf\()|apiFetchAs\([\w.]+, (?!pathOf\()|fetch(?:AllPages|Page)\(\{/;

describe('the web app\'s API calls', () => {
  it('name a route contract, never a path spelled by hand', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const handWritten = Object.entries(sources)
      .filter(([file, text]) => !CALL_MECHANISM.has(file) && HAND_WRITTEN_CALL.test(text))
      .map(([file]) => file)
      .sort();
    expect(handWritten).toEqual([]);
  });
});
