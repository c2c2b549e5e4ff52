import { LOGIN_MESSAGES } from '@domain/core/login-messages';
import { afterEach, describe, expect, it } from 'vitest';
import {
  configureIdentity,
  currentSession,
  decodeJwtPayload,
  identityVariant,
  IdentityError,
  storeFederatedTokens,
  toIdentityError,
} from './identity';

const CONFIG = { userPoolId: 'us-east-1_TestPool', portalClientId: 'portal-client', helpdeskClientId: 'helpdesk-client' };

function base64url(value: object): string {
  const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)));
  return btoa(utf8).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT: Amplify reads claims without checking signatures (the API checks them). */
function jwt(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.signature`;
}

const now = () => Math.floor(Date.now() / 1000);

function ssoTokens(clientId: string) {
  const sub = 'b1e2c3d4-0000-4000-8000-000000000001';
  return {
    idToken: jwt({
      sub, email: 'sso@demo.example', 'cognito:username': 'okta_sso@demo.example', aud: clientId, token_use: 'id',
      'custom:role': 'admin', 'custom:customerid': 'demo-foods', 'custom:accountinfoid': 'acc-1', 'custom:isPortalLogin': 'true',
      iat: now(), exp: now() + 3600,
    }),
    accessToken: jwt({ sub, username: 'okta_sso@demo.example', client_id: clientId, token_use: 'access', iat: now(), exp: now() + 3600 }),
    refreshToken: 'opaque-refresh-token',
  };
}

afterEach(() => {
  window.localStorage.clear();
});

describe('storeFederatedTokens', () => {
  it('writes the tokens where Amplify reads them, so the session is there', async () => {
    configureIdentity(CONFIG);
    const tokens = ssoTokens(CONFIG.portalClientId);
    storeFederatedTokens(tokens, 'normal');

    const prefix = 'CognitoIdentityServiceProvider.portal-client';
    expect(window.localStorage.getItem(`${prefix}.LastAuthUser`)).toBe('okta_sso@demo.example');
    expect(window.localStorage.getItem(`${prefix}.okta_sso@demo.example.idToken`)).toBe(tokens.idToken);
    expect(window.localStorage.getItem(`${prefix}.okta_sso@demo.example.accessToken`)).toBe(tokens.accessToken);
    expect(window.localStorage.getItem(`${prefix}.okta_sso@demo.example.refreshToken`)).toBe('opaque-refresh-token');
    expect(window.localStorage.getItem(`${prefix}.okta_sso@demo.example.clockDrift`)).toMatch(/^-?\d+$/);

    const session = await currentSession();
    expect(session?.idToken).toBe(tokens.idToken);
    expect(session?.user).toEqual({
      email: 'sso@demo.example', role: 'admin', customerId: 'demo-foods', accountId: 'acc-1', portalAccess: true,
    });
  });

  it('keeps helpdesk tokens under the helpdesk client, and finds them again after a reload', async () => {
    configureIdentity(CONFIG);
    storeFederatedTokens(ssoTokens(CONFIG.helpdeskClientId), 'helpdesk');
    expect(window.localStorage.getItem('CognitoIdentityServiceProvider.helpdesk-client.LastAuthUser')).toBe('okta_sso@demo.example');
    expect(identityVariant()).toBe('helpdesk');

    // A reload configures the identity again: the remembered client is the helpdesk one.
    configureIdentity(CONFIG);
    expect(identityVariant()).toBe('helpdesk');
    expect((await currentSession())?.user.email).toBe('sso@demo.example');
  });
});

describe('decodeJwtPayload', () => {
  it('reads the claims, and refuses what is not a JWT', () => {
    expect(decodeJwtPayload(jwt({ email: 'é@demo.example' }))).toEqual({ email: 'é@demo.example' });
    expect(decodeJwtPayload('not-a-token')).toBeNull();
    expect(decodeJwtPayload('a.!!!.c')).toBeNull();
  });
});

describe('toIdentityError', () => {
  const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

  it.each([
    ['NotAuthorizedException', 'invalidCredentials'],
    ['UserNotFoundException', 'invalidCredentials'],
    ['CodeMismatchException', 'codeMismatch'],
    ['ExpiredCodeException', 'expiredCode'],
    ['LimitExceededException', 'limitExceeded'],
    ['PasswordResetRequiredException', 'dormant'],
    ['UserNotConfirmedException', 'userNotConfirmed'],
    ['InvalidPasswordException', 'invalidPassword'],
    ['InvalidParameterException', 'invalidParameter'],
    ['SomethingElse', 'other'],
  ])('maps %s to %s', (name, kind) => {
    expect(toIdentityError(named(name)).kind).toBe(kind);
  });

  it('recognises the dormancy refusal of the post-authentication trigger', () => {
    const error = named('UserLambdaValidationException',
      "PostAuthentication failed with error You haven't logged in for more then 60 days. You need to reset your password.");
    expect(toIdentityError(error).kind).toBe('dormant');
    expect(toIdentityError(named('UserLambdaValidationException', 'PreSignUp failed with error nope')).kind).toBe('other');
  });

  it("recognises the post-authentication trigger's refusal of a disabled organisation's user (issue 16)", () => {
    const error = named('UserLambdaValidationException', `PostAuthentication failed with error ${LOGIN_MESSAGES.organisationDisabled}.`);
    expect(toIdentityError(error).kind).toBe('organisationDisabled');
  });

  it('tells a temporary password that cannot be reset from a wrong password', () => {
    expect(toIdentityError(named('NotAuthorizedException', 'User password cannot be reset in the current state.')).kind).toBe('resetNotAllowed');
  });

  it('keeps an IdentityError as it is', () => {
    const error = new IdentityError('codeMismatch', 'm', 'CodeMismatchException');
    expect(toIdentityError(error)).toBe(error);
  });
});
