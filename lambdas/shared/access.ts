import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { forbidden, notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { CROSS_TENANT_ROLES, type Role } from '@domain/identity/roles';
import { listReferences, notificationGroupKey, profileUsage, readByIds, unknownAlarmProfile, unknownNotificationGroup, type AccountRecord, type ProfileUsage } from '../data';
import type { Caller } from './caller';
import { dynamoDocumentClient } from './clients';
import { backendConfig } from './config';
import { accountKey, ENTITY, membershipPartition } from '../data/keys';
import { queryAll } from './pagination';

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
export type AccessAccount = Pick<AccountRecord, 'hasDefaultLocAccess' | 'locationIds' | 'siteIds'>;

export interface AccessDependencies {
  client: DynamoDBDocumentClient;
  tableName: string;
}

const defaultDependencies = (): AccessDependencies => ({
  client: dynamoDocumentClient(),
  tableName: backendConfig().tableName,
});

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** The groups an account belongs to, with what each grants: one consistent Query (paged only past 1 MB). */
export async function membershipGrants(
  customerId: string,
  accountId: string,
  dependencies: AccessDependencies = defaultDependencies(),
): Promise<SecurityGroupGrant[]> {
  const items = await queryAll<Record<string, unknown>>(dependencies.client, {
    TableName: dependencies.tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': membershipPartition(customerId, accountId) },
    ProjectionExpression: 'groupId, siteIds, sensorIds',
    ConsistentRead: true,
  });
  return items.map((item) => ({ groupId: String(item['groupId']), siteIds: strings(item['siteIds']), sensorIds: strings(item['sensorIds']) }));
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

/** An account record read consistently (an assignment changed by an administrator applies on the next call). */
async function accountOf(customerId: string, accountId: string, dependencies: AccessDependencies): Promise<AccountRecord | undefined> {
  const result = await dependencies.client.send(new GetCommand({
    TableName: dependencies.tableName,
    Key: accountKey(customerId, accountId),
    ConsistentRead: true,
  }));
  return result.Item as AccountRecord | undefined;
}

/** The caller's account (in the organisation the request acts on) and their scope, read once for a request. */
export interface Access {
  account: AccountRecord | undefined;
  scope: AccessScope;
}

/**
 * Reads what the caller may reach in the organisation `customerId` (the one the request acts
 * on): their account and memberships at once, then the sites of their assigned locations
 * (one consistent Query of each location's site references) when they do not see every site.
 */
export async function readAccess(caller: Caller, customerId: string, dependencies: AccessDependencies = defaultDependencies()): Promise<Access> {
  // A proxy acts as the organisation's administrator without an account there: it reaches every site of the
  // organisation acted for (issue 16 section 3), and none of any other (not even the actor's own).
  if (caller.proxy !== undefined) {
    if (customerId !== caller.customerId) return { account: undefined, scope: { kind: 'limited', siteIds: new Set(), grants: [] } };
    const { locationId } = caller.proxy;
    if (locationId === undefined) return { account: undefined, scope: { kind: 'all' } };
    // A corporate view (its administrator's own organisation): the sites of its one location only.
    const sites = await listReferences(dependencies.client, dependencies.tableName, customerId, { entity: ENTITY.location, id: locationId }, 'SITE');
    return { account: undefined, scope: { kind: 'limited', siteIds: new Set(sites.map((reference) => reference.id)), grants: [] } };
  }
  // Only helpdesk and superadmin may act for another organisation, and they reach every site of it.
  if (CROSS_TENANT_ROLES.includes(caller.role)) {
    const account = customerId === caller.customerId ? await accountOf(customerId, caller.accountId, dependencies) : undefined;
    return { account, scope: { kind: 'all' } };
  }
  const [account, grants] = await Promise.all([
    accountOf(customerId, caller.accountId, dependencies),
    UNRESTRICTED_ROLES.includes(caller.role) ? Promise.resolve([]) : membershipGrants(customerId, caller.accountId, dependencies),
  ]);
  const sitesOfLocations = new Map<string, string[]>();
  if (!seesEverySite(caller.role, account)) {
    const locationIds = [...new Set(account?.locationIds ?? [])];
    const lists = await Promise.all(locationIds.map((locationId) =>
      listReferences(dependencies.client, dependencies.tableName, customerId, { entity: ENTITY.location, id: locationId }, 'SITE')));
    locationIds.forEach((locationId, index) => sitesOfLocations.set(locationId, (lists[index] ?? []).map((reference) => reference.id)));
  }
  return { account, scope: scopeOf({ role: caller.role, account, grants, sitesOfLocations }) };
}

/** What the caller may reach in the organisation `customerId` (the one the request acts on). */
export async function accessScope(
  caller: Caller,
  customerId: string,
  dependencies?: AccessDependencies,
): Promise<AccessScope> {
  return (await readAccess(caller, customerId, dependencies)).scope;
}

/** The sites of a scope: every one, or those reached. */
export function siteAccessOf(scope: AccessScope): SiteAccess {
  return scope.kind === 'all' ? 'all' : scope.siteIds;
}

/** The sites the caller may reach: `'all'`, or the reached ones. */
export async function accessibleSiteIds(
  caller: Caller,
  customerId: string,
  dependencies?: AccessDependencies,
): Promise<SiteAccess> {
  return siteAccessOf(await accessScope(caller, customerId, dependencies));
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

/**
 * Refuses a site the caller may not reach as if it did not exist (404), so a limited user
 * cannot even learn that a hidden site's id is real.
 */
export async function assertSiteAccess(
  caller: Caller,
  customerId: string,
  siteId: string,
  options: NotFoundMessage & { dependencies?: AccessDependencies } = {},
): Promise<void> {
  const access = await accessibleSiteIds(caller, customerId, options.dependencies);
  if (!maySeeSite(access, siteId)) throw notFound(options.notFoundMessage);
}

/**
 * Refuses a list of sites to write (a security group's, a user view's) that names a site the
 * caller may not reach exactly as one naming a missing site (400, "A selected site does not
 * exist."). Sites already on the record (`unchanged`) are not asked about again.
 */
export async function assertSitesNamable(
  caller: Caller,
  customerId: string,
  siteIds: readonly string[],
  unchanged: readonly string[] = [],
  dependencies?: AccessDependencies,
): Promise<void> {
  const named = siteIds.filter((siteId) => !unchanged.includes(siteId));
  if (named.length === 0) return;
  const access = await accessibleSiteIds(caller, customerId, dependencies);
  if (!named.every((siteId) => maySeeSite(access, siteId))) throw validationError(MESSAGES.unknownSite, { siteIds: MESSAGES.unknownSite });
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

/** Refuses a sensor the caller may not reach as if it did not exist (404). */
export async function assertSensorAccess(
  caller: Caller,
  customerId: string,
  sensor: SensorPlacement,
  options: NotFoundMessage & { dependencies?: AccessDependencies } = {},
): Promise<void> {
  const scope = await accessScope(caller, customerId, options.dependencies);
  if (!maySeeSensor(scope, sensor)) throw notFound(options.notFoundMessage);
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

/** The corporate view the caller is in (undefined: none, so nothing is narrowed here). */
export async function corporateViewOf(caller: Caller, customerId: string, dependencies: AccessDependencies = defaultDependencies()): Promise<CorporateView | undefined> {
  const locationId = caller.proxy?.locationId;
  if (locationId === undefined) return undefined;
  const scope = await accessScope(caller, customerId, dependencies);
  return { locationId, siteIds: scope.kind === 'all' ? new Set<string>() : scope.siteIds };
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

/** The items a corporate view reaches (every one outside a view). */
export async function narrowToCorporateView<T>(caller: Caller, customerId: string, items: readonly T[], tieOf: (item: T) => LocationTie): Promise<T[]> {
  return itemsInView(await corporateViewOf(caller, customerId), items, tieOf);
}

/** Whether the caller reaches a record tied as `tie` as far as corporate views go (always, outside one). */
export async function reachedByCorporateView(caller: Caller, customerId: string, tie: LocationTie): Promise<boolean> {
  const view = await corporateViewOf(caller, customerId);
  return view === undefined || viewReaches(view, tie);
}

/** Refuses a record a corporate view does not reach as if it did not exist (404). */
export async function assertInCorporateView(caller: Caller, customerId: string, tie: LocationTie, options: NotFoundMessage = {}): Promise<void> {
  if (!(await reachedByCorporateView(caller, customerId, tie))) throw notFound(options.notFoundMessage);
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

/** The accounts among `accountIds` a view sees (those assigned to its location): one batch get. */
export async function accountsInView(
  view: CorporateView,
  customerId: string,
  accountIds: readonly string[],
  dependencies: AccessDependencies = defaultDependencies(),
): Promise<Set<string>> {
  const found = await readByIds(dependencies.client, dependencies.tableName, customerId, ENTITY.user, accountIds,
    (accountId) => accountKey(customerId, accountId));
  return new Set([...found].filter(([, item]) => viewReaches(view, accountTie({ locationIds: strings(item['locationIds']) }))).map(([accountId]) => accountId));
}

/**
 * Refuses, under a corporate view, notification groups a device is saved with that the view
 * does not reach (another location's) exactly as unknown ones (400, "The selected notification
 * group was not found."). Groups already on the device (`unchanged`) are not asked about again.
 */
export async function assertNotificationGroupsInCorporateView(
  caller: Caller,
  customerId: string,
  groupIds: readonly string[],
  unchanged: readonly string[] = [],
  dependencies: AccessDependencies = defaultDependencies(),
): Promise<void> {
  const named = groupIds.filter((groupId) => !unchanged.includes(groupId));
  if (named.length === 0) return;
  const view = await corporateViewOf(caller, customerId, dependencies);
  if (view === undefined) return;
  const found = await readByIds(dependencies.client, dependencies.tableName, customerId, ENTITY.notificationGroup, named,
    (groupId) => notificationGroupKey(dependencies.tableName, customerId, groupId).Key as Record<string, string>);
  const reached = named.every((groupId) => {
    const group = found.get(groupId);
    return group !== undefined && viewReaches(view, { kind: 'place', locationIds: strings([group['locationId']]), siteIds: strings(group['siteIds']) });
  });
  if (!reached) throw unknownNotificationGroup();
}

export type ProfileKind = 'alarm' | 'dataLogging';

/**
 * Whether a corporate view reads a profile: one in use on its sites (a sensor or gateway of
 * them names it), or one in use nowhere in the organisation (a template of no location, which
 * the view's first sensor or gateway needs). One in use only on other locations' sites is theirs.
 */
export function profileInView(usage: ProfileUsage, kind: ProfileKind, profileId: string): boolean {
  const idsOf = (inUse: ProfileUsage['onSites']) => (kind === 'alarm' ? inUse.alarmProfileIds : inUse.dataLoggingProfileIds);
  return idsOf(usage.onSites).has(profileId) || !idsOf(usage.anywhere).has(profileId);
}

/** Which profiles the caller reads as far as corporate views go (undefined: all, outside one). */
export async function profilesInViewOf(
  caller: Caller,
  customerId: string,
  dependencies: AccessDependencies = defaultDependencies(),
): Promise<((kind: ProfileKind, profileId: string) => boolean) | undefined> {
  const view = await corporateViewOf(caller, customerId, dependencies);
  if (view === undefined) return undefined;
  const usage = await profileUsage(dependencies.client, dependencies.tableName, customerId, view.siteIds);
  return (kind, profileId) => profileInView(usage, kind, profileId);
}

/** The profiles a corporate view reads (every one outside a view). */
export async function narrowProfilesToCorporateView<T extends { id: string }>(caller: Caller, customerId: string, kind: ProfileKind, profiles: readonly T[]): Promise<T[]> {
  const reads = await profilesInViewOf(caller, customerId);
  return reads === undefined ? [...profiles] : profiles.filter((profile) => reads(kind, profile.id));
}

/** Refuses a profile a corporate view does not read as if it did not exist (404). */
export async function assertProfileInCorporateView(caller: Caller, customerId: string, kind: ProfileKind, profileId: string, options: NotFoundMessage = {}): Promise<void> {
  const reads = await profilesInViewOf(caller, customerId);
  if (reads !== undefined && !reads(kind, profileId)) throw notFound(options.notFoundMessage);
}

/** The profiles a device is saved with, by kind. */
export interface DeviceProfiles {
  alarm: readonly string[];
  dataLogging: readonly string[];
}

/**
 * Refuses, under a corporate view, profiles a device is saved with that the view does not read
 * (in use only on other locations' sites) exactly as unknown ones (400, "The selected alarm
 * profile was not found." / "The selected data logging profile was not found."). Profiles
 * already on the device (`unchanged`) are not asked about again.
 */
export async function assertProfilesInCorporateView(
  caller: Caller,
  customerId: string,
  named: DeviceProfiles,
  unchanged: DeviceProfiles = { alarm: [], dataLogging: [] },
  dependencies: AccessDependencies = defaultDependencies(),
): Promise<void> {
  const alarm = named.alarm.filter((id) => !unchanged.alarm.includes(id));
  const dataLogging = named.dataLogging.filter((id) => !unchanged.dataLogging.includes(id));
  if (alarm.length === 0 && dataLogging.length === 0) return;
  const reads = await profilesInViewOf(caller, customerId, dependencies);
  if (reads === undefined) return;
  if (!alarm.every((id) => reads('alarm', id))) throw unknownAlarmProfile();
  if (!dataLogging.every((id) => reads('dataLogging', id))) {
    throw validationError(MESSAGES.dataLoggingProfileUnknown, { channels: MESSAGES.dataLoggingProfileUnknown });
  }
}

/**
 * Refuses, under a corporate view, a change of something organisation-wide (a route marked
 * `organisationWide`): it would apply to the other locations too (403, whatever the id).
 */
export function refuseOrganisationWideChange(caller: Caller, route: { organisationWide?: true }): void {
  if (caller.proxy?.locationId !== undefined && route.organisationWide === true) throw forbidden(MESSAGES.corporateViewOrganisationWide);
}
