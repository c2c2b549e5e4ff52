/**
 * How long `findBy` queries and `waitFor` wait for what a test expects: long enough that only
 * something that never comes fails them, whatever else the machine is doing (a page with the
 * data grid took 0.8 s alone and over 5 s beside the stack's tests on two cores). It stays under
 * the test's own timeout (vitest.config.ts), so a failure names what never came.
 * Vitest's `vi.waitFor` has no global setting: pass it `{ timeout: ASYNC_WAIT_MS }`.
 */
export const ASYNC_WAIT_MS = 30_000;
