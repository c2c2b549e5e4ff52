import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors';
import { ROLES, type Role } from '../../domain/roles';
import {
  accessibleSiteIds,
  accessScope,
  assertSensorAccess,
  assertSiteAccess,
  filterBySite,
  filterSensors,
  maySeeSensor,
  UNRESTRICTED_ROLES,
  type AccessDependencies,
} from './access';
import type { Caller } from './caller';

const dynamo = mockClient(DynamoDBDocumentClient);
const dependencies: AccessDependencies = {
  client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' })),
  tableName: 'table',
};

const caller = (role: Role, accountId = 'acc-1'): Caller => ({
  userId: `u-${accountId}`, email: `${accountId}@demo.example`, role, customerId: 'org-1', accountId,
  isPortalLogin: true, tokenId: 't-1',
});

function memberships(...groups: { groupId: string; siteIds: string[]; sensorIds?: string[] }[]) {
  dynamo.on(QueryCommand).resolves({ Items: groups.map((group) => ({ sensorIds: [], ...group })) });
}

describe('accessibleSiteIds', () => {
  beforeEach(() => dynamo.reset());

  it.each(['admin', 'helpdesk', 'superadmin'] as const)('gives %s every site without reading memberships', async (role) => {
    memberships({ groupId: 'g-1', siteIds: ['s-1'] });
    expect(await accessibleSiteIds(caller(role), 'org-1', dependencies)).toBe('all');
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('gives a basic user in no group every site', async () => {
    memberships();
    expect(await accessibleSiteIds(caller('basicuser'), 'org-1', dependencies)).toBe('all');
  });

  it("gives a member the union of the groups' sites, from one consistent Query of the user's memberships", async () => {
    memberships({ groupId: 'g-1', siteIds: ['s-1', 's-2'] }, { groupId: 'g-2', siteIds: ['s-2', 's-3'] });
    const access = await accessibleSiteIds(caller('basicuser', 'acc-7'), 'org-1', dependencies);
    expect(access).toEqual(new Set(['s-1', 's-2', 's-3']));
    const calls = dynamo.commandCalls(QueryCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toMatchObject({
      TableName: 'table',
      ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': 'C#org-1#SGMEMBER#acc-7' },
    });
  });

  it('gives a member of a group with no sites no site at all', async () => {
    memberships({ groupId: 'g-1', siteIds: [] });
    expect(await accessibleSiteIds(caller('basicuser'), 'org-1', dependencies)).toEqual(new Set());
  });

  it('follows the pages of a long membership list', async () => {
    dynamo.on(QueryCommand)
      .resolvesOnce({ Items: [{ groupId: 'g-1', siteIds: ['s-1'], sensorIds: [] }], LastEvaluatedKey: { pk: 'x', sk: 'y' } })
      .resolves({ Items: [{ groupId: 'g-2', siteIds: ['s-9'], sensorIds: [] }] });
    expect(await accessibleSiteIds(caller('basicuser'), 'org-1', dependencies)).toEqual(new Set(['s-1', 's-9']));
    expect(dynamo.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual({ pk: 'x', sk: 'y' });
  });

  it.each(ROLES)('limits %s by its groups unless the role is unrestricted', async (role) => {
    memberships({ groupId: 'g-1', siteIds: ['s-1'] });
    const access = await accessibleSiteIds(caller(role), 'org-1', dependencies);
    expect(access).toEqual(UNRESTRICTED_ROLES.includes(role) ? 'all' : new Set(['s-1']));
  });
});

describe('assertSiteAccess', () => {
  beforeEach(() => dynamo.reset());

  it('lets a member reach a site of their groups', async () => {
    memberships({ groupId: 'g-1', siteIds: ['s-1'] });
    await expect(assertSiteAccess(caller('basicuser'), 'org-1', 's-1', { dependencies })).resolves.toBeUndefined();
  });

  it('answers an excluded site as not found, with the resource message when given', async () => {
    memberships({ groupId: 'g-1', siteIds: ['s-1'] });
    const refusal = assertSiteAccess(caller('basicuser'), 'org-1', 's-2', { dependencies, notFoundMessage: 'Site not found.' });
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(assertSiteAccess(caller('basicuser'), 'org-1', 's-2', { dependencies, notFoundMessage: 'Site not found.' }))
      .rejects.toMatchObject({ kind: 'not-found', message: 'Site not found.' });
  });

  it('lets an administrator reach any site', async () => {
    memberships({ groupId: 'g-1', siteIds: ['s-1'] });
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

  it('grants every sensor of a site when the group lists none, only the listed ones otherwise', async () => {
    memberships({ groupId: 'g-1', siteIds: ['s-1'] }, { groupId: 'g-2', siteIds: ['s-2'], sensorIds: ['x-2'] });
    const scope = await accessScope(caller('basicuser'), 'org-1', dependencies);
    expect(maySeeSensor(scope, { sensorId: 'x-1', siteId: 's-1' })).toBe(true);
    expect(maySeeSensor(scope, { sensorId: 'x-2', siteId: 's-2' })).toBe(true);
    expect(maySeeSensor(scope, { sensorId: 'x-3', siteId: 's-2' })).toBe(false);
    // A listed sensor moved to a site the group does not grant is not reachable.
    expect(maySeeSensor(scope, { sensorId: 'x-2', siteId: 's-9' })).toBe(false);
    expect(maySeeSensor(scope, { sensorId: 'x-1', siteId: undefined })).toBe(false);
  });

  it('filters sensor lists and refuses an excluded sensor as not found', async () => {
    memberships({ groupId: 'g-1', siteIds: ['s-1'], sensorIds: ['x-1'] });
    const scope = await accessScope(caller('basicuser'), 'org-1', dependencies);
    const sensors = [{ id: 'x-1', site: 's-1' }, { id: 'x-2', site: 's-1' }];
    expect(filterSensors(sensors, (sensor) => ({ sensorId: sensor.id, siteId: sensor.site }), scope)).toEqual([sensors[0]]);
    await expect(assertSensorAccess(caller('basicuser'), 'org-1', { sensorId: 'x-2', siteId: 's-1' }, { dependencies }))
      .rejects.toMatchObject({ kind: 'not-found' });
    await expect(assertSensorAccess(caller('admin'), 'org-1', { sensorId: 'x-2', siteId: 's-1' }, { dependencies }))
      .resolves.toBeUndefined();
  });
});
