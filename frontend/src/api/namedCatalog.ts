import type { SWRResponse } from 'swr';
import type { NamedItem, NamedItemInput } from '@domain/organisation/named-catalog';
import { DEPARTMENT_ROUTES, DIVISION_ROUTES, type NamedCatalogRoutes } from '@domain/api/named-catalog';
import { call, pages } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/** Departments and divisions share one API shape under their own path. */
export type NamedCatalogPath = typeof DEPARTMENT_ROUTES.list.path | typeof DIVISION_ROUTES.list.path;

const CONTRACTS: Record<NamedCatalogPath, NamedCatalogRoutes> = { [DEPARTMENT_ROUTES.list.path]: DEPARTMENT_ROUTES, [DIVISION_ROUTES.list.path]: DIVISION_ROUTES };

/** Every item of the catalogue, in the API's order (by name), following the cursors. */
export function listAllNamedItems(path: NamedCatalogPath, onPage?: PageProgress<NamedItem>): Promise<NamedItem[]> {
  return fetchAllPages(pages(CONTRACTS[path].list), onPage);
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

export function createNamedItem(path: NamedCatalogPath, input: NamedItemInput): Promise<NamedItem> {
  return call(CONTRACTS[path].create, { body: input });
}

export function updateNamedItem(path: NamedCatalogPath, id: string, input: NamedItemInput): Promise<NamedItem> {
  return call(CONTRACTS[path].update, { params: { id }, body: input });
}

export async function deleteNamedItem(path: NamedCatalogPath, id: string): Promise<void> {
  await call(CONTRACTS[path].remove, { params: { id } });
}
