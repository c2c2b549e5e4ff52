import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { toInformationItemView } from '..';
import type { Caller } from '../../shared/caller';
import { InformationItemStore } from './information-items';

const dynamo = mockClient(DynamoDBDocumentClient);
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const store = new InformationItemStore(documents, 'table', () => new Date('2026-03-01T10:00:00Z'));
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };
const stored = { pk: 'C#org-1#INFORMATIONITEM', sk: 'INFORMATIONITEM#i-1', id: 'i-1', name: 'Probe use', text: 'Clean the probe.', createdAt: 'x', updatedAt: 'x', createdBy: 'x', updatedBy: 'x', version: 2 };
const transactItems = (call = 0) => dynamo.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? [];

describe('InformationItemStore', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(GetCommand).resolves({ Item: stored });
  });

  it('creates an item with its name marker and audit entry', async () => {
    const created = await store.create(caller, 'org-1', { name: 'Probe use', text: 'Clean the probe.' });
    expect(created).toMatchObject({ name: 'Probe use', text: 'Clean the probe.', version: 1 });
    expect(transactItems().map((item) => item.Put?.Item?.['pk'])).toEqual(['C#org-1#INFORMATIONITEM', 'C#org-1#UNIQUE#INFORMATIONITEM#name#probe%20use', 'C#org-1#AUDIT']);
  });

  it('keeps an announced file as pending under a key of the organisation, then attaches it on completion', async () => {
    // Act: announce
    const pending = await store.startUpload(caller, 'org-1', 'i-1', { fileName: 'probe.pdf', contentType: 'application/pdf', size: 1234 });

    // Assess: under the organisation's prefix, written on the version read, not audited
    expect(pending.key).toMatch(/^org-1\/information\/i-1\/[0-9a-f-]{36}$/);
    expect(transactItems()[0]?.Put).toMatchObject({ ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': 2 } });
    expect(transactItems()[0]?.Put?.Item).toMatchObject({ pendingFile: { key: pending.key, fileName: 'probe.pdf', contentType: 'application/pdf', size: 1234 }, version: 3 });
    expect(transactItems()).toHaveLength(1);

    // Act: complete, replacing an earlier file
    const before = { ...stored, version: 3, fileKey: 'org-1/information/i-1/old', fileName: 'old.png', contentType: 'image/png', fileSize: 9, pendingFile: pending };
    dynamo.on(GetCommand).resolves({ Item: before });
    const { after, replacedKey } = await store.completeUpload(caller, 'org-1', await store.get('org-1', 'i-1'));

    // Assess: the file attached, the pending gone, audited without the key
    expect(replacedKey).toBe('org-1/information/i-1/old');
    expect(toInformationItemView(after)).toMatchObject({ fileName: 'probe.pdf', contentType: 'application/pdf', fileSize: 1234, fileUploadedAt: '2026-03-01T10:00:00.000Z', version: 4 });
    const put = transactItems(1)[0]?.Put?.Item ?? {};
    expect(put).toMatchObject({ fileKey: pending.key, fileName: 'probe.pdf' });
    expect(put).not.toHaveProperty('pendingFile');
    const audit = JSON.stringify(transactItems(1)[1]?.Put?.Item);
    expect(audit).toContain('probe.pdf');
    expect(audit).not.toContain(pending.key);
  });

  it('refuses to complete when nothing was announced, and to remove a file it does not have', async () => {
    await expect(store.completeUpload(caller, 'org-1', await store.get('org-1', 'i-1'))).rejects.toMatchObject({ kind: 'not-found', message: MESSAGES.fileNotUploaded });
    await expect(store.removeFile(caller, 'org-1', 'i-1')).rejects.toMatchObject({ kind: 'not-found', message: MESSAGES.informationFileNotFound });
  });

  it('an update of the name and text keeps the file', async () => {
    dynamo.on(GetCommand).resolves({ Item: { ...stored, fileKey: 'org-1/information/i-1/f', fileName: 'a.png', contentType: 'image/png', fileSize: 9 } });
    const after = await store.update(caller, 'org-1', 'i-1', { name: 'Probe use', text: 'Sanitise the probe.' });
    expect(after).toMatchObject({ text: 'Sanitise the probe.', fileKey: 'org-1/information/i-1/f', fileName: 'a.png' });
    expect(transactItems()[0]?.Put?.Item).toMatchObject({ fileKey: 'org-1/information/i-1/f' });
  });

  it("never shows where a file's bytes are", () => {
    const view = toInformationItemView({ ...stored, fileKey: 'k', pendingFile: { key: 'p', fileName: 'a', contentType: 'image/png', size: 1 } });
    expect(JSON.stringify(view)).not.toMatch(/"k"|"p"|fileKey|pendingFile/);
  });
});
