import type { Middleware } from 'swr';

/** Resolves in a later task, once the current one (and its microtasks) has ended. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * swr starts a screen's reads in the commit that mounts it (a layout effect), so each read's
 * set-up (the identity session, the request) ran inside that commit's task, already the screen's
 * longest: a phone's main thread stayed blocked for all of them at once (docs/performance.md).
 * Each read starts a task later instead, in a short task of its own.
 */
export const readsInTheirOwnTask: Middleware = (useSWRNext) => (key, fetcher, config) =>
  useSWRNext(key, fetcher === null ? null : (...args: unknown[]) => nextTask().then(() => fetcher(...args)), config);
