import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { resetBackendConfig } from '../shared/config';
import type { ApiEvent, ApiResult } from '../shared/http';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };

const adminClaims = {
  sub: 'user-1', email: 'admin@demo.example', token_use: 'id', 'custom:role': 'admin',
  'custom:customerid': 'org-1', 'custom:accountinfoid': 'acc-1', 'custom:isPortalLogin': 'true',
  origin_jti: 'family-1',
};
const tokenKey = { pk: 'C#org-1#TOKEN#family-1', sk: 'TOKEN' };
const liveToken = () => ({ Item: { sessionId: 's-1', accountId: 'acc-1', lastSeenAt: new Date().toISOString() } });

function event(routeKey: string, options: { body?: string; claims?: Record<string, string>; headers?: Record<string, string>; id?: string } = {}): ApiEvent {
  const [method = 'GET', path = '/'] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path.replace('{id}', options.id ?? 'd-1'),
    rawQueryString: '',
    headers: options.headers ?? {},
    ...(options.id ? { pathParameters: { id: options.id } } : {}),
    requestContext: {
      accountId: '1', apiId: 'api', domainName: 'x', domainPrefix: 'x', requestId: 'r-1', routeKey, stage: '$default',
      time: '', timeEpoch: 0,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: options.claims ?? adminClaims, scopes: [] } },
    },
    isBase64Encoded: false,
    ...(options.body === undefined ? {} : { body: options.body }),
  };
}

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Parameters<typeof handler>[1];

async function call(apiEvent: ApiEvent): Promise<{ status: number; body: unknown }> {
  const result = (await handler(apiEvent, context)) as ApiResult;
  return { status: result.statusCode ?? 0, body: result.body ? JSON.parse(result.body) : undefined };
}

describe('departments handler', () => {
  beforeEach(() => {
    // Prepare: a table name, quiet logs, fresh mocks.
    dynamo.reset();
    // The caller's tokens opened a server session (PUT users/login).
    dynamo.on(GetCommand, { Key: tokenKey }).resolves(liveToken());
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('creates a department in one transaction with its name marker and audit entry', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const result = await call(event('POST /api/departments', { body: JSON.stringify({ name: ' Kitchen ' }) }));
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ name: 'Kitchen', version: 1, createdBy: 'admin@demo.example' });
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items.map((item) => item.Put?.Item?.['pk'])).toEqual([
      'C#org-1#DEPARTMENT', 'C#org-1#UNIQUE#DEPARTMENT#name#kitchen', 'C#org-1#AUDIT',
    ]);
  });

  it('answers a taken name with 409 and the message', async () => {
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({
      message: 'cancelled', $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
    }));
    const result = await call(event('POST /api/departments', { body: JSON.stringify({ name: 'Kitchen' }) }));
    expect(result).toEqual({ status: 409, body: { message: MESSAGES.departmentNameTaken } });
  });

  it('validates with the domain schema before touching the table', async () => {
    const result = await call(event('POST /api/departments', { body: JSON.stringify({ name: 'x'.repeat(21) }) }));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message: MESSAGES.nameMax20 });
    // Only the session check has read; nothing was written.
    expect(dynamo.calls().map((call) => call.args[0].input)).toEqual([{ TableName: 'table', Key: tokenKey, ConsistentRead: true }]);
  });

  it('refuses a basic user on a write with 403, and any caller without claims with 401', async () => {
    const basic = { ...adminClaims, 'custom:role': 'basicuser' };
    expect((await call(event('POST /api/departments', { body: '{"name":"A"}', claims: basic }))).status).toBe(403);
    expect((await call(event('GET /api/departments', { claims: {} }))).status).toBe(401);
    expect((await call(event('GET /api/departments', { claims: { ...adminClaims, token_use: 'access' } }))).status).toBe(401);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('answers 401 when the tokens have no server session, or a revoked one', async () => {
    dynamo.on(GetCommand, { Key: tokenKey }).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [] });
    expect(await call(event('GET /api/departments'))).toEqual({ status: 401, body: { message: MESSAGES.sessionTimeout } });
    dynamo.on(GetCommand, { Key: tokenKey }).resolves({ Item: { ...liveToken().Item, revokedAt: new Date().toISOString() } });
    expect((await call(event('GET /api/departments'))).status).toBe(401);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('refuses headers naming another organisation, except for roles that act for others', async () => {
    const mismatch = await call(event('GET /api/departments', { headers: { customerid: 'org-2' } }));
    expect(mismatch).toEqual({ status: 403, body: { message: MESSAGES.tenantMismatch } });
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const matching = await call(event('GET /api/departments', { headers: { customerid: 'org-1', accountid: 'acc-1' } }));
    expect(matching.status).toBe(200);
  });

  it('lists the caller organisation only, through the by-name index', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    await call(event('GET /api/departments'));
    const input = dynamo.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(input).toMatchObject({ IndexName: 'gsi1', ExpressionAttributeValues: { ':pk': 'C#org-1#DEPARTMENT' } });
  });

  it('answers 404 with the message for a department that is not there', async () => {
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#DEPARTMENT' } }).resolves({});
    expect(await call(event('GET /api/departments/{id}', { id: 'nope' }))).toEqual({ status: 404, body: { message: MESSAGES.departmentNotFound } });
  });

  it('answers an unexpected failure with 500 and the generic message, never the error itself', async () => {
    const lines: string[] = [];
    // Powertools writes ERROR lines to stderr (console.error), the others to stdout.
    const capture = (line: string | Uint8Array) => { lines.push(String(line)); return true; };
    const writes = [vi.spyOn(process.stdout, 'write').mockImplementation(capture), vi.spyOn(process.stderr, 'write').mockImplementation(capture)];
    dynamo.on(QueryCommand).rejects(new Error('secret internals at line 42'));
    const result = await call(event('GET /api/departments'));
    for (const write of writes) write.mockRestore();
    expect(result).toEqual({ status: 500, body: { message: 'An error occurred' } });
    expect(JSON.stringify(result.body)).not.toContain('secret');
    expect(lines.some((line) => line.includes('"level":"ERROR"') && line.includes('"tenant":"org-1"'))).toBe(true);
  });

  it('refuses a body that is not JSON', async () => {
    expect(await call(event('POST /api/departments', { body: '{oops' }))).toEqual({ status: 400, body: { message: MESSAGES.invalidRequestBody } });
  });
});
