import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { CROSS_TENANT_ROLES } from '@domain/identity/roles';
import {
  accountTie, itemsInView, maySeeSensor, maySeeSite, scopeOf, seesEverySite, siteAccessOf, UNRESTRICTED_ROLES, viewReaches,
  type AccessScope, type CorporateView, type DeviceProfiles, type LocationTie, type NotFoundMessage, type ProfileKind,
  type SecurityGroupGrant, type SensorPlacement, type SiteAccess,
} from '../shared/access';
import type { Caller } from '../shared/caller';
import { dynamoDocumentClient } from './client';
import { backendConfig } from '../shared/config';
import { accountKeyParams, type AccountRecord } from './entities/account';
import { notificationGroupKey, unknownNotificationGroup } from './entities/notification-group';
import { unknownAlarmProfile } from './entities/alarm-profile';
import { listReferences } from './entities/reference';
import { readByIds } from './exists';
import { ENTITY } from './entities/audit-entry';
import { membershipPartition } from './entities/security-group-membership';
import { queryAll } from './query-pages';
import { profileUsage, type ProfileUsage } from './site-usage';

/**
 * The reads of the shared access layer (its rules, pure, are lambdas/shared/access.ts): the
 * caller's account, memberships and their locations' sites, read once per request, and the
 * checks that refuse what the rules say the caller may not reach. Every list, count, graph and
 * read of something that belongs to a site goes through here.
 */

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

/** An account record read consistently (an assignment changed by an administrator applies on the next call). */
async function accountOf(customerId: string, accountId: string, dependencies: AccessDependencies): Promise<AccountRecord | undefined> {
  const result = await dependencies.client.send(new GetCommand({
    ...accountKeyParams(dependencies.tableName, customerId, accountId),
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

/** The sites the caller may reach: `'all'`, or the reached ones. */
export async function accessibleSiteIds(
  caller: Caller,
  customerId: string,
  dependencies?: AccessDependencies,
): Promise<SiteAccess> {
  return siteAccessOf(await accessScope(caller, customerId, dependencies));
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

/** The corporate view the caller is in (undefined: none, so nothing is narrowed here). */
export async function corporateViewOf(caller: Caller, customerId: string, dependencies: AccessDependencies = defaultDependencies()): Promise<CorporateView | undefined> {
  const locationId = caller.proxy?.locationId;
  if (locationId === undefined) return undefined;
  const scope = await accessScope(caller, customerId, dependencies);
  return { locationId, siteIds: scope.kind === 'all' ? new Set<string>() : scope.siteIds };
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

/** The accounts among `accountIds` a view sees (those assigned to its location): one batch get. */
export async function accountsInView(
  view: CorporateView,
  customerId: string,
  accountIds: readonly string[],
  dependencies: AccessDependencies = defaultDependencies(),
): Promise<Set<string>> {
  const found = await readByIds(dependencies.client, dependencies.tableName, customerId, accountKeyParams, accountIds);
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
  const found = await readByIds(dependencies.client, dependencies.tableName, customerId, notificationGroupKey, named);
  const reached = named.every((groupId) => {
    const group = found.get(groupId);
    return group !== undefined && viewReaches(view, { kind: 'place', locationIds: strings([group['locationId']]), siteIds: strings(group['siteIds']) });
  });
  if (!reached) throw unknownNotificationGroup();
}

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
