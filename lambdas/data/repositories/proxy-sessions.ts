import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, forbidden, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { PROXY_SESSION_MS, type ProxySession, type ProxySessionInput } from '@domain/identity/proxy-session';
import {
  createPut,
  endProxySession,
  organisation as organisationEntity,
  organisationKeyParams,
  proxySessionAuditItems,
  proxySessionOpenClaim,
  proxySessionPut,
  readProxySession,
  runTransaction,
} from '..';
import type { Caller } from '../../shared/caller';
import { entityOn, storedItem } from '../entity-reads';

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
    const { data } = await entityOn(organisationEntity, this.client, this.tableName).get({ customerId: input.customerId }).go({ data: 'raw', consistent: true });
    const organisation = storedItem(data);
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
      // Still enabled as the session is written: a disabling that raced the read above ends it or refuses it (no session starts while disabled).
      {
        item: {
          ConditionCheck: {
            ...organisationKeyParams(this.tableName, input.customerId),
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#status) OR #status <> :disabled)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':disabled': 'disabled' },
          },
        },
        onConditionFailed: () => forbidden(MESSAGES.proxyOrganisationDisabled),
      },
      ...proxySessionAuditItems(this.tableName, caller, session, 'proxy.start', undefined, now),
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
    // Only an open session is ended (a second logout finds it ended: nothing more is written).
    return endProxySession(this.client, this.tableName, caller, before, this.clock());
  }
}
