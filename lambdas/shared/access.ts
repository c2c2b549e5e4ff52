import { forbidden } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { CROSS_TENANT_ROLES, type Role } from '@domain/identity/roles';
import type { Caller } from './caller';

/**
 * The shared access layer (SPEC section 6): what a caller may reach of the organisation's
 * sites and of what hangs off them (sensors, gateways, readings, device records, counts).
 * Every list, count, graph and read of something that belongs to a site goes through here,
 * so the limit is enforced in one place, not in each handler. It is read once per request.
 *
 * - Corporate access (`hasDefaultLocAccess`, SPEC section 3 "corporate admin"), helpdesk and
 *   superadmin reach every site.
 * - Anyone else is limited to the sites of the locations assigned to them:
 *   - an administrator without corporate access, every site of their assigned locations;
 *   - a basic user (a location administrator too), only the sites assigned to them, of
 *     their assigned locations, and within those what their security groups allow.
 * - Security groups limit basic users only: a member reaches the union of the groups' sites
 *   (within the assigned ones); a group that lists sensors grants only those.
 *
 * What a user may reach is read with strongly consistent reads (their account, their
 * memberships, the sites of their locations), so a change applies on the next call.
 */

/** Roles that security groups never limit. */
export const UNRESTRICTED_ROLES: readonly Role[] = ['admin', 'helpdesk', 'superadmin'];

/** What one group grants its member. */
export interface SecurityGroupGrant {
  groupId: string;
  siteIds: readonly string[];
  sensorIds: readonly string[];
}

/**
 * Everything, or a limit: the sites the caller reaches (assignment and groups already
 * intersected), and the caller's security group grants (empty: no limit on sensors).
 */
export type AccessScope =
  | { kind: 'all' }
  | { kind: 'limited'; siteIds: ReadonlySet<string>; grants: readonly SecurityGroupGrant[] };

/** The sites a caller may reach: every one, or these. */
export type SiteAccess = ReadonlySet<string> | 'all';

/** What of an account the access rules read. */
export interface AccessAccount {
  hasDefaultLocAccess?: boolean | undefined;
  locationIds?: readonly string[] | undefined;
  siteIds?: readonly string[] | undefined;
}

/** Whether an account sees every site regardless of assignment: corporate access, helpdesk, superadmin. */
export function seesEverySite(role: Role, account: AccessAccount | undefined): boolean {
  return CROSS_TENANT_ROLES.includes(role) || account?.hasDefaultLocAccess === true;
}

/** What `scopeOf` decides from. */
export interface ScopeFacts {
  role: Role;
  /** The account record (undefined: none yet, so nothing is assigned). */
  account: AccessAccount | undefined;
  /** The caller's security group memberships. */
  grants: readonly SecurityGroupGrant[];
  /** The sites of each assigned location (only needed when the account does not see every site). */
  sitesOfLocations: ReadonlyMap<string, readonly string[]>;
}

/** The access rules, pure: the scope of one caller from their role, account, groups and their locations' sites. */
export function scopeOf(facts: ScopeFacts): AccessScope {
  const { role, account } = facts;
  const grants = UNRESTRICTED_ROLES.includes(role) ? [] : facts.grants;
  let sites: Set<string> | undefined;
  if (!seesEverySite(role, account)) {
    const ofLocations = new Set((account?.locationIds ?? []).flatMap((locationId) => facts.sitesOfLocations.get(locationId) ?? []));
    sites = role === 'admin'
      ? ofLocations
      : new Set((account?.siteIds ?? []).filter((siteId) => ofLocations.has(siteId)));
  }
  if (grants.length > 0) {
    const granted = new Set(grants.flatMap((grant) => grant.siteIds));
    sites = new Set([...(sites ?? granted)].filter((siteId) => granted.has(siteId)));
  }
  return sites === undefined ? { kind: 'all' } : { kind: 'limited', siteIds: sites, grants };
}

/** The sites of a scope: every one, or those reached. */
export function siteAccessOf(scope: AccessScope): SiteAccess {
  return scope.kind === 'all' ? 'all' : scope.siteIds;
}

export function maySeeSite(access: SiteAccess, siteId: string | undefined | null): boolean {
  if (access === 'all') return true;
  return siteId !== undefined && siteId !== null && access.has(siteId);
}

/**
 * The items the caller may see. `getSiteId` gives the item's site, or its sites (an item on
 * several sites is seen when any is reachable). Under a limit, an item on no site is hidden.
 */
export function filterBySite<T>(
  items: readonly T[],
  getSiteId: (item: T) => string | readonly string[] | undefined | null,
  access: SiteAccess,
): T[] {
  if (access === 'all') return [...items];
  return items.filter((item) => {
    const sites = getSiteId(item);
    if (typeof sites === 'string') return access.has(sites);
    return (sites ?? []).some((siteId) => access.has(siteId));
  });
}

export interface NotFoundMessage {
  /** The resource's own "not found" text (SPEC words or domain/core/messages.ts); default: the generic one. */
  notFoundMessage?: string;
}

/** A sensor as the access layer sees it: its id and the site it is on. */
export interface SensorPlacement {
  sensorId: string;
  siteId: string | undefined | null;
}

/**
 * Whether a scope reaches a sensor: its site is reached and, for a member of security groups,
 * some group grants its site and lists no sensors or lists this one.
 */
