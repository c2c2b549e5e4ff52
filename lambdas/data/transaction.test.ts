import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { claimUnique } from './entities/unique-marker';
import { refusedWith, runTransaction, TRANSACTION_ATTEMPTS, type GuardedItem } from './transaction';
import { counterAdd, createPut } from './writes';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));

const cancelled = (...codes: string[]) => new TransactionCanceledException({
  message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })),
});

const item = (pk: string): GuardedItem => createPut({ TableName: 't', Item: { pk, sk: 'x' } });
const sites = { TableName: 't', Key: { pk: 'C#org#SITE', sk: 'SITE#s-1' } };

describe('the transaction runner', () => {
  beforeEach(() => dynamo.reset());

  it('tries a transaction that only collided with another again, and succeeds', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict')).resolves({});
    // Act
    await runTransaction(client, [item('a'), counterAdd(sites, 'refCount', 1)]);
    // Assess
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('maps a cancellation on item N to the refusal item N declares', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ConditionalCheckFailed'));
    const items = [
      item('a'),
      claimUnique('t', { customerId: 'org', entityType: 'SITE', field: 'name', value: 'Kitchen' }, 's-1', MESSAGES.siteNameTaken),
      refusedWith(counterAdd(sites, 'refCount', 1).item, MESSAGES.unknownSite),
    ];
    await expect(runTransaction(client, items)).rejects.toMatchObject({ kind: 'conflict', message: MESSAGES.unknownSite });
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));
    await expect(runTransaction(client, items)).rejects.toMatchObject({ kind: 'conflict', message: MESSAGES.siteNameTaken });
  });

  it('says "changed by someone else" for a failed condition without a refusal of its own', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(runTransaction(client, [item('a'), item('b')])).rejects.toMatchObject({ message: MESSAGES.concurrentChange });
  });

  it('gives up after TRANSACTION_ATTEMPTS collisions, as a concurrent change', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(runTransaction(client, [item('a')])).rejects.toMatchObject({ kind: 'conflict', message: MESSAGES.concurrentChange });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(TRANSACTION_ATTEMPTS);
  });
});
