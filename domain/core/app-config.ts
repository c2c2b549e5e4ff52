/**
 * What the web app reads from `/config.json` at start, so one build serves both runtimes.
 * Written by the local runner at start, and by the CDK web construct at deploy.
 */
export interface WebAppConfig {
  runtime: 'local' | 'aws';
  region: string;
  userPoolId: string;
  /** App client of the normal login. */
  portalClientId: string;
  /** App client of the helpdesk login. */
  helpdeskClientId: string;
  /** Local only: the identity emulator's endpoint (same origin, under /cognito). */
  userPoolEndpoint?: string;
  /** Base of every API call; `/api` on both runtimes (same origin). */
  apiBaseUrl: string;
  /** Local only: where every message the product sends can be read. */
  outboxUrl?: string;
  version: string;
  /**
   * Base URL of the hosted sign-in (OAuth 2.0) endpoints: `<base>/oauth2/authorize` and
   * `<base>/oauth2/token`. On AWS the Cognito domain; locally the stand-in under `/oauth2`.
   */
  oauthDomain: string;
  /** SSO: the identity provider mapped to each SSO client id (`/login/sso/{clientId}`). */
  ssoProviders: Record<string, string>;
  /** Maximum concurrent sessions per user (SPEC section 9; the server enforces it). */
  maxSessions: number;
  /** Idle logout after this many ms without activity (SPEC section 9: 3,600,000). */
  idleTimeoutMs: number;
  /** The administrator contact shown on the no-access page (`/login/redirect`). */
  adminContactEmail: string;
}

export const APP_VERSION = '2.3.2';

/** Shown on the no-access page unless the deployment names another (SPEC section 2: a fixed contact). */
export const DEFAULT_ADMIN_CONTACT_EMAIL = 'support@coldchain.example';
