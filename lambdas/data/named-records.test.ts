import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { DataLoggingProfileInput } from '@domain/devices/data-logging-profile';
import type { UserView, UserViewInput } from '@domain/identity/user-views';
import type { Caller } from '../shared/caller';
import { ENTITY } from './entities/audit-entry';
import {
  DATA_LOGGING_PROFILE_FIELDS, dataLoggingProfileDeleteWhenUnused, dataLoggingProfileKey, dataLoggingProfilePut, dataLoggingProfilesByName,
  dataLoggingProfileUpdate, toDataLoggingProfileRecord, type DataLoggingProfileRecord,
} from './entities/data-logging-profile';
import { deviceConfigVersionBump } from './entities/device-config-version';
import { toUserView, userViewKey, userViewPut, userViewsByName } from './entities/user-view';
import { NamedRecordStore } from './named-records';
import type { GuardedItem } from './transaction';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const clock = () => new Date('2026-03-01T10:00:00Z');
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };

/** The smallest definition: every update puts the whole record again. */
const views = new NamedRecordStore<UserView, UserViewInput>(client, 'table', clock, {
  entityType: ENTITY.userView, put: userViewPut, key: userViewKey, byName: userViewsByName, decode: toUserView,
  messages: { notFound: MESSAGES.userViewNotFound, nameTaken: MESSAGES.userViewNameTaken },
});

/** Every option: a use count, fields-only updates, a delete refused while in use, an item more in each transaction. */
class Profiles extends NamedRecordStore<DataLoggingProfileRecord, DataLoggingProfileInput> {
  constructor() {
    super(client, 'table', clock, {
      entityType: ENTITY.dataLoggingProfile, put: dataLoggingProfilePut, key: dataLoggingProfileKey, byName: dataLoggingProfilesByName,
      decode: toDataLoggingProfileRecord,
      messages: { notFound: MESSAGES.dataLoggingProfileNotFound, nameTaken: MESSAGES.dataLoggingProfileNameTaken },
      initial: () => ({ useCount: 0 }),
      audited: ({ useCount: _uses, ...fields }) => fields,
      changedFields: { fields: DATA_LOGGING_PROFILE_FIELDS, update: dataLoggingProfileUpdate },
      inUse: { isInUse: (profile) => profile.useCount > 0, deleteWhenUnused: dataLoggingProfileDeleteWhenUnused, message: MESSAGES.dataLoggingProfileInUse },
    });
  }

  protected override alsoWrittenOnDelete(customerId: string): GuardedItem[] {
    return [deviceConfigVersionBump(this.tableName, customerId)];
  }
}
const profiles = new Profiles();

const viewItem = { pk: 'C#org-1#USERVIEW', sk: 'USERVIEW#v-1', id: 'v-1', name: 'Cold rooms', siteIds: ['s-1'], departmentIds: [], divisionIds: [], createdAt: 'x', updatedAt: 'x', createdBy: 'x', updatedBy: 'x', version: 2 };
const profileInput: DataLoggingProfileInput = {
  name: 'Every 5 minutes', description: '', enabled: true, valueToLog: 'instant', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0.5, schedule: { kind: 'always' },
};
const profileItem = { pk: 'C#org-1#DATALOGGINGPROFILE', sk: 'DATALOGGINGPROFILE#p-1', id: 'p-1', ...profileInput, useCount: 0, version: 3 };

const transactItems = (call = 0) => dynamo.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? [];
const pkOf = (item: ReturnType<typeof transactItems>[number]) =>
  String(item.Put?.Item?.['pk'] ?? item.Delete?.Key?.['pk'] ?? item.Update?.Key?.['pk']);
const cancelled = (...codes: string[]) => new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

