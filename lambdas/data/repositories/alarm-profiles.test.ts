import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { alarmProfileInputSchema, type AlarmProfileInput } from '@domain/alarms/alarm-profile';
import { DomainError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { alarmProfileUseMoves, alarmProfileUseUpdate, runTransaction } from '..';
import type { Caller } from '../../shared/caller';
import { AlarmProfileStore } from './alarm-profiles';

const dynamo = mockClient(DynamoDBDocumentClient);
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const store = new AlarmProfileStore(documents, 'table', () => new Date('2026-03-01T10:00:00Z'));
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };
const form: AlarmProfileInput = {
  name: 'Walk-in cooler', description: 'Cooler 0-5 °C', types: ['outOfRange', 'inactivity'], alarmDelayMinutes: 30, notificationDelayMinutes: 0,
  snoozeIntervalMinutes: 30, snoozeLimit: 3, min: 0, max: 5,
};
const input = alarmProfileInputSchema.parse(form);
const key = { pk: 'C#org-1#ALARMPROFILE', sk: 'ALARMPROFILE#p-1' };
const stored = { ...key, id: 'p-1', ...input, sensorCount: 0, gatewayCount: 0, createdAt: '2026-02-01T00:00:00.000Z', updatedAt: '2026-02-01T00:00:00.000Z', createdBy: 'a', updatedBy: 'a', version: 3 };

const transactItems = (call = 0) => dynamo.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? [];
const cancelled = (...codes: string[]) => new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });
const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.catch((caught: unknown) => caught);
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
};

describe('AlarmProfileStore', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(GetCommand).resolves({ Item: stored });
  });

  it('creates the profile with no users, its name marker, its audit entry (without counts) and the device configuration version in one transaction', async () => {
    // Act
    const created = await store.create(caller, 'org-1', input);

    // Assess
    expect(created).toMatchObject({ name: 'Walk-in cooler', min: 0, max: 5, unit: 'C', sensorCount: 0, gatewayCount: 0, version: 1 });
    const items = transactItems();
    expect(items.map((item) => [Object.keys(item)[0], item.Put?.Item?.['pk'] ?? item.Update?.Key?.['pk']])).toEqual([
      ['Put', 'C#org-1#ALARMPROFILE'],
      ['Put', 'C#org-1#UNIQUE#ALARMPROFILE#name#walk-in%20cooler'],
      ['Put', 'C#org-1#AUDIT'],
      ['Update', 'C#org-1#DEVICECONFIG'],
    ]);
    expect(items[0]?.Put).toMatchObject({ Item: { sk: `ALARMPROFILE#${created.id}`, gsi1sk: `NAME#walk-in%20cooler#${created.id}`, sensorCount: 0, gatewayCount: 0 }, ConditionExpression: 'attribute_not_exists(pk)' });
    const audited = JSON.stringify(items[2]?.Put?.Item);
    expect(audited).not.toContain('sensorCount');
    expect(audited).not.toContain('gatewayCount');
  });

  it('keeps limits given in °F in °C', async () => {
    // Act
    const created = await store.create(caller, 'org-1', alarmProfileInputSchema.parse({ ...form, unit: 'F', min: 32, max: 41, deadband: 0.9 }));

    // Assess
    expect(created).toMatchObject({ unit: 'C', min: 0, max: 5, deadband: 0.5 });
    expect(transactItems()[0]?.Put?.Item).toMatchObject({ unit: 'C', min: 0, max: 5, deadband: 0.5 });
  });

  it('a taken name is refused with its message', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'));

    // Act
    const refusal = await refusalOf(store.create(caller, 'org-1', input));

    // Assess
    expect(refusal.message).toBe(MESSAGES.alarmProfileNameTaken);
    expect(refusal.code).toBe('alarmProfileNameTaken');
  });

  it('an update writes only the changed fields (never the counts), clears a limit the form leaves out, and moves the version', async () => {
    // Act
    await store.update(caller, 'org-1', 'p-1', alarmProfileInputSchema.parse({ ...form, types: ['inactivity'], min: undefined, max: undefined, alarmDelayMinutes: 10 }));

    // Assess
    const [update, , config] = transactItems();
    expect(update?.Update?.UpdateExpression).toMatch(/REMOVE/);
    expect(JSON.stringify(update?.Update)).not.toContain('sensorCount');
    expect(Object.values(update?.Update?.ExpressionAttributeNames ?? {})).toEqual(expect.arrayContaining(['types', 'alarmDelayMinutes', 'min', 'max']));
    expect(update?.Update?.ConditionExpression).toContain('version');
    expect(config?.Update?.Key).toEqual({ pk: 'C#org-1#DEVICECONFIG', sk: 'VERSION' });
  });

  it('an update that changes nothing writes nothing', async () => {
    await store.update(caller, 'org-1', 'p-1', input);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('a delete is conditioned on the version and on no sensor or gateway using the profile', async () => {
    // Act
    await store.delete(caller, 'org-1', 'p-1');

    // Assess
    const [deleted] = transactItems();
    expect(deleted?.Delete).toMatchObject({ Key: key, ExpressionAttributeValues: { ':expected': 3, ':zero': 0 } });
    expect(deleted?.Delete?.ConditionExpression).toContain('sensorCount <= :zero');
    expect(deleted?.Delete?.ConditionExpression).toContain('gatewayCount <= :zero');
  });

  it('a delete while sensors or gateways use the profile is refused naming how many, before anything is written', async () => {
    // Prepare
    dynamo.on(GetCommand).resolves({ Item: { ...stored, sensorCount: 2, gatewayCount: 1 } });

    // Act
    const refusal = await refusalOf(store.delete(caller, 'org-1', 'p-1'));

    // Assess
    expect(refusal.kind).toBe('conflict');
    expect(refusal.message).toBe('This alarm profile cannot be deleted: 2 sensor(s) and 1 gateway(s) use it.');
    expect(refusal.code).toBe('alarmProfileInUse');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('a device that started to use the profile since the read makes the delete refused with the counts read again', async () => {
    // Prepare
    dynamo.on(GetCommand).resolvesOnce({ Item: stored }).resolves({ Item: { ...stored, sensorCount: 1 } });
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));

    // Act
    const refusal = await refusalOf(store.delete(caller, 'org-1', 'p-1'));

    // Assess
    expect(refusal.message).toBe('This alarm profile cannot be deleted: 1 sensor(s) and 0 gateway(s) use it.');
  });
});

