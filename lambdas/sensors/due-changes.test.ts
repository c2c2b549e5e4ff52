import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../shared/observability.test-support';
import { applyDueChanges, hourOf, hoursFrom, hoursToRead, MAX_HOURS_PER_RUN } from './due-changes';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const { logger } = recordingLogger('ERROR');
const now = new Date('2026-05-01T12:20:00Z');

const change = { id: 'c-1', action: 'disable', at: '2026-05-01T12:05:00.000Z', reason: 'Refit', requestedBy: 'admin@x.example', requestedAt: '2026-04-30T09:00:00.000Z', requestedByUserId: 'u-1', requestedByRole: 'admin' };
const sensor = {
  pk: 'C#org-1#SENSOR', sk: 'SENSOR#A1B2C3D4', id: 'A1B2C3D4', name: 'Cooler', deviceModel: 'CT-100', siteId: 's-1', locationId: 'l-1', gatewayId: 'G1',
  channels: [], connectionType: 'subGhz', deviceStatus: 'active', disabled: false, scheduledChanges: [change], version: 3, createdAt: '2026-04-01T00:00:00Z',
};

function dueIn(hour: string, items: Record<string, unknown>[]) {
  dynamo.on(QueryCommand, { IndexName: 'gsi1', ExpressionAttributeValues: { ':pk': `DEVICECHANGE#DUE#${hour}` } }).resolves({ Items: items });
}

describe('the hours a run reads', () => {
  it('lists hours, both ends included, at most a month', () => {
    expect(hoursFrom('2026-04-30T23', '2026-05-01T01')).toEqual(['2026-04-30T23', '2026-05-01T00', '2026-05-01T01']);
    expect(hoursFrom('2026-01-01T00', '2026-12-31T00')).toHaveLength(MAX_HOURS_PER_RUN);
    expect(hourOf('2026-05-01T12:59:59.999Z')).toBe('2026-05-01T12');
  });

  it('starts a day back on a first run, where the last run left off, and always reads the previous hour', () => {
    expect(hoursToRead(now, undefined)).toHaveLength(25);
    expect(hoursToRead(now, undefined)[0]).toBe('2026-04-30T12');
    expect(hoursToRead(now, '2026-05-01T09')).toEqual(['2026-05-01T09', '2026-05-01T10', '2026-05-01T11', '2026-05-01T12']);
    expect(hoursToRead(now, '2026-05-01T12')).toEqual(['2026-05-01T11', '2026-05-01T12']);
  });
});

describe('applyDueChanges', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand).resolves({ Item: { resumeFrom: '2026-05-01T11' } });
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(QueryCommand, { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :config AND :state' }).resolves({ Items: [sensor] });
    dynamo.on(PutCommand).resolves({});
  });

  it('applies a due change in one transaction: the sensor disabled, the change and its due item gone, credited to who asked', async () => {
    dueIn('2026-05-01T12', [{ customerId: 'org-1', deviceId: 'A1B2C3D4', changeId: 'c-1' }]);
    dynamo.on(TransactWriteCommand).resolves({});
    const run = await applyDueChanges(client, 'table', now, logger);
    expect(run).toEqual({ applied: 1, stale: 0, failed: 0, hours: 2 });
    // Only what is due by now is asked for.
    const dueQuery = dynamo.commandCalls(QueryCommand).find((call) => call.args[0].input.IndexName === 'gsi1');
    expect(dueQuery?.args[0].input.ExpressionAttributeValues?.[':upper']).toBe('2026-05-01T12:20:00.000Z$');
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    const update = items[0]?.Update;
    expect(update?.ConditionExpression).toBe('#version = :expected');
    expect(Object.values(update?.ExpressionAttributeValues ?? {})).toEqual(expect.arrayContaining([true, [], 3]));
    expect(items.find((item) => item.Delete)?.Delete?.Key).toEqual({ pk: 'C#org-1#SENSOR#A1B2C3D4', sk: 'SCHEDULEDCHANGE#c-1' });
    // The organisation's device configuration version moves with it, so the ingest's cache reloads within its check.
    expect(items.filter((item) => item.Update?.Key?.['pk'] === 'C#org-1#DEVICECONFIG' && item.Update.UpdateExpression === 'ADD #version :one')).toHaveLength(1);
    const audit = items.find((item) => item.Put?.Item?.['type'] === 'AuditEntry')?.Put?.Item;
    expect(audit?.['actor']).toEqual({ userId: 'u-1', email: 'admin@x.example', role: 'admin' });
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ resumeFrom: '2026-05-01T12', applied: 1 });
  });

  it('only removes the due item of a change no longer pending', async () => {
    dueIn('2026-05-01T11', [{ customerId: 'org-1', deviceId: 'A1B2C3D4', changeId: 'cancelled' }]);
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await applyDueChanges(client, 'table', now, logger)).toMatchObject({ applied: 0, stale: 1 });
    expect(dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems).toEqual([
      { Delete: { TableName: 'table', Key: { pk: 'C#org-1#SENSOR#A1B2C3D4', sk: 'SCHEDULEDCHANGE#cancelled' } } },
    ]);
  });

  it('leaves a change that fails for the next run, which resumes from its hour', async () => {
    dueIn('2026-05-01T11', [{ customerId: 'org-1', deviceId: 'A1B2C3D4', changeId: 'c-1' }]);
    dynamo.on(TransactWriteCommand).rejects(new Error('throttled'));
    expect(await applyDueChanges(client, 'table', now, logger)).toMatchObject({ applied: 0, failed: 1 });
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ resumeFrom: '2026-05-01T11', failed: 1 });
  });
});