describe('named, versioned, audited records', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: { pk: viewItem.pk, sk: viewItem.sk } }).resolves({ Item: viewItem });
    dynamo.on(GetCommand, { Key: { pk: profileItem.pk, sk: profileItem.sk } }).resolves({ Item: profileItem });
  });

  it('creates the record, claims its name and writes its audit entry in one transaction; a taken name is refused with its message', async () => {
    // Act
    const view = await views.create(caller, 'org-1', { name: 'Freezers', siteIds: ['s-1'], departmentIds: [], divisionIds: [] });
    // Assess
    expect(view).toMatchObject({ name: 'Freezers', version: 1, createdAt: '2026-03-01T10:00:00.000Z', createdBy: caller.email });
    expect(transactItems().map(pkOf)).toEqual(['C#org-1#USERVIEW', 'C#org-1#UNIQUE#USERVIEW#name#freezers', 'C#org-1#AUDIT']);
    expect(transactItems()[0]?.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(transactItems()[2]?.Put?.Item).toMatchObject({ action: 'create', entityType: ENTITY.userView, entityId: view.id, at: '2026-03-01T10:00:00.000Z' });

    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));
    await expect(views.create(caller, 'org-1', { name: 'Freezers', siteIds: [], departmentIds: [], divisionIds: [] }))
      .rejects.toMatchObject({ kind: 'conflict', message: MESSAGES.userViewNameTaken });
  });

  it('updates on the version read and swaps the name markers only when the name key changes', async () => {
    const renamed = await views.update(caller, 'org-1', 'v-1', { name: 'Freezers', siteIds: ['s-1'], departmentIds: [], divisionIds: [] });
    expect(renamed.version).toBe(3);
    expect(transactItems()[0]?.Put).toMatchObject({ ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': 2 } });
    expect(transactItems().map(pkOf)).toEqual(['C#org-1#USERVIEW', 'C#org-1#AUDIT', 'C#org-1#UNIQUE#USERVIEW#name#freezers', 'C#org-1#UNIQUE#USERVIEW#name#cold%20rooms']);

    await views.update(caller, 'org-1', 'v-1', { name: ' COLD ROOMS ', siteIds: ['s-1'], departmentIds: [], divisionIds: [] });
    expect(transactItems(1).map(pkOf)).toEqual(['C#org-1#USERVIEW', 'C#org-1#AUDIT']);
  });

  it('with changed fields, writes only those (nothing when none changed) and audits without what others keep', async () => {
    expect(await profiles.update(caller, 'org-1', 'p-1', profileInput)).toMatchObject({ version: 3 });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);

    await profiles.update(caller, 'org-1', 'p-1', { ...profileInput, deviation: 1 });
    const [update, audit] = transactItems();
    expect(update?.Update?.ConditionExpression).toBe('#version = :expected');
    expect(update?.Update?.UpdateExpression).not.toContain('useCount');
    expect(Object.values(update?.Update?.ExpressionAttributeValues ?? {})).toContain(1);
    expect(audit?.Put?.Item?.['changes']).toEqual([{ field: 'deviation', before: 0.5, after: 1 }]);
    expect(audit?.Put?.Item?.['after']).not.toHaveProperty('useCount');
  });

  it('refuses to delete a record in use, as read or when the delete finds it in use since', async () => {
    dynamo.on(GetCommand, { Key: { pk: profileItem.pk, sk: profileItem.sk } }).resolves({ Item: { ...profileItem, useCount: 1 } });
    await expect(profiles.delete(caller, 'org-1', 'p-1')).rejects.toMatchObject({ kind: 'conflict', message: MESSAGES.dataLoggingProfileInUse });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);

    dynamo.reset();
    dynamo.on(GetCommand).resolvesOnce({ Item: profileItem }).resolves({ Item: { ...profileItem, useCount: 1 } });
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    await expect(profiles.delete(caller, 'org-1', 'p-1')).rejects.toMatchObject({ kind: 'conflict', message: MESSAGES.dataLoggingProfileInUse });
    expect(transactItems().map(pkOf)).toEqual([
      'C#org-1#DATALOGGINGPROFILE', 'C#org-1#UNIQUE#DATALOGGINGPROFILE#name#every%205%20minutes', 'C#org-1#AUDIT', 'C#org-1#DEVICECONFIG',
    ]);
  });

  it('answers a record that is not there with its message', async () => {
    await expect(views.get('org-1', 'nope')).rejects.toMatchObject({ kind: 'not-found', message: MESSAGES.userViewNotFound });
  });
});
