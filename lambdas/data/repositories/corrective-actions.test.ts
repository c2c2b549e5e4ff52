import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { Caller } from '../../shared/caller';
import { CorrectiveActionStore } from './corrective-actions';

const dynamo = mockClient(DynamoDBDocumentClient);
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const store = new CorrectiveActionStore(documents, 'table', () => new Date('2026-03-01T10:00:00Z'));
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };
const stored = { pk: 'C#org-1#CORRECTIVEACTION', sk: 'CORRECTIVEACTION#c-1', id: 'c-1', name: 'Discard', description: '', createdAt: 'x', updatedAt: 'x', createdBy: 'x', updatedBy: 'x', version: 2 };
const transactItems = (call = 0) => dynamo.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? [];

describe('CorrectiveActionStore', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(GetCommand).resolves({ Item: stored });
    dynamo.on(QueryCommand).resolves({ Items: [] });
  });

  it('creates an action with its name marker and audit entry; the item carries no more than its fields', async () => {
    const created = await store.create(caller, 'org-1', { name: 'Re-chill', description: 'Blast chiller, 90 minutes.' });
    expect(created).toMatchObject({ name: 'Re-chill', description: 'Blast chiller, 90 minutes.', version: 1 });
    expect(transactItems().map((item) => item.Put?.Item?.['pk'])).toEqual(['C#org-1#CORRECTIVEACTION', 'C#org-1#UNIQUE#CORRECTIVEACTION#name#re-chill', 'C#org-1#AUDIT']);
  });

  it('refuses a name the organisation already has, in the clear words', async () => {
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({
      message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
    }));
    await expect(store.create(caller, 'org-1', { name: 'discard ', description: '' })).rejects.toMatchObject({ kind: 'conflict', message: MESSAGES.correctiveActionNameTaken });
  });

  it('renames on the version read, swapping the name markers, and deletes releasing its name', async () => {
    await store.update(caller, 'org-1', 'c-1', { name: 'Throw away', description: '' });
    expect(transactItems()[0]?.Put).toMatchObject({ ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': 2 } });
    expect(transactItems().map((item) => String(item.Put?.Item?.['pk'] ?? item.Delete?.Key?.['pk']))).toEqual([
      'C#org-1#CORRECTIVEACTION', 'C#org-1#AUDIT', 'C#org-1#UNIQUE#CORRECTIVEACTION#name#throw%20away', 'C#org-1#UNIQUE#CORRECTIVEACTION#name#discard',
    ]);

    await store.delete(caller, 'org-1', 'c-1');
    expect(transactItems(1).map((item) => String(item.Delete?.Key?.['pk'] ?? item.Put?.Item?.['pk']))).toEqual([
      'C#org-1#CORRECTIVEACTION', 'C#org-1#UNIQUE#CORRECTIVEACTION#name#discard', 'C#org-1#AUDIT',
    ]);
  });

  it('refuses a delete while checklist questions offer the action, naming the checklists', async () => {
    const question = (correctiveActionIds: string[]) => ({ id: 'q', text: 'Fridge at or below 5 °C?', type: 'yesNo', options: [], correctiveActionIds, additionalFields: [], required: true });
    dynamo.on(QueryCommand, { TableName: 'table', IndexName: 'gsi1', ExpressionAttributeValues: { ':pk': 'C#org-1#CHECKLIST' } }).resolves({ Items: [
      { id: 'k-1', name: 'Opening', questions: [question(['c-2']), question(['c-1'])] },
      { id: 'k-2', name: 'Closing', questions: [question(['c-1'])] },
      { id: 'k-3', name: 'Fryer', questions: [question([])] },
    ] });
    await expect(store.delete(caller, 'org-1', 'c-1')).rejects.toMatchObject({
      kind: 'conflict', message: 'This corrective action cannot be deleted because checklist questions use it: Closing, Opening.',
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    // Another action of the same checklists is not in use.
    dynamo.on(GetCommand).resolves({ Item: { ...stored, id: 'c-9' } });
    await store.delete(caller, 'org-1', 'c-9');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('answers its own "not found"', async () => {
    dynamo.on(GetCommand).resolves({});
    await expect(store.get('org-1', 'nope')).rejects.toMatchObject({ kind: 'not-found', message: MESSAGES.correctiveActionNotFound });
  });
});
