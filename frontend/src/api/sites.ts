import { SITE_ROUTES } from '@domain/api/sites';
import type { Site, SiteDevices, SiteDocument, SiteDocumentUpload, SiteInput, SiteUser } from '@domain/organisation/site';
import { call, pages } from './client';
import { fetchAllPages, usePagedList, type PagedList } from './pagedList';

export const SITES_KEY = 'sites';

/** The sites the user sees: the first page at once, the rest as it comes (the grid sorts and pages in the browser). */
export function useSites(): PagedList<Site> {
  return usePagedList(SITES_KEY, (onPage) => fetchAllPages(pages(SITE_ROUTES.list), onPage));
}

export function createSite(input: SiteInput): Promise<Site> {
  return call(SITE_ROUTES.create, { body: input });
}

export function updateSite(id: string, input: SiteInput): Promise<Site> {
  return call(SITE_ROUTES.update, { params: { id }, body: input });
}

export async function deleteSite(id: string): Promise<void> {
  await call(SITE_ROUTES.remove, { params: { id } });
}

export async function siteUsers(id: string): Promise<SiteUser[]> {
  return (await call(SITE_ROUTES.getUsers, { params: { id } })).items;
}

export function siteDevices(id: string): Promise<SiteDevices> {
  return call(SITE_ROUTES.getDevices, { params: { id } });
}

export function uploadSiteDocument(id: string, upload: SiteDocumentUpload): Promise<Site> {
  return call(SITE_ROUTES.putDocument, { params: { id }, body: upload });
}

export function downloadSiteDocument(id: string): Promise<SiteDocument> {
  return call(SITE_ROUTES.getDocument, { params: { id } });
}
