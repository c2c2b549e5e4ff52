import type { WebAppConfig } from '@domain/core/app-config';

type Check = (value: unknown) => boolean;
const text: Check = (value) => typeof value === 'string';
const filledText: Check = (value) => typeof value === 'string' && value !== '';
const optionalText: Check = (value) => value === undefined || typeof value === 'string';

// Checked by hand rather than with zod: this runs before the first render, and zod would
// otherwise join the initial chunk only for these few fields.
const FIELDS: Record<keyof WebAppConfig, Check> = {
  runtime: (value) => value === 'local' || value === 'aws',
  region: text,
  userPoolId: filledText,
  portalClientId: filledText,
  helpdeskClientId: text,
  userPoolEndpoint: optionalText,
  apiBaseUrl: filledText,
  outboxUrl: optionalText,
  version: text,
  oauthDomain: text,
  ssoProviders: (value) => typeof value === 'object' && value !== null && !Array.isArray(value)
    && Object.values(value).every((provider) => typeof provider === 'string'),
  maxSessions: (value) => Number.isInteger(value) && (value as number) > 0,
  idleTimeoutMs: (value) => Number.isInteger(value) && (value as number) > 0,
  adminContactEmail: text,
};

export function isWebAppConfig(value: unknown): value is WebAppConfig {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (Object.keys(FIELDS) as (keyof WebAppConfig)[]).every((field) => FIELDS[field](record[field]));
}

declare global {
  interface Window {
    /** /config.json asked for by index.html's first-screen script (vite.config.ts), before the entry runs. */
    portalConfigRequest?: Promise<Response>;
  }
}

/** The early request of /config.json, taken once (a response body reads once). */
function earlyConfigRequest(): Promise<Response> | undefined {
  const request = window.portalConfigRequest;
  delete window.portalConfigRequest;
  return request;
}

/** The app's settings, written per runtime (ARCHITECTURE.md: one build serves both). */
export async function loadWebAppConfig(): Promise<WebAppConfig> {
  const response = await (earlyConfigRequest() ?? fetch('/config.json', { cache: 'no-store' }));
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  const config: unknown = await response.json();
  if (!isWebAppConfig(config)) throw new Error('/config.json does not hold the web app settings');
  return config;
}
