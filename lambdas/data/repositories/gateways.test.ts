import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { gatewayInputSchema } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import type { Caller } from '../../shared/caller';
import { GatewayInUseError, GatewayStore, toGatewayRecord } from './gateways';

const dynamo = mockClient(DynamoDBDocumentClient);
const store = new GatewayStore(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' })), 'table', () => new Date('2026-03-01T10:00:00Z'));
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };
const stored = toGatewayRecord({
  id: 'A84041FFFF1E2B3C', eui: 'A84041FFFF1E2B3C', macId: '00:1A:2B:3C:4D:5E', name: 'Back store', model: 'GW-LR8', locationIds: ['l-1', 'l-2'],
  siteId: 's-1', notes: '', imageFileIds: [], isActive: true, sensorCount: 3, noteCount: 0, version: 4,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', createdBy: 'x', updatedBy: 'x',
});
const input = (overrides: Record<string, unknown> = {}) => gatewayInputSchema.parse({
  name: 'Back store', model: 'GW-LR8', macId: '00:1A:2B:3C:4D:5E', eui: 'a84041ffff1e2b3c', locationIds: ['l-1', 'l-2'], siteId: 's-1', ...overrides,
});
const transactItems = () => dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
/** The transaction adds 1 to the organisation's device configuration version (what the ingest's cache watches). */
const versionBumps = () => transactItems().filter((item) => item.Update?.Key?.['pk'] === 'C#org-1#DEVICECONFIG' && item.Update.Key['sk'] === 'VERSION'
  && item.Update.UpdateExpression === 'ADD #version :one').length;

