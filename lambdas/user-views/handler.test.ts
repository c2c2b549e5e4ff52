import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { apiEvent, claimsOf, invoke, liveSession } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };
const viewKey = { pk: 'C#org-1#USERVIEW', sk: 'USERVIEW#v-1' };
const view = (id: string, name: string, siteIds: string[]) => ({
  pk: 'C#org-1#USERVIEW', sk: `USERVIEW#${id}`, id, name, siteIds, departmentIds: ['d-1'], divisionIds: [],
  createdAt: 'x', updatedAt: 'x', createdBy: 'x', updatedBy: 'x', version: 2,
});

describe('user views handler', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand).resolves({});
    for (const account of ['acc-1', 'member']) {
      const session = liveSession(account);
      dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    }
    dynamo.on(GetCommand, { Key: viewKey }).resolves({ Item: view('v-1', 'Cold rooms', ['s-1', 's-2']) });
    // Both accounts have corporate access (every site), so only security groups limit the member.
    for (const account of ['acc-1', 'member']) {
      dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: `USER#${account}` } }).resolves({ Item: { accountId: account, hasDefaultLocAccess: true } });
    }
    dynamo.on(TransactWriteCommand).resolves({});
    // Sites s-1, s-2 and department d-1 exist.
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => ({
      Responses: {
        table: (input.RequestItems['table']?.Keys ?? []).filter((key) => ['SITE#s-1', 'SITE#s-2', 'DEPARTMENT#d-1'].includes(key.sk)),
      },
    }));
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('creates a view with its name marker and audit entry in one transaction', async () => {
    const result = await invoke(handler, apiEvent('POST /api/userviews', { body: { name: 'Cold rooms', siteIds: ['s-1'], departmentIds: ['d-1'] } }));
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ name: 'Cold rooms', siteIds: ['s-1'], departmentIds: ['d-1'], divisionIds: [], version: 1 });
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items.map((item) => item.Put?.Item?.['pk'])).toEqual(['C#org-1#USERVIEW', 'C#org-1#UNIQUE#USERVIEW#name#cold%20rooms', 'C#org-1#AUDIT']);
  });

  it('refuses a duplicate name with its message', async () => {
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({
      message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
    }));
    expect(await invoke(handler, apiEvent('POST /api/userviews', { body: { name: 'Cold rooms', siteIds: ['s-1'] } })))
      .toEqual({ status: 409, body: { message: MESSAGES.userViewNameTaken } });
  });

  it('refuses a missing site, an invalid name and unknown references with the messages', async () => {
    expect(await invoke(handler, apiEvent('POST /api/userviews', { body: { name: 'View', siteIds: [] } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.siteSelectionRequired } });
    expect(await invoke(handler, apiEvent('POST /api/userviews', { body: { name: '***', siteIds: ['s-1'] } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.nameInvalid } });
    expect(await invoke(handler, apiEvent('POST /api/userviews', { body: { name: 'View', siteIds: ['s-9'] } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.unknownSite } });
    expect(await invoke(handler, apiEvent('POST /api/userviews', { body: { name: 'View', siteIds: ['s-1'], divisionIds: ['v-9'] } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.unknownDivision } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('updates on the version read and swaps the name marker on a rename', async () => {
    await invoke(handler, apiEvent('PUT /api/userviews/{id}', { pathParameters: { id: 'v-1' }, body: { name: 'Freezers', siteIds: ['s-1'] } }));
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Put).toMatchObject({ ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': 2 } });
    expect(items.map((item) => String(item.Put?.Item?.['pk'] ?? item.Delete?.Key?.['pk']))).toEqual([
      'C#org-1#USERVIEW', 'C#org-1#AUDIT', 'C#org-1#UNIQUE#USERVIEW#name#freezers', 'C#org-1#UNIQUE#USERVIEW#name#cold%20rooms',
    ]);
  });

  it("shows a security-group member only the views and sites their groups reach", async () => {
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#SGMEMBER#member' } })
      .resolves({ Items: [{ groupId: 'g-1', siteIds: ['s-2'], sensorIds: [] }] });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#USERVIEW' } })
      .resolves({ Items: [view('v-1', 'Cold rooms', ['s-1', 's-2']), view('v-2', 'Bakery', ['s-1'])] });
    const member = claimsOf('basicuser', 'member');

    const list = await invoke(handler, apiEvent('GET /api/userviews', { claims: member }));
    expect((list.body as { items: { id: string; siteIds: string[] }[] }).items.map((item) => [item.id, item.siteIds])).toEqual([['v-1', ['s-2']]]);

    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USERVIEW', sk: 'USERVIEW#v-2' } }).resolves({ Item: view('v-2', 'Bakery', ['s-1']) });
    expect(await invoke(handler, apiEvent('GET /api/userviews/{id}', { claims: member, pathParameters: { id: 'v-2' } })))
      .toEqual({ status: 404, body: { message: MESSAGES.userViewNotFound } });

    // An administrator sees every site of every view.
    const all = await invoke(handler, apiEvent('GET /api/userviews'));
    expect((all.body as { items: unknown[] }).items).toHaveLength(2);
  });

  it('lets a basic user read but not write', async () => {
    const session = liveSession('b-1');
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const basic = claimsOf('basicuser', 'b-1');
    expect((await invoke(handler, apiEvent('GET /api/userviews', { claims: basic }))).status).toBe(200);
    expect((await invoke(handler, apiEvent('POST /api/userviews', { claims: basic, body: { name: 'V', siteIds: ['s-1'] } }))).status).toBe(403);
  });
});
