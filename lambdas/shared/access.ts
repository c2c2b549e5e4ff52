import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound } from '../../domain/errors';
import type { Role } from '../../domain/roles';
import type { Caller } from './caller';
import { dynamoDocumentClient } from './clients';
import { backendConfig } from './config';
import { membershipPartition } from './keys';
import { queryAll } from './pagination';

/**
 * The shared access layer of security groups (SPEC section 6: "they limit access to sites and
 * sensors"). Every list and read of something that belongs to a site (sites, sensors, gateways,
 * reports, ...) goes through here, so the limit is enforced in one place, not in each handler.
 *
 * - Administrators, helpdesk and superadmin reach everything; so does a user who is in no group.
 * - A member of one or more groups reaches the union of the groups' sites.
 * - Sensors: a group grants a sensor on one of its sites; when the group lists sensors, only
 *   those. A member reaches a sensor when any of their groups grants it.
 *
 * What a user may reach is read with one strongly consistent Query of their memberships
 * (each membership item carries a copy of its group's site and sensor ids, written in the
 * same transaction as the group), so a change to a group applies on the next call.
 */

/** Roles that security groups never limit. */
export const UNRESTRICTED_ROLES: readonly Role[] = ['admin', 'helpdesk', 'superadmin'];

/** What one group grants its member. */
export interface SecurityGroupGrant {
  groupId: string;
  siteIds: readonly string[];
  sensorIds: readonly string[];
}

/** Everything, or what the caller's groups grant (never empty: no group means everything). */
export type AccessScope = { kind: 'all' } | { kind: 'limited'; grants: readonly SecurityGroupGrant[] };

/** The sites a caller may reach: every one, or these. */
export type SiteAccess = ReadonlySet<string> | 'all';

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

/** What the caller may reach in the organisation `customerId` (the one the request acts on). */
export async function accessScope(
  caller: Caller,
  customerId: string,
  dependencies?: AccessDependencies,
): Promise<AccessScope> {
  if (UNRESTRICTED_ROLES.includes(caller.role)) return { kind: 'all' };
  // Only the roles above may act for another organisation (the tenant check refuses the
  // others), so the memberships read are always the caller's own.
  const grants = await membershipGrants(customerId, caller.accountId, dependencies);
  return grants.length === 0 ? { kind: 'all' } : { kind: 'limited', grants };
}

/** The sites of a scope: every one, or the union of the groups' sites. */
export function siteAccessOf(scope: AccessScope): SiteAccess {
  if (scope.kind === 'all') return 'all';
  return new Set(scope.grants.flatMap((grant) => grant.siteIds));
}

/**
 * The sites the caller may reach: `'all'` for administrators, helpdesk, superadmin and users
 * in no security group; otherwise the union of their groups' site ids.
 */
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
  /** The resource's own "not found" text (SPEC words or domain/messages.ts); default: the generic one. */
  notFoundMessage?: string;
}

/**
 * Refuses a site the caller may not reach as if it did not exist (404), so a member of a
 * security group cannot even learn that an excluded site's id is real.
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

/** A sensor as the access layer sees it: its id and the site it is on. */
export interface SensorPlacement {
  sensorId: string;
  siteId: string | undefined | null;
}

/** Whether a scope reaches a sensor: some group grants its site, and lists no sensors or lists this one. */
export function maySeeSensor(scope: AccessScope, sensor: SensorPlacement): boolean {
  if (scope.kind === 'all') return true;
  const { siteId } = sensor;
  if (siteId === undefined || siteId === null) return false;
  return scope.grants.some((grant) =>
    grant.siteIds.includes(siteId) && (grant.sensorIds.length === 0 || grant.sensorIds.includes(sensor.sensorId)));
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
