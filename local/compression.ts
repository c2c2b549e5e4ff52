import { createReadStream, statSync } from 'node:fs';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The local gateway's response compression, as CloudFront's (`compress: true`) does for the
 * deployed web app: brotli or gzip by the request's Accept-Encoding, for text types from
 * 1,000 bytes to 10,000,000 bytes (CloudFront's range), with `Vary: Accept-Encoding`.
 */

export type ContentEncoding = 'br' | 'gzip';

/** CloudFront compresses bodies from 1,000 bytes to 10,000,000 bytes; a smaller one gains nothing. */
export const MIN_COMPRESSED_BYTES = 1_000;
export const MAX_COMPRESSED_BYTES = 10_000_000;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text types; images, PDFs, fonts and archives are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|x-amz-json-1\.[01]|xml|manifest\+json|[\w.+-]+\+json|[\w.+-]+\+xml)\b|image\/svg\+xml\b)/i;

export function isCompressible(contentType: string | undefined): boolean {
  return contentType !== undefined && COMPRESSIBLE.test(contentType.trim());
}

/**
 * The encoding to answer with: brotli when the client takes it, else gzip, else none. A coding
 * with `q=0` is refused; `*` stands for any coding not named.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (acceptEncoding === undefined || acceptEncoding.trim() === '') return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    const weight = quality === undefined ? 1 : Number(quality);
    if (name !== '') weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentEncoding) => weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).map((coding) => ({ coding, weight: weightOf(coding) })).filter(({ weight }) => weight > 0);
  // Ties go to brotli (listed first): smaller for the same text.
  best.sort((a, b) => b.weight - a.weight);
  return best[0]?.coding ?? null;
}

/** `body` compressed with `encoding`; `quality` trades time for size (brotli 0 to 11). */
export async function compress(body: Buffer, encoding: ContentEncoding, quality: 'fast' | 'small'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: quality === 'small' ? 9 : 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality === 'small' ? 11 : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

function headerText(headers: OutgoingHttpHeaders, name: string): string | undefined {
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return value === undefined ? undefined : String(value);
}

/** The encoding for this response, or null: by type, size, existing encoding and the client's wish. */
function encodingFor(response: ServerResponse, headers: OutgoingHttpHeaders, bytes: number): ContentEncoding | null {
  if (!isCompressible(headerText(headers, 'content-type'))) return null;
  if (headerText(headers, 'content-encoding') !== undefined) return null;
  if (bytes < MIN_COMPRESSED_BYTES || bytes > MAX_COMPRESSED_BYTES) return null;
  if (response.req.method === 'HEAD') return null;
  const accept = response.req.headers['accept-encoding'];
  return negotiateEncoding(Array.isArray(accept) ? accept.join(',') : accept);
}

/** Adds Accept-Encoding to the response's Vary, keeping what is there. */
function withVary(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const existing = headerText(headers, 'vary');
  const others = Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== 'vary'));
  if (existing === undefined || existing.trim() === '') return { ...others, vary: 'Accept-Encoding' };
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(existing)) return { ...others, vary: existing };
  return { ...others, vary: `${existing}, Accept-Encoding` };
}

/**
 * Writes a whole response, compressed when the type, size and request allow (an API answer:
 * compressed per response, quickly). `Vary: Accept-Encoding` goes on every compressible answer,
 * so a cache never hands one client's encoding to another.
 */
export function endCompressed(response: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: string | Buffer | undefined): void {
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const vary = isCompressible(headerText(headers, 'content-type')) ? withVary(headers) : headers;
  const encoding = encodingFor(response, headers, bytes.length);
  if (encoding === null || status === 204 || status === 304) {
    response.writeHead(status, vary);
    response.end(body === undefined ? undefined : bytes);
    return;
  }
  compress(bytes, encoding, 'fast').then(
    (compressed) => {
      response.writeHead(status, { ...vary, 'content-encoding': encoding, 'content-length': compressed.length });
      response.end(compressed);
    },
    (error: unknown) => {
      process.stderr.write(`[gateway] compression failed, sent as is: ${error instanceof Error ? error.message : String(error)}\n`);
      response.writeHead(status, vary);
      response.end(bytes);
    },
  );
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Promise<Buffer>;
}

/** Compressed static files, per path and encoding; a rebuilt file (new time or size) is compressed again. */
const fileCache = new Map<string, CachedFile>();
/** Files up to this size are compressed at brotli's smallest setting (once, then cached); larger ones faster. */
const SMALLEST_UP_TO_BYTES = 1_000_000;

async function readAll(file: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function compressedFile(file: string, encoding: ContentEncoding, mtimeMs: number, size: number): Promise<Buffer> {
  const key = `${encoding}:${file}`;
  const cached = fileCache.get(key);
  if (cached !== undefined && cached.mtimeMs === mtimeMs && cached.size === size) return cached.body;
  const body = readAll(file).then((content) => compress(content, encoding, size <= SMALLEST_UP_TO_BYTES ? 'small' : 'fast'));
  // A failure is not kept: the next request tries again.
  body.catch(() => fileCache.delete(key));
  fileCache.set(key, { mtimeMs, size, body });
  return body;
}

/**
 * Sends a static file of the web app: compressed once per file and encoding and kept (the
 * built assets never change under one name), or streamed as is when it is not compressed.
 */
export function sendFile(response: ServerResponse, file: string, headers: OutgoingHttpHeaders): void {
  const { mtimeMs, size } = statSync(file);
  const vary = isCompressible(headerText(headers, 'content-type')) ? withVary(headers) : headers;
  const encoding = encodingFor(response, headers, size);
  if (encoding === null) {
    response.writeHead(200, { ...vary, 'content-length': size });
    if (response.req.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
    return;
  }
  compressedFile(file, encoding, mtimeMs, size).then(
    (compressed) => {
      response.writeHead(200, { ...vary, 'content-encoding': encoding, 'content-length': compressed.length });
      response.end(compressed);
    },
    (error: unknown) => {
      process.stderr.write(`[gateway] ${file} could not be compressed: ${error instanceof Error ? error.message : String(error)}\n`);
      if (response.headersSent) {
        response.end();
        return;
      }
      response.writeHead(200, vary);
      createReadStream(file).pipe(response);
    },
  );
}
