import useSWR, { type SWRResponse } from 'swr';
import { z } from 'zod';
import { namedItemSchema, type NamedItem, type NamedItemInput } from '@domain/organisation/named-catalog';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

/** Departments and divisions share one API shape under their own path. */
export type NamedCatalogPath = '/departments' | '/divisions';

const pageSchema = z.object({
  items: z.array(namedItemSchema),
  nextCursor: z.string().optional(),
});

/** The API's largest page: a catalogue of a few hundred names loads in a handful of calls. */
export const NAMED_CATALOG_PAGE_SIZE = 100;

/** Every item of the catalogue, in the API's order (by name), following the cursors. */
export async function listAllNamedItems(path: NamedCatalogPath): Promise<NamedItem[]> {
  const items: NamedItem[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ limit: String(NAMED_CATALOG_PAGE_SIZE) });
    if (cursor !== undefined) query.set('cursor', cursor);
    const page = await apiFetchAs(pageSchema, `${path}?${query.toString()}`);
    items.push(...page.items);
    cursor = page.nextCursor;
    // A cursor seen before would loop forever; stop rather than hang the page.
    if (cursor !== undefined && seen.has(cursor)) break;
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return items;
}

export function namedItemsKey(path: NamedCatalogPath): readonly ['named-catalog', NamedCatalogPath] {
  return ['named-catalog', path];
}

export function useNamedItems(path: NamedCatalogPath): SWRResponse<NamedItem[], ApiError> {
  return useSWR<NamedItem[], ApiError, readonly ['named-catalog', NamedCatalogPath]>(
    namedItemsKey(path),
    ([, resource]) => listAllNamedItems(resource),
  );
}

const itemPath = (path: NamedCatalogPath, id: string) => `${path}/${encodeURIComponent(id)}`;

export function createNamedItem(path: NamedCatalogPath, input: NamedItemInput): Promise<NamedItem> {
  return apiFetchAs(namedItemSchema, path, { method: 'POST', body: input });
}

export function updateNamedItem(path: NamedCatalogPath, id: string, input: NamedItemInput): Promise<NamedItem> {
  return apiFetchAs(namedItemSchema, itemPath(path, id), { method: 'PUT', body: input });
}

export async function deleteNamedItem(path: NamedCatalogPath, id: string): Promise<void> {
  await apiFetch(itemPath(path, id), { method: 'DELETE' });
}
