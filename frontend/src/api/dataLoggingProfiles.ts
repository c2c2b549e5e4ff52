import useSWR, { type SWRResponse } from 'swr';
import {
  dataLoggingProfilePageSchema,
  dataLoggingProfileSchema,
  type DataLoggingProfile,
  type DataLoggingProfileInput,
} from '@domain/devices/data-logging-profile';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { allPages } from './locations';

export const DATA_LOGGING_PROFILES_KEY = 'dataloggingprofiles';

/** The organisation's data logging profiles, every page. */
export function useDataLoggingProfiles(): SWRResponse<DataLoggingProfile[], ApiError> {
  return useSWR<DataLoggingProfile[], ApiError, string>(DATA_LOGGING_PROFILES_KEY, () => allPages(dataLoggingProfilePageSchema, '/dataloggingprofiles'));
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
