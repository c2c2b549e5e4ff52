import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataLoggingProfileInput } from '@domain/devices/data-logging-profile';
import type { Caller } from '../../shared/caller';
import { DataLoggingProfileStore } from './data-logging-profiles';

const dynamo = mockClient(DynamoDBDocumentClient);
const store = new DataLoggingProfileStore(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' })), 'table', () => new Date('2026-03-01T10:00:00Z'));
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };
const input: DataLoggingProfileInput = {
  name: 'Every 5 minutes', description: '', enabled: true, valueToLog: 'instant', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0.5, schedule: { kind: 'always' },
};
const stored = { pk: 'C#org-1#DATALOGGINGPROFILE', sk: 'DATALOGGINGPROFILE#p-1', id: 'p-1', ...input, useCount: 0, version: 3 };

/** Each transaction's writes to the organisation's device configuration version (what the ingest's cache watches). */
const versionBumps = () => dynamo.commandCalls(TransactWriteCommand).map((call) => (call.args[0].input.TransactItems ?? [])
  .filter((item) => item.Update?.Key?.['pk'] === 'C#org-1#DEVICECONFIG' && item.Update.Key['sk'] === 'VERSION')
  .map((item) => [item.Update?.UpdateExpression, item.Update?.ExpressionAttributeValues]));

describe('DataLoggingProfileStore and the device configuration version', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(GetCommand).resolves({ Item: stored });
  });

  it('every create, update and delete adds 1 to the version in its own transaction', async () => {
    await store.create(caller, 'org-1', input);
    await store.update(caller, 'org-1', 'p-1', { ...input, deviation: 1 });
    await store.delete(caller, 'org-1', 'p-1');
    expect(versionBumps()).toEqual([
      [['ADD #version :one', { ':one': 1 }]],
      [['ADD #version :one', { ':one': 1 }]],
      [['ADD #version :one', { ':one': 1 }]],
    ]);
  });

  it('an update that changes nothing writes nothing, so the version stays', async () => {
    await store.update(caller, 'org-1', 'p-1', input);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
