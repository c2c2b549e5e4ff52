import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DomainError, forbidden } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { isProxySessionOpen, type ProxySession } from '@domain/identity/proxy-session';
import type { Caller } from '../shared/caller';
import { eachLimited } from '../shared/concurrency';
import { auditEntryPut, ENTITY } from './entities/audit-entry';
import { proxySession, proxySessionPut, proxySessionsOfOrganisationUnexpired, toProxySession } from './entities/proxy-session';
import { proxySessionOpenRelease } from './entities/proxy-session-open';
import { superadminAuditPut } from './entities/superadmin-audit-entry';
import { entityOn, storedItem } from './entity-reads';
import { queryAll } from './queries';
import { runTransaction, type GuardedItem } from './transaction';

/** The proxy session a proxy token names (one consistent GetItem), or undefined. */
export async function readProxySession(
  client: DynamoDBDocumentClient, tableName: string, actorCustomerId: string, actorUserId: string, sessionId: string,
): Promise<ProxySession | undefined> {
  const { data } = await entityOn(proxySession, client, tableName).get({ actorCustomerId, actorUserId, sessionId }).go({ data: 'raw', consistent: true });
  const item = storedItem(data);
  return item === undefined ? undefined : toProxySession(item);
}

/** What the organisation's Portal Audit and the super-administrators' trail keep of a proxy session: who, why, when, how. */
export const auditedProxySession = (session: ProxySession): Record<string, unknown> => ({
  actorUserId: session.actor.userId, actorEmail: session.actor.email, actorRole: session.actor.role,
  customerId: session.customerId, organisationName: session.organisationName,
  ...(session.locationId === undefined ? {} : { locationId: session.locationId }),
  ...(session.locationName === undefined ? {} : { locationName: session.locationName }),
  reason: session.reason, mode: session.mode, startedAt: session.startedAt, expiresAt: session.expiresAt,
  ...(session.endedAt === undefined ? {} : { endedAt: session.endedAt }),
});

/**
 * A proxy session's entries, written with its start (`before` undefined) or its end: one in the
 * organisation's Portal Audit (its administrators see each proxy session), one in the
 * super-administrators' trail. `caller` is who started or ended it.
 */
export function proxySessionAuditItems(
  tableName: string, caller: Caller, session: ProxySession, action: 'proxy.start' | 'proxy.end', before: ProxySession | undefined, now: Date,
): GuardedItem[] {
  const auditedBefore = before === undefined ? undefined : auditedProxySession(before);
  const after = auditedProxySession(session);
  return [
    auditEntryPut(tableName, {
      customerId: session.customerId, caller, entityType: ENTITY.proxySession, entityId: session.sessionId,
      action: before === undefined ? 'create' : 'update', before: auditedBefore, after, now,
    }),
    superadminAuditPut(tableName, { caller, action, targetType: 'ORGANISATION', targetId: session.customerId, ...(auditedBefore ? { before: auditedBefore } : {}), after, now }),
  ];
}

/**
 * Ends an open proxy session (its token is refused from then on): the session marked ended on
 * the condition that it was not already (`proxySessionEnded` otherwise), its actor's open-session
 * marker released, and its audit entries, by `caller` (the actor's logout, or the
 * super-administrator disabling the organisation).
 */
export async function endProxySession(client: DynamoDBDocumentClient, tableName: string, caller: Caller, before: ProxySession, now: Date): Promise<ProxySession> {
  const after: ProxySession = { ...before, endedAt: now.toISOString() };
  await runTransaction(client, [
    {
      item: { Put: { ...proxySessionPut(tableName, after), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(endedAt)' } },
      onConditionFailed: () => forbidden(MESSAGES.proxySessionEnded),
    },
    proxySessionOpenRelease(tableName, after),
    ...proxySessionAuditItems(tableName, caller, after, 'proxy.end', before, now),
  ]);
  return after;
}

/**
 * Ends every proxy session still open for the organisation (it was disabled, or is being
 * enabled): so a token issued before the disabling stays refused once it is enabled again.
 * The index is eventually consistent: a session started just before a disabling may be found
 * only by the next call, which enabling makes before it enables (no session starts while the
 * organisation is disabled). A session someone ended meanwhile is skipped. Returns how many ended.
 */
export async function endOrganisationProxySessions(client: DynamoDBDocumentClient, tableName: string, caller: Caller, customerId: string, now: Date): Promise<number> {
  const found = await queryAll(client, proxySessionsOfOrganisationUnexpired(tableName, customerId, now), toProxySession);
  const open = found.filter((session) => isProxySessionOpen(session, now));
  const ended = await eachLimited(open, PROXY_ENDING_CONCURRENCY, async (session) => {
    // The index's copy may be stale: the item itself decides (its end's condition).
    const current = await readProxySession(client, tableName, session.actor.customerId, session.actor.userId, session.sessionId);
    if (current === undefined || !isProxySessionOpen(current, now)) return 0;
    try {
      await endProxySession(client, tableName, caller, current, now);
      return 1;
    } catch (error) {
      // Ended by its actor between the read and the end: nothing left to do.
      if (error instanceof DomainError && error.message === MESSAGES.proxySessionEnded) return 0;
      throw error;
    }
  });
  return ended.reduce<number>((sum, count) => sum + count, 0);
}

/** How many proxy sessions a disabled organisation ends at once. */
export const PROXY_ENDING_CONCURRENCY = 10;
