import useSWR, { type SWRResponse } from 'swr';
import { lastSelectedLocationSchema, navbarSchema, type LastSelectedLocation, type Navbar } from '@domain/account';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

export const NAVBAR_KEY = 'locations/navbar';
export const LAST_SELECTED_LOCATION_KEY = 'users/portallastselectedlocation';

/** GET locations/navbar: the locations and sites of the top bar's selector. */
export function useNavbarLocations(enabled: boolean): SWRResponse<Navbar, ApiError> {
  return useSWR<Navbar, ApiError, string | null>(enabled ? NAVBAR_KEY : null, () => apiFetchAs(navbarSchema, '/locations/navbar'));
}

/** GET users/portallastselectedlocation: the selection saved at the user's last visit. */
export function useLastSelectedLocation(enabled: boolean): SWRResponse<LastSelectedLocation, ApiError> {
  return useSWR<LastSelectedLocation, ApiError, string | null>(enabled ? LAST_SELECTED_LOCATION_KEY : null, () =>
    apiFetchAs(lastSelectedLocationSchema, '/users/portallastselectedlocation'),
  );
}

export async function saveLastSelectedLocation(selection: LastSelectedLocation): Promise<void> {
  await apiFetch('/users/portallastselectedlocation', { method: 'PUT', body: selection });
}
