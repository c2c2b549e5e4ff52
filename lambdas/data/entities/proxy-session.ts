import { Entity, type EntityItem } from 'electrodb';
import type { ProxyMode, ProxySession } from '@domain/identity/proxy-session';
import { customerIdAttribute, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/**
 * A proxy session (issue 16 section 3): who (the actor, in their own organisation) acts for
 * which organisation, why, read-only or for changes, from when until when (never renewed),
 * and when it was ended. One partition per actor: the middleware reads the session the proxy
 * token names with one GetItem, and a start claims the actor's open-session marker beside them
 * (proxy-session-open.ts) to refuse a second. The organisation acted for finds its sessions
 * by the time they expire (gsi1): disabling it ends those still open.
 * The item goes a day after its expiry (TTL); the organisation's Portal Audit keeps the record.
 */
export const proxySession = new Entity({
  model: { entity: 'proxySession', version: '1', service: SERVICE },
  attributes: {
    /** The actor's own organisation (the partition is the actor's). */
    actorCustomerId: customerIdAttribute,
    actorUserId: { type: 'string', required: true },
    actorEmail: { type: 'string', required: true },
    actorRole: { type: 'string', required: true },
    sessionId: { type: 'string', required: true },
    /** The organisation acted for. */
    customerId: { type: 'string', required: true },
    organisationName: { type: 'string', required: true },
    /** A corporate view's location (an administrator with corporate access, in their own organisation), and its name then. */
    locationId: { type: 'string' },
    locationName: { type: 'string' },
    reason: { type: 'string', required: true },
    mode: { type: ['read', 'write'] as const, required: true },
    startedAt: { type: 'string', required: true },
    expiresAt: { type: 'string', required: true },
    endedAt: { type: 'string' },
    ttl: { type: 'number' },
    type: { type: 'string', default: 'PROXYSESSION' },
  },
  indexes: {
    byActor: {
      pk: { field: 'pk', composite: ['actorCustomerId', 'actorUserId'], template: 'C#${actorCustomerId}#PROXYSESSION#${actorUserId}', casing: 'none' },
      sk: { field: 'sk', composite: ['sessionId'], template: 'PROXYSESSION#${sessionId}', casing: 'none' },
    },
    byOrganisation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId'], template: 'C#${customerId}#PROXYSESSIONS', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['expiresAt', 'sessionId'], template: 'PROXYSESSION#${expiresAt}#${sessionId}', casing: 'none' },
    },
  },
});
export type ProxySessionItem = EntityItem<typeof proxySession>;

/** How long a proxy item stays after its expiry (a day), then TTL takes it. */
export const PROXY_ITEMS_KEPT_SECONDS = 24 * 60 * 60;

export const proxySessionPut = (tableName: string, session: ProxySession): PutParams =>
  proxySession.put({
    actorCustomerId: session.actor.customerId,
    actorUserId: session.actor.userId,
    actorEmail: session.actor.email,
    actorRole: session.actor.role,
    sessionId: session.sessionId,
    customerId: session.customerId,
    organisationName: session.organisationName,
    ...(session.locationId === undefined ? {} : { locationId: session.locationId }),
    ...(session.locationName === undefined ? {} : { locationName: session.locationName }),
    reason: session.reason,
    mode: session.mode,
    startedAt: session.startedAt,
    expiresAt: session.expiresAt,
    ...(session.endedAt === undefined ? {} : { endedAt: session.endedAt }),
    ttl: Math.floor(Date.parse(session.expiresAt) / 1000) + PROXY_ITEMS_KEPT_SECONDS,
  }).params<PutParams>({ table: tableName });

export const proxySessionKeyParams = (tableName: string, actorCustomerId: string, actorUserId: string, sessionId: string): KeyParams =>
  proxySession.get({ actorCustomerId, actorUserId, sessionId }).params<KeyParams>({ table: tableName });

/**
 * Access pattern: the organisation's proxy sessions not yet expired at `now` (ended ones
 * included: the caller skips them), from gsi1, eventually consistent.
 */
export const proxySessionsOfOrganisationUnexpired = (tableName: string, customerId: string, now: Date): QueryParams =>
  proxySession.query.byOrganisation({ customerId }).gt({ expiresAt: now.toISOString() }).params<QueryParams>({ table: tableName });

/** The domain's shape, picked field by field. */
export function toProxySession(item: Record<string, unknown>): ProxySession {
  const locationId = item['locationId'];
  const locationName = item['locationName'];
  const endedAt = item['endedAt'];
  return {
    sessionId: text(item['sessionId']),
    actor: { userId: text(item['actorUserId']), email: text(item['actorEmail']), role: text(item['actorRole']), customerId: text(item['actorCustomerId']) },
    customerId: text(item['customerId']),
    organisationName: text(item['organisationName']),
    ...(typeof locationId === 'string' ? { locationId } : {}),
    ...(typeof locationName === 'string' ? { locationName } : {}),
    reason: text(item['reason']),
    mode: (item['mode'] === 'write' ? 'write' : 'read') satisfies ProxyMode,
    startedAt: text(item['startedAt']),
    expiresAt: text(item['expiresAt']),
    ...(typeof endedAt === 'string' ? { endedAt } : {}),
  };
}
