import { Entity, type EntityItem } from 'electrodb';
import type { ProxySession } from '@domain/identity/proxy-session';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { GuardedItem } from '../transaction';
import type { KeyParams, PutParams } from '../writes';
import { PROXY_ITEMS_KEPT_SECONDS } from './proxy-session';

/**
 * The actor's one open proxy session, a marker beside their sessions (same partition): starting
 * a session puts it on the condition that none is there or the one there has expired, in the
 * start's own transaction, so two simultaneous starts cannot both succeed; ending the session
 * deletes it. Gone a day after its expiry (TTL) like the sessions.
 */
export const proxySessionOpen = new Entity({
  model: { entity: 'proxySessionOpen', version: '1', service: SERVICE },
  attributes: {
    actorCustomerId: customerIdAttribute,
    actorUserId: { type: 'string', required: true },
    sessionId: { type: 'string', required: true },
    expiresAt: { type: 'string', required: true },
    ttl: { type: 'number' },
    type: { type: 'string', default: 'PROXYOPEN' },
  },
  indexes: {
    byActor: {
      pk: { field: 'pk', composite: ['actorCustomerId', 'actorUserId'], template: 'C#${actorCustomerId}#PROXYSESSION#${actorUserId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'PROXYOPEN', casing: 'none' },
    },
  },
});
export type ProxySessionOpenItem = EntityItem<typeof proxySessionOpen>;

/**
 * The open-session marker of a session being started: refused (`onConditionFailed`) while
 * another session of the actor is open, that is while a marker not yet expired at `now` is there.
 */
export function proxySessionOpenClaim(tableName: string, session: ProxySession, now: Date, onConditionFailed: GuardedItem['onConditionFailed']): GuardedItem {
  const { TableName, Item } = proxySessionOpen.put({
    actorCustomerId: session.actor.customerId,
    actorUserId: session.actor.userId,
    sessionId: session.sessionId,
    expiresAt: session.expiresAt,
    ttl: Math.floor(Date.parse(session.expiresAt) / 1000) + PROXY_ITEMS_KEPT_SECONDS,
  }).params<PutParams>({ table: tableName });
  // ISO instants of the same format compare as strings in time order.
  return {
    item: { Put: { TableName, Item, ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now', ExpressionAttributeValues: { ':now': now.toISOString() } } },
    ...(onConditionFailed === undefined ? {} : { onConditionFailed }),
  };
}

/** The marker's removal at the end of its session (only its own: a later session's marker stays). */
export function proxySessionOpenRelease(tableName: string, session: ProxySession): GuardedItem {
  const { TableName, Key } = proxySessionOpen.delete({ actorCustomerId: session.actor.customerId, actorUserId: session.actor.userId })
    .params<KeyParams>({ table: tableName });
  return {
    item: { Delete: { TableName, Key, ConditionExpression: 'attribute_not_exists(pk) OR sessionId = :sessionId', ExpressionAttributeValues: { ':sessionId': session.sessionId } } },
  };
}
