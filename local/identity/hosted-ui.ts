import { createHash, randomBytes } from 'node:crypto';
import type { LocalCredentials } from '../credentials';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { identityClock } from './clock';

/**
 * A minimal stand-in for Cognito's hosted sign-in (managed login) endpoints, so SSO works
 * offline: the gateway hands it every request under `/oauth2/` (and `/logout`) first.
 *
 * - `GET /oauth2/authorize?client_id&redirect_uri&response_type=code|token&identity_provider&scope&state`
 *   shows a small sign-in form, standing in for the named identity provider;
 * - `POST /oauth2/authorize` (that form) signs in with USER_PASSWORD_AUTH for the client, then
 *   redirects to `redirect_uri?code=...&state=...` or `redirect_uri#id_token=...&access_token=...`;
 * - `POST /oauth2/token` exchanges a code (single use, 5 minutes, same client and redirect URI,
 *   PKCE when the authorize request had a challenge) or a refresh token for tokens;
 * - `GET /oauth2/userInfo` answers the signed-in user's attributes;
 * - `GET /logout?client_id&logout_uri` returns to `logout_uri` (without `client_id` it is not answered).
 *
 * This is ours, not Cognito's: a developer tool of the local runtime, not the product's UI.
 */
export interface HostedUiContext {
  /** The identity service the form signs in against (the local Cognito endpoint). */
  identityEndpoint: string;
  /** The data folder's AWS credentials (the form's admin calls are signed with them). */
  credentials: LocalCredentials;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  expiresAt: number;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  tokens: AuthenticationResultType;
}

/** Authorization codes live 5 minutes, as Cognito's do. */
export const AUTHORIZATION_CODE_TTL_MS = 5 * 60 * 1000;
const codes = new Map<string, IssuedCode>();
const MAX_FORM_BYTES = 64 * 1024;
const LOCAL_REGION = 'us-east-1';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location, 'cache-control': 'no-store' });
  response.end();
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new Error('Form too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function identityClient(context: HostedUiContext): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: context.identityEndpoint,
    region: LOCAL_REGION,
    credentials: context.credentials,
  });
}

/** The authorize parameters carried from the GET to the form's POST. */
const CARRIED = ['client_id', 'redirect_uri', 'response_type', 'identity_provider', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

function signInPage(parameters: URLSearchParams, error?: string, email = ''): string {
  const provider = parameters.get('identity_provider');
  const hidden = CARRIED
    .flatMap((name) => {
      const value = parameters.get(name);
      return value === null ? [] : [`<input type="hidden" name="${name}" value="${escapeHtml(value)}">`];
    })
    .join('\n    ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in (local identity provider)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem;color:#1d2733}
label{display:block;margin:.75rem 0 .25rem}input[type=email],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1rem}.error{color:#b00020}.note{color:#5a6675;font-size:.9rem}
</style></head>
<body>
<h1>Sign in</h1>
<p class="note">Local stand-in for the identity provider <strong>${escapeHtml(provider ?? 'Cognito hosted sign-in')}</strong>:
it signs in with the local user pool's accounts. Nothing here is sent anywhere else.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oauth2/authorize">
    ${hidden}
  <label for="username">Email</label>
  <input id="username" name="username" type="email" autocomplete="username" required value="${escapeHtml(email)}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>
</body></html>`;
}

function sendPage(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    // No form-action: the form's answer redirects to the client's redirect_uri, wherever it is.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  response.end(html);
}

/** What the authorize endpoint refuses before showing the form (RFC 6749 section 4.1.2.1). */
function invalidAuthorizeRequest(parameters: URLSearchParams): string | undefined {
  if (!parameters.get('client_id')) return 'client_id is missing.';
  const redirectUri = parameters.get('redirect_uri');
  if (!redirectUri || !URL.canParse(redirectUri)) return 'redirect_uri is missing or not a URL.';
  const responseType = parameters.get('response_type');
  if (responseType !== 'code' && responseType !== 'token') return 'response_type must be code or token.';
  const method = parameters.get('code_challenge_method');
  if (method !== null && method !== 'S256' && method !== 'plain') return 'code_challenge_method must be S256 or plain.';
  return undefined;
}

function errorPage(response: ServerResponse, message: string): void {
  sendPage(response, 400, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>invalid_request</title></head>
<body><h1>invalid_request</h1><p>${escapeHtml(message)}</p></body></html>`);
}

async function authorize(request: IncomingMessage, response: ServerResponse, url: URL, context: HostedUiContext): Promise<void> {
  if (request.method === 'GET') {
    const problem = invalidAuthorizeRequest(url.searchParams);
    if (problem) return errorPage(response, problem);
    return sendPage(response, 200, signInPage(url.searchParams));
  }
  if (request.method !== 'POST') return sendJson(response, 405, { error: 'invalid_request' });
  const form = await readForm(request);
  const problem = invalidAuthorizeRequest(form);
  if (problem) return errorPage(response, problem);
  const clientId = form.get('client_id') ?? '';
  const redirectUri = form.get('redirect_uri') ?? '';
  const username = form.get('username') ?? '';
  const client = identityClient(context);
  let tokens: AuthenticationResultType | undefined;
  try {
    const result = await client.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: username, PASSWORD: form.get('password') ?? '' },
    }));
    tokens = result.AuthenticationResult;
    if (tokens === undefined) {
      return sendPage(response, 200, signInPage(form,
        `This account must complete ${result.ChallengeName ?? 'another step'} first: sign in once on the portal's own sign-in page.`, username));
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'ResourceNotFoundException') return errorPage(response, `Unknown client_id ${clientId}.`);
    const message = name === 'NotAuthorizedException' || name === 'UserNotFoundException'
      ? (error as Error).message
      : `${name}: ${error instanceof Error ? error.message : String(error)}`;
    return sendPage(response, 200, signInPage(form, message, username));
  } finally {
    client.destroy();
  }

  const state = form.get('state');
  const target = new URL(redirectUri);
  if (form.get('response_type') === 'token') {
    const fragment = new URLSearchParams({
      id_token: tokens.IdToken ?? '',
      access_token: tokens.AccessToken ?? '',
      token_type: 'Bearer',
      expires_in: String(tokens.ExpiresIn ?? 3600),
      ...(state !== null ? { state } : {}),
    });
    target.hash = fragment.toString();
    return redirect(response, target.toString());
  }
  const now = identityClock.now();
  for (const [key, issued] of codes) if (issued.expiresAt <= now) codes.delete(key);
  const code = randomBytes(24).toString('base64url');
  const challenge = form.get('code_challenge');
  codes.set(code, {
    clientId,
    redirectUri,
    expiresAt: now + AUTHORIZATION_CODE_TTL_MS,
    ...(challenge ? { codeChallenge: challenge, codeChallengeMethod: form.get('code_challenge_method') ?? 'plain' } : {}),
    tokens,
  });
  target.searchParams.set('code', code);
  if (state !== null) target.searchParams.set('state', state);
  return redirect(response, target.toString());
}

