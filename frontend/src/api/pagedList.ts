import { useCallback, useRef } from 'react';
import { useSyncExternalStore } from '../session/transitionStore';
import useSWR, { unstable_serialize, type Key, type KeyedMutator, type SWRConfiguration, type SWRResponse } from 'swr';
import type { z } from 'zod';
import { apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

/**
 * The API's lists answer a page at a time: `{ items, nextCursor }`, the cursor absent on the
 * last page (lambdas/shared/pagination.ts). This module is the only one that follows cursors.
 */
export interface Page<T> {
  items: T[];
  nextCursor?: string | undefined;
}

/** The API's largest page (`MAX_PAGE_SIZE`): a list of a few hundred loads in a handful of calls. */
export const PAGE_SIZE = 100;

/** A cursor-paginated list of the API: its page schema, path, and the list's own filters. */
export interface PagedSource<T> {
  schema: z.ZodType<Page<T>>;
  path: string;
  /** Query filters of the list (`siteId`, `kind`); empty ones are left out. */
  filters?: Readonly<Record<string, string | undefined>>;
  pageSize?: number;
}

/** One page of a list: the first, or the one after `cursor`. */
export function fetchPage<T>(source: PagedSource<T>, cursor?: string): Promise<Page<T>> {
  const query = new URLSearchParams({ limit: String(source.pageSize ?? PAGE_SIZE) });
  for (const [name, value] of Object.entries(source.filters ?? {})) if (value !== undefined && value !== '') query.set(name, value);
  if (cursor !== undefined) query.set('cursor', cursor);
  return apiFetchAs(source.schema, `${source.path}?${query.toString()}`);
}

/** Told the items loaded so far, after each page. */
export type PageProgress<T> = (soFar: readonly T[]) => void;

/**
 * Every item of a list, following the cursors to the last page; `onPage` hears of each page
 * as it arrives. A failed page fails the whole list.
 */
export async function fetchAllPages<T>(source: PagedSource<T>, onPage?: PageProgress<T>): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetchPage(source, cursor);
    items.push(...page.items);
    onPage?.(items.slice());
    cursor = page.nextCursor;
    // A cursor seen before would loop forever; stop rather than hang the page.
    if (cursor !== undefined && seen.has(cursor)) break;
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return items;
}

/** How a hook loads its list: every page, telling `onPage` of each (most lists are one `fetchAllPages`). */
export type ListLoader<T> = (onPage: PageProgress<T>) => Promise<T[]>;

// The pages of a list that has not finished loading, by serialised SWR key. SWR's cache holds
// the whole list (so writes' `mutate` and key-filtered `mutate` work as on any list); this
// holds what came so far, so a screen shows the first page without waiting for the last.
const loading = new Map<string, readonly unknown[]>();
const listeners = new Set<() => void>();
const publish = (key: string, items: readonly unknown[] | undefined) => {
  if (items === undefined) loading.delete(key);
  else loading.set(key, items);
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function useLoader<T>(key: Key, load: ListLoader<T>, config: SWRConfiguration<T[], ApiError>): [SWRResponse<T[], ApiError>, string] {
  const serialised = unstable_serialize(key);
  const loadRef = useRef(load);
  loadRef.current = load;
  const fetcher = useCallback(async () => {
    try {
      const items = await loadRef.current((soFar) => publish(serialised, soFar));
      // Once SWR holds the list (it stores the answer in the microtasks after this one), so
      // the rows never blank between the last page and the whole list.
      setTimeout(() => publish(serialised, undefined), 0);
      return items;
    } catch (failure) {
      publish(serialised, undefined);
      throw failure;
    }
  }, [serialised]);
  return [useSWR<T[], ApiError>(key, fetcher, config), serialised];
}

/**
 * A whole list, for what needs all of it (a selector's few dozen options, a lookup by id):
 * no data until the last page is in.
 */
export function useAllPages<T>(key: Key, load: ListLoader<T>, config: SWRConfiguration<T[], ApiError> = {}): SWRResponse<T[], ApiError> {
  return useLoader(key, load, config)[0];
}

/** A list screen's list: the items so far while further pages load, and whether they still do. */
export type PagedList<T> = SWRResponse<T[], ApiError> & {
  /** Pages after the first are still coming (the grid shows its progress bar over the rows). */
  loadingMore: boolean;
};

/**
 * A list screen's list: the first page shows as soon as it arrives and later pages join it as
 * they come (the grid searches, sorts and pages the rows in the browser). Shares its cache
 * with `useAllPages` on the same key.
 */
export function usePagedList<T>(key: Key, load: ListLoader<T>, config: SWRConfiguration<T[], ApiError> = {}): PagedList<T> {
  const [list, serialised] = useLoader(key, load, config);
  const partial = useSyncExternalStore(subscribe, () => loading.get(serialised)) as T[] | undefined;
  const complete = list.data;
  const shown = complete ?? partial;
  const { mutate: mutateList } = list;
  const partialRef = useRef(partial);
  partialRef.current = complete === undefined ? partial : undefined;
  // A write while pages are still coming updates the rows shown and loads the list again
  // (SWR drops the answer of a load that a write overtook).
  const mutate = useCallback<KeyedMutator<T[]>>((data, options) => {
    const pending = partialRef.current;
    if (pending === undefined || typeof data !== 'function') return mutateList(data, options);
    const update = data as (current: T[] | undefined) => T[] | Promise<T[] | undefined> | undefined;
    return mutateList((current) => update(current ?? pending), { ...(typeof options === 'object' ? options : {}), revalidate: true });
  }, [mutateList]);
  return {
    data: shown,
    error: list.error,
    isValidating: list.isValidating,
    isLoading: list.isLoading && shown === undefined,
    loadingMore: complete === undefined && partial !== undefined && list.error === undefined,
    mutate,
  };
}
