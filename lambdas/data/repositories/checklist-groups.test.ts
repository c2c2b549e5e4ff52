import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { Caller } from '../../shared/caller';
import { ChecklistGroupStore } from './checklist-groups';

const dynamo = mockClient(DynamoDBDocumentClient);
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const store = new ChecklistGroupStore(documents, 'table', () => new Date('2026-03-01T10:00:00Z'));
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };
const group = (id: string, name: string, order: number, version = 1) => ({
  pk: 'C#org-1#CHECKLISTGROUP', sk: `CHECKLISTGROUP#${id}`, id, name, order, createdAt: 'x', updatedAt: 'x', createdBy: 'x', updatedBy: 'x', version,
});
const transactItems = (call = 0) => dynamo.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? [];

describe('ChecklistGroupStore', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [group('g-1', 'Closing', 1), group('g-2', 'Opening', 0, 3), group('g-3', 'Fryer', 2)] });
  });

  it('adds a new group last, with its name marker and audit entry', async () => {
    // Act
    const added = await store.add(caller, 'org-1', { name: 'Deliveries' });

    // Assess
    expect(added).toMatchObject({ name: 'Deliveries', order: 3, version: 1 });
    expect(transactItems().map((item) => item.Put?.Item?.['pk'])).toEqual(['C#org-1#CHECKLISTGROUP', 'C#org-1#UNIQUE#CHECKLISTGROUP#name#deliveries', 'C#org-1#AUDIT']);
    expect(transactItems()[0]?.Put?.Item).toMatchObject({ order: 3, gsi1sk: expect.stringMatching(/^NAME#deliveries#/) });
  });

  it('refuses a group beyond the most an organisation keeps', async () => {
    dynamo.on(QueryCommand).resolves({ Items: Array.from({ length: 50 }, (_, index) => group(`g-${index}`, `G ${index}`, index)) });
    await expect(store.add(caller, 'org-1', { name: 'One more' })).rejects.toMatchObject({ kind: 'validation', message: MESSAGES.checklistGroupsMax });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('lists the groups in their order', async () => {
    expect((await store.ordered('org-1')).map((item) => item.name)).toEqual(['Opening', 'Closing', 'Fryer']);
  });

  it('reorders: only the moved groups, each on its version read, with an audit entry each', async () => {
    // Act: Fryer first, then Opening, Closing (Opening 0 -> 1, Closing 1 -> 2, Fryer 2 -> 0)
    const after = await store.reorder(caller, 'org-1', ['g-3', 'g-2', 'g-1']);

    // Assess
    expect(after.map((item) => [item.name, item.order])).toEqual([['Fryer', 0], ['Opening', 1], ['Closing', 2]]);
    const updates = transactItems().filter((item) => item.Update !== undefined).map((item) => item.Update);
    expect(updates.map((update) => [update?.Key?.['sk'], update?.ExpressionAttributeValues?.[':order'], update?.ExpressionAttributeValues?.[':expected']])).toEqual([
      ['CHECKLISTGROUP#g-1', 2, 1], ['CHECKLISTGROUP#g-2', 1, 3], ['CHECKLISTGROUP#g-3', 0, 1],
    ]);
    expect(transactItems().filter((item) => item.Put?.Item?.['pk'] === 'C#org-1#AUDIT')).toHaveLength(3);
  });

  it('writes nothing when the order is unchanged, and refuses a stale list', async () => {
    await store.reorder(caller, 'org-1', ['g-2', 'g-1', 'g-3']);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    await expect(store.reorder(caller, 'org-1', ['g-2', 'g-1'])).rejects.toMatchObject({ kind: 'conflict', message: MESSAGES.checklistGroupOrderStale });
  });
});
