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
}

export const APP_VERSION = '2.3.2';
