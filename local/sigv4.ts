import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Signature Version 4 as AWS checks it, for the emulators that stand in for AWS services
 * locally (the identity service, the files bucket): a request signed in its `Authorization`
 * header, a presigned URL's query, a browser upload's POST policy, an `aws-chunked` body's
 * chunk signatures. Each is computed again from what was received and compared.
 */

export interface Credentials { accessKeyId: string; secretAccessKey: string }

export interface ReceivedRequest {
  method: string;
  /** The path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
}

/** Why a signature is refused, in terms each emulator maps to its service's error codes. */
export type SignatureFault = 'missing' | 'malformed' | 'unknownKey' | 'mismatch' | 'skewed' | 'expired';
export interface SignatureProblem { fault: SignatureFault; message: string }

/** A verified signature: what an `aws-chunked` body's chunk signatures chain from. */
export interface VerifiedSignature { signature: string; amzDate: string; scope: string; signingKey: Buffer }

export type SignatureCheck = ({ ok: true } & VerifiedSignature) | ({ ok: false } & SignatureProblem);

export const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a signature's time may be from now, as AWS allows. */
export const MAX_SKEW_MS = 15 * 60 * 1000;
/** The longest a presigned URL may be valid: a week, as on AWS. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

export const signingKey = (secretAccessKey: string, day: string, region: string, service: string) =>
  hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** RFC 3986 encoding of one path or query component, as SigV4 wants it. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function canonicalQuery(search: URLSearchParams, omitted?: string): string {
  return [...search].filter(([name]) => name !== omitted).map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? byteOrder(x, y) : byteOrder(a, b)))
    .map(([name, value]) => `${name}=${value}`).join('&');
}

/** `yyyymmddThhmmssZ` as milliseconds, or undefined. */
function amzTime(amzDate: string): number | undefined {
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (time === null) return undefined;
  return Date.UTC(Number(time[1]), Number(time[2]) - 1, Number(time[3]), Number(time[4]), Number(time[5]), Number(time[6]));
}

const problem = (fault: SignatureFault, message: string): { ok: false } & SignatureProblem => ({ ok: false, fault, message });
const MISMATCH = 'The request signature we calculated does not match the signature you provided.';

/** `<key>/<day>/<region>/<service>/aws4_request`, checked against the credentials and the signing time. */
function parseCredential(credential: string, credentials: Credentials, amzDate: string, service: string | undefined) {
  const match = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/.exec(credential);
  if (match === null) return problem('malformed', 'The credential is malformed.');
  const [, accessKeyId, day, region, scopeService] = match as unknown as [string, string, string, string, string];
  if (accessKeyId !== credentials.accessKeyId) return problem('unknownKey', 'The access key id is not known.');
  if (!amzDate.startsWith(day) || amzTime(amzDate) === undefined) return problem('malformed', 'The request signature date is missing or malformed.');
  if (service !== undefined && scopeService !== service) return problem('malformed', `The credential must be scoped to the ${service} service.`);
  return { ok: true as const, scope: `${day}/${region}/${scopeService}/aws4_request`, key: signingKey(credentials.secretAccessKey, day, region, scopeService) };
}

function sameSignature(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given, 'hex');
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

interface CanonicalParts {
  /** `raw`: the path as received (S3 signs it once encoded); `normalized`: each segment decoded and encoded again (the other services). */
  path: 'raw' | 'normalized';
  signedHeaderList: string;
  payloadHash: string;
  /** The query parameter the signature itself is in (presigned URLs). */
  omittedQuery?: string;
}

function canonicalRequest(request: ReceivedRequest, parts: CanonicalParts): string | undefined {
  let url: URL;
  let canonicalPath: string;
  try {
    url = new URL(request.url, 'http://localhost');
    const rawPath = request.url.split('?')[0] ?? '';
    canonicalPath = parts.path === 'raw'
      ? rawPath
      : url.pathname.split('/').map((segment) => encode(decodeURIComponent(segment))).join('/') || '/';
  } catch {
    // A path that makes no URL or does not percent-decode was signed by nobody.
    return undefined;
  }
  const canonicalHeaders = parts.signedHeaderList.split(';')
    .map((name) => `${name}:${(headerValue(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  return [
    request.method.toUpperCase(),
    canonicalPath,
    canonicalQuery(url.searchParams, parts.omittedQuery),
    canonicalHeaders,
    parts.signedHeaderList,
    parts.payloadHash,
  ].join('\n');
}

function compare(request: ReceivedRequest, parts: CanonicalParts, amzDate: string, scope: string, key: Buffer, signature: string, amzHeadersSigned = false): SignatureCheck {
  if (amzHeadersSigned) {
    // S3 takes no x-amz-* header the signer did not sign (one added to a captured request, such as a copy source).
    const signed = new Set(parts.signedHeaderList.split(';'));
    const unsigned = Object.keys(request.headers).find((name) => name.startsWith('x-amz-') && !signed.has(name));
    if (unsigned !== undefined) return problem('mismatch', `There were headers present in the request which were not signed: ${unsigned}`);
  }
  const canonical = canonicalRequest(request, parts);
  if (canonical === undefined) return problem('mismatch', MISMATCH);
  const expected = hmac(key, [ALGORITHM, amzDate, scope, sha256Hex(canonical)].join('\n'));
  if (!sameSignature(signature, expected)) return problem('mismatch', MISMATCH);
  return { ok: true, signature, amzDate, scope, signingKey: key };
}

export interface HeaderSignatureOptions {
  /** The payload's hash the signer used: the body's SHA-256, or S3's `x-amz-content-sha256` value. */
  payloadHash: string;
  path: 'raw' | 'normalized';
  /** The service the credential scope must name (any, when undefined). */
  service?: string;
  /** Whether every `x-amz-*` header must be signed, as S3 wants. */
  amzHeadersSigned?: boolean;
  now?: number;
}

/** Whether a request is signed in its `Authorization` header with `credentials`, at most 15 minutes from now. */
export function verifyHeaderSignature(request: ReceivedRequest, credentials: Credentials, options: HeaderSignatureOptions): SignatureCheck {
  const authorization = headerValue(request.headers, 'authorization') ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+), ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (match === null) return problem('missing', 'Missing Authentication Token');
  const [, credential, signedHeaderList, signature] = match as unknown as [string, string, string, string];
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const scope = parseCredential(credential, credentials, amzDate, options.service);
  if (!scope.ok) return scope;
  if (Math.abs((options.now ?? Date.now()) - (amzTime(amzDate) ?? 0)) > MAX_SKEW_MS) {
    return problem('skewed', 'Signature expired: the request time is too far from now.');
  }
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) return problem('malformed', 'The host and date headers must be signed.');
  return compare(request, { path: options.path, signedHeaderList, payloadHash: options.payloadHash }, amzDate, scope.scope, scope.key, signature, options.amzHeadersSigned);
}

/**
 * Whether a presigned URL (`X-Amz-Algorithm`, `X-Amz-Credential`, `X-Amz-Date`,
 * `X-Amz-Expires`, `X-Amz-SignedHeaders`, `X-Amz-Signature` in its query) is signed with
 * `credentials` and still valid: signed no later than now (give or take 15 minutes), not
 * expired.
 */
export function verifyQuerySignature(
  request: ReceivedRequest, credentials: Credentials, options: { path: 'raw' | 'normalized'; service?: string; amzHeadersSigned?: boolean; now?: number },
): SignatureCheck {
  let query: URLSearchParams;
  try {
    query = new URL(request.url, 'http://localhost').searchParams;
  } catch {
    return problem('mismatch', MISMATCH);
  }
  const parameter = (name: string) => query.get(name) ?? '';
  if (parameter('X-Amz-Algorithm') !== ALGORITHM) return problem('malformed', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256".');
  const amzDate = parameter('X-Amz-Date');
  const scope = parseCredential(parameter('X-Amz-Credential'), credentials, amzDate, options.service);
  if (!scope.ok) return scope;
  const expires = parameter('X-Amz-Expires');
  if (!/^\d{1,6}$/.test(expires) || Number(expires) < 1 || Number(expires) > MAX_EXPIRES_SECONDS) {
    return problem('malformed', 'X-Amz-Expires must be a number of seconds from 1 to 604800.');
  }
  const signedAt = amzTime(amzDate) ?? 0;
  const now = options.now ?? Date.now();
  if (signedAt - now > MAX_SKEW_MS) return problem('skewed', 'The request is not yet valid.');
  if (now > signedAt + Number(expires) * 1000) return problem('expired', 'Request has expired.');
  const signedHeaderList = parameter('X-Amz-SignedHeaders');
  if (!/^[a-z0-9;-]+$/.test(signedHeaderList) || !signedHeaderList.split(';').includes('host')) return problem('malformed', 'The host header must be signed.');
  const signature = parameter('X-Amz-Signature');
  if (!/^[0-9a-f]{64}$/.test(signature)) return problem('malformed', 'The signature is malformed.');
  return compare(request, {
    path: options.path,
    signedHeaderList,
    payloadHash: query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    omittedQuery: 'X-Amz-Signature',
  }, amzDate, scope.scope, scope.key, signature, options.amzHeadersSigned);
}

/**
 * Whether a browser upload's POST policy (its base64 text, as the form sends it) is signed
 * with `credentials`: the signature is the policy's HMAC under the signing key of the
 * form's `x-amz-credential` and `x-amz-date`.
 */
export function verifyPolicySignature(
  form: { policy: string; credential: string; amzDate: string; signature: string },
  credentials: Credentials,
  service: string,
): SignatureCheck {
  const scope = parseCredential(form.credential, credentials, form.amzDate, service);
  if (!scope.ok) return scope;
  if (!/^[0-9a-f]{64}$/.test(form.signature) || !sameSignature(form.signature, hmac(scope.key, form.policy))) return problem('mismatch', MISMATCH);
  return { ok: true, signature: form.signature, amzDate: form.amzDate, scope: scope.scope, signingKey: scope.key };
}

/** An `aws-chunked` chunk's signature: it chains from the previous one (the first from the request's own). */
export function chunkSignature(previous: VerifiedSignature, chunk: Buffer): string {
  return hmac(previous.signingKey, ['AWS4-HMAC-SHA256-PAYLOAD', previous.amzDate, previous.scope, previous.signature, EMPTY_SHA256, sha256Hex(chunk)].join('\n')).toString('hex');
}

/**
 * The data of an `aws-chunked` body (`<hex size>[;chunk-signature=<sig>]\r\n<data>\r\n`...,
 * ended by a chunk of size 0 and optional trailers), or undefined when it is malformed or,
 * when `signed` is given, a chunk's signature does not chain from it.
 */
export function decodeAwsChunked(body: Buffer, signed?: VerifiedSignature): Buffer | undefined {
  const parts: Buffer[] = [];
  let previous = signed;
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) return undefined;
    const header = /^([0-9a-fA-F]{1,8})(?:;chunk-signature=([0-9a-f]{64}))?$/.exec(body.subarray(offset, lineEnd).toString('latin1'));
    if (header === null) return undefined;
    const size = parseInt(header[1] ?? '', 16);
    const start = lineEnd + 2;
    if (start + size > body.length) return undefined;
    const data = body.subarray(start, start + size);
    if (previous !== undefined) {
      const given = header[2];
      const expected = chunkSignature(previous, data);
      if (given === undefined || !sameSignature(given, Buffer.from(expected, 'hex'))) return undefined;
      previous = { ...previous, signature: expected };
    }
    // The last chunk is empty; what follows it (trailing checksums) is not data.
    if (size === 0) return Buffer.concat(parts);
    if (body.subarray(start + size, start + size + 2).toString('latin1') !== '\r\n') return undefined;
    parts.push(data);
    offset = start + size + 2;
  }
}
