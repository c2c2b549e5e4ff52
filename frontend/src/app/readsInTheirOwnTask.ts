import type { Middleware } from 'swr';
import { nextTask } from './nextTask';

/**
 * swr starts a screen's reads in the commit that mounts it (a layout effect), so each read's
 * set-up (the identity session, the request) ran inside that commit's task, already the screen's
 * longest: a phone's main thread stayed blocked for all of them at once (docs/performance.md).
 * Each read starts a task later instead, in a short task of its own.
 */
export const readsInTheirOwnTask: Middleware = (useSWRNext) => (key, fetcher, config) =>
  useSWRNext(key, fetcher === null ? null : (...args: unknown[]) => nextTask().then(() => fetcher(...args)), config);
