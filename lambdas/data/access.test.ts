import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '@domain/core/errors';
import { ROLES, type Role } from '@domain/identity/roles';
import { accountTie, itemsInView, placesInView, securityGroupTie, viewReaches, type CorporateView, filterBySite, filterSensors, maySeeSensor, maySeeSite, scopeOf, sensorsLimitedOn, siteAccessOf, UNRESTRICTED_ROLES, type AccessAccount, type SecurityGroupGrant } from '../shared/access';
import { accessibleSiteIds, profileInView, accessScope, assertSensorAccess, assertSiteAccess, type AccessDependencies } from './access';
import type { Caller } from '../shared/caller';

const dynamo = mockClient(DynamoDBDocumentClient);
const dependencies: AccessDependencies = {
  client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' })),
  tableName: 'table',
};

const caller = (role: Role, accountId = 'acc-1'): Caller => ({
  userId: `u-${accountId}`, email: `${accountId}@demo.example`, role, customerId: 'org-1', accountId,
  isPortalLogin: true, tokenId: 't-1',
});

const grant = (groupId: string, siteIds: string[], sensorIds: string[] = []): SecurityGroupGrant => ({ groupId, siteIds, sensorIds });

/** Two locations: L-1 with sites s-1, s-2; L-2 with s-3. */
const sitesOfLocations = new Map([['L-1', ['s-1', 's-2']], ['L-2', ['s-3']]]);

/**
 * The table as the access layer reads it: the account (GetItem), the memberships and the
 * site references of each location (Queries, told apart by their key).
 */
function table(account: AccessAccount | undefined, groups: SecurityGroupGrant[] = []) {
  dynamo.on(GetCommand).resolves({ Item: account === undefined ? undefined : { accountId: 'acc-1', email: 'a@b.c', ...account } });
  dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const pk = String(input.ExpressionAttributeValues?.[':pk']);
    if (pk.includes('#SGMEMBER#')) return { Items: groups.map((group) => ({ ...group })) };
    const location = [...sitesOfLocations.keys()].find((id) => pk.endsWith(`#${id}#REF`));
    return { Items: (sitesOfLocations.get(location ?? '') ?? []).map((id) => ({ kind: 'SITE', id, name: id })) };
  });
}

