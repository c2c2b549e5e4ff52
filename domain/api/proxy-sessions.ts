import { proxySessionInputSchema, proxySessionSchema, proxySessionStartedSchema } from '../identity/proxy-session';
import { Role } from '../identity/roles';
import { contract } from './contract';

/**
 * Proxy login and proxy logout (issue 16 section 3). A helpdesk user or a super-administrator
 * starts a session for an organisation, an administrator with corporate access one for a
 * location of their own (the corporate view, corporate-view.ts); the answer's token goes back
 * as `x-proxy-token` on every call made for it (shared/http.ts, proxyContext), where the caller
 * is that organisation's administrator (limited to the location under a corporate view): so
 * the current session and its end are the admin's routes too.
 */
export const PROXY_STARTERS: readonly Role[] = ['admin', 'helpdesk', 'superadmin'];
export const PROXY_USERS: readonly Role[] = ['admin', 'helpdesk', 'superadmin'];

/** The contracts of lambdas/proxy-sessions/routes.ts (docs/adding-a-route.md). */
export const PROXY_SESSION_ROUTES = {
  create: contract({
    method: 'POST', path: '/proxy-sessions', roles: PROXY_STARTERS, body: proxySessionInputSchema, response: proxySessionStartedSchema, summary: 'Start acting for an organisation (proxy login), or for a location of mine with corporate access (corporate view): a reason, read-only or for changes, 30 minutes at most; answers the proxy token',
  }),
  getCurrent: contract({
    method: 'GET', path: '/proxy-sessions/current', roles: PROXY_USERS, response: proxySessionSchema, summary: 'The proxy session the request\'s x-proxy-token names (204 when the request is not proxied)',
  }),
  deleteCurrent: contract({
    method: 'DELETE', path: '/proxy-sessions/current', roles: PROXY_USERS, response: proxySessionSchema, summary: 'End the proxy session the request\'s x-proxy-token names (proxy logout); its token is refused afterwards (204 when not proxied)',
  }),
} as const;
