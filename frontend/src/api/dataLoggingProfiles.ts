import type { SWRResponse } from 'swr';
import type { DataLoggingProfile, DataLoggingProfileInput } from '@domain/devices/data-logging-profile';
import { DATA_LOGGING_PROFILE_ROUTES } from '@domain/api/data-logging-profiles';
import { call, pages } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

export const DATA_LOGGING_PROFILES_KEY = 'dataloggingprofiles';

const listAllProfiles = (onPage: PageProgress<DataLoggingProfile>) =>
  fetchAllPages(pages(DATA_LOGGING_PROFILE_ROUTES.list), onPage);

/** The organisation's data logging profiles, every page, for choosing one. */
export function useDataLoggingProfiles(): SWRResponse<DataLoggingProfile[], ApiError> {
  return useAllPages(DATA_LOGGING_PROFILES_KEY, listAllProfiles);
}

/** The Data logging profiles screen's list: the first page at once, the rest as it comes. */
export function useDataLoggingProfileList(): PagedList<DataLoggingProfile> {
  return usePagedList(DATA_LOGGING_PROFILES_KEY, listAllProfiles);
}

export function createDataLoggingProfile(input: DataLoggingProfileInput): Promise<DataLoggingProfile> {
  return call(DATA_LOGGING_PROFILE_ROUTES.create, { body: input });
}

export function updateDataLoggingProfile(id: string, input: DataLoggingProfileInput): Promise<DataLoggingProfile> {
  return call(DATA_LOGGING_PROFILE_ROUTES.update, { params: { id }, body: input });
}

export async function deleteDataLoggingProfile(id: string): Promise<void> {
  await call(DATA_LOGGING_PROFILE_ROUTES.remove, { params: { id } });
}
