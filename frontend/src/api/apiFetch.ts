import type { ZodType } from 'zod';
import type { WebAppConfig } from '@domain/core/app-config';
import { ERROR_CODE_HEADER } from '@domain/core/error-headers';
import { LOGIN_MESSAGES } from '@domain/core/login-messages';
import { ApiError, apiErrorFrom } from './ApiError';
import { currentSession } from './identity';
import { isProxyOver, isProxyRefusal } from './proxyRefusals';
import { getClientState } from '../session/clientState';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Not cancelled when the session ends: for the logout call itself, which must reach the
   * server while every other call is being cancelled.
   */
  outlivesSession?: boolean;
}

let baseUrl = '/api';
/** Why the session ended when the API said so: its organisation was disabled (issue 16). */
export type SessionEndReason = 'organisationDisabled';

let unauthorizedHandler: ((reason?: SessionEndReason) => void) | undefined;
/** Called when the API says the proxy session is over (ended, expired, its organisation disabled): the main user is restored. */
let proxyEndedHandler: (() => void) | undefined;

export function setProxyEndedHandler(handler: (() => void) | undefined): void {
  proxyEndedHandler = handler;
}

/** One controller for every call of the session (SPEC section 4: logout cancels requests in flight). */
let sessionRequests = new AbortController();

/**
 * Cancels every call in flight (at logout and at sign-in); calls made afterwards, such as
 * the login pages' own, get a fresh controller.
 */
export function cancelRequestsInFlight(): void {
  const ending = sessionRequests;
  sessionRequests = new AbortController();
  ending.abort();
}

function signalFor(request: ApiRequest): AbortSignal | undefined {
  if (request.outlivesSession) return request.signal;
  return request.signal ? AbortSignal.any([request.signal, sessionRequests.signal]) : sessionRequests.signal;
}

export function configureApi(config: Pick<WebAppConfig, 'apiBaseUrl'>): void {
  baseUrl = config.apiBaseUrl.replace(/\/+$/, '');
}

/**
 * Called whenever the session is no longer valid: the API answered 401 or 403, or there is
 * no current identity session (no user, invalid refresh token). The handler ends it once.
 */
export function setUnauthorizedHandler(handler: ((reason?: SessionEndReason) => void) | undefined): void {
  unauthorizedHandler = handler;
}

function sessionEnded(reason?: SessionEndReason): ApiError {
  unauthorizedHandler?.(reason);
  return reason === 'organisationDisabled'
    ? new ApiError(401, LOGIN_MESSAGES.organisationDisabled, { code: 'organisationDisabled' })
    : new ApiError(401, LOGIN_MESSAGES.sessionTimeout, { code: 'sessionTimeout' });
}

/**
 * The one way the app calls its API (SPEC section 7): JSON content type, the ID token as
 * bearer, the organisation headers from its claims. A failure becomes an `ApiError` with
 * the server's message. Resolves to the parsed body, or undefined when there is none.
 */
export async function apiFetch(path: string, request: ApiRequest = {}): Promise<unknown> {
  const signal = signalFor(request);
  const session = await currentSession();
  if (session === null) throw sessionEnded();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${session.idToken}`,
  };
  if (session.user.accountId !== null) headers['accountid'] = session.user.accountId;
  if (session.user.customerId !== null) headers['customerid'] = session.user.customerId;
  // Acting for an organisation (issue 16 section 3): the proxy token beside the user's own, and that organisation's id.
  const { proxy } = getClientState();
  if (proxy !== null) {
    headers['x-proxy-token'] = proxy.token;
    headers['customerid'] = proxy.customerId;
  }

  const method = request.method ?? 'GET';
  const send = async (): Promise<Response> => {
    try {
      return await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, LOGIN_MESSAGES.genericError, { code: 'genericError' });
    }
  };
  let response = await send();
  // The server is busy (503, "try again after"): a read is asked once more after the wait it
  // names; a change is not, since the user decides whether to send it again.
  if (response.status === 503 && method === 'GET') {
    await response.body?.cancel();
    await pause(retryAfterMs(response.headers.get('retry-after')), signal);
    response = await send();
  }
  // SPEC section 4: 401 and 403 both end the session. The screens never call what the
  // role may not (they are role-guarded), so a 403 means the session lost its rights.
  const code = response.headers.get(ERROR_CODE_HEADER);
  if (response.status === 403 && code !== null && isProxyRefusal(code)) {
    if (isProxyOver(code)) proxyEndedHandler?.();
    throw await apiErrorFrom(response);
  }
  // Under a proxy, any other 403 refuses what the organisation's administrator may not do, not
  // the user's own session: it is shown, and neither logs the real user out nor ends the proxy.
  if (response.status === 403 && proxy !== null) throw await apiErrorFrom(response);
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw sessionEnded(code === 'organisationDisabled' ? 'organisationDisabled' : undefined);
  }
  if (!response.ok) throw await apiErrorFrom(response);
  const text = await response.text();
  if (text === '') return undefined;
  try {
    const body: unknown = JSON.parse(text);
    return body;
  } catch {
    throw new ApiError(response.status, LOGIN_MESSAGES.genericError, { code: 'genericError' });
  }
}

/** The longest a read waits before its one retry, whatever the server asks. */
const MAX_RETRY_AFTER_MS = 5_000;

/** A `Retry-After` in seconds as milliseconds: 1 s when missing or not a number of seconds, at most `MAX_RETRY_AFTER_MS`. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Math.min(MAX_RETRY_AFTER_MS, header !== null && header.trim() !== '' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000);
}

/** Waits `ms`; rejects at once when the call is cancelled (logout) meanwhile. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolvePause, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolvePause();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `apiFetch`, with the response body checked against the schema of what the API promises. */
export async function apiFetchAs<T>(schema: ZodType<T>, path: string, request: ApiRequest = {}): Promise<T> {
  const parsed = schema.safeParse(await apiFetch(path, request));
  if (!parsed.success) throw new ApiError(502, LOGIN_MESSAGES.genericError, { code: 'genericError' });
  return parsed.data;
}

/**
 * A call to a public route (`roles: 'public'`, e.g. POST /reports/verify), which a signed-out
 * visitor makes too: no identity token, no organisation headers, and a refusal never ends a
 * session (there may be none). Its answer is checked against the route's schema.
 */
export async function publicFetchAs<T>(schema: ZodType<T>, path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, LOGIN_MESSAGES.genericError, { code: 'genericError' });
  }
  if (!response.ok) throw await apiErrorFrom(response);
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    throw new ApiError(response.status, LOGIN_MESSAGES.genericError, { code: 'genericError' });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(502, LOGIN_MESSAGES.genericError, { code: 'genericError' });
  return parsed.data;
}
