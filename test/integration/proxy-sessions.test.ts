import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { ProxySession, ProxySessionStarted } from '@domain/identity/proxy-session';
import { organisationPut, proxySessionKeyParams } from '../../lambdas/data';
import { signProxyToken } from '../../lambdas/shared/proxy-token';
import { LOCAL_REGION } from '../../local/identity';
import { PROXY_TOKEN_KEY_FILE } from '../../local/proxy-token-key';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

const suffix = randomUUID().slice(0, 8);
const target = `proxy-target-${suffix}`;
const disabled = `proxy-disabled-${suffix}`;

async function organisation(customerId: string, status: 'active' | 'disabled'): Promise<void> {
  await documents.send(new PutCommand(organisationPut(stack.tableName, {
    customerId, name: `Organisation ${customerId}`, customerGroupId: null, createdAt: new Date().toISOString(), status,
  })));
}

async function start(user: TestUser, mode: 'read' | 'write', customerId = target): Promise<ProxySessionStarted> {
  const started = await api(stack, user, 'POST', '/proxy-sessions', { customerId, reason: 'Ticket 4711: sensor names', mode });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return started.body as ProxySessionStarted;
}

/** A call as the user acting for the organisation: their own ID token, the proxy token beside it. */
const proxied = (user: TestUser, token: string, method: string, path: string, body?: unknown) =>
  api(stack, user, method, path, body, { 'x-proxy-token': token, customerid: target });

async function auditOf(customerId: string): Promise<Record<string, unknown>[]> {
  const result = await documents.send(new QueryCommand({
    TableName: stack.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `C#${customerId}#AUDIT` }, ConsistentRead: true,
  }));
  return result.Items ?? [];
}

