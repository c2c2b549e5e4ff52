import { createServer, request as upstreamRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  decodeAwsChunked, headerValue, sha256Hex, verifyHeaderSignature, verifyPolicySignature, verifyQuerySignature,
  type Credentials, type SignatureCheck, type SignatureFault,
} from './sigv4';

/**
 * The S3 emulator's front door. s3rver checks no signature and no POST policy, so it listens
 * on an internal loopback port and this gate, on the public S3 port, forwards only what S3
 * itself would accept: requests signed (Signature Version 4, in the header or a presigned
 * URL's query) with the data folder's credentials, and browser form uploads whose POST policy
 * is signed with them and whose fields and file meet its conditions. CORS preflights go
 * through (s3rver answers them from the bucket's CORS rules).
 */

/** The largest object the gate takes: the product's largest upload is a 10 MB device file. */
export const MAX_OBJECT_BYTES = 16 * 1024 * 1024;
/** A form upload's fields besides its file. */
const MAX_FORM_FIELDS_BYTES = 64 * 1024;

export interface S3GateOptions {
  /** Where s3rver listens (loopback). */
  upstreamPort: number;
  credentials: Credentials;
  /** The origins whose pages may read the gate's refusals (the files bucket's CORS origins). */
  portalOrigins: readonly string[];
  now?: () => number;
}

const S3_ERRORS: Record<SignatureFault, { status: number; code: string }> = {
  missing: { status: 403, code: 'AccessDenied' },
  malformed: { status: 400, code: 'AuthorizationQueryParametersError' },
  unknownKey: { status: 403, code: 'InvalidAccessKeyId' },
  mismatch: { status: 403, code: 'SignatureDoesNotMatch' },
  skewed: { status: 403, code: 'RequestTimeTooSkewed' },
  expired: { status: 403, code: 'AccessDenied' },
};

class Refusal extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Fields of a form upload that carry its authorisation, not the object's metadata. */
const AUTHORISATION_FIELDS = new Set(['policy', 'x-amz-algorithm', 'x-amz-credential', 'x-amz-date', 'x-amz-signature', 'x-amz-security-token', 'bucket', 'file']);

