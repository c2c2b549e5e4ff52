import type { Role } from '@domain/identity/roles';
import { proxySessionInputSchema, proxySessionSchema, proxySessionStartedSchema } from '@domain/identity/proxy-session';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { proxyTokenKey, signProxyToken } from '../shared/proxy-token';
import { defineRoutes, route } from '../shared/routing';
import { proxyLocationOf } from './corporate-view';
import { ProxySessionStore } from '../data/repositories/proxy-sessions';

/**
 * Proxy login and proxy logout (issue 16 section 3). A helpdesk user or a super-administrator
 * starts a session for an organisation, an administrator with corporate access one for a
 * location of their own (the corporate view, corporate-view.ts); the answer's token goes back
 * as `x-proxy-token` on every call made for it (shared/http.ts, proxyContext), where the caller
 * is that organisation's administrator (limited to the location under a corporate view): so
 * the current session and its end are the admin's routes too.
 */
const PROXY_STARTERS: readonly Role[] = ['admin', 'helpdesk', 'superadmin'];
const PROXY_USERS: readonly Role[] = ['admin', 'helpdesk', 'superadmin'];

const store = () => new ProxySessionStore(dynamoDocumentClient(), backendConfig().tableName);

export const proxySessionRoutes = defineRoutes('proxySessions', [
  route({
    method: 'POST', path: '/proxy-sessions', roles: PROXY_STARTERS, body: proxySessionInputSchema, response: proxySessionStartedSchema,
    summary: 'Start acting for an organisation (proxy login), or for a location of mine with corporate access (corporate view): a reason, read-only or for changes, 30 minutes at most; answers the proxy token',
    action: async ({ caller, body: input, request }) => {
      const location = await proxyLocationOf(dynamoDocumentClient(), backendConfig().tableName, caller, input);
      const session = await store().start(caller, input, location);
      const token = await signProxyToken({
        sessionId: session.sessionId, customerId: session.customerId, mode: session.mode,
        actor: { userId: session.actor.userId, email: session.actor.email }, expiresAt: new Date(session.expiresAt),
      }, await proxyTokenKey(), new Date(session.startedAt));
      request.logger.info('proxy session started', {
        proxySessionId: session.sessionId, customerId: session.customerId, mode: session.mode, ...(location === undefined ? {} : { locationId: location.id }),
      });
      return {
        statusCode: 201,
        body: {
          sessionId: session.sessionId, token, expiresAt: session.expiresAt, customerId: session.customerId,
          organisationName: session.organisationName, mode: session.mode, actor: session.actor,
          ...(session.locationId === undefined ? {} : { locationId: session.locationId }),
          ...(session.locationName === undefined ? {} : { locationName: session.locationName }),
        },
      };
    },
  }),
  route({
    method: 'GET', path: '/proxy-sessions/current', roles: PROXY_USERS, response: proxySessionSchema,
    summary: 'The proxy session the request\'s x-proxy-token names (204 when the request is not proxied)',
    action: async ({ caller }) => {
      const session = await store().current(caller);
      return session === undefined ? { statusCode: 204 } : { statusCode: 200, body: session };
    },
  }),
  route({
    method: 'DELETE', path: '/proxy-sessions/current', roles: PROXY_USERS, response: proxySessionSchema,
    summary: 'End the proxy session the request\'s x-proxy-token names (proxy logout); its token is refused afterwards (204 when not proxied)',
    action: async ({ caller, request }) => {
      const session = await store().end(caller);
      if (session === undefined) return { statusCode: 204 };
      request.logger.info('proxy session ended', { proxySessionId: session.sessionId, customerId: session.customerId });
      return { statusCode: 200, body: session };
    },
  }),
]);
