import useSWR, { type ScopedMutator, type SWRResponse } from 'swr';
import type { LastSelectedLocation, Navbar } from '@domain/identity/account';
import {
  locationSchema,
  type Location,
  type LocationInput,
  type LocationShare,
  type LocationShareInput,
  type PlaceNames,
} from '@domain/organisation/location';
import { ACCOUNT_ROUTES } from '@domain/api/accounts';
import { LOCATION_ROUTES } from '@domain/api/locations';
import { apiFetch } from './apiFetch';
import { call, pages, pathOf } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

export const NAVBAR_KEY = 'locations/navbar';
export const LAST_SELECTED_LOCATION_KEY = 'users/portallastselectedlocation';

/** GET locations/navbar: the locations and sites of the top bar's selector. */
export function useNavbarLocations(enabled: boolean): SWRResponse<Navbar, ApiError> {
  return useSWR<Navbar, ApiError, string | null>(enabled ? NAVBAR_KEY : null, () => call(LOCATION_ROUTES.getNavbar));
}

export const PLACE_NAMES_KEY = 'locations/names';

/**
 * GET locations/names: the names of every location and site the user reaches, for the ids
 * lists and details show (a one-site user's location included, which the navbar leaves out).
 */
export function usePlaceNames(enabled = true): SWRResponse<PlaceNames, ApiError> {
  return useSWR<PlaceNames, ApiError, string | null>(enabled ? PLACE_NAMES_KEY : null, () => call(LOCATION_ROUTES.getNames));
}

/** The answers that name locations and sites (the navbar, the names lookup): stale once one is saved, deleted or accepted. */
export const PLACE_KEYS: readonly string[] = [NAVBAR_KEY, PLACE_NAMES_KEY];

/**
 * Asks again for every answer that names locations and sites, so a rename shows at once in
 * the lists and details that name them by id (SWR's `mutate` of the caller's cache).
 */
export function revalidatePlaces(mutateKey: ScopedMutator): Promise<unknown[]> {
  return Promise.all(PLACE_KEYS.map((key) => mutateKey(key)));
}

/**
 * A location's and a site's name by id: from the lookup the user may read whole (a one-site
 * user's other location too), else the navbar's; an unknown id names itself.
 */
export function placeNamers(
  navbar: readonly { id: string; label: string; sites: readonly { id: string; label: string }[] }[],
  names: PlaceNames | undefined,
): { locationName: (id: string) => string; siteName: (id: string) => string } {
  const locationNames = new Map([
    ...navbar.map((location) => [location.id, location.label] as const),
    ...(names?.locations ?? []).map((location) => [location.id, location.name] as const),
  ]);
  const siteNames = new Map([
    ...navbar.flatMap((location) => location.sites.map((site) => [site.id, site.label] as const)),
    ...(names?.sites ?? []).map((site) => [site.id, site.name] as const),
  ]);
  return { locationName: (id) => locationNames.get(id) ?? id, siteName: (id) => siteNames.get(id) ?? id };
}

/** GET users/portallastselectedlocation: the selection saved at the user's last visit. */
export function useLastSelectedLocation(enabled: boolean): SWRResponse<LastSelectedLocation, ApiError> {
  return useSWR<LastSelectedLocation, ApiError, string | null>(enabled ? LAST_SELECTED_LOCATION_KEY : null, () =>
    call(ACCOUNT_ROUTES.getUsersPortallastselectedlocation),
  );
}

export async function saveLastSelectedLocation(selection: LastSelectedLocation): Promise<void> {
  await apiFetch(pathOf(ACCOUNT_ROUTES.putUsersPortallastselectedlocation), { method: 'PUT', body: selection });
}

/**
 * The Locations screen's list: the organisation's locations the user sees, and the locations
 * of other organisations shared with them and accepted (never one pending acceptance).
 */
export async function listLocations(onPage?: PageProgress<Location>): Promise<Location[]> {
  const [own, shared] = await Promise.all([
    fetchAllPages(pages(LOCATION_ROUTES.list), onPage),
    call(LOCATION_ROUTES.getShared),
  ]);
  return [...own, ...shared.items];
}

export const LOCATIONS_KEY = 'locations';
export const PENDING_SHARED_LOCATIONS_KEY = 'locations/shared/pending';

/** The Locations screen's list: the first page at once, the rest (and the shared ones) as they come. */
export function useLocationList(): PagedList<Location> {
  return usePagedList(LOCATIONS_KEY, listLocations);
}

/** Every location the user sees, for naming or choosing one. */
export function useLocations(): SWRResponse<Location[], ApiError> {
  return useAllPages(LOCATIONS_KEY, listLocations);
}

/** Locations of other organisations shared with the user, waiting for their answer. */
export function usePendingSharedLocations(): SWRResponse<Location[], ApiError> {
  return useSWR<Location[], ApiError, string>(PENDING_SHARED_LOCATIONS_KEY, async () =>
    (await call(LOCATION_ROUTES.getSharedPending)).items);
}

export function createLocation(input: LocationInput): Promise<Location> {
  return call(LOCATION_ROUTES.create, { body: input });
}

export function updateLocation(id: string, input: LocationInput): Promise<Location> {
  return call(LOCATION_ROUTES.update, { params: { id }, body: input });
}

export async function deleteLocation(id: string): Promise<void> {
  await call(LOCATION_ROUTES.remove, { params: { id } });
}

/** The existence check by name (SPEC section 7). */
export async function locationNameExists(name: string): Promise<boolean> {
  const result = await call(LOCATION_ROUTES.getExistsById, { params: { name: name.trim() } });
  return result.exists;
}

export async function listShares(locationId: string): Promise<LocationShare[]> {
  return (await call(LOCATION_ROUTES.getShares, { params: { id: locationId } })).items;
}

export function shareLocation(locationId: string, input: LocationShareInput): Promise<LocationShare> {
  return call(LOCATION_ROUTES.postShares, { params: { id: locationId }, body: input });
}

export async function unshareLocation(locationId: string, accountId: string): Promise<void> {
  await call(LOCATION_ROUTES.deleteSharesById, { params: { id: locationId, accountId } });
}

/** The invitee's answer: accept (the location then counts) or decline. */
export async function answerSharedLocation(locationId: string, accept: boolean): Promise<Location | undefined> {
  // A decline answers no body: the answer is parsed only when there is one.
  const body = await apiFetch(pathOf(LOCATION_ROUTES.putSharedById, { id: locationId }), { method: 'PUT', body: { accept } });
  return body === undefined ? undefined : locationSchema.parse(body);
}
