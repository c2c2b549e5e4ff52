import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { ProxySessionStarted } from '@domain/identity/proxy-session';
import type { PortalAuditEntry } from '@domain/reports/portal-audit';
import { DEMO_ORGANISATION } from '../../local/demo';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
const DAY_MS = 24 * 60 * 60 * 1000;
const REASON = `Ticket ${randomUUID().slice(0, 6)}: department names`;

/** The Portal Audit since `from`, as `user` reads it (one page holds this test's few entries). */
/** An administrator with corporate access (who sees the whole organisation, as the Portal Audit asks). */
async function corporateAdmin(customerId: string = DEMO_ORGANISATION.customerId): Promise<TestUser> {
  const user = await createUser(stack, 'admin', customerId);
  await provisionAccount(stack, { email: user.email, role: 'admin', customerId, accountId: user.accountId, hasDefaultLocAccess: true });
  return user;
}

async function portalAudit(user: TestUser, from: Date): Promise<{ status: number; items: PortalAuditEntry[]; body: unknown }> {
  const result = await api(stack, user, 'GET', `/reports/portal-audit?from=${encodeURIComponent(from.toISOString())}&limit=100`);
  return { status: result.status, body: result.body, items: (result.body as { items?: PortalAuditEntry[] }).items ?? [] };
}

describe('Portal Audit (issue 16 section 3: the administrators see each proxy session)', () => {
  const since = new Date(Date.now() - 1000);
  let helpdesk: TestUser;
  let admin: TestUser;
  let session: ProxySessionStarted;
  let departmentId: string;

  beforeAll(async () => {
    [helpdesk, admin] = await Promise.all([createUser(stack, 'helpdesk'), corporateAdmin()]);
    const started = await api(stack, helpdesk, 'POST', '/proxy-sessions', { customerId: DEMO_ORGANISATION.customerId, reason: REASON, mode: 'write' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    session = started.body as ProxySessionStarted;
    const proxyHeaders = { 'x-proxy-token': session.token, customerid: DEMO_ORGANISATION.customerId };
    const created = await api(stack, helpdesk, 'POST', '/departments', { name: `Px ${randomUUID().slice(0, 8)}` }, proxyHeaders);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    departmentId = (created.body as { id: string }).id;
    expect((await api(stack, helpdesk, 'DELETE', '/proxy-sessions/current', undefined, proxyHeaders)).status).toBe(200);
  });

  it("Demo Foods' administrator sees the proxy session (who, why, how) and the change made through it with both identities, newest first", async () => {
    const { status, items, body } = await portalAudit(admin, since);
    expect(status).toBe(200);
    const sessionEntries = items.filter((entry) => entry.entityId === session.sessionId);
    expect(sessionEntries.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(sessionEntries[1]).toMatchObject({
      entityType: 'PROXYSESSION', entityName: DEMO_ORGANISATION.name, actor: { email: helpdesk.email }, changes: [],
      proxySession: { actorEmail: helpdesk.email, reason: REASON, mode: 'write', organisationName: DEMO_ORGANISATION.name },
    });
    expect(sessionEntries[0]?.proxySession?.endedAt).toBeDefined();
    const change = items.find((entry) => entry.entityId === departmentId);
    expect(change).toMatchObject({
      entityType: 'DEPARTMENT', action: 'create', actor: { role: 'admin' }, proxy: { actorEmail: helpdesk.email, sessionId: session.sessionId },
    });
    expect(change?.changes.map((fieldChange) => fieldChange.field)).toContain('name');
    const times = items.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    // The records themselves never leave the table: only their changes; nor does the proxy token.
    expect(items.filter((entry) => 'before' in entry || 'after' in entry)).toEqual([]);
    expect(JSON.stringify(body)).not.toContain(session.token);

    // Paged with a cursor, as the other lists.
    const range = `from=${encodeURIComponent(since.toISOString())}&limit=1`;
    const first = (await api(stack, admin, 'GET', `/reports/portal-audit?${range}`)).body as { items: PortalAuditEntry[]; nextCursor?: string };
    const second = (await api(stack, admin, 'GET', `/reports/portal-audit?${range}&cursor=${first.nextCursor ?? ''}`)).body as { items: PortalAuditEntry[] };
    expect([first.items[0]?.id, second.items[0]?.id]).toEqual([items[0]?.id, items[1]?.id]);
  });

  it("another organisation's administrator does not see them; a basic user and an administrator of some locations have no Portal Audit", async () => {
    const outsider = await corporateAdmin('outsider-org');
    const theirs = await portalAudit(outsider, since);
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.items)).not.toMatch(new RegExp(`${session.sessionId}|${departmentId}`));
    // Nor by naming Demo Foods in the header.
    const named = await api(stack, outsider, 'GET', '/reports/portal-audit', undefined, { customerid: DEMO_ORGANISATION.customerId });
    expect(named.status).toBe(403);
    expect((await portalAudit(await createUser(stack, 'basicuser'), since)).status).toBe(403);
    // Without corporate access an administrator reaches the sites of their locations only; the trail names every site's changes.
    const ofSomeLocations = await portalAudit(await createUser(stack, 'admin'), since);
    expect(ofSomeLocations).toMatchObject({ status: 403, body: { message: MESSAGES.portalAuditNeedsCorporateAccess } });
  });

  it('a range over 31 days is refused with its message; 31 days are allowed', async () => {
    const to = new Date();
    const over = await api(stack, admin, 'GET', `/reports/portal-audit?from=${new Date(to.getTime() - 32 * DAY_MS).toISOString()}&to=${to.toISOString()}`);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ message: MESSAGES.portalAuditRangeTooLong });
    const allowed = await api(stack, admin, 'GET', `/reports/portal-audit?from=${new Date(to.getTime() - 31 * DAY_MS).toISOString()}&to=${to.toISOString()}&limit=1`);
    expect(allowed.status).toBe(200);
  });
});