describe('alarmProfileUseUpdate', () => {
  beforeEach(() => {
    dynamo.reset();
  });

  it("adds to the sensors' or gateways' count on the condition that the profile exists", () => {
    expect(alarmProfileUseUpdate('table', 'org-1', 'p-1', 'gateway', -1).item).toEqual({
      Update: {
        TableName: 'table', Key: key, UpdateExpression: 'ADD #count :delta', ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#count': 'gatewayCount' }, ExpressionAttributeValues: { ':delta': -1 },
      },
    });
  });

  it('a missing profile is refused with the spec message, as a 400', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));

    // Act
    const refusal = await refusalOf(runTransaction(documents, [alarmProfileUseUpdate('table', 'org-1', 'missing', 'sensor', 1)]));

    // Assess
    expect(refusal.kind).toBe('validation');
    expect(refusal.message).toBe(MESSAGES.alarmProfileUnknown);
  });

  it('a device that changes profile leaves one and takes the other; one that keeps it writes nothing', () => {
    const deltas = (before: string | undefined, after: string | undefined) => alarmProfileUseMoves('table', 'org-1', 'sensor', before, after)
      .map(({ item }) => [item.Update?.Key?.['sk'], item.Update?.ExpressionAttributeValues?.[':delta']]);
    expect(deltas('a', 'b')).toEqual([['ALARMPROFILE#a', -1], ['ALARMPROFILE#b', 1]]);
    expect(deltas(undefined, 'b')).toEqual([['ALARMPROFILE#b', 1]]);
    expect(deltas('a', undefined)).toEqual([['ALARMPROFILE#a', -1]]);
    expect(deltas('a', 'a')).toEqual([]);
  });
});
