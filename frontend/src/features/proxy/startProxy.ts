import { ALL_MODULES } from '@domain/organisation/modules';
import { proxySessionStartedSchema, type ProxyMode } from '@domain/identity/proxy-session';
import { apiFetchAs } from '../../api/apiFetch';
import { getClientState, replaceClientState, type ProxyMainUser, type SessionState } from '../../app/clientState';
import { forgetCachedResponses } from '../../app/dataCache';

/** The stored values a proxy replaces, copied before it starts (SPEC section 3: proxy-login main-user copies). */
function mainUserOf(state: SessionState): ProxyMainUser {
  const {
    accountId, userName, profileName, role, customerId, customerGroupId, uom, timezone, offset, tenantName, haccpAvailable,
    locationAdmin, owner, helpdeskDashboard, corporateAdmin, securityGroupIds, pagerEnabled, selectedLocation, preferences, organisationModules,
  } = state;
  return {
    accountId, userName, profileName, role, customerId, customerGroupId, uom, timezone, offset, tenantName, haccpAvailable,
    locationAdmin, owner, helpdeskDashboard, corporateAdmin, securityGroupIds, pagerEnabled, selectedLocation, preferences, organisationModules,
  };
}

/**
 * Starts acting for an organisation (proxy login): the server's session and token, then the
 * stored values become the organisation's administrator's (the API treats the proxied caller
 * so), the main user's kept aside. Nothing is stored when the server refuses.
 */
export async function startProxy(input: { customerId: string; reason: string; mode: ProxyMode }): Promise<void> {
  const started = await apiFetchAs(proxySessionStartedSchema, '/proxy-sessions', { method: 'POST', body: input });
  const state = getClientState();
  forgetCachedResponses();
  replaceClientState({
    ...state,
    proxyMainUser: mainUserOf(state),
    proxy: {
      sessionId: started.sessionId, token: started.token, expiresAt: Date.parse(started.expiresAt), customerId: started.customerId,
      organisationName: started.organisationName, mode: started.mode, actorEmail: started.actor.email,
    },
    role: 'admin',
    customerId: started.customerId,
    customerGroupId: null,
    tenantName: started.organisationName,
    // The organisation's flags are not the helpdesk user's: off until known (the API refuses what the organisation has not got).
    haccpAvailable: false,
    pagerEnabled: false,
    helpdeskDashboard: false,
    corporateAdmin: false,
    locationAdmin: false,
    owner: false,
    securityGroupIds: [],
    selectedLocation: null,
    organisationModules: ALL_MODULES,
  });
}
