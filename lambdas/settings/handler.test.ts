import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { apiEvent, claimsOf, invoke, liveSession } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };
const translationsKey = { pk: 'C#org-1#TRANSLATIONS', sk: 'TRANSLATIONS' };

describe('settings handler', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand).resolves({});
    for (const account of ['acc-1', 'b-1']) {
      const session = liveSession(account);
      dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    }
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('answers every panel and no default view before anything is saved', async () => {
    expect((await invoke(handler, apiEvent('GET /api/account/dashboardpreferences'))).body).toEqual({
      panels: ['systemHealth', 'alarmDashboard', 'insightDashboard', 'topAssetsInAlarm', 'repeatAlarms', 'checklistExceptions'],
      defaultUserViewId: null,
    });
  });

  it("saves the caller's own dashboard preferences beside their preferences, refusing a view that does not exist", async () => {
    const body = { panels: ['systemHealth'], defaultUserViewId: null };
    expect(await invoke(handler, apiEvent('PUT /api/account/dashboardpreferences', { body }))).toEqual({ status: 200, body });
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ pk: 'C#org-1#USER', sk: 'USER#acc-1#PREFERENCES#DASHBOARD', preferences: body });

    expect(await invoke(handler, apiEvent('PUT /api/account/dashboardpreferences', { body: { ...body, defaultUserViewId: 'nope' } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.userViewNotFound } });
  });

  it("replaces the organisation's overrides on the version read, with an audit entry naming the texts changed", async () => {
    dynamo.on(GetCommand, { Key: translationsKey }).resolves({ Item: { ...translationsKey, overrides: { en: {}, fr: { 'nav.help': 'Aide' }, es: {} }, version: 4 } });
    const result = await invoke(handler, apiEvent('PUT /api/translations', { body: { fr: { 'nav.help': 'Assistance' }, es: { 'nav.help': 'Soporte' } } }));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ overrides: { en: {}, fr: { 'nav.help': 'Assistance' }, es: { 'nav.help': 'Soporte' } }, version: 5 });
    const [put, audit] = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(put?.Put).toMatchObject({ ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': 4 } });
    expect(audit?.Put?.Item).toMatchObject({ entityType: 'TRANSLATIONS', after: { changed: ['fr:nav.help', 'es:nav.help'] } });
  });

  it('answers a concurrent import with the concurrent-change message', async () => {
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({
      message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
    }));
    expect(await invoke(handler, apiEvent('PUT /api/translations', { body: { fr: { 'nav.help': 'Aide' } } })))
      .toEqual({ status: 409, body: { message: MESSAGES.concurrentChange } });
  });

  it('refuses overrides that would not fit in one item', async () => {
    const fr = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`big.text${index}`, 'x'.repeat(1900)]));
    expect(await invoke(handler, apiEvent('PUT /api/translations', { body: { fr } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.translationCsvTooLarge } });
  });

  it('lets every user read the overrides, only administrators change them', async () => {
    const basic = claimsOf('basicuser', 'b-1');
    expect((await invoke(handler, apiEvent('GET /api/translations', { claims: basic }))).body)
      .toEqual({ overrides: { en: {}, fr: {}, es: {} }, version: 0, updatedAt: null, updatedBy: null });
    expect((await invoke(handler, apiEvent('PUT /api/translations', { claims: basic, body: {} }))).status).toBe(403);
    expect((await invoke(handler, apiEvent('DELETE /api/translations', { claims: basic }))).status).toBe(403);
  });

  it('records a password update in the audit trail, never the password', async () => {
    expect((await invoke(handler, apiEvent('PUT /api/auditreport', { body: { action: 'passwordUpdate' } }))).status).toBe(204);
    const entry = dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item;
    expect(entry).toMatchObject({ pk: 'C#org-1#AUDIT', entityType: 'USER', entityId: 'acc-1', action: 'update', actor: { email: 'acc-1@demo.example' } });
    expect(JSON.stringify(entry)).not.toMatch(/Password"\s*:\s*"[^"]*#/);
    expect((await invoke(handler, apiEvent('PUT /api/auditreport', { body: { action: 'somethingElse' } }))).status).toBe(400);
  });
});
