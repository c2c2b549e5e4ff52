import type { PROXY_SESSION_ROUTES } from '@domain/api/proxy-sessions';
import { apiFetch } from '../api/apiFetch';
import { pathOf } from '../api/routePath';
import { getClientState, replaceClientState } from './clientState';
import { forgetCachedResponses } from './dataCache';

// Ending a proxy is loaded with the portal's shell (AuthProvider); starting one, with its zod
// schema, only with the pages that offer it (startProxy.ts), so the sign-in page stays light.

/** Proxy logout's route: its contract's method and path, checked by type (its schemas, zod with them, stay out of the first load). */
const END_PROXY_ROUTE: Pick<(typeof PROXY_SESSION_ROUTES)['deleteCurrent'], 'method' | 'path'> = { method: 'DELETE', path: '/proxy-sessions/current' };

/** The stored values back as they were before the proxy (nothing happens when none is active). */
export function restoreMainUser(): void {
  const state = getClientState();
  if (state.proxy === null && state.proxyMainUser === null) return;
  forgetCachedResponses();
  replaceClientState({ ...state, ...(state.proxyMainUser ?? {}), proxy: null, proxyMainUser: null });
}

/** Proxy logout: ends the server's session (best effort: it ends by itself at expiry), then restores the main user. */
export async function endProxy(): Promise<void> {
  if (getClientState().proxy === null) return;
  try {
    // The answer (the ended session) is not read: apiFetch, not call, so no schema parses it.
    await apiFetch(pathOf(END_PROXY_ROUTE), { method: END_PROXY_ROUTE.method });
  } catch (error) {
    // Already over on the server (expired, ended elsewhere): the main user comes back all the same.
    console.warn('The proxy session could not be ended on the server', error);
  }
  restoreMainUser();
}