describe('GatewayStore', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
  });

  it('creates the gateway under its EUI, claims its MAC id, attaches it to its site and locations, with its audit entry', async () => {
    const record = await store.create(caller, 'org-1', input());
    expect(record).toMatchObject({ id: 'A84041FFFF1E2B3C', sensorCount: 0, noteCount: 0, version: 1 });
    const items = transactItems();
    expect(items[0]?.Put).toMatchObject({
      Item: { pk: 'C#org-1#GATEWAY', sk: 'GATEWAY#A84041FFFF1E2B3C', gsi1pk: 'C#org-1#GATEWAY#ACTIVE', type: 'GATEWAY' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[1]?.Put).toMatchObject({ Item: { pk: 'C#org-1#UNIQUE#GATEWAY#macId#00%3A1a%3A2b%3A3c%3A4d%3A5e', sk: 'UNIQUE' }, ConditionExpression: 'attribute_not_exists(pk)' });
    const referenceKeys = items.flatMap((item) => (item.Put?.Item?.['type'] === 'REFERENCE' ? [item.Put.Item['pk']] : []));
    expect(referenceKeys).toEqual(['C#org-1#SITE#s-1#REF', 'C#org-1#LOCATION#l-1#REF', 'C#org-1#LOCATION#l-2#REF']);
    expect(items.at(-1)?.Put?.Item).toMatchObject({ entityType: 'GATEWAY', entityId: 'A84041FFFF1E2B3C', action: 'create' });
    expect(versionBumps()).toBe(1);
  });

  it("says 'Gateway already added!' when the EUI's item or the MAC marker already exists", async () => {
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({
      message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    }));
    await expect(store.create(caller, 'org-1', input())).rejects.toMatchObject({ kind: 'conflict', message: 'Gateway already added!' });
  });

  it('updates with SET of the changed fields only (never a Put over the counters), on the version, moving references', async () => {
    const after = await store.update(caller, 'org-1', stored, input({ name: 'Cold room', siteId: 's-2', locationIds: ['l-2', 'l-3'], macId: '001A2B3C4D5F' }));
    expect(after).toMatchObject({ name: 'Cold room', siteId: 's-2', sensorCount: 3, version: 5 });
    const items = transactItems();
    const own = items[0]?.Update;
    expect(own?.Key).toEqual({ pk: 'C#org-1#GATEWAY', sk: 'GATEWAY#A84041FFFF1E2B3C' });
    expect(own?.ConditionExpression).toBe('#version = :expected');
    expect(own?.ExpressionAttributeValues?.[':expected']).toBe(4);
    expect(Object.values(own?.ExpressionAttributeNames ?? {})).not.toContain('sensorCount');
    expect(Object.values(own?.ExpressionAttributeNames ?? {})).not.toContain('noteCount');
    expect(items.some((item) => item.Put?.Item?.['type'] === 'GATEWAY')).toBe(false);
    // The MAC markers swap; the site and location l-1 let go; the new site and l-3 take it; l-2 learns its new name.
    const deleted = items.flatMap((item) => (item.Delete ? [String(item.Delete.Key?.['pk'])] : []));
    expect(deleted).toEqual(expect.arrayContaining(['C#org-1#UNIQUE#GATEWAY#macId#00%3A1a%3A2b%3A3c%3A4d%3A5e', 'C#org-1#SITE#s-1#REF', 'C#org-1#LOCATION#l-1#REF']));
    const put = items.flatMap((item) => (item.Put ? [String(item.Put.Item?.['pk'])] : []));
    expect(put).toEqual(expect.arrayContaining(['C#org-1#UNIQUE#GATEWAY#macId#00%3A1a%3A2b%3A3c%3A4d%3A5f', 'C#org-1#SITE#s-2#REF', 'C#org-1#LOCATION#l-3#REF', 'C#org-1#LOCATION#l-2#REF']));
    expect(versionBumps()).toBe(1);
  });

  it('writes nothing when nothing changed, and refuses a new EUI', async () => {
    expect(await store.update(caller, 'org-1', stored, input())).toBe(stored);
    await expect(store.update(caller, 'org-1', stored, input({ eui: 'A84041FFFF1E2B3D' }))).rejects.toMatchObject({ message: MESSAGES.gatewayEuiFixed });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses to delete a gateway with sensors, naming it and its sensor count, and writes nothing', async () => {
    const refusal = await store.delete(caller, 'org-1', stored).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(GatewayInUseError);
    expect((refusal as GatewayInUseError).refusal).toEqual({
      message: 'Gateway Back store cannot be deleted: it has 3 sensor(s) and 0 note(s). Remove them first.', gatewayName: 'Back store', sensorCount: 3, noteCount: 0,
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('deletes a free gateway on its version and both counters, and names a sensor that arrived meanwhile', async () => {
    const free = { ...stored, sensorCount: 0 };
    await store.delete(caller, 'org-1', free);
    expect(transactItems()[0]?.Delete).toMatchObject({
      ConditionExpression: '#version = :expected AND (attribute_not_exists(sensorCount) OR sensorCount <= :zero) AND (attribute_not_exists(noteCount) OR noteCount <= :zero)',
      ExpressionAttributeValues: { ':expected': 4, ':zero': 0 },
    });
    expect(transactItems()[1]?.Delete?.Key).toEqual({ pk: 'C#org-1#GATEWAY', sk: 'GATEWAY#A84041FFFF1E2B3C#STATE' });
    expect(versionBumps()).toBe(1);
    // A timer for the alarm clock's next minute: it finds the gateway gone and clears its open alarms.
    expect(transactItems().flatMap((item) => (item.Put?.Item?.['pk'] === 'ALARMCLOCK#2026-03-01T10:00' ? [item.Put.Item['timers']] : []))).toEqual([{ 'org-1': ['GA84041FFFF1E2B3C'] }]);

    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }));
    dynamo.on(GetCommand).resolves({ Item: { ...free, type: 'GATEWAY', sensorCount: 1 } });
    await expect(store.delete(caller, 'org-1', free)).rejects.toMatchObject({ refusal: { sensorCount: 1 } });
  });

  it("counts the gateway on the alarm profile it names: +1 on create, -1 and +1 on a change, -1 on delete, each on the profile existing", async () => {
    // Prepare
    const alarmProfileUses = () => dynamo.commandCalls(TransactWriteCommand).map((call) => (call.args[0].input.TransactItems ?? [])
      .filter((item) => String(item.Update?.Key?.['pk']) === 'C#org-1#ALARMPROFILE')
      .map((item) => [item.Update?.Key?.['sk'], item.Update?.ExpressionAttributeNames?.['#count'], item.Update?.ExpressionAttributeValues?.[':delta'], item.Update?.ConditionExpression]));
    const using = { ...stored, sensorCount: 0, alarmProfileId: 'ap-1' };

    // Act
    await store.create(caller, 'org-1', input({ alarmProfileId: 'ap-1' }));
    await store.update(caller, 'org-1', using, input({ alarmProfileId: 'ap-2' }));
    await store.update(caller, 'org-1', using, input({ alarmProfileId: 'ap-1', name: 'Renamed' }));
    await store.delete(caller, 'org-1', using);

    // Assess
    expect(alarmProfileUses()).toEqual([
      [['ALARMPROFILE#ap-1', 'gatewayCount', 1, 'attribute_exists(pk)']],
      [['ALARMPROFILE#ap-1', 'gatewayCount', -1, 'attribute_exists(pk)'], ['ALARMPROFILE#ap-2', 'gatewayCount', 1, 'attribute_exists(pk)']],
      [],
      [['ALARMPROFILE#ap-1', 'gatewayCount', -1, 'attribute_exists(pk)']],
    ]);
  });

  it('refuses a gateway naming an alarm profile the organisation does not have', async () => {
    // Prepare: the profile's count is the item whose condition fails.
    dynamo.on(TransactWriteCommand).callsFake((transaction: { TransactItems: { Update?: { Key?: Record<string, unknown> } }[] }) => {
      throw new TransactionCanceledException({
        message: 'cancelled', $metadata: {},
        CancellationReasons: transaction.TransactItems.map((item) => ({ Code: item.Update?.Key?.['pk'] === 'C#org-1#ALARMPROFILE' ? 'ConditionalCheckFailed' : 'None' })),
      });
    });

    // Act, Assess
    await expect(store.create(caller, 'org-1', input({ alarmProfileId: 'missing' }))).rejects.toMatchObject({ kind: 'validation', message: MESSAGES.alarmProfileUnknown });
  });
});
