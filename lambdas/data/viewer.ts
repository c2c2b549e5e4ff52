import { CROSS_TENANT_ROLES, type Role } from '@domain/identity/roles';
import type { AccountRecord } from './';
import { siteAccessOf, type AccessScope, type SiteAccess } from '../shared/access';
import { readAccess } from './access';
import type { Caller } from '../shared/caller';

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
  /** Under a corporate view, its one location: no other, not even one shared from another organisation. */
  onlyLocationId?: string;
}

/**
 * The caller's view, read once for the request: their account and what the access layer lets
 * them reach (lambdas/data/access.ts `readAccess`).
 */
export async function viewerOf(caller: Caller, customerId: string): Promise<Viewer> {
  const ownOrganisation = customerId === caller.customerId;
  const { account, scope } = await readAccess(caller, customerId);
  const viewer = viewerFor(caller.accountId, caller.role, customerId, ownOrganisation, ownOrganisation ? account : undefined, scope);
  if (caller.proxy === undefined) return viewer;
  const { locationId } = caller.proxy;
  // A proxy sees the organisation acted for whole, as its support does (issue 16 section 3); a
  // corporate view, its one location (and, not having corporate access then, deletes no location).
  return locationId === undefined
    ? { ...viewer, seesAllLocations: true }
    : { ...viewer, seesAllLocations: false, hasCorporateAccess: false, assignedLocationIds: new Set([locationId]), onlyLocationId: locationId };
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

/** Whether the viewer sees a location of the organisation it acts on (every one, or those assigned). */
export function seesOwnLocation(viewer: Viewer, locationId: string): boolean {
  return viewer.seesAllLocations || viewer.assignedLocationIds.has(locationId);
}
