import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { batchGet, batchWrite, type WriteRequest } from './batch';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const noPause = { backoffMs: () => 0 };
const keys = (count: number) => Array.from({ length: count }, (_unused, index) => ({ pk: 'p', sk: `s${index}` }));

describe('batch get', () => {
  beforeEach(() => dynamo.reset());

  it('reads in chunks of 100, strongly consistent, and asks again for unprocessed keys', async () => {
    // Prepare: the first call leaves one key unprocessed.
    dynamo.on(BatchGetCommand)
      .resolvesOnce({ Responses: { t: [{ pk: 'p', sk: 's0' }] }, UnprocessedKeys: { t: { Keys: [{ pk: 'p', sk: 's1' }] } } })
      .resolves({ Responses: { t: [{ pk: 'p', sk: 's1' }] } });
    // Act
    const items = await batchGet(client, 't', keys(101), noPause);
    // Assess
    const calls = dynamo.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.['t']);
    expect(calls.map((request) => request?.Keys?.length)).toEqual([100, 1, 1]);
    expect(calls.every((request) => request?.ConsistentRead === true)).toBe(true);
    expect(items).toHaveLength(3);
  });

  it('gives up when keys stay unprocessed after the attempts', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { t: [] }, UnprocessedKeys: { t: { Keys: [{ pk: 'p', sk: 's0' }] } } });
    await expect(batchGet(client, 't', keys(1), { ...noPause, attempts: 3 })).rejects.toThrow('still unprocessed after 3 attempts');
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(3);
  });

  it('sends nothing for no keys', async () => {
    expect(await batchGet(client, 't', [])).toEqual([]);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
  });
});

describe('batch write', () => {
  beforeEach(() => dynamo.reset());

  it('writes in chunks of 25 and sends unprocessed items again', async () => {
    const requests: WriteRequest[] = keys(26).map((key) => ({ PutRequest: { Item: key } }));
    dynamo.on(BatchWriteCommand).resolvesOnce({ UnprocessedItems: { t: [{ PutRequest: { Item: { pk: 'p', sk: 's3' } } }] } }).resolves({});
    await batchWrite(client, 't', requests, noPause);
    expect(dynamo.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.['t']?.length)).toEqual([25, 1, 1]);
  });

  it('gives up when items stay unprocessed after the attempts', async () => {
    const unprocessed = [{ DeleteRequest: { Key: { pk: 'p', sk: 's0' } } }];
    dynamo.on(BatchWriteCommand).resolves({ UnprocessedItems: { t: unprocessed } });
    await expect(batchWrite(client, 't', unprocessed, { ...noPause, attempts: 2 })).rejects.toThrow('BatchWriteItem: 1 still unprocessed after 2 attempts');
  });

  it('reports the capacity each call consumed, and each retry, when asked', async () => {
    // Prepare: the first call leaves one item unprocessed.
    const requests: WriteRequest[] = keys(2).map((key) => ({ PutRequest: { Item: key } }));
    dynamo.on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { t: [{ PutRequest: { Item: { pk: 'p', sk: 's1' } } }] }, ConsumedCapacity: [{ TableName: 't', CapacityUnits: 1 }] })
      .resolves({ ConsumedCapacity: [{ TableName: 't', CapacityUnits: 1 }] });
    const consumed: number[] = [];
    const retried: number[] = [];
    // Act
    await batchWrite(client, 't', requests, { ...noPause, onConsumed: (entries) => consumed.push(...entries.map((entry) => entry.CapacityUnits ?? 0)), onRetry: (pending) => retried.push(pending) });
    // Assess
    expect(dynamo.commandCalls(BatchWriteCommand).every((call) => call.args[0].input.ReturnConsumedCapacity === 'TOTAL')).toBe(true);
    expect(consumed).toEqual([1, 1]);
    expect(retried).toEqual([1]);
  });

  it('asks for no consumed capacity unless told to report it', async () => {
    dynamo.on(BatchWriteCommand).resolves({});
    await batchWrite(client, 't', [{ PutRequest: { Item: { pk: 'p', sk: 's0' } } }], noPause);
    expect(dynamo.commandCalls(BatchWriteCommand)[0]?.args[0].input.ReturnConsumedCapacity).toBeUndefined();
  });
});
