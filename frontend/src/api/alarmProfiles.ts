import type { SWRResponse } from 'swr';
import type { AlarmProfile, AlarmProfileFields } from '@domain/alarms/alarm-profile';
import { ALARM_PROFILE_ROUTES } from '@domain/api/alarm-profiles';
import { call, pages } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

export const ALARM_PROFILES_KEY = 'alarmprofiles';

const listAllProfiles = (onPage: PageProgress<AlarmProfile>) =>
  fetchAllPages(pages(ALARM_PROFILE_ROUTES.list), onPage);

/** The organisation's alarm profiles, every page, for choosing one (a sensor's, a gateway's). */
export function useAlarmProfiles(): SWRResponse<AlarmProfile[], ApiError> {
  return useAllPages(ALARM_PROFILES_KEY, listAllProfiles);
}

/** The Alarm profiles screen's list: the first page at once, the rest as it comes. */
export function useAlarmProfileList(): PagedList<AlarmProfile> {
  return usePagedList(ALARM_PROFILES_KEY, listAllProfiles);
}

/** The limits go in the unit the input names (the user's); the answer has them in °C. */
export function createAlarmProfile(input: AlarmProfileFields): Promise<AlarmProfile> {
  return call(ALARM_PROFILE_ROUTES.create, { body: input });
}

export function updateAlarmProfile(id: string, input: AlarmProfileFields): Promise<AlarmProfile> {
  return call(ALARM_PROFILE_ROUTES.update, { params: { id }, body: input });
}

/** Refused (`alarmProfileInUse`, with the counts) while sensors or gateways use the profile. */
export async function deleteAlarmProfile(id: string): Promise<void> {
  await call(ALARM_PROFILE_ROUTES.remove, { params: { id } });
}