/** The client id of a token request: the form's, or HTTP Basic's user name. */
function requestClientId(request: IncomingMessage, form: URLSearchParams): string | undefined {
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic !== undefined) return decodeURIComponent(Buffer.from(basic, 'base64').toString('utf8').split(':')[0] ?? '');
  return form.get('client_id') ?? undefined;
}

function pkceMatches(issued: IssuedCode, verifier: string | null): boolean {
  if (issued.codeChallenge === undefined) return true;
  if (verifier === null) return false;
  const computed = issued.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return computed === issued.codeChallenge;
}

async function token(request: IncomingMessage, response: ServerResponse, context: HostedUiContext): Promise<void> {
  if (request.method !== 'POST') return sendJson(response, 405, { error: 'invalid_request' });
  const form = await readForm(request);
  const clientId = requestClientId(request, form);
  const grantType = form.get('grant_type');
  if (!clientId) return sendJson(response, 400, { error: 'invalid_client' });

  if (grantType === 'authorization_code') {
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    // A code is good once, whatever the outcome.
    codes.delete(code);
    if (issued === undefined || issued.expiresAt <= identityClock.now() || issued.clientId !== clientId
      || issued.redirectUri !== form.get('redirect_uri') || !pkceMatches(issued, form.get('code_verifier'))) {
      return sendJson(response, 400, { error: 'invalid_grant' });
    }
    return sendJson(response, 200, {
      id_token: issued.tokens.IdToken,
      access_token: issued.tokens.AccessToken,
      refresh_token: issued.tokens.RefreshToken,
      token_type: 'Bearer',
      expires_in: issued.tokens.ExpiresIn ?? 3600,
    });
  }

  if (grantType === 'refresh_token') {
    const client = identityClient(context);
    try {
      const result = await client.send(new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: form.get('refresh_token') ?? '' },
      }));
      const tokens = result.AuthenticationResult;
      return sendJson(response, 200, {
        id_token: tokens?.IdToken,
        access_token: tokens?.AccessToken,
        token_type: 'Bearer',
        expires_in: tokens?.ExpiresIn ?? 3600,
      });
    } catch {
      return sendJson(response, 400, { error: 'invalid_grant' });
    } finally {
      client.destroy();
    }
  }

  return sendJson(response, 400, { error: 'unsupported_grant_type' });
}

async function userInfo(request: IncomingMessage, response: ServerResponse, context: HostedUiContext): Promise<void> {
  const accessToken = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (accessToken === undefined) return sendJson(response, 401, { error: 'invalid_token' });
  const client = identityClient(context);
  try {
    const user = await client.send(new GetUserCommand({ AccessToken: accessToken }));
    const claims: Record<string, unknown> = { username: user.Username };
    for (const attribute of user.UserAttributes ?? []) {
      if (attribute.Name === undefined) continue;
      claims[attribute.Name] = attribute.Name.endsWith('_verified') ? attribute.Value === 'true' : attribute.Value;
    }
    return sendJson(response, 200, claims);
  } catch {
    return sendJson(response, 401, { error: 'invalid_token' });
  } finally {
    client.destroy();
  }
}

/**
 * Answers the hosted sign-in paths (`/oauth2/*`, `/logout`); false when the request is not
 * one of them, so the caller goes on.
 */
export async function handleHostedUi(request: IncomingMessage, response: ServerResponse, context: HostedUiContext): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  switch (url.pathname) {
    case '/oauth2/authorize':
      await authorize(request, response, url, context);
      return true;
    case '/oauth2/token':
      await token(request, response, context);
      return true;
    case '/oauth2/userInfo':
      await userInfo(request, response, context);
      return true;
    case '/logout': {
      // Cognito's logout endpoint always names the client; without it the path is not ours.
      if (!url.searchParams.has('client_id')) return false;
      const target = url.searchParams.get('logout_uri') ?? url.searchParams.get('redirect_uri');
      if (target === null || !URL.canParse(target)) {
        errorPage(response, 'logout_uri is missing or not a URL.');
        return true;
      }
      redirect(response, target);
      return true;
    }
    default:
      if (!url.pathname.startsWith('/oauth2/')) return false;
      sendJson(response, 404, { error: 'not_found' });
      return true;
  }
}