describe('proxy login (issue 16 section 3)', () => {
  let helpdesk: TestUser;
  beforeAll(async () => {
    await Promise.all([organisation(target, 'active'), organisation(disabled, 'disabled')]);
    helpdesk = await createUser(stack, 'helpdesk');
  });

  it('a helpdesk user without a proxy session can neither read nor write another organisation by its header', async () => {
    const refused = { status: 403, body: { message: MESSAGES.tenantMismatch } };
    expect(await api(stack, helpdesk, 'GET', '/departments', undefined, { customerid: target })).toEqual(refused);
    expect(await api(stack, helpdesk, 'POST', '/departments', { name: 'Sneaked' }, { customerid: target })).toEqual(refused);
  });

  it('a write proxy changes the organisation, its audit trail names both identities, and its logout ends it', async () => {
    const user = await createUser(stack, 'helpdesk');
    const session = await start(user, 'write');
    expect(session).toMatchObject({ customerId: target, mode: 'write', organisationName: `Organisation ${target}` });
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const created = await proxied(user, session.token, 'POST', '/departments', { name: `Proxy ${suffix.slice(0, 6)}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const departmentId = (created.body as { id: string }).id;
    const listed = await proxied(user, session.token, 'GET', '/departments');
    expect(JSON.stringify(listed.body)).toContain(departmentId);
    // Not in the helpdesk user's own organisation.
    expect(JSON.stringify((await api(stack, user, 'GET', '/departments')).body)).not.toContain(departmentId);

    const trail = await auditOf(target);
    expect(trail.find((entry) => entry['entityId'] === departmentId)).toMatchObject({
      action: 'create', proxy: { actorEmail: user.email, sessionId: session.sessionId },
    });
    expect(trail.find((entry) => entry['entityId'] === session.sessionId)).toMatchObject({
      entityType: 'PROXYSESSION', actor: { email: user.email }, after: { reason: 'Ticket 4711: sensor names', mode: 'write' },
    });

    // Nobody proxies while proxying: with the token or without it.
    const again = { status: 409, body: { message: MESSAGES.proxyAlreadyActive } };
    expect(await api(stack, user, 'POST', '/proxy-sessions', { customerId: target, reason: 'x', mode: 'read' }, { 'x-proxy-token': session.token, customerid: target }))
      .toEqual(again);
    expect(await api(stack, user, 'POST', '/proxy-sessions', { customerId: target, reason: 'x', mode: 'read' })).toEqual(again);

    const current = await proxied(user, session.token, 'GET', '/proxy-sessions/current');
    expect(current.body).toMatchObject({ sessionId: session.sessionId, actor: { email: user.email } });
    const ended = await proxied(user, session.token, 'DELETE', '/proxy-sessions/current');
    expect((ended.body as ProxySession).endedAt).toBeDefined();
    expect(await proxied(user, session.token, 'GET', '/departments')).toEqual({ status: 403, body: { message: MESSAGES.proxySessionEnded } });
    expect((await auditOf(target)).filter((entry) => entry['entityId'] === session.sessionId)).toHaveLength(2);
    // Ended, a new one may start.
    await start(user, 'read');
  });

  it('of two simultaneous starts by one actor, exactly one succeeds', async () => {
    const user = await createUser(stack, 'helpdesk');
    const input = { customerId: target, reason: 'Ticket 4712: two tabs', mode: 'read' };
    const answers = await Promise.all([1, 2].map(() => api(stack, user, 'POST', '/proxy-sessions', input)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ message: MESSAGES.proxyAlreadyActive });
  });

  it('a read-only proxy reads but its writes are refused; another user cannot use its token', async () => {
    const session = await start(helpdesk, 'read');
    expect((await proxied(helpdesk, session.token, 'GET', '/departments')).status).toBe(200);
    expect(await proxied(helpdesk, session.token, 'POST', '/departments', { name: 'Read only' }))
      .toEqual({ status: 403, body: { message: MESSAGES.proxyReadOnly } });
    const other = await createUser(stack, 'superadmin');
    expect((await proxied(other, session.token, 'GET', '/departments')).status).toBe(403);
    expect((await proxied(helpdesk, session.token, 'DELETE', '/proxy-sessions/current')).status).toBe(200);
  });

  it('a proxy for changes still neither answers nor submits a HACCP checklist (nothing is signed through a proxy)', async () => {
    const user = await createUser(stack, 'helpdesk');
    const session = await start(user, 'write');
    const cannotSign = { status: 403, body: { message: MESSAGES.proxyCannotSign } };
    expect(await proxied(user, session.token, 'PUT', '/haccp/instances/i-1/answers/q-1', { value: 'yes', idempotencyKey: randomUUID() }))
      .toEqual(cannotSign);
    expect(await proxied(user, session.token, 'POST', '/haccp/instances/i-1/submit', { idempotencyKey: randomUUID() })).toEqual(cannotSign);
    expect((await proxied(user, session.token, 'DELETE', '/proxy-sessions/current')).status).toBe(200);
  });

  it("under a proxy my notifications answer the organisation's stand-in, store nothing and send no test message", async () => {
    // The actor belongs to another organisation: outside a proxy their own record answers.
    const user = await createUser(stack, 'helpdesk');
    const own = await api(stack, user, 'GET', '/users/me/notifications');
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const session = await start(user, 'read');
    const standIn = await proxied(user, session.token, 'GET', '/users/me/notifications');
    expect(standIn.status, JSON.stringify(standIn.body)).toBe(200);
    expect(standIn.body).toMatchObject({ notificationsEnabled: false, groups: [] });
    expect((standIn.body as { channels: { reachable: boolean }[] }).channels.every((channel) => !channel.reachable)).toBe(true);
    // A personal setting: a read-only proxy may send it, and it is answered without being stored.
    expect(await proxied(user, session.token, 'PUT', '/users/me/notifications', { notificationsEnabled: false })).toEqual(standIn);
    expect((await api(stack, user, 'GET', '/users/me/notifications')).body).toEqual(own.body);
    // Not a personal setting: refused to a read-only proxy.
    expect(await proxied(user, session.token, 'POST', '/users/me/notifications/test', { channel: 'email' }))
      .toEqual({ status: 403, body: { message: MESSAGES.proxyReadOnly } });
  });

  it('a proxy older than 30 minutes is refused, whatever its token says', async () => {
    const user = await createUser(stack, 'helpdesk');
    const session = await start(user, 'write');
    const key = new TextEncoder().encode(readFileSync(join(stack.dataDir, PROXY_TOKEN_KEY_FILE), 'utf8').trim());
    const ended = { status: 403, body: { message: MESSAGES.proxySessionEnded } };
    // A token of the session signed 31 minutes ago has expired.
    const startedLongAgo = new Date(Date.now() - 31 * 60_000);
    const old = await signProxyToken({ sessionId: session.sessionId, customerId: target, mode: 'write', actor: { userId: session.actor.userId, email: user.email },
      expiresAt: new Date(startedLongAgo.getTime() + 30 * 60_000) }, key, startedLongAgo);
    expect(await proxied(user, old, 'GET', '/departments')).toEqual(ended);
    // The session itself past its 30 minutes: its current token is refused too.
    await documents.send(new UpdateCommand({
      ...proxySessionKeyParams(stack.tableName, session.actor.customerId, session.actor.userId, session.sessionId),
      UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
    }));
    expect(await proxied(user, session.token, 'GET', '/departments')).toEqual(ended);
  });

  it('nobody proxies into a disabled organisation, and disabling one ends its proxies', async () => {
    const user = await createUser(stack, 'superadmin');
    expect(await api(stack, user, 'POST', '/proxy-sessions', { customerId: disabled, reason: 'Check', mode: 'read' }))
      .toEqual({ status: 403, body: { message: MESSAGES.proxyOrganisationDisabled } });
    expect((await api(stack, user, 'POST', '/proxy-sessions', { customerId: `unknown-${suffix}`, reason: 'Check', mode: 'read' })).status).toBe(404);
    const other = `proxy-later-disabled-${suffix}`;
    await organisation(other, 'active');
    const session = await start(user, 'read', other);
    await organisation(other, 'disabled');
    expect(await api(stack, user, 'GET', '/departments', undefined, { 'x-proxy-token': session.token, customerid: other }))
      .toEqual({ status: 403, body: { message: MESSAGES.proxyOrganisationDisabled } });
  });
});

describe('corporate view (issue 16 section 3): an administrator with corporate access acts for one location of theirs', () => {
  const organisationId = `corporate-view-${suffix}`;
  const reason = 'Store audit: kitchen only';
  const placeBody = (name: string) => ({ name: `${name} ${suffix.slice(0, 6)}`, address: '1 Test Street', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' });
  const siteBody = (name: string, locationId: string) => ({
    ...placeBody(name), locationIds: [locationId], timezone: 'Europe/London', billingAddressSameAsSite: false,
    billingAddress: { address: '1 Test Street', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' },
  });
  let corporate: TestUser;
  const place = { kitchen: '', kitchenSite: '', depot: '', depotSite: '' };
  const asCorporate = (token: string, method: string, path: string, body?: unknown) =>
    api(stack, corporate, method, path, body, { 'x-proxy-token': token });
  const created = async (path: string, body: unknown): Promise<string> => {
    const answer = await api(stack, corporate, 'POST', path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return (answer.body as { id: string }).id;
  };
  const corporateAdmin = async (customerId: string, hasDefaultLocAccess: boolean): Promise<TestUser> => {
    const user = await createUser(stack, 'admin', customerId);
    await provisionAccount(stack, { email: user.email, role: 'admin', customerId, accountId: user.accountId, hasDefaultLocAccess });
    return user;
  };

  beforeAll(async () => {
    await organisation(organisationId, 'active');
    corporate = await corporateAdmin(organisationId, true);
    place.kitchen = await created('/locations', placeBody('Kitchen'));
    place.depot = await created('/locations', placeBody('Depot'));
    place.kitchenSite = await created('/sites', siteBody('Kitchen site', place.kitchen));
    place.depotSite = await created('/sites', siteBody('Depot site', place.depot));
  });

  it("reads only the location's sites, writes nothing under read only, and its start and end are in the Portal Audit", async () => {
    const started = await api(stack, corporate, 'POST', '/proxy-sessions', { customerId: organisationId, locationId: place.kitchen, reason, mode: 'read' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const session = started.body as ProxySessionStarted;
    expect(session).toMatchObject({ customerId: organisationId, locationId: place.kitchen, locationName: placeBody('Kitchen').name, mode: 'read' });

    const ids = (answer: { body: unknown }) => ((answer.body as { items: { id: string }[] }).items).map((item) => item.id);
    expect(ids(await asCorporate(session.token, 'GET', '/sites'))).toEqual([place.kitchenSite]);
    expect(ids(await asCorporate(session.token, 'GET', '/locations'))).toEqual([place.kitchen]);
    expect((await asCorporate(session.token, 'GET', `/sites/${place.depotSite}`)).status).toBe(404);
    // Outside the corporate view the administrator sees both, as before.
    expect(ids(await api(stack, corporate, 'GET', '/sites'))).toEqual(expect.arrayContaining([place.kitchenSite, place.depotSite]));
    expect(await asCorporate(session.token, 'POST', '/sites', siteBody('Sneaked', place.kitchen)))
      .toEqual({ status: 403, body: { message: MESSAGES.proxyReadOnly } });

    expect((await asCorporate(session.token, 'DELETE', '/proxy-sessions/current')).status).toBe(200);
    const entries = (await auditOf(organisationId)).filter((entry) => entry['entityId'] === session.sessionId);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ entityType: 'PROXYSESSION', actor: { email: corporate.email }, after: { reason, mode: 'read', locationId: place.kitchen } });
  });

  it('for changes, writes only within its location, each change naming the real actor', async () => {
    const started = await api(stack, corporate, 'POST', '/proxy-sessions', { customerId: organisationId, locationId: place.kitchen, reason, mode: 'write' });
    const session = started.body as ProxySessionStarted;
    expect((await asCorporate(session.token, 'POST', '/sites', siteBody('Elsewhere', place.depot))).status).toBe(400);
    expect(await asCorporate(session.token, 'POST', '/locations', placeBody('Another')))
      .toEqual({ status: 403, body: { message: MESSAGES.corporateViewOneLocation } });
    const site = await asCorporate(session.token, 'POST', '/sites', siteBody('Cold room', place.kitchen));
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    const siteId = (site.body as { id: string }).id;
    expect((await auditOf(organisationId)).find((entry) => entry['entityId'] === siteId))
      .toMatchObject({ action: 'create', proxy: { actorEmail: corporate.email, sessionId: session.sessionId } });
    expect((await asCorporate(session.token, 'DELETE', '/proxy-sessions/current')).status).toBe(200);
  });

  it('is refused without corporate access, to a basic user, without a location, and for an unknown or another organisation\'s location', async () => {
    const body = { customerId: organisationId, locationId: place.kitchen, reason, mode: 'read' };
    const withoutAccess = await corporateAdmin(organisationId, false);
    expect(await api(stack, withoutAccess, 'POST', '/proxy-sessions', body))
      .toEqual({ status: 403, body: { message: MESSAGES.proxyCorporateAccessRequired } });
    const basic = await createUser(stack, 'basicuser', organisationId);
    expect((await api(stack, basic, 'POST', '/proxy-sessions', body)).status).toBe(403);
    expect(await api(stack, corporate, 'POST', '/proxy-sessions', { ...body, locationId: undefined }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.proxyLocationRequired } });
    expect(await api(stack, corporate, 'POST', '/proxy-sessions', { ...body, locationId: `unknown-${suffix}` }))
      .toEqual({ status: 404, body: { message: MESSAGES.locationNotFound } });
    // An administrator with corporate access of another organisation: its location is as unknown, by either organisation.
    const outsider = await corporateAdmin(target, true);
    const notFound = { status: 404, body: { message: MESSAGES.locationNotFound } };
    expect(await api(stack, outsider, 'POST', '/proxy-sessions', body)).toEqual(notFound);
    expect(await api(stack, outsider, 'POST', '/proxy-sessions', { ...body, customerId: target })).toEqual(notFound);
  });
});
