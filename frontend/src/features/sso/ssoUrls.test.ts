import { describe, expect, it } from 'vitest';
import { authorizeUrl, readCallback, tokenRequestBody, tokensFromTokenResponse, tokenUrl } from './ssoUrls';

const CONFIG = {
  oauthDomain: 'https://auth.example.com/',
  ssoProviders: { acme: 'AcmeOkta' },
  portalClientId: 'portal-client',
  helpdeskClientId: 'helpdesk-client',
};
const ORIGIN = 'https://portal.example.com';

describe('authorizeUrl', () => {
  it('sends the normal SSO to the provider with the code flow and the portal client', () => {
    const url = new URL(authorizeUrl(CONFIG, 'acme', 'normal', ORIGIN) ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://auth.example.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      identity_provider: 'AcmeOkta',
      redirect_uri: 'https://portal.example.com/login/callback',
      response_type: 'code',
      client_id: 'portal-client',
      scope: 'openid email profile',
    });
    expect(url.search).toContain('scope=openid%20email%20profile');
  });

  it('sends the helpdesk SSO with the token flow and the helpdesk client', () => {
    const url = new URL(authorizeUrl(CONFIG, 'acme', 'helpdesk', ORIGIN) ?? '');
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.get('client_id')).toBe('helpdesk-client');
  });

  it('does nothing for an unknown id', () => {
    expect(authorizeUrl(CONFIG, 'unknown', 'normal', ORIGIN)).toBeNull();
    expect(authorizeUrl(CONFIG, 'toString', 'normal', ORIGIN)).toBeNull();
    expect(authorizeUrl(CONFIG, undefined, 'normal', ORIGIN)).toBeNull();
    expect(authorizeUrl({ ...CONFIG, oauthDomain: '' }, 'acme', 'normal', ORIGIN)).toBeNull();
  });
});

describe('the code exchange', () => {
  it('posts the spec fields, form encoded, to the token endpoint', () => {
    expect(tokenUrl(CONFIG)).toBe('https://auth.example.com/oauth2/token');
    expect(tokenRequestBody(CONFIG, 'the-code', ORIGIN).toString()).toBe(
      'grant_type=authorization_code&client_id=portal-client&code=the-code&redirect_uri=https%3A%2F%2Fportal.example.com%2Flogin%2Fcallback',
    );
  });

  it('reads access_token, id_token and refresh_token', () => {
    expect(tokensFromTokenResponse({ access_token: 'a', id_token: 'i', refresh_token: 'r', token_type: 'Bearer' }))
      .toEqual({ accessToken: 'a', idToken: 'i', refreshToken: 'r' });
    expect(tokensFromTokenResponse({ access_token: 'a' })).toBeNull();
    expect(tokensFromTokenResponse('nope')).toBeNull();
  });
});

describe('readCallback', () => {
  it('takes a code from the query, tokens from the hash, and nothing from an error', () => {
    expect(readCallback('?code=abc', '')).toEqual({ kind: 'code', code: 'abc' });
    expect(readCallback('', '#id_token=i&access_token=a&token_type=Bearer&expires_in=3600'))
      .toEqual({ kind: 'tokens', tokens: { idToken: 'i', accessToken: 'a', refreshToken: null } });
    expect(readCallback('?error=access_denied', '')).toEqual({ kind: 'none' });
    expect(readCallback('?code=abc&error=server_error', '')).toEqual({ kind: 'none' });
    expect(readCallback('', '')).toEqual({ kind: 'none' });
  });
});
