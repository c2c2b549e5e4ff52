import { PROXY_SESSION_ROUTES } from '@domain/api/proxy-sessions';
import { ALL_MODULES } from '@domain/organisation/modules';
import type { ProxyMode } from '@domain/identity/proxy-session';
import { call } from '../../api/client';
import { getClientState, replaceClientState, type ProxyMainUser, type SessionState } from '../../session/clientState';
import { forgetCachedResponses } from '../../session/dataCache';

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
 * so), the main user's kept aside. Nothing is stored when the server refuses. With
 * `locationId`, a corporate view: the administrator's own organisation, limited to that
 * location, which the location selector then holds.
 */
export async function startProxy(input: { customerId: string; reason: string; mode: ProxyMode; locationId?: string }): Promise<void> {
  const started = await call(PROXY_SESSION_ROUTES.create, { body: input });
  const state = getClientState();
  forgetCachedResponses();
  const corporateView = started.locationId === undefined ? undefined : { locationId: started.locationId, locationName: started.locationName ?? started.locationId };
  replaceClientState({
    ...state,
    proxyMainUser: mainUserOf(state),
    proxy: {
      sessionId: started.sessionId, token: started.token, expiresAt: Date.parse(started.expiresAt), customerId: started.customerId,
      organisationName: started.organisationName, mode: started.mode, actorEmail: started.actor.email, ...corporateView,
    },
    role: 'admin',
    customerId: started.customerId,
    tenantName: started.organisationName,
    helpdeskDashboard: false,
    // No corporate access under a proxy (the API lends none): a corporate view deletes no location, nor opens another view.
    corporateAdmin: false,
    locationAdmin: false,
    owner: false,
    securityGroupIds: [],
    selectedLocation: corporateView === undefined ? null : { locationId: corporateView.locationId, siteId: null },
    // A corporate view stays in the user's own organisation, whose modules and group are known;
    // another organisation's flags are not the helpdesk user's: off until known (the API refuses what it has not got).
    ...(corporateView === undefined
      ? { customerGroupId: null, haccpAvailable: false, pagerEnabled: false, organisationModules: ALL_MODULES }
      : {}),
  });
}
