import type { SSMClient } from '@aws-sdk/client-ssm';
import { jwtVerify, SignJWT } from 'jose';
import { PROXY_MODES, PROXY_SESSION_MS, type ProxyMode } from '@domain/identity/proxy-session';

/**
 * The proxy token (issue 16 section 3): a short-lived JWT of our own, HS256, that names the
 * organisation acted for (`sub`, `customerid`), the real user acting (`act`, RFC 8693), the
 * proxy session (`sid`) and its mode. The browser sends it as `x-proxy-token` beside the
 * user's own ID token, which still authenticates the user (the API Gateway authorizer is
 * unchanged); the middleware (shared/http.ts, proxyContext) verifies it.
 *
 * The key: locally, `PROXY_TOKEN_KEY` (made once per data folder, local/proxy-token-key.ts);
 * on AWS a Parameter Store SecureString named by `PROXY_TOKEN_PARAMETER` (created outside the
 * stack, as CloudFormation cannot make SecureStrings; docs/deploy.md). Never logged or returned.
 */
export const PROXY_TOKEN_ISSUER = 'coldchain-portal/proxy';
const ALGORITHM = 'HS256';
/** Shorter keys are refused: HS256 wants at least 256 bits. */
const MIN_KEY_BYTES = 32;

export interface ProxyTokenClaims {
  sessionId: string;
  customerId: string;
  mode: ProxyMode;
  actor: { userId: string; email: string };
  expiresAt: Date;
}

let cachedKey: Promise<Uint8Array> | undefined;
let ssm: SSMClient | undefined;

/** The key, read once per process; a failed read is tried again next time. */
export function proxyTokenKey(): Promise<Uint8Array> {
  cachedKey ??= readKey().catch((error: unknown) => {
    cachedKey = undefined;
    throw error;
  });
  return cachedKey;
}

/** Tests and the local runner: forget the key read. */
export function resetProxyTokenKey(): void {
  cachedKey = undefined;
}

function checkedKey(value: string, source: string): Uint8Array {
  const key = new TextEncoder().encode(value);
  if (key.byteLength < MIN_KEY_BYTES) throw new Error(`The proxy token key of ${source} is shorter than ${MIN_KEY_BYTES} bytes.`);
  return key;
}

async function readKey(): Promise<Uint8Array> {
  const local = process.env['PROXY_TOKEN_KEY'];
  if (local) return checkedKey(local, 'PROXY_TOKEN_KEY');
  const name = process.env['PROXY_TOKEN_PARAMETER'];
  if (!name) throw new Error('No proxy token key: set PROXY_TOKEN_PARAMETER (the Parameter Store parameter holding it).');
  // Loaded at the first read, not at import: every API function imports this module, and only a
  // request carrying a proxy token reads the key (docs/decisions/0082-one-bundle-per-resource.md).
  const { GetParameterCommand, SSMClient } = await import('@aws-sdk/client-ssm');
  ssm ??= new SSMClient({});
  const result = await ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
  const value = result.Parameter?.Value;
  if (value === undefined) throw new Error(`The parameter ${name} has no value.`);
  return checkedKey(value, name);
}

/** Signs the token of a proxy session; it expires with the session, at most `PROXY_SESSION_MS` after `now`. */
export async function signProxyToken(claims: ProxyTokenClaims, key: Uint8Array, now: Date): Promise<string> {
  const expiresAt = Math.min(claims.expiresAt.getTime(), now.getTime() + PROXY_SESSION_MS);
  return new SignJWT({
    act: { sub: claims.actor.userId, email: claims.actor.email },
    sid: claims.sessionId,
    customerid: claims.customerId,
    mode: claims.mode,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(PROXY_TOKEN_ISSUER)
    .setAudience(PROXY_TOKEN_ISSUER)
    .setSubject(claims.customerId)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(key);
}

/**
 * The claims of a proxy token, or undefined when it is not one of ours: a bad signature,
 * another algorithm, expired (at `now`), a lifetime over 30 minutes, a claim missing.
 */
export async function verifyProxyToken(token: string, key: Uint8Array, now: Date): Promise<ProxyTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      issuer: PROXY_TOKEN_ISSUER,
      audience: PROXY_TOKEN_ISSUER,
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'sub', 'sid', 'act'],
    });
    const act = payload['act'] as { sub?: unknown; email?: unknown } | undefined;
    const { sub, exp, iat } = payload;
    const sid = payload['sid'];
    const customerId = payload['customerid'];
    const mode = payload['mode'];
    if (typeof sid !== 'string' || typeof customerId !== 'string' || customerId !== sub || typeof exp !== 'number' || typeof iat !== 'number'
      || typeof act?.sub !== 'string' || typeof act.email !== 'string' || !(PROXY_MODES as readonly unknown[]).includes(mode)) return undefined;
    // Not renewable: a token may never outlive its session's 30 minutes, whatever it says.
    if ((exp - iat) * 1000 > PROXY_SESSION_MS) return undefined;
    return { sessionId: sid, customerId, mode: mode as ProxyMode, actor: { userId: act.sub, email: act.email }, expiresAt: new Date(exp * 1000) };
  } catch {
    return undefined;
  }
}
