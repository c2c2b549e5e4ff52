import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Cognito's operations that take no AWS credentials: what a browser or app calls, with an
 * access token, a session or nothing. Every other operation (the `Admin*` ones, `ListUsers`,
 * the pool and client management) is an IAM-signed call on AWS, and locally too: it must be
 * signed (Signature Version 4) with the local credentials the local runner gives the handlers.
 */
export const UNSIGNED_OPERATIONS: ReadonlySet<string> = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

export interface Credentials { accessKeyId: string; secretAccessKey: string }

export interface SignedRequest {
  method: string;
  /** The path and query as received (`/`, for the JSON protocol). */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a signature's time may be from now, as AWS allows. */
const MAX_SKEW_MS = 15 * 60 * 1000;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** RFC 3986 encoding of one path or query component, as SigV4 wants it. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(search: URLSearchParams): string {
  return [...search].map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`).join('&');
}

/** Why a request is refused, as AWS names it (`__type`) and says it. */
export interface SignatureProblem { code: string; message: string }

const problem = (code: string, message: string): SignatureProblem => ({ code, message });

/**
 * Why a request is not signed with `credentials` (Signature Version 4, service
 * `cognito-idp`), or undefined when it is: the signature is computed again from the request
 * as received and compared, and its time must be within 15 minutes of now.
 */
export function signatureProblem(request: SignedRequest, credentials: Credentials, now = Date.now()): SignatureProblem | undefined {
  const authorization = headerValue(request.headers, 'authorization') ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (match === null) return problem('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const [, accessKeyId, day, region, service, signedHeaderList, signature] = match as unknown as [string, string, string, string, string, string, string];
  if (accessKeyId !== credentials.accessKeyId) return problem('UnrecognizedClientException', 'The security token included in the request is invalid.');
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (time === null || !amzDate.startsWith(day)) return problem('IncompleteSignatureException', 'The request signature date is missing or malformed.');
  const signedAt = Date.UTC(Number(time[1]), Number(time[2]) - 1, Number(time[3]), Number(time[4]), Number(time[5]), Number(time[6]));
  if (Math.abs(now - signedAt) > MAX_SKEW_MS) return problem('InvalidSignatureException', 'Signature expired: the request time is too far from now.');
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) return problem('IncompleteSignatureException', 'The host and date headers must be signed.');
  let url: URL;
  let canonicalPath: string;
  try {
    url = new URL(request.url, 'http://localhost');
    canonicalPath = url.pathname.split('/').map((segment) => encode(decodeURIComponent(segment))).join('/') || '/';
  } catch {
    // A path that makes no URL or does not percent-decode was signed by nobody.
    return problem('InvalidSignatureException', 'The request signature we calculated does not match the signature you provided.');
  }
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${(headerValue(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath,
    canonicalQuery(url.searchParams),
    canonicalHeaders,
    signedHeaderList,
    sha256Hex(request.body),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), service), 'aws4_request');
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return problem('InvalidSignatureException', 'The request signature we calculated does not match the signature you provided.');
  }
  return undefined;
}

/**
 * The operations the web app (Amplify Auth) calls, the only ones the portal's `/cognito`
 * forwards to the identity service: signing in and its challenges, tokens, the user's own
 * record, codes, password changes, attribute verification and signing out.
 */
export const BROWSER_OPERATIONS: ReadonlySet<string> = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'GetUser',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'UpdateUserAttributes',
  'ChangePassword',
  'GlobalSignOut',
  'RevokeToken',
]);
