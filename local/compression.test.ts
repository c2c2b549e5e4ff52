import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endCompressed, isCompressible, MIN_COMPRESSED_BYTES, negotiateEncoding, sendFile } from './compression';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['identity', null],
    ['gzip;q=0, br;q=0', null],
    ['', null],
    [undefined, null],
  ])('answers %j with %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('isCompressible', () => {
  it.each(['text/html; charset=utf-8', 'text/javascript; charset=utf-8', 'application/json', 'application/x-amz-json-1.1', 'image/svg+xml', 'application/manifest+json'])(
    'compresses %s',
    (type) => expect(isCompressible(type)).toBe(true),
  );
  it.each(['image/png', 'image/jpeg', 'application/pdf', 'font/woff2', 'application/zip', 'application/octet-stream', undefined])(
    'leaves %s as it is',
    (type) => expect(isCompressible(type)).toBe(false),
  );
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request to the test server, with the response body as received (not decoded). */
function get(server: Server, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolveAnswer, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

const script = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `text number ${index}`))};\n`;
const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, index) => ({ id: index, name: `Department ${index}` })) });

let dir: string;
let server: Server;

beforeAll(async () => {
  // Prepare: a web root and a server answering as the gateway does, by path.
  dir = mkdtempSync(join(tmpdir(), 'coldchain-compression-'));
  writeFileSync(join(dir, 'app.js'), script);
  writeFileSync(join(dir, 'logo.png'), Buffer.alloc(5_000, 7));
  writeFileSync(join(dir, 'tiny.js'), 'export {};\n');
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/app.js') sendFile(response, join(dir, 'app.js'), { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    else if (path === '/logo.png') sendFile(response, join(dir, 'logo.png'), { 'content-type': 'image/png' });
    else if (path === '/tiny.js') sendFile(response, join(dir, 'tiny.js'), { 'content-type': 'text/javascript' });
    else if (path === '/api/list') endCompressed(response, 200, { 'content-type': 'application/json', vary: 'Origin' }, json);
    else if (path === '/api/small') endCompressed(response, 400, { 'content-type': 'application/json' }, '{"message":"Bad"}');
    else if (path === '/api/empty') endCompressed(response, 204, {}, undefined);
    else endCompressed(response, 200, { 'content-type': 'application/pdf' }, Buffer.alloc(5_000, 1));
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
});

afterAll(async () => {
  await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  rmSync(dir, { recursive: true, force: true });
});

describe('sendFile', () => {
  it('sends a script in brotli to a client taking it, smaller and the same once decoded', async () => {
    // Act
    const answer = await get(server, '/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    // Assess
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 3);
    expect(decoded(answer)).toBe(script);
  });

  it('sends gzip to a client without brotli, and the file as it is to one taking neither', async () => {
    const gzipped = await get(server, '/app.js', { 'accept-encoding': 'gzip' });
    const plain = await get(server, '/app.js');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipped)).toBe(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses a file again once it is rebuilt', async () => {
    // Prepare
    await get(server, '/app.js', { 'accept-encoding': 'br' });
    const rebuilt = `${script}export const version = 2;\n`;
    writeFileSync(join(dir, 'app.js'), rebuilt);
    utimesSync(join(dir, 'app.js'), new Date(), new Date(Date.now() + 5_000));
    // Act
    const answer = await get(server, '/app.js', { 'accept-encoding': 'br' });
    // Assess
    expect(decoded(answer)).toBe(rebuilt);
    writeFileSync(join(dir, 'app.js'), script);
  });

  it('leaves images and tiny files as they are', async () => {
    const image = await get(server, '/logo.png', { 'accept-encoding': 'br' });
    const tiny = await get(server, '/tiny.js', { 'accept-encoding': 'br' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['vary']).toBeUndefined();
    expect(image.body.length).toBe(5_000);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
  });

  it('answers a HEAD without a body', async () => {
    const answer = await get(server, '/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(0);
  });
});

describe('endCompressed', () => {
  it('compresses an API answer, adding Accept-Encoding to the Vary it has', async () => {
    const answer = await get(server, '/api/list', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toBe('Origin, Accept-Encoding');
    expect(JSON.parse(decoded(answer))).toEqual(JSON.parse(json));
  });

  it('leaves an answer under the minimum size, an empty one and a PDF as they are', async () => {
    expect('{"message":"Bad"}'.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    const small = await get(server, '/api/small', { 'accept-encoding': 'br' });
    const empty = await get(server, '/api/empty', { 'accept-encoding': 'br' });
    const pdf = await get(server, '/file.pdf', { 'accept-encoding': 'br' });
    expect(small.status).toBe(400);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"message":"Bad"}');
    expect(empty.status).toBe(204);
    expect(empty.body.length).toBe(0);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.length).toBe(5_000);
  });
});
