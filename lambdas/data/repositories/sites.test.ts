import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { siteInputSchema } from '@domain/organisation/site';
import type { Caller } from '../../shared/caller';
import { SiteStore } from './sites';

const dynamo = mockClient(DynamoDBDocumentClient);
const store = new SiteStore(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' })), 'table', () => new Date('2026-03-01T10:00:00Z'));
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };
const billingAddress = { address: '2 Dock Road', city: 'Leeds', state: 'West Yorkshire', country: 'United Kingdom', postalCode: 'LS1 4AP' };
const stored = {
  id: 's-1', name: 'Main Kitchen', siteId: 'MK-1', locationIds: ['l-1', 'l-2'], timezone: 'Europe/London', billingAddress,
  billingAddressSameAsSite: false, taxExempt: false, retainAdditionalFieldAnswers: false, version: 4,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', createdBy: 'x', updatedBy: 'x',
};

/** Prepare: the site, what is attached to it (references) and the organisation's users. */
function table(site: Record<string, unknown>, references: { kind: string; id: string }[], users: { siteIds: string[] }[] = []) {
  dynamo.on(GetCommand).resolves({ Item: site });
  dynamo.on(QueryCommand, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'C#org-1#SITE#s-1#REF' } })
    .resolves({ Items: references.map((reference) => ({ ...reference, name: reference.id })) });
  dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#USER', ':site': 's-1' } })
    .resolves({ Items: users.map((user, index) => ({ accountId: `a-${index}`, email: `u${index}@x.example`, role: 'basicuser', ...user })) });
  dynamo.on(TransactWriteCommand).resolves({});
}

describe('SiteStore', () => {
  beforeEach(() => dynamo.reset());

  it('refuses a delete with the first reason of SPEC section 8, and writes nothing', async () => {
    table({ ...stored, locationIds: ['l-1'] }, [{ kind: 'SENSOR', id: 'x-1' }, { kind: 'SHIFT', id: 'sh-1' }]);
    await expect(store.delete(caller, 'org-1', 's-1')).rejects.toMatchObject({ kind: 'conflict', message: MESSAGES.siteHasShifts });
    table({ ...stored, locationIds: ['l-1', 'l-2'] }, []);
    await expect(store.delete(caller, 'org-1', 's-1')).rejects.toMatchObject({ message: MESSAGES.siteHasSeveralLocations });
    table({ ...stored, locationIds: ['l-1'] }, [], [{ siteIds: ['s-1'] }, { siteIds: ['s-1', 's-2'] }]);
    await expect(store.delete(caller, 'org-1', 's-1')).rejects.toMatchObject({ message: MESSAGES.siteHasUsers });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('deletes a free site with its markers, its reference from its location and an audit entry, on the version and nothing attached', async () => {
    table({ ...stored, locationIds: ['l-1'] }, [], [{ siteIds: ['s-1'] }]);
    await store.delete(caller, 'org-1', 's-1');
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Delete).toMatchObject({
      Key: { pk: 'C#org-1#SITE', sk: 'SITE#s-1' },
      ConditionExpression: 'version = :expected AND (attribute_not_exists(refCount) OR refCount <= :zero)',
      ExpressionAttributeValues: { ':expected': 4, ':zero': 0 },
    });
    const keys = items.map((item) => JSON.stringify(item.Delete?.Key ?? item.Update?.Key ?? item.Put?.Item?.['pk']));
    expect(keys).toContain(JSON.stringify({ pk: 'C#org-1#UNIQUE#SITE#name#main%20kitchen', sk: 'UNIQUE' }));
    expect(keys).toContain(JSON.stringify({ pk: 'C#org-1#UNIQUE#SITE#siteId#mk-1', sk: 'UNIQUE' }));
    expect(keys).toContain(JSON.stringify({ pk: 'C#org-1#LOCATION#l-1#REF', sk: 'SITE#s-1' }));
    expect(items.find((item) => item.Update)?.Update).toMatchObject({ Key: { pk: 'C#org-1#LOCATION', sk: 'LOCATION#l-1' }, ExpressionAttributeValues: { ':minusOne': -1 } });
    expect(items.at(-1)?.Put?.Item).toMatchObject({ entityType: 'SITE', entityId: 's-1', action: 'delete' });
  });

  it('on a rename and a move, swaps the name marker, attaches to the new location, detaches from the old, renames the kept reference', async () => {
    table(stored, []);
    const input = siteInputSchema.parse({ name: 'Pastry Kitchen', siteId: 'MK-1', locationIds: ['l-2', 'l-3'], timezone: 'Europe/London', billingAddress });
    const after = await store.update(caller, 'org-1', 's-1', input);
    expect(after).toMatchObject({ name: 'Pastry Kitchen', locationIds: ['l-2', 'l-3'], version: 5 });
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Update).toMatchObject({ ConditionExpression: '#version = :expected', ExpressionAttributeValues: expect.objectContaining({ ':expected': 4 }) });
    // A partial update: the counter kept on the site is never written back.
    expect(items[0]?.Update?.UpdateExpression).not.toContain('refCount');
    const puts = items.flatMap((item) => (item.Put ? [item.Put.Item] : []));
    expect(puts).toContainEqual(expect.objectContaining({ pk: 'C#org-1#UNIQUE#SITE#name#pastry%20kitchen' }));
    expect(puts).toContainEqual(expect.objectContaining({ pk: 'C#org-1#LOCATION#l-3#REF', sk: 'SITE#s-1', name: 'Pastry Kitchen' }));
    expect(puts).toContainEqual(expect.objectContaining({ pk: 'C#org-1#LOCATION#l-2#REF', sk: 'SITE#s-1', name: 'Pastry Kitchen' }));
    const deletes = items.flatMap((item) => (item.Delete ? [item.Delete.Key] : []));
    expect(deletes).toContainEqual({ pk: 'C#org-1#UNIQUE#SITE#name#main%20kitchen', sk: 'UNIQUE' });
    expect(deletes).toContainEqual({ pk: 'C#org-1#LOCATION#l-1#REF', sk: 'SITE#s-1' });
    // The site id did not change: its marker stays.
    expect(JSON.stringify(items)).not.toContain('siteId#mk-1');
  });
});
