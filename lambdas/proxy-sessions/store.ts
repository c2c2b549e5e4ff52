import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, forbidden, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { PROXY_SESSION_MS, type ProxySession, type ProxySessionInput } from '@domain/identity/proxy-session';
import {
  auditEntryPut,
  createPut,
  organisationKeyParams,
  proxySessionOpenClaim,
  proxySessionOpenRelease,
  proxySessionPut,
  readProxySession,
  runTransaction,
  superadminAuditPut,
  type GuardedItem,
} from '../data';
import type { Caller } from '../shared/caller';
import { ENTITY } from '../shared/keys';

/** What the organisation's Portal Audit and the super-administrators' trail keep of a proxy session: who, why, when, how. */
const audited = (session: ProxySession): Record<string, unknown> => ({
  actorUserId: session.actor.userId, actorEmail: session.actor.email, actorRole: session.actor.role,
  customerId: session.customerId, organisationName: session.organisationName,
  ...(session.locationId === undefined ? {} : { locationId: session.locationId }),
  ...(session.locationName === undefined ? {} : { locationName: session.locationName }),
  reason: session.reason, mode: session.mode, startedAt: session.startedAt, expiresAt: session.expiresAt,
  ...(session.endedAt === undefined ? {} : { endedAt: session.endedAt }),
});

/**
 * Proxy sessions on the single table (lambdas/data/entities/proxy-session.ts). Starting and
 * ending one writes, in the same transaction, an entry in the organisation's Portal Audit and
 * one in the super-administrators' own trail.
 */
export class ProxySessionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Starts a proxy session for the (real, unproxied) caller; with `location` (checked by the
   * route: lambdas/proxy-sessions/corporate-view.ts), a corporate view of that one location.
   */
  async start(caller: Caller, input: ProxySessionInput, location?: { id: string; name: string }): Promise<ProxySession> {
    if (caller.proxy !== undefined) throw conflict(MESSAGES.proxyAlreadyActive);
    const now = this.clock();
    const organisation = (await this.client.send(new GetCommand({ ...organisationKeyParams(this.tableName, input.customerId), ConsistentRead: true }))).Item;
    if (organisation === undefined) throw notFound(MESSAGES.organisationNotFound);
    if (organisation['status'] === 'disabled') throw forbidden(MESSAGES.proxyOrganisationDisabled);
    const session: ProxySession = {
      sessionId: randomUUID(),
      actor: { userId: caller.userId, email: caller.email, role: caller.role, customerId: caller.customerId },
      customerId: input.customerId,
      organisationName: typeof organisation['name'] === 'string' ? organisation['name'] : input.customerId,
      ...(location === undefined ? {} : { locationId: location.id, locationName: location.name }),
      reason: input.reason,
      mode: input.mode,
      startedAt: now.toISOString(),
      // Never renewed: a session ends 30 minutes after it started, whatever happens meanwhile.
      expiresAt: new Date(now.getTime() + PROXY_SESSION_MS).toISOString(),
    };
    await runTransaction(this.client, [
      // Nobody proxies while proxying: the actor's open-session marker, claimed in this very transaction.
      proxySessionOpenClaim(this.tableName, session, now, () => conflict(MESSAGES.proxyAlreadyActive)),
      createPut(proxySessionPut(this.tableName, session)),
      ...this.auditItems(caller, session, 'proxy.start', undefined, audited(session), now),
    ]);
    return session;
  }

  /** The open session a proxied caller acts in; undefined when the request is not proxied. */
  async current(caller: Caller): Promise<ProxySession | undefined> {
    const proxy = caller.proxy;
    if (proxy === undefined) return undefined;
    // The middleware has just read it open: gone since, it is as ended.
    const session = await readProxySession(this.client, this.tableName, proxy.actor.customerId, proxy.actor.userId, proxy.sessionId);
    if (session === undefined) throw forbidden(MESSAGES.proxySessionEnded);
    return session;
  }

  /** Ends the session the caller acts in (proxy logout), undefined when not proxied; its token is refused from then on. */
  async end(caller: Caller): Promise<ProxySession | undefined> {
    const before = await this.current(caller);
    if (before === undefined) return undefined;
    const now = this.clock();
    const after: ProxySession = { ...before, endedAt: now.toISOString() };
    await runTransaction(this.client, [
      // Only an open session is ended (a second logout finds it ended: nothing more is written).
      {
        item: { Put: { ...proxySessionPut(this.tableName, after), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(endedAt)' } },
        onConditionFailed: () => forbidden(MESSAGES.proxySessionEnded),
      },
      proxySessionOpenRelease(this.tableName, after),
      ...this.auditItems(caller, after, 'proxy.end', audited(before), audited(after), now),
    ]);
    return after;
  }

  private auditItems(
    caller: Caller, session: ProxySession, action: string,
    before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined, now: Date,
  ): GuardedItem[] {
    return [
      // The organisation's administrators see each proxy session in their Portal Audit.
      auditEntryPut(this.tableName, {
        customerId: session.customerId, caller, entityType: ENTITY.proxySession, entityId: session.sessionId,
        action: before === undefined ? 'create' : 'update', before, after, now,
      }),
      superadminAuditPut(this.tableName, { caller, action, targetType: 'ORGANISATION', targetId: session.customerId, ...(before ? { before } : {}), ...(after ? { after } : {}), now }),
    ];
  }
}
