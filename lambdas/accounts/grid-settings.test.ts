import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBackendConfig } from '../shared/config';
import type { ApiEvent, ApiResult } from '../shared/http';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };
const claims = {
  sub: 'user-1', email: 'user@demo.example', token_use: 'id', 'custom:role': 'basicuser',
  'custom:customerid': 'org-1', 'custom:accountinfoid': 'acc-1', 'custom:isPortalLogin': 'true', origin_jti: 'family-1',
};
const settingsKey = { pk: 'C#org-1#USER', sk: 'USER#acc-1#PREFERENCES#GRID#security-groups' };

function event(method: 'GET' | 'PUT', gridId: string, body?: unknown): ApiEvent {
  const routeKey = `${method} /api/account/gridsettings/{gridId}`;
  const path = `/api/account/gridsettings/${gridId}`;
  return {
    version: '2.0', routeKey, rawPath: path, rawQueryString: '', headers: {},
    pathParameters: { gridId },
    requestContext: {
      accountId: '1', apiId: 'api', domainName: 'x', domainPrefix: 'x', requestId: 'r-1', routeKey, stage: '$default',
      time: '', timeEpoch: 0,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } },
    },
    isBase64Encoded: false,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}
const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Parameters<typeof handler>[1];
async function call(apiEvent: ApiEvent) {
  const result = (await handler(apiEvent, context)) as ApiResult;
  return { status: result.statusCode ?? 0, body: result.body ? JSON.parse(result.body) as unknown : undefined };
}

describe('grid settings (GET/PUT account/gridsettings/{gridId})', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#TOKEN#family-1', sk: 'TOKEN' } })
      .resolves({ Item: { sessionId: 's-1', accountId: 'acc-1', lastSeenAt: new Date().toISOString() } });
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it("reads the caller's own settings of the grid, beside their preferences", async () => {
    dynamo.on(GetCommand, { Key: settingsKey }).resolves({ Item: { settings: { columnOrder: ['members'], columnWidths: { name: 250 } } } });
    const result = await call(event('GET', 'security-groups'));
    expect(result).toEqual({ status: 200, body: { columnOrder: ['members'], columnVisibility: {}, columnWidths: { name: 250 } } });
  });

  it('answers defaults for a grid never saved', async () => {
    expect((await call(event('GET', 'security-groups'))).body).toEqual({ columnOrder: [], columnVisibility: {}, columnWidths: {} });
  });

  it('saves one item per grid under the caller, never anyone else', async () => {
    dynamo.on(PutCommand).resolves({});
    const settings = { columnOrder: ['name'], columnVisibility: { sites: false }, columnWidths: {} };
    const result = await call(event('PUT', 'security-groups', settings));
    expect(result).toEqual({ status: 200, body: settings });
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ ...settingsKey, settings });
  });

  it('refuses a width out of range and a grid id that is not a slug', async () => {
    expect((await call(event('PUT', 'security-groups', { columnWidths: { name: 5 } }))).status).toBe(400);
    expect((await call(event('GET', 'Not%23a-grid'))).status).toBe(404);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });
});
