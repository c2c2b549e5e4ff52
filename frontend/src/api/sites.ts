import {
  siteDevicesSchema,
  siteDocumentSchema,
  sitePageSchema,
  siteSchema,
  siteUsersSchema,
  type Site,
  type SiteDevices,
  type SiteDocument,
  type SiteDocumentUpload,
  type SiteInput,
  type SiteUser,
} from '@domain/organisation/site';
import { apiFetch, apiFetchAs } from './apiFetch';
import { fetchAllPages, usePagedList, type PagedList } from './pagedList';

export const SITES_KEY = 'sites';

/** The sites the user sees: the first page at once, the rest as it comes (the grid sorts and pages in the browser). */
export function useSites(): PagedList<Site> {
  return usePagedList(SITES_KEY, (onPage) => fetchAllPages({ schema: sitePageSchema, path: '/sites' }, onPage));
}

const sitePath = (id: string) => `/sites/${encodeURIComponent(id)}`;

export function createSite(input: SiteInput): Promise<Site> {
  return apiFetchAs(siteSchema, '/sites', { method: 'POST', body: input });
}

export function updateSite(id: string, input: SiteInput): Promise<Site> {
  return apiFetchAs(siteSchema, sitePath(id), { method: 'PUT', body: input });
}

export async function deleteSite(id: string): Promise<void> {
  await apiFetch(sitePath(id), { method: 'DELETE' });
}

export async function siteUsers(id: string): Promise<SiteUser[]> {
  return (await apiFetchAs(siteUsersSchema, `${sitePath(id)}/users`)).items;
}

export function siteDevices(id: string): Promise<SiteDevices> {
  return apiFetchAs(siteDevicesSchema, `${sitePath(id)}/devices`);
}

export function uploadSiteDocument(id: string, upload: SiteDocumentUpload): Promise<Site> {
  return apiFetchAs(siteSchema, `${sitePath(id)}/document`, { method: 'PUT', body: upload });
}

export function downloadSiteDocument(id: string): Promise<SiteDocument> {
  return apiFetchAs(siteDocumentSchema, `${sitePath(id)}/document`);
}