describe('scopeOf (the rules, pure)', () => {
  const facts = (role: Role, account: AccessAccount | undefined, grants: SecurityGroupGrant[] = []) =>
    ({ role, account, grants, sitesOfLocations });

  it('gives corporate access, helpdesk and superadmin every site, whatever is assigned', () => {
    expect(scopeOf(facts('admin', { hasDefaultLocAccess: true }))).toEqual({ kind: 'all' });
    expect(scopeOf(facts('helpdesk', undefined))).toEqual({ kind: 'all' });
    expect(scopeOf(facts('superadmin', { locationIds: [], siteIds: [] }))).toEqual({ kind: 'all' });
  });

  it('limits a basic user to the sites assigned to them, of their assigned locations', () => {
    const scope = scopeOf(facts('basicuser', { locationIds: ['L-1'], siteIds: ['s-1', 's-3'] }));
    // s-3 is assigned but its location is not: it is not reached.
    expect(siteAccessOf(scope)).toEqual(new Set(['s-1']));
    expect(maySeeSite(siteAccessOf(scope), 's-2')).toBe(false);
  });

  it('gives a basic user with nothing assigned (or no account record) no site at all', () => {
    expect(siteAccessOf(scopeOf(facts('basicuser', { locationIds: [], siteIds: [] })))).toEqual(new Set());
    expect(siteAccessOf(scopeOf(facts('basicuser', undefined)))).toEqual(new Set());
  });

  it('gives an administrator without corporate access every site of their assigned locations', () => {
    const scope = scopeOf(facts('admin', { locationIds: ['L-1'], siteIds: ['s-1'] }));
    expect(siteAccessOf(scope)).toEqual(new Set(['s-1', 's-2']));
  });

  it('never limits an administrator by security groups', () => {
    expect(scopeOf(facts('admin', { hasDefaultLocAccess: true }, [grant('g-1', ['s-1'])]))).toEqual({ kind: 'all' });
  });

  it("intersects a basic user's assigned sites with their groups' sites", () => {
    const scope = scopeOf(facts('basicuser', { locationIds: ['L-1', 'L-2'], siteIds: ['s-1', 's-2'] }, [grant('g-1', ['s-2', 's-3'])]));
    expect(siteAccessOf(scope)).toEqual(new Set(['s-2']));
  });

  it('limits a basic user with corporate access by their groups only', () => {
    const scope = scopeOf(facts('basicuser', { hasDefaultLocAccess: true }, [grant('g-1', ['s-3'])]));
    expect(siteAccessOf(scope)).toEqual(new Set(['s-3']));
    expect(scopeOf(facts('basicuser', { hasDefaultLocAccess: true }))).toEqual({ kind: 'all' });
  });

  it('reaches a sensor only on a reached site, and only the listed ones when every group of that site lists sensors', () => {
    const scope = scopeOf(facts('basicuser', { locationIds: ['L-1', 'L-2'], siteIds: ['s-1', 's-2', 's-3'] },
      [grant('g-1', ['s-1']), grant('g-2', ['s-2'], ['x-2'])]));
    expect(maySeeSensor(scope, { sensorId: 'x-1', siteId: 's-1' })).toBe(true);
    expect(maySeeSensor(scope, { sensorId: 'x-2', siteId: 's-2' })).toBe(true);
    expect(maySeeSensor(scope, { sensorId: 'x-3', siteId: 's-2' })).toBe(false);
    // Assigned, but no group grants it.
    expect(maySeeSensor(scope, { sensorId: 'x-4', siteId: 's-3' })).toBe(false);
    expect(maySeeSensor(scope, { sensorId: 'x-1', siteId: undefined })).toBe(false);
    expect(sensorsLimitedOn(scope, 's-1')).toBe(false);
    expect(sensorsLimitedOn(scope, 's-2')).toBe(true);
  });

  it('reaches every sensor of an assigned site for a user in no group', () => {
    const scope = scopeOf(facts('basicuser', { locationIds: ['L-1'], siteIds: ['s-1'] }));
    expect(maySeeSensor(scope, { sensorId: 'x-1', siteId: 's-1' })).toBe(true);
    expect(maySeeSensor(scope, { sensorId: 'x-9', siteId: 's-2' })).toBe(false);
    expect(sensorsLimitedOn(scope, 's-1')).toBe(false);
  });
});

