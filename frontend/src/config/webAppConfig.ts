import { createContext, useContext } from 'react';
import { APP_VERSION, DEFAULT_ADMIN_CONTACT_EMAIL, type WebAppConfig } from '@domain/core/app-config';

/**
 * What a screen uses before (or without) /config.json: the spec's defaults. The values are
 * repeated from domain/identity/account.ts rather than imported, which would bring zod into the first
 * load.
 */
export const DEFAULT_WEB_APP_CONFIG: WebAppConfig = {
  runtime: 'local',
  region: '',
  userPoolId: '',
  portalClientId: '',
  helpdeskClientId: '',
  apiBaseUrl: '/api',
  version: APP_VERSION,
  oauthDomain: '',
  ssoProviders: {},
  // SPEC section 9: 30 sessions; idle timeout 3,600,000 ms.
  maxSessions: 30,
  idleTimeoutMs: 3_600_000,
  adminContactEmail: DEFAULT_ADMIN_CONTACT_EMAIL,
};

export const WebAppConfigContext = createContext<WebAppConfig>(DEFAULT_WEB_APP_CONFIG);

/** The settings read from /config.json at start. */
export function useWebAppConfig(): WebAppConfig {
  return useContext(WebAppConfigContext);
}
