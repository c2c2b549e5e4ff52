import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '@domain/core/errors';
import { notificationTemplateSchema } from '@domain/notifications/templates';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { notificationTemplateLookupKeys, notificationTemplateOverride, notificationTemplatePut } from '..';
import type { Caller } from '../../shared/caller';
import { NotificationTemplateStore, previewOf } from './notification-templates';

const TABLE = 'portal';
const dynamo = mockClient(DynamoDBDocumentClient);
const caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1' } as Caller;
const store = () => new NotificationTemplateStore(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })), TABLE, () => new Date('2026-11-27T10:00:00.000Z'));
const stored = (fields: Record<string, unknown>) => notificationTemplatePut(TABLE, 'org-1', {
  kind: 'alarm', channel: 'text', language: 'en', version: 1, updatedAt: '2026-11-26T10:00:00.000Z', updatedBy: 'a@b.c', ...fields,
} as never).Item;

describe('notification templates on the table', () => {
  beforeEach(() => dynamo.reset());

  it("keys an override by kind, channel, language and type, and the sender takes the type's before the 'any' one", () => {
    const keys = notificationTemplateLookupKeys(TABLE, 'org-1', { kind: 'alarm', channel: 'text', alarmType: 'battery', language: 'fr' });
    expect(keys).toEqual([
      { pk: 'C#org-1#NOTIFICATIONTEMPLATE', sk: 'alarm#text#fr#battery' },
      { pk: 'C#org-1#NOTIFICATIONTEMPLATE', sk: 'alarm#text#fr#any' },
    ]);
    // No language on the delivery: each language's, the recipient's chosen after the read.
    expect(notificationTemplateLookupKeys(TABLE, 'org-1', { kind: 'test', channel: 'email' })).toHaveLength(3);
    const any = stored({ body: 'ANY {device}' });
    const battery = stored({ alarmType: 'battery', body: 'BATTERY {device}' });
    const lookup = { kind: 'alarm', channel: 'text', alarmType: 'battery', language: 'en' } as const;
    expect(notificationTemplateOverride([any, battery], TABLE, 'org-1', lookup)).toEqual({ body: 'BATTERY {device}' });
    expect(notificationTemplateOverride([any], TABLE, 'org-1', lookup)).toEqual({ body: 'ANY {device}' });
    expect(notificationTemplateOverride([any], TABLE, 'org-1', { ...lookup, language: 'fr' })).toBeUndefined();
  });

  it('refuses unknown placeholders naming them, and writes nothing', async () => {
    const saving = store().save(caller, 'org-1', { kind: 'alarm', channel: 'text', language: 'en', body: '{device} {temp} {oops}' });
    await expect(saving).rejects.toBeInstanceOf(DomainError);
    await expect(saving).rejects.toMatchObject({ code: 'templateUnknownPlaceholders', message: expect.stringContaining('{temp}, {oops}') });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('saves a new override with its audit entry, and the next on the version read', async () => {
    dynamo.on(GetCommand).resolvesOnce({}).resolves({ Item: stored({ alarmType: 'threshold', body: 'old', version: 3 }) });
    dynamo.on(TransactWriteCommand).resolves({});
    const first = await store().save(caller, 'org-1', { kind: 'alarm', channel: 'text', language: 'en', alarmType: 'threshold', body: 'HOT {device}' });
    const second = await store().save(caller, 'org-1', { kind: 'alarm', channel: 'text', language: 'en', alarmType: 'threshold', body: 'HOTTER {device}' });
    const [created, updated] = dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
    expect(first).toMatchObject({ body: 'HOT {device}', version: 1, updatedBy: 'admin@demo.example' });
    expect(created?.[0]?.Put).toMatchObject({ Item: { sk: 'alarm#text#en#threshold', body: 'HOT {device}' }, ConditionExpression: expect.stringContaining('attribute_not_exists') });
    expect(created?.[1]?.Put?.Item).toMatchObject({ entityType: 'NOTIFICATIONTEMPLATE', entityId: 'alarm#text#en#threshold', action: 'create' });
    expect(second).toMatchObject({ version: 4 });
    expect(updated?.[0]?.Put?.ExpressionAttributeValues).toMatchObject({ ':expected': 3 });
  });

  it("previews with the sample device, the site's name and its zone's time, the organisation's name, an override's blank fields the default", () => {
    const preview = previewOf(notificationTemplateSchema.parse({ kind: 'alarm', channel: 'email', language: 'en', alarmType: 'threshold', subject: '{device} at {site}: {value} (limit {limit}) {time}' }),
      { siteName: 'Lyon Kitchen', organisation: 'Demo Foods', timeZone: 'Europe/Paris', now: new Date('2026-11-27T10:00:00.000Z') });
    expect(preview.message.subject).toBe('Walk-in Freezer 2 at Lyon Kitchen: -12.4 °C (limit -18 °C) 27 Nov 2026, 11:00 CET');
    expect(preview.message.text).toContain('Walk-in Freezer 2 at Lyon Kitchen has been out of range');
    // As the email is sent: its last line names the organisation (issue 17 item 14).
    expect(preview.message.text?.endsWith('\n\nSent for Demo Foods by the cold-chain monitoring portal.')).toBe(true);
    expect(preview.unknownPlaceholders).toEqual([]);
  });
});
