import {
  countsForUser,
  locationAccessLevel,
  withDisplayName,
  type Location,
  type LocationStanding,
} from '@domain/organisation/location';
import { seesOwnLocation, type Viewer } from '../data/viewer';
import type { LocationRecord, LocationStore, ShareRecord } from '../data/repositories/locations';

/** The viewer is the access layer's (lambdas/data/viewer.ts); the locations' views of it are here. */
export { seesOwnLocation, viewerFor, viewerOf, type Viewer } from '../data/viewer';

/** How a viewer stands towards a location of the organisation it acts on. */
export function ownStanding(viewer: Viewer): LocationStanding {
  const isOwner = viewer.ownOrganisation && (viewer.role === 'admin' || viewer.account?.isOwner === true);
  return {
    isOwner,
    isAdmin: isOwner || (viewer.ownOrganisation && viewer.account?.isLocationAdmin === true),
    isShared: false,
    isAcceptancePending: false,
  };
}

export function sharedStanding(share: ShareRecord): LocationStanding {
  return { isOwner: false, isAdmin: share.isAdmin, isShared: true, isAcceptancePending: share.isAcceptancePending };
}

/** A location as the API gives it to one viewer. */
export function locationView(
  record: LocationRecord,
  ownerCustomerId: string,
  standing: LocationStanding,
  ownerOrganisationName?: string,
): Location {
  return withDisplayName({
    ...record,
    ownerCustomerId,
    ...standing,
    accessLevel: locationAccessLevel(standing),
    ...(ownerOrganisationName === undefined ? {} : { ownerOrganisationName }),
  });
}

/** The viewer's own-organisation locations they may see, by name. */
export async function visibleOwnLocations(viewer: Viewer, store: LocationStore): Promise<Location[]> {
  const standing = ownStanding(viewer);
  return (await store.all(viewer.customerId))
    .filter((record) => seesOwnLocation(viewer, record.id))
    .map((record) => locationView(record, viewer.customerId, standing));
}

/**
 * Locations of other organisations shared with the viewer: accepted ones by default, or the
 * ones still pending acceptance. Shares of a location deleted since are left out.
 */
export async function sharedLocations(
  viewer: Viewer,
  store: LocationStore,
  which: 'accepted' | 'pending',
  organisationName: (customerId: string) => Promise<string>,
): Promise<Location[]> {
  if (!viewer.ownOrganisation || viewer.onlyLocationId !== undefined) return [];
  const shares = (await store.sharesWith(viewer.customerId, viewer.accountId))
    .filter((share) => (which === 'pending' ? !countsForUser(share) : countsForUser(share)));
  if (shares.length === 0) return [];
  const records = await store.findMany(shares.map((share) => ({ customerId: share.ownerCustomerId, id: share.locationId })));
  const names = new Map<string, string>();
  for (const owner of new Set(shares.map((share) => share.ownerCustomerId))) names.set(owner, await organisationName(owner));
  return shares.flatMap((share) => {
    const record = records.get(share.locationId);
    return record === undefined ? [] : [locationView(record, share.ownerCustomerId, sharedStanding(share), names.get(share.ownerCustomerId))];
  }).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}
