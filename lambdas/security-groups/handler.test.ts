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

const groupKey = { pk: 'C#org-1#SECURITYGROUP', sk: 'SECURITYGROUP#g-1' };
const stored = {
  ...groupKey, id: 'g-1', name: 'Night shift', description: '', siteIds: ['s-1'], sensorIds: [], memberAccountIds: ['a-1', 'a-2'],
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdBy: 'x', updatedBy: 'x', version: 3,
};

/** The BatchGet answers: these sites and accounts exist. */
function existing(sites: string[], accounts: { id: string; role?: string }[]) {
  dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
    const keys = input.RequestItems['table']?.Keys ?? [];
    const found = keys.filter((key) =>
      (key.pk === 'C#org-1#SITE' && sites.includes(key.sk.slice('SITE#'.length))) ||
      (key.pk === 'C#org-1#USER' && accounts.some((account) => key.sk === `USER#${account.id}`)));
    return {
      Responses: {
        table: found.map((key) => ({ ...key, role: accounts.find((account) => key.sk === `USER#${account.id}`)?.role ?? 'basicuser' })),
      },
    };
  });
}

const transactItems = () => dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
const body = { name: 'Night shift', siteIds: ['s-1'], memberAccountIds: ['a-1', 'a-2'] };

describe('security groups handler', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand).resolves({});
    const session = liveSession();
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    dynamo.on(GetCommand, { Key: groupKey }).resolves({ Item: stored });
    // The administrator has corporate access: every site of the organisation.
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#acc-1' } }).resolves({ Item: { accountId: 'acc-1', hasDefaultLocAccess: true } });
    dynamo.on(TransactWriteCommand).resolves({});
    existing(['s-1', 's-2'], [{ id: 'a-1' }, { id: 'a-2' }, { id: 'a-3' }, { id: 'root', role: 'superadmin' }]);
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('creates the group, its name marker, its audit entry and one membership per member in one transaction', async () => {
    const result = await invoke(handler, apiEvent('POST /api/securitygroups', { body }));
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ ...body, description: '', sensorIds: [], version: 1, createdBy: 'acc-1@demo.example' });
    const id = (result.body as { id: string }).id;
    expect(transactItems().map((item) => [item.Put?.Item?.['pk'], item.Put?.Item?.['sk']])).toEqual([
      ['C#org-1#SECURITYGROUP', `SECURITYGROUP#${id}`],
      ['C#org-1#UNIQUE#SECURITYGROUP#name#night%20shift', 'UNIQUE'],
      ['C#org-1#AUDIT', expect.any(String)],
      ['C#org-1#SGMEMBER#a-1', `SECURITYGROUP#${id}`],
      ['C#org-1#SGMEMBER#a-2', `SECURITYGROUP#${id}`],
    ]);
    expect(transactItems()[3]?.Put?.Item).toMatchObject({ groupId: id, siteIds: ['s-1'], sensorIds: [] });
  });

  it('answers a taken name with 409 and the message', async () => {
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({
      message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
    }));
    expect(await invoke(handler, apiEvent('POST /api/securitygroups', { body }))).toEqual({ status: 409, body: { message: MESSAGES.securityGroupNameTaken } });
  });

  it('refuses a site or a member that is not of the organisation, and a superadmin member', async () => {
    expect(await invoke(handler, apiEvent('POST /api/securitygroups', { body: { ...body, siteIds: ['s-9'] } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.unknownSite } });
    expect(await invoke(handler, apiEvent('POST /api/securitygroups', { body: { ...body, memberAccountIds: ['a-9'] } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.unknownMember } });
    expect(await invoke(handler, apiEvent('POST /api/securitygroups', { body: { ...body, memberAccountIds: ['root'] } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.unknownMember } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('on update, rewrites every membership when the sites change, adds new members and removes those dropped', async () => {
    const result = await invoke(handler, apiEvent('PUT /api/securitygroups/{id}', {
      pathParameters: { id: 'g-1' }, body: { name: 'Night shift', siteIds: ['s-2'], memberAccountIds: ['a-2', 'a-3'] },
    }));
    expect(result.status).toBe(200);
    const items = transactItems();
    expect(items[0]?.Put).toMatchObject({ ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': 3 } });
    expect(items[1]?.Put?.Item?.['pk']).toBe('C#org-1#AUDIT');
    expect(items.slice(2).map((item) => (item.Put ? `put ${String(item.Put.Item?.['pk'])}` : `delete ${String(item.Delete?.Key?.['pk'])}`))).toEqual([
      'put C#org-1#SGMEMBER#a-2', 'put C#org-1#SGMEMBER#a-3', 'delete C#org-1#SGMEMBER#a-1',
    ]);
    expect(items[2]?.Put?.Item).toMatchObject({ siteIds: ['s-2'] });
  });

  it('on update, leaves unchanged memberships alone and swaps the name marker on a rename', async () => {
    await invoke(handler, apiEvent('PUT /api/securitygroups/{id}', {
      pathParameters: { id: 'g-1' }, body: { name: 'Day shift', siteIds: ['s-1'], memberAccountIds: ['a-1', 'a-2', 'a-3'] },
    }));
    const pks = transactItems().map((item) => String(item.Put?.Item?.['pk'] ?? item.Delete?.Key?.['pk']));
    // A rename changes the name the memberships carry, so all are rewritten.
    expect(pks).toEqual([
      'C#org-1#SECURITYGROUP', 'C#org-1#AUDIT', 'C#org-1#UNIQUE#SECURITYGROUP#name#day%20shift', 'C#org-1#UNIQUE#SECURITYGROUP#name#night%20shift',
      'C#org-1#SGMEMBER#a-1', 'C#org-1#SGMEMBER#a-2', 'C#org-1#SGMEMBER#a-3',
    ]);

    dynamo.resetHistory();
    await invoke(handler, apiEvent('PUT /api/securitygroups/{id}', {
      pathParameters: { id: 'g-1' }, body: { name: 'Night shift', description: 'Kitchen', siteIds: ['s-1'], memberAccountIds: ['a-1', 'a-2'] },
    }));
    expect(transactItems()).toHaveLength(2);
    // Sites already in the group are not looked up again.
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('deletes the group with its marker, its audit entry and every membership', async () => {
    expect((await invoke(handler, apiEvent('DELETE /api/securitygroups/{id}', { pathParameters: { id: 'g-1' } }))).status).toBe(204);
    const items = transactItems();
    expect(items[0]?.Delete).toMatchObject({ Key: groupKey, ConditionExpression: 'version = :expected' });
    expect(items.map((item) => String(item.Delete?.Key?.['pk'] ?? item.Put?.Item?.['pk']))).toEqual([
      'C#org-1#SECURITYGROUP', 'C#org-1#UNIQUE#SECURITYGROUP#name#night%20shift', 'C#org-1#AUDIT', 'C#org-1#SGMEMBER#a-1', 'C#org-1#SGMEMBER#a-2',
    ]);
  });

  it('answers an unknown group with its message', async () => {
    expect(await invoke(handler, apiEvent('GET /api/securitygroups/{id}', { pathParameters: { id: 'nope' } })))
      .toEqual({ status: 404, body: { message: MESSAGES.securityGroupNotFound } });
  });

  it("lists the organisation's users (no superadmin) with the groups each is in", async () => {
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#USER', ':superadmin': 'superadmin' } }).resolves({
      Items: [{ accountId: 'a-1', email: 'a1@x', firstName: 'Ada', lastName: 'L', role: 'basicuser' }, { accountId: 'a-3', email: 'a3@x', role: 'admin' }],
    });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#SECURITYGROUP' } }).resolves({ Items: [stored] });
    const result = await invoke(handler, apiEvent('GET /api/securitygroups/userlist'));
    expect(result).toEqual({
      status: 200,
      body: {
        items: [
          { accountId: 'a-1', email: 'a1@x', firstName: 'Ada', lastName: 'L', role: 'basicuser', securityGroupIds: ['g-1'] },
          { accountId: 'a-3', email: 'a3@x', firstName: '', lastName: '', role: 'admin', securityGroupIds: [] },
        ],
      },
    });
    const userQuery = dynamo.commandCalls(QueryCommand).find((call) => call.args[0].input.ExpressionAttributeValues?.[':pk'] === 'C#org-1#USER');
    expect(userQuery?.args[0].input.FilterExpression).toBe('#role <> :superadmin');
  });

  it('refuses a basic user (administrators only)', async () => {
    const session = liveSession('b-1');
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    expect((await invoke(handler, apiEvent('GET /api/securitygroups', { claims: claimsOf('basicuser', 'b-1') }))).status).toBe(403);
  });
  it('refuses a site an administrator without corporate access may not reach exactly as a missing one, and writes nothing', async () => {
    // Assigned location l-1, whose only site is s-1: s-2 exists but is out of reach.
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#acc-1' } }).resolves({ Item: { accountId: 'acc-1', locationIds: ['l-1'] } });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#LOCATION#l-1#REF', ':kind': 'SITE#' } })
      .resolves({ Items: [{ kind: 'SITE', id: 's-1', name: 'Kitchen' }] });
    const add = (siteIds: string[]) => invoke(handler, apiEvent('POST /api/securitygroups', { body: { ...body, siteIds } }));
    const hidden = await add(['s-2']);
    expect(hidden).toEqual(await add(['s-9']));
    expect(hidden).toEqual({ status: 400, body: { message: MESSAGES.unknownSite, details: { siteIds: MESSAGES.unknownSite } } });
    const update = await invoke(handler, apiEvent('PUT /api/securitygroups/{id}', { pathParameters: { id: 'g-1' }, body: { ...body, siteIds: ['s-1', 's-2'] } }));
    expect(update).toEqual(hidden);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