describe('accessScope (what it reads)', () => {
  beforeEach(() => dynamo.reset());

  it.each(['helpdesk', 'superadmin'] as const)('gives %s every site without reading memberships or locations', async (role) => {
    table(undefined, [grant('g-1', ['s-1'])]);
    expect(await accessibleSiteIds(caller(role), 'org-1', dependencies)).toBe('all');
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('reads a corporate administrator\'s account only, consistently', async () => {
    table({ hasDefaultLocAccess: true });
    expect(await accessibleSiteIds(caller('admin', 'acc-7'), 'org-1', dependencies)).toBe('all');
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      TableName: 'table', ConsistentRead: true, Key: { pk: expect.stringContaining('org-1') as unknown },
    });
  });

  it("reads a basic user's memberships and each assigned location's sites with consistent Queries", async () => {
    table({ locationIds: ['L-1', 'L-2'], siteIds: ['s-1', 's-3'] }, [grant('g-1', ['s-1', 's-2', 's-3'])]);
    expect(await accessibleSiteIds(caller('basicuser', 'acc-7'), 'org-1', dependencies)).toEqual(new Set(['s-1', 's-3']));
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries).toHaveLength(3);
    expect(queries.every((input) => input.ConsistentRead === true)).toBe(true);
    expect(queries.map((input) => input.ExpressionAttributeValues?.[':pk'])).toContain('C#org-1#SGMEMBER#acc-7');
  });

  it('follows the pages of a long membership list', async () => {
    dynamo.on(GetCommand).resolves({ Item: { accountId: 'acc-1', hasDefaultLocAccess: true } });
    dynamo.on(QueryCommand)
      .resolvesOnce({ Items: [{ groupId: 'g-1', siteIds: ['s-1'], sensorIds: [] }], LastEvaluatedKey: { pk: 'x', sk: 'y' } })
      .resolves({ Items: [{ groupId: 'g-2', siteIds: ['s-9'], sensorIds: [] }] });
    expect(await accessibleSiteIds(caller('basicuser'), 'org-1', dependencies)).toEqual(new Set(['s-1', 's-9']));
    expect(dynamo.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual({ pk: 'x', sk: 'y' });
  });

  it('gives a proxied caller every site of the organisation acted for and none of another, reading nothing', async () => {
    table({ hasDefaultLocAccess: true });
    const proxied: Caller = {
      ...caller('admin'), customerId: 'org-2',
      proxy: { sessionId: 'p-1', mode: 'read', actor: { userId: 'u-h', email: 'h@support.example', role: 'helpdesk', customerId: 'org-1', accountId: 'acc-1' } },
    };
    expect(await accessibleSiteIds(proxied, 'org-2', dependencies)).toBe('all');
    expect(await accessibleSiteIds(proxied, 'org-1', dependencies)).toEqual(new Set());
    expect(await accessibleSiteIds(proxied, 'org-3', dependencies)).toEqual(new Set());
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('limits a corporate view to the sites of its one location, whatever corporate access the account has', async () => {
    table({ hasDefaultLocAccess: true, locationIds: ['L-1', 'L-2'] });
    const corporateView: Caller = {
      ...caller('admin'),
      proxy: { sessionId: 'p-2', mode: 'write', locationId: 'L-1', actor: { userId: 'u-a', email: 'a@b.c', role: 'admin', customerId: 'org-1', accountId: 'acc-1' } },
    };
    expect(await accessibleSiteIds(corporateView, 'org-1', dependencies)).toEqual(new Set(['s-1', 's-2']));
    expect(await accessibleSiteIds(corporateView, 'org-2', dependencies)).toEqual(new Set());
  });

  it.each(ROLES)('limits %s by its groups unless the role is unrestricted', async (role) => {
    table({ hasDefaultLocAccess: true }, [grant('g-1', ['s-1'])]);
    const access = await accessibleSiteIds(caller(role), 'org-1', dependencies);
    expect(access).toEqual(UNRESTRICTED_ROLES.includes(role) ? 'all' : new Set(['s-1']));
  });
});

describe('assertSiteAccess', () => {
  beforeEach(() => dynamo.reset());

  it('lets a user reach a site assigned to them', async () => {
    table({ locationIds: ['L-1'], siteIds: ['s-1'] });
    await expect(assertSiteAccess(caller('basicuser'), 'org-1', 's-1', { dependencies })).resolves.toBeUndefined();
  });

  it('answers a site not assigned as not found, with the resource message when given', async () => {
    table({ locationIds: ['L-1'], siteIds: ['s-1'] });
    const refusal = assertSiteAccess(caller('basicuser'), 'org-1', 's-2', { dependencies, notFoundMessage: 'Site not found.' });
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(assertSiteAccess(caller('basicuser'), 'org-1', 's-2', { dependencies, notFoundMessage: 'Site not found.' }))
      .rejects.toMatchObject({ kind: 'not-found', message: 'Site not found.' });
  });

  it('lets an administrator with corporate access reach any site', async () => {
    table({ hasDefaultLocAccess: true }, [grant('g-1', ['s-1'])]);
    await expect(assertSiteAccess(caller('admin'), 'org-1', 's-2', { dependencies })).resolves.toBeUndefined();
  });
});

describe('filterBySite', () => {
  const items = [
    { id: 'a', siteId: 's-1' },
    { id: 'b', siteId: 's-2' },
    { id: 'c', siteId: undefined },
  ];

  it('keeps everything for full access', () => {
    expect(filterBySite(items, (item) => item.siteId, 'all').map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps only reachable sites, and hides items on no site, under a limit', () => {
    expect(filterBySite(items, (item) => item.siteId, new Set(['s-2'])).map((item) => item.id)).toEqual(['b']);
  });

  it('keeps an item on several sites when any of them is reachable', () => {
    const located = [{ id: 'l-1', siteIds: ['s-1', 's-2'] }, { id: 'l-2', siteIds: ['s-3'] }];
    expect(filterBySite(located, (item) => item.siteIds, new Set(['s-2'])).map((item) => item.id)).toEqual(['l-1']);
  });
});

describe('sensors', () => {
  beforeEach(() => dynamo.reset());

  it('filters sensor lists and refuses an excluded sensor as not found', async () => {
    table({ locationIds: ['L-1'], siteIds: ['s-1'] }, [grant('g-1', ['s-1'], ['x-1'])]);
    const scope = await accessScope(caller('basicuser'), 'org-1', dependencies);
    const sensors = [{ id: 'x-1', site: 's-1' }, { id: 'x-2', site: 's-1' }];
    expect(filterSensors(sensors, (sensor) => ({ sensorId: sensor.id, siteId: sensor.site }), scope)).toEqual([sensors[0]]);
    await expect(assertSensorAccess(caller('basicuser'), 'org-1', { sensorId: 'x-2', siteId: 's-1' }, { dependencies }))
      .rejects.toMatchObject({ kind: 'not-found' });
  });

  it("hides another location's site's sensors from a user invited for one site", async () => {
    table({ locationIds: ['L-1'], siteIds: ['s-1'] });
    await expect(assertSensorAccess(caller('basicuser'), 'org-1', { sensorId: 'x-3', siteId: 's-3' }, { dependencies }))
      .rejects.toMatchObject({ kind: 'not-found' });
    table({ hasDefaultLocAccess: true });
    await expect(assertSensorAccess(caller('admin'), 'org-1', { sensorId: 'x-3', siteId: 's-3' }, { dependencies }))
      .resolves.toBeUndefined();
  });
});

describe('corporate views (the rules, pure)', () => {
  const view: CorporateView = { locationId: 'L1', siteIds: new Set(['S1', 'S2']) };

  it('sees a user assigned to its location, not one of another location nor one with corporate access alone', () => {
    expect(viewReaches(view, accountTie({ locationIds: ['L2', 'L1'] }))).toBe(true);
    expect(viewReaches(view, accountTie({ locationIds: ['L2'] }))).toBe(false);
    expect(viewReaches(view, accountTie({}))).toBe(false);
  });

  it('sees a security group whose sites are all its own, not one spanning another location nor one of no site', () => {
    expect(viewReaches(view, securityGroupTie({ siteIds: ['S1', 'S2'] }))).toBe(true);
    expect(viewReaches(view, securityGroupTie({ siteIds: ['S1', 'S9'] }))).toBe(false);
    expect(viewReaches(view, securityGroupTie({ siteIds: [] }))).toBe(false);
  });

  it('sees a record of its location or of one of its sites', () => {
    expect(viewReaches(view, { kind: 'place', locationIds: ['L2'], siteIds: ['S2'] })).toBe(true);
    expect(viewReaches(view, { kind: 'place', locationIds: ['L2'], siteIds: ['S9'] })).toBe(false);
  });

  it("reads a profile in use on its sites or in use nowhere, not one in use only on another location's sites", () => {
    const usage = {
      onSites: { alarmProfileIds: new Set(['A1']), dataLoggingProfileIds: new Set(['D1']) },
      anywhere: { alarmProfileIds: new Set(['A1', 'A2']), dataLoggingProfileIds: new Set(['D1', 'D2', 'A3']) },
    };
    expect(['A1', 'A2', 'A3'].map((id) => profileInView(usage, 'alarm', id))).toEqual([true, false, true]);
    expect(['D1', 'D2', 'D3'].map((id) => profileInView(usage, 'dataLogging', id))).toEqual([true, false, true]);
  });

  it('lists what it sees, and everything outside a view', () => {
    const users = [{ id: 'a', locationIds: ['L1'] }, { id: 'b', locationIds: ['L2'] }];
    expect(itemsInView(view, users, accountTie).map((user) => user.id)).toEqual(['a']);
    expect(itemsInView(undefined, users, accountTie)).toEqual(users);
  });

  it("shows only its location and sites of a user's places", () => {
    const user = { id: 'a', locationIds: ['L1', 'L2'], siteIds: ['S1', 'S9'] };
    expect(placesInView(view, user)).toEqual({ id: 'a', locationIds: ['L1'], siteIds: ['S1'] });
    expect(placesInView(undefined, user)).toBe(user);
    const placeless: { id: string; locationIds?: string[] } = { id: 'b' };
    expect(placesInView(view, placeless)).toEqual({ id: 'b' });
  });
});
