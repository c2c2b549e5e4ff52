import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { findRouteByKey } from '../routes';
import { handler as accountsHandler } from '../accounts/handler';
import { handler as reportsHandler } from '../reports/handler';
import { organisationKeyParams, proxySessionKeyParams } from '../data';
import { apiEvent, claimsOf, invoke, liveSession } from './api-event.test-support';
import type { Caller } from './caller';
import { resetBackendConfig } from './config';
import { type ActionRequest, type ApiEvent } from './http';
import { createResourceHandler } from '../resource-handler';
import { resetProxyTokenKey, signProxyToken } from './proxy-token';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };
const KEY = 'proxy-test-key-'.padEnd(48, 'x');
const seen = vi.fn<(caller: Caller | undefined) => void>();
const handler = createResourceHandler({
  handler: 'departments',
  routes: ['GET /api/departments', 'PUT /api/departments/{id}'].map((key) => {
    const route = findRouteByKey(key);
    if (route === undefined) throw new Error(`no route ${key}`);
    return { ...route, roles: ['admin', 'helpdesk'] as const, action: async ({ request }: { request: ActionRequest }) => {
      seen(request.caller);
      return { statusCode: 200, body: {} };
    } };
  }),
});
const withHeaders = (event: ApiEvent, headers: Record<string, string>): ApiEvent => ({ ...event, headers: { ...event.headers, ...headers } });
const helpdesk = claimsOf('helpdesk');
const now = new Date();

async function tokenFor(mode: 'read' | 'write'): Promise<string> {
  return signProxyToken({ sessionId: 'p-1', customerId: 'org-2', mode, actor: { userId: 'user-acc-1', email: 'acc-1@demo.example' },
    expiresAt: new Date(now.getTime() + 30 * 60_000) }, new TextEncoder().encode(KEY), now);
}
function session(mode: 'read' | 'write', extra: Record<string, unknown> = {}): void {
  dynamo.on(GetCommand, { Key: proxySessionKeyParams('table', 'org-1', 'user-acc-1', 'p-1').Key }).resolves({ Item: {
    actorCustomerId: 'org-1', actorUserId: 'user-acc-1', actorEmail: 'acc-1@demo.example', actorRole: 'helpdesk', sessionId: 'p-1',
    customerId: 'org-2', organisationName: 'Org 2', reason: 'Ticket', mode, startedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 30 * 60_000).toISOString(), ...extra,
  } });
  dynamo.on(GetCommand, { Key: organisationKeyParams('table', 'org-2').Key }).resolves({ Item: { customerId: 'org-2', status: 'active' } });
}

describe('proxy context of every handler (issue 16 section 3)', () => {
  beforeEach(() => {
    dynamo.reset();
    seen.mockReset();
    const live = liveSession();
    dynamo.on(GetCommand, { Key: live.key }).resolves(live.answer);
    Object.assign(process.env, { TABLE_NAME: 'table', LOG_LEVEL: 'ERROR', PROXY_TOKEN_KEY: KEY });
    resetBackendConfig();
    resetProxyTokenKey();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
    resetProxyTokenKey();
  });

  it('refuses a helpdesk user naming another organisation without a proxy session', async () => {
    const result = await invoke(handler, withHeaders(apiEvent('GET /api/departments', { claims: helpdesk }), { customerid: 'org-2' }));
    expect(result).toEqual({ status: 403, body: { message: MESSAGES.tenantMismatch } });
    expect(seen).not.toHaveBeenCalled();
  });

  it('under a write proxy the caller is the organisation\'s admin, and the real user is kept', async () => {
    session('write');
    const event = withHeaders(apiEvent('PUT /api/departments/{id}', { claims: helpdesk, pathParameters: { id: 'd-1' }, body: '{"name":"Dairy","version":1}' }), { 'x-proxy-token': await tokenFor('write'), customerid: 'org-2' });
    expect((await invoke(handler, event)).status).toBe(200);
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({
      customerId: 'org-2', role: 'admin', proxy: { sessionId: 'p-1', mode: 'write', actor: expect.objectContaining({ userId: 'user-acc-1', customerId: 'org-1', role: 'helpdesk' }) },
    }));
  });

  it('a read-only proxy reads but may not write; an ended session or another key is refused', async () => {
    session('read');
    const token = await tokenFor('read');
    expect((await invoke(handler, withHeaders(apiEvent('GET /api/departments', { claims: helpdesk }), { 'x-proxy-token': token }))).status).toBe(200);
    const write = withHeaders(apiEvent('PUT /api/departments/{id}', { claims: helpdesk, pathParameters: { id: 'd-1' }, body: '{}' }), { 'x-proxy-token': token });
    expect(await invoke(handler, write)).toEqual({ status: 403, body: { message: MESSAGES.proxyReadOnly } });
    session('read', { endedAt: now.toISOString() });
    expect(await invoke(handler, withHeaders(apiEvent('GET /api/departments', { claims: helpdesk }), { 'x-proxy-token': token })))
      .toEqual({ status: 403, body: { message: MESSAGES.proxySessionEnded } });
    const forged = await signProxyToken({ sessionId: 'p-1', customerId: 'org-2', mode: 'write', actor: { userId: 'user-acc-1', email: 'x' },
      expiresAt: new Date(now.getTime() + 60_000) }, new TextEncoder().encode('another-key-'.padEnd(48, 'y')), now);
    expect((await invoke(handler, withHeaders(apiEvent('GET /api/departments', { claims: helpdesk }), { 'x-proxy-token': forged }))).status).toBe(403);
  });

  it('a read-only proxy sees a report on screen (a POST that writes nothing) but may not have a file made', async () => {
    session('read');
    const token = await tokenFor('read');
    const body = JSON.stringify({ reportId: 'temperatureLog', format: 'pdf', parameters: {} });
    const preview = await invoke(reportsHandler, withHeaders(apiEvent('POST /api/reports/preview', { claims: helpdesk, body }), { 'x-proxy-token': token }));
    // It reaches the report: its parameters are refused in the catalogue's words, not the session's.
    expect(preview).toMatchObject({ status: 400, body: { message: MESSAGES.notificationGroupLocationRequired } });
    expect(await invoke(reportsHandler, withHeaders(apiEvent('POST /api/reports/runs', { claims: helpdesk, body }), { 'x-proxy-token': token })))
      .toEqual({ status: 403, body: { message: MESSAGES.proxyReadOnly } });
  });

  it("a proxy's personal settings are answered but stored nowhere, even under a read-only proxy", async () => {
    session('read');
    dynamo.on(PutCommand).resolves({});
    const settings = { columnOrder: ['name'], columnVisibility: {}, columnWidths: {} };
    const save = withHeaders(apiEvent('PUT /api/account/gridsettings/{gridId}', { claims: helpdesk, pathParameters: { gridId: 'sites' }, body: JSON.stringify(settings) }),
      { 'x-proxy-token': await tokenFor('read') });
    expect(await invoke(accountsHandler, save)).toEqual({ status: 200, body: settings });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });
});
