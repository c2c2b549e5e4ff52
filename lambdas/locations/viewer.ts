import { CROSS_TENANT_ROLES, type Role } from '@domain/identity/roles';
import {
  countsForUser,
  locationAccessLevel,
  withDisplayName,
  type Location,
  type LocationStanding,
} from '@domain/organisation/location';
import type { AccountRecord } from '../data';
import { readAccess, siteAccessOf, type AccessScope, type SiteAccess } from '../shared/access';
import type { Caller } from '../shared/caller';
import type { LocationRecord, LocationStore, ShareRecord } from './store';

/**
 * Who is looking at the organisation's locations and sites, and what they may see (SPEC
 * section 6). A user sees the locations assigned to them; a corporate-access user, helpdesk
 * and superadmin see every one. Of the sites, those the shared access layer lets them reach
 * (assigned sites, security groups). Locations of other organisations shared with them
 * count once accepted, never while pending.
 */
export interface Viewer {
  /** The account whose view this is (the caller, or the user a lookup names). */
  accountId: string;
  role: Role;
  /** The organisation the request acts on. */
  customerId: string;
  /** Whether that organisation is the account's own (cross-tenant roles may act for another). */
  ownOrganisation: boolean;
  account: AccountRecord | undefined;
  seesAllLocations: boolean;
  hasCorporateAccess: boolean;
  assignedLocationIds: ReadonlySet<string>;
  siteAccess: SiteAccess;
  /** What the security groups let the viewer reach (sites, and sensors); `siteAccess` is its sites. */
  scope: AccessScope;
}

/**
 * The caller's view, read once for the request: their account and what the access layer lets
 * them reach (lambdas/shared/access.ts `readAccess`).
 */
export async function viewerOf(caller: Caller, customerId: string): Promise<Viewer> {
  const ownOrganisation = customerId === caller.customerId;
  const { account, scope } = await readAccess(caller, customerId);
  return viewerFor(caller.accountId, caller.role, customerId, ownOrganisation, ownOrganisation ? account : undefined, scope);
}

/** The view of another account of the organisation (a user's locations by id or email). */
export function viewerFor(
  accountId: string,
  role: Role,
  customerId: string,
  ownOrganisation: boolean,
  account: AccountRecord | undefined,
  scope: AccessScope,
): Viewer {
  const hasCorporateAccess = account?.hasDefaultLocAccess === true;
  return {
    accountId,
    role,
    customerId,
    ownOrganisation,
    account,
    seesAllLocations: CROSS_TENANT_ROLES.includes(role) || hasCorporateAccess,
    hasCorporateAccess,
    assignedLocationIds: new Set(account?.locationIds ?? []),
    siteAccess: siteAccessOf(scope),
    scope,
  };
}

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

export function seesOwnLocation(viewer: Viewer, locationId: string): boolean {
  return viewer.seesAllLocations || viewer.assignedLocationIds.has(locationId);
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
  if (!viewer.ownOrganisation) return [];
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
