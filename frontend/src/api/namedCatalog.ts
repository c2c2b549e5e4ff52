import type { SWRResponse } from 'swr';
import { z } from 'zod';
import { namedItemSchema, type NamedItem, type NamedItemInput } from '@domain/organisation/named-catalog';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/** Departments and divisions share one API shape under their own path. */
export type NamedCatalogPath = '/departments' | '/divisions';

const pageSchema = z.object({
  items: z.array(namedItemSchema),
  nextCursor: z.string().optional(),
});

/** Every item of the catalogue, in the API's order (by name), following the cursors. */
export function listAllNamedItems(path: NamedCatalogPath, onPage?: PageProgress<NamedItem>): Promise<NamedItem[]> {
  return fetchAllPages({ schema: pageSchema, path }, onPage);
}

export function namedItemsKey(path: NamedCatalogPath): readonly ['named-catalog', NamedCatalogPath] {
  return ['named-catalog', path];
}

/** Every item of the catalogue, for choosing one or naming one by id. */
export function useNamedItems(path: NamedCatalogPath): SWRResponse<NamedItem[], ApiError> {
  return useAllPages(namedItemsKey(path), (onPage) => listAllNamedItems(path, onPage));
}

/** The catalogue's screen list: the first page at once, the rest as it comes. */
export function useNamedItemList(path: NamedCatalogPath): PagedList<NamedItem> {
  return usePagedList(namedItemsKey(path), (onPage) => listAllNamedItems(path, onPage));
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
