import { apiFetch } from '../api/apiFetch';
import { getClientState, replaceClientState } from './clientState';
import { forgetCachedResponses } from './dataCache';

// Ending a proxy is loaded with the portal's shell (AuthProvider); starting one, with its zod
// schema, only with the pages that offer it (startProxy.ts), so the sign-in page stays light.

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
    await apiFetch('/proxy-sessions/current', { method: 'DELETE' });
  } catch (error) {
    // Already over on the server (expired, ended elsewhere): the main user comes back all the same.
    console.warn('The proxy session could not be ended on the server', error);
  }
  restoreMainUser();
}
