import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { conflict, DomainError, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { runTransaction, TRANSACTION_ATTEMPTS, type GuardedItem } from './transaction';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));

const cancelled = (...codes: string[]) => new TransactionCanceledException({
  message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })),
});

const put = (pk: string, onConditionFailed?: () => DomainError): GuardedItem => ({
  item: { Put: { TableName: 't', Item: { pk, sk: 'x' }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ...(onConditionFailed ? { onConditionFailed } : {}),
});

describe('runTransaction', () => {
  beforeEach(() => dynamo.reset());

  it('writes every item in one transaction, in order', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await runTransaction(client, [put('a'), put('b')]);
    const sent = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems;
    expect(sent?.map((item) => item.Put?.Item?.['pk'])).toEqual(['a', 'b']);
  });

  it("names the first failed item that has the user's words", async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'ConditionalCheckFailed'));
    const error = await runTransaction(client, [
      put('item'),
      put('site name', () => conflict(MESSAGES.siteNameTaken)),
      put('site id', () => conflict(MESSAGES.siteIdTaken)),
    ]).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'conflict', message: MESSAGES.siteNameTaken });
  });

  it('says "changed by someone else" for a failed optimistic lock or a conflicting transaction', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(runTransaction(client, [put('item'), put('marker', () => notFound())])).rejects.toMatchObject({ message: MESSAGES.concurrentChange });
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None'));
    await expect(runTransaction(client, [put('item'), put('other')])).rejects.toMatchObject({ message: MESSAGES.concurrentChange });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1 + TRANSACTION_ATTEMPTS);
  });

  it('tries a transaction that only collided with another again, and succeeds when the other is done', async () => {
    dynamo.on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('TransactionConflict', 'None'))
      .resolves({});
    await runTransaction(client, [put('sensor'), put('organisation version')]);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('never tries again when a condition failed beside the collision', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'TransactionConflict'));
    await expect(runTransaction(client, [put('item', () => conflict(MESSAGES.siteNameTaken)), put('other')])).rejects.toMatchObject({ message: MESSAGES.siteNameTaken });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('lets any other failure through', async () => {
    dynamo.on(TransactWriteCommand).rejects(new Error('throttled'));
    await expect(runTransaction(client, [put('item')])).rejects.toThrow('throttled');
  });
});