export function startS3Gate(port: number, options: S3GateOptions): Promise<Server> {
  const now = options.now ?? Date.now;

  const refuse = (request: IncomingMessage, response: ServerResponse, refusal: Refusal) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const origin = request.headers.origin;
    // The portal's page reads why its upload was refused, as S3 answers an allowed origin.
    const cors: Record<string, string> = origin !== undefined && options.portalOrigins.includes(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escapeXml(refusal.message)}</Message></Error>`;
    // A refusal before the body is read closes the connection: the rest is not waited for.
    response.writeHead(refusal.status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body), connection: 'close', ...cors });
    response.end(body);
    request.resume();
  };

  const fromCheck = (check: SignatureCheck) => {
    if (check.ok) return check;
    const { status, code } = S3_ERRORS[check.fault];
    throw new Refusal(status, code, check.message);
  };

  /** Forwards to s3rver; `body` replaces the request's own (read and checked already), else it streams through, at most MAX_OBJECT_BYTES. */
  const forward = async (request: IncomingMessage, response: ServerResponse, headers: IncomingHttpHeaders, body?: Buffer) => {
    const upstream = upstreamRequest({ host: '127.0.0.1', port: options.upstreamPort, method: request.method, path: request.url, headers });
    const answered = new Promise<void>((resolve, reject) => {
      upstream.on('response', (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        pipeline(answer, response).then(resolve, reject);
      });
      upstream.on('error', reject);
    });
    // Awaited below, or abandoned when the body streaming to it is refused.
    answered.catch(() => undefined);
    if (body !== undefined) {
      upstream.end(body);
    } else {
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(size > MAX_OBJECT_BYTES ? new Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.') : null, chunk);
        },
      });
      await pipeline(request, limit, upstream).catch((error: unknown) => {
        upstream.destroy();
        throw error;
      });
    }
    await answered;
  };

  const readBody = async (request: IncomingMessage, maximum: number): Promise<Buffer> => {
    if (Number(request.headers['content-length'] ?? 0) > maximum) throw new Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maximum) throw new Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  };

  /** A request signed in its `Authorization` header (the SDK): the payload as its `x-amz-content-sha256` says. */
  const headerSigned = async (request: IncomingMessage, response: ServerResponse) => {
    const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
    if (payloadHash === undefined) throw new Refusal(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    const signature = fromCheck(verifyHeaderSignature(
      { method: request.method ?? '', url: request.url ?? '/', headers: request.headers },
      options.credentials, { payloadHash, path: 'raw', service: 's3', amzHeadersSigned: true, now: now() },
    ));
    if (payloadHash === 'UNSIGNED-PAYLOAD') {
      await forward(request, response, request.headers);
    } else if (/^[0-9a-f]{64}$/.test(payloadHash)) {
      const body = await readBody(request, MAX_OBJECT_BYTES);
      if (sha256Hex(body) !== payloadHash) throw new Refusal(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
      await forward(request, response, request.headers, body);
    } else if (payloadHash === 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD' || payloadHash === 'STREAMING-UNSIGNED-PAYLOAD-TRAILER') {
      // s3rver stores an aws-chunked body as it comes: it gets the data, each chunk's signature checked first.
      const chunked = await readBody(request, MAX_OBJECT_BYTES + MAX_FORM_FIELDS_BYTES);
      const data = decodeAwsChunked(chunked, payloadHash === 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD' ? signature : undefined);
      const announced = headerValue(request.headers, 'x-amz-decoded-content-length');
      if (data === undefined || (announced !== undefined && Number(announced) !== data.length)) {
        throw new Refusal(403, 'SignatureDoesNotMatch', 'The chunked body is malformed or its chunk signatures do not match.');
      }
      const {
        'content-encoding': _encoding, 'transfer-encoding': _transfer, 'x-amz-decoded-content-length': _decoded, 'x-amz-trailer': _trailer, ...headers
      } = request.headers;
      await forward(request, response, { ...headers, 'content-length': String(data.length), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' }, data);
    } else {
      throw new Refusal(400, 'InvalidArgument', 'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER or a SHA-256 value.');
    }
  };

  /** A browser's form upload: the POST policy's signature, then its conditions, checked as S3 does (s3rver does neither). */
  const formUpload = async (request: IncomingMessage, response: ServerResponse, bucket: string) => {
    const body = await readBody(request, MAX_OBJECT_BYTES + MAX_FORM_FIELDS_BYTES);
    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
    } catch {
      throw new Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
    }
    const { fields, file } = await formFields(form);
    const policyText = fields.get('policy');
    if (policyText === undefined || fields.get('x-amz-signature') === undefined) throw new Refusal(403, 'AccessDenied', 'Bucket POST must contain a policy and its signature.');
    if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') throw new Refusal(400, 'InvalidArgument', 'x-amz-algorithm must be AWS4-HMAC-SHA256.');
    fromCheck(verifyPolicySignature({
      policy: policyText, credential: fields.get('x-amz-credential') ?? '', amzDate: fields.get('x-amz-date') ?? '', signature: fields.get('x-amz-signature') ?? '',
    }, options.credentials, 's3'));
    policyProblem(policyText, fields, bucket, file.length, now());
    const key = fields.get('key');
    if (key === undefined || key === '') throw new Refusal(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.");
    // s3rver gets the checked fields alone, in a form it cannot read otherwise than this one was.
    const forwarded = new FormData();
    for (const [name, value] of fields) if (!AUTHORISATION_FIELDS.has(name) && !name.startsWith('x-ignore-')) forwarded.append(name, value);
    forwarded.append('file', new Blob([file]), 'file');
    const encoded = new Response(forwarded);
    const forwardedBody = Buffer.from(await encoded.arrayBuffer());
    const headers: IncomingHttpHeaders = {
      host: request.headers.host,
      ...(request.headers.origin !== undefined ? { origin: request.headers.origin } : {}),
      'content-type': encoded.headers.get('content-type') ?? '',
      'content-length': String(forwardedBody.length),
    };
    await forward(request, response, headers, forwardedBody);
  };

  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://localhost');
    } catch {
      throw new Refusal(400, 'InvalidURI', "Couldn't parse the specified URI.");
    }
    // A preflight carries no credentials: s3rver answers it from the bucket's CORS rules.
    if (request.method === 'OPTIONS') {
      await forward(request, response, request.headers);
      return;
    }
    const byHeader = request.headers.authorization !== undefined;
    const byQuery = parsed.searchParams.has('X-Amz-Algorithm') || parsed.searchParams.has('X-Amz-Signature');
    if (byHeader && byQuery) throw new Refusal(400, 'InvalidArgument', 'Only one auth mechanism allowed.');
    if (byHeader) {
      await headerSigned(request, response);
      return;
    }
    if (byQuery) {
      fromCheck(verifyQuerySignature({ method: request.method ?? '', url, headers: request.headers }, options.credentials, { path: 'raw', service: 's3', amzHeadersSigned: true, now: now() }));
      await forward(request, response, request.headers);
      return;
    }
    const bucket = /^\/([^/]+)\/?$/.exec(parsed.pathname)?.[1];
    if (request.method === 'POST' && bucket !== undefined && parsed.search === '' && /^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) {
      await formUpload(request, response, decodeURIComponent(bucket));
      return;
    }
    throw new Refusal(403, 'AccessDenied', 'Access Denied');
  };

  const server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      // Nothing a request carries may end the process: what is not a refusal is the caller's malformed request.
      refuse(request, response, error instanceof Refusal ? error : new Refusal(400, 'InvalidRequest', 'The request could not be read.'));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** A form's fields (names lower-cased, as S3 matches them) up to its file, and the file's bytes. */
async function formFields(form: FormData): Promise<{ fields: Map<string, string>; file: Buffer }> {
  const fields = new Map<string, string>();
  let file: Buffer | undefined;
  for (const [name, value] of form) {
    const field = name.toLowerCase();
    if (field === 'file') {
      // Fields after the file are not read, as on S3.
      file = typeof value === 'string' ? Buffer.from(value) : Buffer.from(await value.arrayBuffer());
      break;
    }
    if (typeof value !== 'string') throw new Refusal(400, 'InvalidArgument', `The field ${name} must not be a file.`);
    if (fields.has(field)) throw new Refusal(400, 'InvalidArgument', `The field ${name} is given more than once.`);
    fields.set(field, value);
  }
  if (file === undefined) throw new Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  return { fields, file };
}

/** Refuses when the policy has expired or a condition does not hold, as S3 words it. */
function policyProblem(policyText: string, fields: ReadonlyMap<string, string>, bucket: string, fileSize: number, now: number): void {
  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw new Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : Number.NaN;
  if (Number.isNaN(expiration) || !Array.isArray(policy.conditions)) throw new Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: an expiration and conditions are required.');
  if (now > expiration) throw new Refusal(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  const value = (name: string) => (name === 'bucket' ? bucket : fields.get(name));
  const covered = new Set<string>();
  const failed = (condition: unknown) => new Refusal(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
  for (const condition of policy.conditions as unknown[]) {
    if (Array.isArray(condition) && condition[0] === 'content-length-range') {
      const [, minimum, maximum] = condition as [string, unknown, unknown];
      if (typeof minimum !== 'number' || typeof maximum !== 'number') throw new Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: content-length-range needs two numbers.');
      if (fileSize < minimum) throw new Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.');
      if (fileSize > maximum) throw new Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
    } else if (Array.isArray(condition) && condition.length === 3 && (condition[0] === 'eq' || condition[0] === 'starts-with')
      && typeof condition[1] === 'string' && condition[1].startsWith('$') && typeof condition[2] === 'string') {
      const name = condition[1].slice(1).toLowerCase();
      covered.add(name);
      const given = value(name) ?? '';
      if (condition[0] === 'eq' ? given !== condition[2] : !given.startsWith(condition[2])) throw failed(condition);
    } else if (typeof condition === 'object' && condition !== null && !Array.isArray(condition) && Object.keys(condition).length === 1) {
      const [[name, expected]] = Object.entries(condition) as [[string, unknown]];
      covered.add(name.toLowerCase());
      if (value(name.toLowerCase()) !== expected) throw failed(condition);
    } else {
      throw new Refusal(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid Simple-Condition: ${JSON.stringify(condition)}`);
    }
  }
  // Every field but the policy's own and the file must be allowed by a condition.
  for (const name of fields.keys()) {
    if (name === 'policy' || name === 'x-amz-signature' || name.startsWith('x-ignore-') || covered.has(name)) continue;
    throw new Refusal(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
  }
}
