/**
 * Issue 32 (hardening pass), item 1: a proxy token must not outlive its organisation's
 * disabling. Disabling ends every open proxy session for the organisation, as it ends its
 * users' sessions, so re-enabling it does not bring an old token back to life (within its 30
 * minutes); each end is in the organisation's Portal Audit and the super-administrators' trail.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { ProxySessionStarted } from '@domain/identity/proxy-session';
import type { SuperadminAuditEntry } from '@domain/organisation/organisation';
import { organisationPut } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, type TestUser } from '../support/identity';

const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

const suffix = randomUUID().slice(0, 8);

async function auditOf(customerId: string): Promise<Record<string, unknown>[]> {
  const result = await documents.send(new QueryCommand({
    TableName: stack.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `C#${customerId}#AUDIT` }, ConsistentRead: true,
  }));
  return result.Items ?? [];
}

describe('a proxy session ends with its organisation\'s disabling (issue 32)', () => {
  const target = `proxy-disabling-${suffix}`;
  let superadmin: TestUser;
  let helpdesk: TestUser;

  beforeAll(async () => {
    await documents.send(new PutCommand(organisationPut(stack.tableName, {
      customerId: target, name: `Organisation ${target}`, customerGroupId: null, createdAt: new Date().toISOString(), status: 'active',
    })));
    [superadmin, helpdesk] = await Promise.all([createUser(stack, 'superadmin'), createUser(stack, 'helpdesk')]);
  });

  const proxied = (token: string, method: string, path: string, body?: unknown) =>
    api(stack, helpdesk, method, path, body, { 'x-proxy-token': token, customerid: target });
  const setStatus = async (status: 'active' | 'disabled') => {
    const answer = await api(stack, superadmin, 'PUT', `/superadmin/organisations/${target}/status`, { status });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  it('a write proxy token issued before the disabling stays refused after re-enabling, and its end is audited', async () => {
    const started = await api(stack, helpdesk, 'POST', '/proxy-sessions', { customerId: target, reason: 'Ticket 32: before disabling', mode: 'write' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const session = started.body as ProxySessionStarted;
    expect((await proxied(session.token, 'POST', '/departments', { name: `Before ${suffix.slice(0, 6)}` })).status).toBe(201);

    await setStatus('disabled');
    expect((await proxied(session.token, 'GET', '/departments')).status).toBe(403);
    await setStatus('active');

    const ended = { status: 403, body: { message: MESSAGES.proxySessionEnded } };
    expect(await proxied(session.token, 'GET', '/departments')).toEqual(ended);
    expect(await proxied(session.token, 'POST', '/departments', { name: `After ${suffix.slice(0, 6)}` })).toEqual(ended);

    // Its end is in the organisation's Portal Audit and the super-administrators' trail, by whoever disabled it.
    const entries = (await auditOf(target)).filter((entry) => entry['entityId'] === session.sessionId);
    expect(entries.map((entry) => entry['action']).sort()).toEqual(['create', 'update']);
    expect(entries.find((entry) => entry['action'] === 'update')).toMatchObject({
      entityType: 'PROXYSESSION', actor: { email: superadmin.email }, after: { actorEmail: helpdesk.email, endedAt: expect.any(String) as unknown },
    });
    const trail = (await api(stack, superadmin, 'GET', '/superadmin/audit?limit=50')).body as { items: SuperadminAuditEntry[] };
    expect(trail.items.find((entry) => entry.action === 'proxy.end' && entry.targetId === target)).toMatchObject({
      actor: { email: superadmin.email }, after: { actorEmail: helpdesk.email },
    });

    // The actor's open session is over: they may start a new one in the enabled organisation.
    const again = await api(stack, helpdesk, 'POST', '/proxy-sessions', { customerId: target, reason: 'Ticket 32: after enabling', mode: 'read' });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });
});
