import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { proxyTokenKey, signProxyToken } from '../shared/proxy-token';
import { defineRoutes, route } from '../shared/routing';
import { proxyLocationOf } from './corporate-view';
import { ProxySessionStore } from '../data/repositories/proxy-sessions';
import { PROXY_SESSION_ROUTES } from '@domain/api/proxy-sessions';

const store = () => new ProxySessionStore(dynamoDocumentClient(), backendConfig().tableName);

export const proxySessionRoutes = defineRoutes('proxySessions', [
  route(PROXY_SESSION_ROUTES.create, {
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
  route(PROXY_SESSION_ROUTES.getCurrent, {
    action: async ({ caller }) => {
      const session = await store().current(caller);
      return session === undefined ? { statusCode: 204 } : { statusCode: 200, body: session };
    },
  }),
  route(PROXY_SESSION_ROUTES.deleteCurrent, {
    action: async ({ caller, request }) => {
      const session = await store().end(caller);
      if (session === undefined) return { statusCode: 204 };
      request.logger.info('proxy session ended', { proxySessionId: session.sessionId, customerId: session.customerId });
      return { statusCode: 200, body: session };
    },
  }),
]);
