import type { SWRResponse } from 'swr';
import {
  dataLoggingProfilePageSchema,
  dataLoggingProfileSchema,
  type DataLoggingProfile,
  type DataLoggingProfileInput,
} from '@domain/devices/data-logging-profile';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

export const DATA_LOGGING_PROFILES_KEY = 'dataloggingprofiles';

const listAllProfiles = (onPage: PageProgress<DataLoggingProfile>) =>
  fetchAllPages({ schema: dataLoggingProfilePageSchema, path: '/dataloggingprofiles' }, onPage);

/** The organisation's data logging profiles, every page, for choosing one. */
export function useDataLoggingProfiles(): SWRResponse<DataLoggingProfile[], ApiError> {
  return useAllPages(DATA_LOGGING_PROFILES_KEY, listAllProfiles);
}

/** The Data logging profiles screen's list: the first page at once, the rest as it comes. */
export function useDataLoggingProfileList(): PagedList<DataLoggingProfile> {
  return usePagedList(DATA_LOGGING_PROFILES_KEY, listAllProfiles);
}

const profilePath = (id: string) => `/dataloggingprofiles/${encodeURIComponent(id)}`;

export function createDataLoggingProfile(input: DataLoggingProfileInput): Promise<DataLoggingProfile> {
  return apiFetchAs(dataLoggingProfileSchema, '/dataloggingprofiles', { method: 'POST', body: input });
}

export function updateDataLoggingProfile(id: string, input: DataLoggingProfileInput): Promise<DataLoggingProfile> {
  return apiFetchAs(dataLoggingProfileSchema, profilePath(id), { method: 'PUT', body: input });
}

export async function deleteDataLoggingProfile(id: string): Promise<void> {
  await apiFetch(profilePath(id), { method: 'DELETE' });
}
