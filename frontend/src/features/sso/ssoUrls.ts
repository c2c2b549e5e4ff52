import type { WebAppConfig } from '@domain/core/app-config';
import type { FederatedTokens, LoginVariant } from '../../api/identity';

/**
 * The hosted sign-in (OAuth 2.0) addresses of SSO (SPEC sections 2, 4 and 7). The normal
 * variant uses the code flow with the portal client; the helpdesk variant the token flow with
 * the helpdesk client.
 */

type SsoConfig = Pick<WebAppConfig, 'oauthDomain' | 'ssoProviders' | 'portalClientId' | 'helpdeskClientId'>;

export const SSO_SCOPES = 'openid email profile';

export function callbackUrl(origin: string): string {
  return `${origin}/login/callback`;
}

function base(config: SsoConfig): string {
  return config.oauthDomain.replace(/\/+$/, '');
}

function clientIdFor(config: SsoConfig, variant: LoginVariant): string {
  return variant === 'helpdesk' && config.helpdeskClientId ? config.helpdeskClientId : config.portalClientId;
}

function query(params: Record<string, string>): string {
  // encodeURIComponent, not URLSearchParams: the scope's spaces go as %20, which every server reads.
  return Object.entries(params).map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

/** The authorize address for an SSO client id; null when the id is not mapped to a provider. */
export function authorizeUrl(config: SsoConfig, ssoClientId: string | undefined, variant: LoginVariant, origin: string): string | null {
  if (ssoClientId === undefined || !Object.hasOwn(config.ssoProviders, ssoClientId)) return null;
  const provider = config.ssoProviders[ssoClientId];
  if (!provider || !config.oauthDomain) return null;
  return `${base(config)}/oauth2/authorize?${query({
    identity_provider: provider,
    redirect_uri: callbackUrl(origin),
    response_type: variant === 'helpdesk' ? 'token' : 'code',
    client_id: clientIdFor(config, variant),
    scope: SSO_SCOPES,
  })}`;
}

export function tokenUrl(config: SsoConfig): string {
  return `${base(config)}/oauth2/token`;
}

/** The form-encoded body exchanging an authorization code (SPEC section 7). */
export function tokenRequestBody(config: SsoConfig, code: string, origin: string): URLSearchParams {
  return new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: config.portalClientId,
    code,
    redirect_uri: callbackUrl(origin),
  });
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** The tokens of the token endpoint's answer; null when it lacks the ID or access token. */
export function tokensFromTokenResponse(body: unknown): FederatedTokens | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (!nonEmpty(record['id_token']) || !nonEmpty(record['access_token'])) return null;
  return {
    idToken: record['id_token'],
    accessToken: record['access_token'],
    refreshToken: nonEmpty(record['refresh_token']) ? record['refresh_token'] : null,
  };
}

/** The tokens of a token-flow answer (`#id_token=...&access_token=...`); null when absent. */
export function tokensFromHash(hash: string): FederatedTokens | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return tokensFromTokenResponse(Object.fromEntries(params));
}

export type CallbackInput =
  | { kind: 'code'; code: string }
  | { kind: 'tokens'; tokens: FederatedTokens }
  | { kind: 'none' };

/** What the identity provider sent back to /login/callback. An error, or nothing usable, is `none`. */
export function readCallback(search: string, hash: string): CallbackInput {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if (query.has('error') || fragment.has('error')) return { kind: 'none' };
  const tokens = tokensFromHash(hash);
  if (tokens !== null) return { kind: 'tokens', tokens };
  const code = query.get('code');
  return nonEmpty(code) ? { kind: 'code', code } : { kind: 'none' };
}
