import type { SWRResponse } from 'swr';
import {
  alarmProfilePageSchema,
  alarmProfileSchema,
  type AlarmProfile,
  type AlarmProfileFields,
} from '@domain/alarms/alarm-profile';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

export const ALARM_PROFILES_KEY = 'alarmprofiles';

const listAllProfiles = (onPage: PageProgress<AlarmProfile>) =>
  fetchAllPages({ schema: alarmProfilePageSchema, path: '/alarmprofiles' }, onPage);

/** The organisation's alarm profiles, every page, for choosing one (a sensor's, a gateway's). */
export function useAlarmProfiles(): SWRResponse<AlarmProfile[], ApiError> {
  return useAllPages(ALARM_PROFILES_KEY, listAllProfiles);
}

/** The Alarm profiles screen's list: the first page at once, the rest as it comes. */
export function useAlarmProfileList(): PagedList<AlarmProfile> {
  return usePagedList(ALARM_PROFILES_KEY, listAllProfiles);
}

const profilePath = (id: string) => `/alarmprofiles/${encodeURIComponent(id)}`;

/** The limits go in the unit the input names (the user's); the answer has them in °C. */
export function createAlarmProfile(input: AlarmProfileFields): Promise<AlarmProfile> {
  return apiFetchAs(alarmProfileSchema, '/alarmprofiles', { method: 'POST', body: input });
}

export function updateAlarmProfile(id: string, input: AlarmProfileFields): Promise<AlarmProfile> {
  return apiFetchAs(alarmProfileSchema, profilePath(id), { method: 'PUT', body: input });
}

/** Refused (`alarmProfileInUse`, with the counts) while sensors or gateways use the profile. */
export async function deleteAlarmProfile(id: string): Promise<void> {
  await apiFetch(profilePath(id), { method: 'DELETE' });
}