export function maySeeSensor(scope: AccessScope, sensor: SensorPlacement): boolean {
  if (scope.kind === 'all') return true;
  const { siteId } = sensor;
  if (siteId === undefined || siteId === null || !scope.siteIds.has(siteId)) return false;
  return scope.grants.length === 0 || scope.grants.some((grant) =>
    grant.siteIds.includes(siteId) && (grant.sensorIds.length === 0 || grant.sensorIds.includes(sensor.sensorId)));
}

/**
 * Whether the scope reaches only some of a reached site's sensors (every group granting the
 * site lists its sensors), so a count of the site's sensors must be made of the visible ones.
 */
export function sensorsLimitedOn(scope: AccessScope, siteId: string): boolean {
  if (scope.kind === 'all' || scope.grants.length === 0) return false;
  return scope.grants.every((grant) => !grant.siteIds.includes(siteId) || grant.sensorIds.length > 0);
}

export function filterSensors<T>(items: readonly T[], placementOf: (item: T) => SensorPlacement, scope: AccessScope): T[] {
  if (scope.kind === 'all') return [...items];
  return items.filter((item) => maySeeSensor(scope, placementOf(item)));
}

/** Whether a scope reaches an alarm: a sensor's as the sensor itself (security groups may list sensors), a gateway's or a checklist's by its site. */
export function maySeeAlarm(scope: AccessScope, alarm: { deviceKind: 'sensor' | 'gateway' | 'checklist'; deviceId: string; siteId: string }): boolean {
  return alarm.deviceKind === 'sensor'
    ? maySeeSensor(scope, { sensorId: alarm.deviceId, siteId: alarm.siteId })
    : maySeeSite(siteAccessOf(scope), alarm.siteId);
}

/**
 * A corporate view (`caller.proxy.locationId`, issue 16 section 3): its administrator's own
 * organisation narrowed to one location. Records on sites are narrowed by the scope above
 * (its sites only); the records tied to a location some other way are narrowed here, in one
 * place, by what they are tied to (docs/security.md "Corporate views"):
 * - `place`: a record of some locations and sites (a notification group; a user, by the
 *   locations assigned to them): reached when one of them is the view's location or one of its sites;
 * - `sites`: a record that grants some sites (a security group): reached when it names at
 *   least one site and every one is the view's (a group spanning locations is organisation-wide).
 * Alarm and data logging profiles are narrowed by where they are in use (`profileInView`).
 * Organisation-wide records (profiles, templates, catalogues) may be read but not changed under
 * a view (routes marked `organisationWide`, refused by the middleware with
 * `refuseOrganisationWideChange`): a view of one location must not change what applies to the others.
 */
export type LocationTie =
  | { kind: 'place'; locationIds: readonly string[]; siteIds?: readonly string[] }
  | { kind: 'sites'; siteIds: readonly string[] };

/** A user is tied to the locations assigned to them (corporate access alone ties them to none). */
export const accountTie = (account: { locationIds?: readonly string[] | undefined }): LocationTie =>
  ({ kind: 'place', locationIds: account.locationIds ?? [] });

/** A security group is tied to the sites it grants. */
export const securityGroupTie = (group: { siteIds: readonly string[] }): LocationTie => ({ kind: 'sites', siteIds: group.siteIds });

/** The view's location and its sites. */
export interface CorporateView {
  locationId: string;
  siteIds: ReadonlySet<string>;
}

/** Whether a corporate view reaches a record tied as `tie`. */
export function viewReaches(view: CorporateView, tie: LocationTie): boolean {
  if (tie.kind === 'sites') return tie.siteIds.length > 0 && tie.siteIds.every((siteId) => view.siteIds.has(siteId));
  return tie.locationIds.includes(view.locationId) || (tie.siteIds ?? []).some((siteId) => view.siteIds.has(siteId));
}

/** The items a view reaches (every one outside a view). */
export function itemsInView<T>(view: CorporateView | undefined, items: readonly T[], tieOf: (item: T) => LocationTie): T[] {
  return view === undefined ? [...items] : items.filter((item) => viewReaches(view, tieOf(item)));
}

/**
 * A user's places as a view shows them: only its location and its sites (the ids of the
 * organisation's other locations and sites are not shown). Outside a view, the record as it is.
 * Nothing read under a view is written back: changes of users are refused there.
 */
export function placesInView<T extends { locationIds?: string[] | undefined; siteIds?: string[] | undefined }>(view: CorporateView | undefined, record: T): T {
  if (view === undefined) return record;
  return {
    ...record,
    ...(record.locationIds === undefined ? {} : { locationIds: record.locationIds.filter((id) => id === view.locationId) }),
    ...(record.siteIds === undefined ? {} : { siteIds: record.siteIds.filter((id) => view.siteIds.has(id)) }),
  };
}

export type ProfileKind = 'alarm' | 'dataLogging';

/** The profiles a device is saved with, by kind. */
export interface DeviceProfiles {
  alarm: readonly string[];
  dataLogging: readonly string[];
}

/**
 * Refuses, under a corporate view, a change of something organisation-wide (a route marked
 * `organisationWide`): it would apply to the other locations too (403, whatever the id).
 */
export function refuseOrganisationWideChange(caller: Caller, route: { organisationWide?: true }): void {
  if (caller.proxy?.locationId !== undefined && route.organisationWide === true) throw forbidden(MESSAGES.corporateViewOrganisationWide);
}
