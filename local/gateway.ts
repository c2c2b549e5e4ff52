import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { WebAppConfig } from '@domain/core/app-config';
import { MESSAGES } from '@domain/core/messages';
import { API_PREFIX, HANDLERS, maxBodyBytesOf, routeKeyOf, type HandlerName, type RouteDefinition } from '../lambdas/routes';
import { Admission, withAdmission } from './admission';
import { apiEventOf, authorizerClaims, matchRoute } from './api-event';
import type { LocalCredentials } from './credentials';
import { endCompressed, sendFile } from './compression';
import { handleHostedUi } from './identity/hosted-ui';
import { BROWSER_OPERATIONS } from './identity/signature';
import { isLoopbackRequest } from './loopback';
import { handleOutboxAction, type OutboxActionOptions } from './outbox-actions';
import { renderOutboxPage, type OutboxEntry } from './outbox-page';
import { VerifiedTokens } from './verified-tokens';

/** The repository root, where handler entry paths start. */
const REPOSITORY_ROOT = resolve(import.meta.dirname, '..');
/** API Gateway's own payload limit; the API's routes take less (`maxBodyBytesOf`). */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  port: number;
  /** The built web app (`frontend/dist`). */
  webRoot: string;
  identity: { endpoint: string; credentials: LocalCredentials; issuer: string; jwksUrl: string; audiences: string[] };
  /** The web app's settings, less the origin-dependent parts filled per request. */
  webConfig: Omit<WebAppConfig, 'userPoolEndpoint' | 'outboxUrl' | 'oauthDomain'>;
  outbox: () => Promise<OutboxEntry[]>;
  /** The outbox page's actions: the channel fault switch and an IVR call's key press (local/outbox-actions.ts). */
  outboxActions?: OutboxActionOptions;
}

export interface LocalGateway {
  url: string;
  stop(): Promise<void>;
}

type ApiHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<unknown>;

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  endCompressed(response, status, { 'content-type': 'application/json', ...headers }, text);
}

/** A request body over the limit: answered 413, and the rest of it is not read. */
class BodyTooLargeError extends Error {
  constructor() {
    super(MESSAGES.requestTooLarge);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The request's body, at most `maxBytes` of it: a larger one (by its Content-Length, or once
 * that many bytes came) rejects with `BodyTooLargeError` and the stream is left paused, unread.
 */
function readBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(new BodyTooLargeError());
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        request.pause();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolveBody(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onError);
  });
}

/** What a refused body may still send, discarded, before the connection is closed on it. */
const MAX_DISCARDED_BYTES = 32 * 1024 * 1024;

/**
 * Answers 413 at once. The client may still be sending the body: what comes is discarded,
 * never kept, so the client gets to read the answer (closing now would fail its write
 * instead); past `MAX_DISCARDED_BYTES` the connection is closed.
 */
function refuseBody(request: IncomingMessage, response: ServerResponse): void {
  send(response, 413, { message: MESSAGES.requestTooLarge });
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) request.socket.destroy();
  });
  request.resume();
}

/** A request that makes no URL: answered 400, and whatever body it sends is not read. */
function refuseBadRequest(request: IncomingMessage, response: ServerResponse): void {
  send(response, 400, { message: MESSAGES.requestAddressInvalid }, { connection: 'close' });
  request.resume();
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The local stand-in for API Gateway + CloudFront: the API at `/api` through the same route
 * table, JWT check and event shape as a deployed HTTP API with a JWT authorizer; the web app
 * at `/`; the identity emulator at `/cognito`; the outbox at `/outbox`.
 */
export async function startGateway(options: GatewayOptions): Promise<LocalGateway> {
  const jwks = createRemoteJWKSet(new URL(options.identity.jwksUrl));
  const handlers = new Map<HandlerName, Promise<ApiHandler>>();
  const loadHandler = (name: HandlerName): Promise<ApiHandler> => {
    let loaded = handlers.get(name);
    if (loaded === undefined) {
      loaded = import(pathToFileURL(join(REPOSITORY_ROOT, HANDLERS[name])).href).then(
        (module: { handler: ApiHandler }) => module.handler,
      );
      handlers.set(name, loaded);
    }
    return loaded;
  };

  const verifiedTokens = new VerifiedTokens();
  // How many API requests run and wait at once, and a client's share of them (local/admission.ts).
  const admission = new Admission();

  async function verify(authorization: string | undefined): Promise<Record<string, string> | undefined> {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (token === undefined) return undefined;
    const known = verifiedTokens.get(token, Date.now());
    if (known !== undefined) return known;
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.identity.issuer,
        audience: options.identity.audiences,
      });
      const claims = authorizerClaims(payload);
      verifiedTokens.set(token, claims, payload.exp);
      return claims;
    } catch {
      return undefined;
    }
  }

  async function serveApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const method = request.method ?? 'GET';
    const matched = matchRoute(method, url.pathname);
    if (matched.kind === 'none') {
      send(response, 404, { message: 'Not Found' });
      return;
    }
    // API Gateway hands path parameters over decoded; a percent-encoding that does not decode
    // (`%`, `%C0%AF`) is the client's mistake: 400, never a failure of ours.
    if (matched.kind === 'bad-parameter') {
      send(response, 400, { message: MESSAGES.requestAddressInvalid });
      return;
    }
    const { route, pathParameters } = matched;
    let claims: Record<string, string> | undefined;
    if (route.roles !== 'public') {
      claims = await verify(request.headers.authorization);
      if (claims === undefined) {
        send(response, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
        return;
      }
    }
    // A slot in the handlers, or 503 at once (local/admission.ts). The client is the token's
    // verified subject; callers of public routes are told apart by their address only.
    const client = claims?.['sub'] !== undefined ? `sub:${claims['sub']}` : `address:${request.socket.remoteAddress ?? ''}`;
    return withAdmission(admission, client, request, response, () => runApi(request, response, url, route, pathParameters, claims));
  }

  async function runApi(
    request: IncomingMessage, response: ServerResponse, url: URL,
    route: RouteDefinition, pathParameters: Record<string, string>, claims: Record<string, string> | undefined,
  ): Promise<void> {
    const method = request.method ?? 'GET';
    let body: Buffer;
    try {
      body = await readBody(request, maxBodyBytesOf(route));
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      refuseBody(request, response);
      return;
    }
    const requestId = randomUUID();
    const routeKey = routeKeyOf(route);
    const event = apiEventOf({
      route, pathParameters, method, url, headers: request.headers, body, claims,
      sourceIp: request.socket.remoteAddress ?? '127.0.0.1', httpVersion: request.httpVersion, requestId, now: new Date(),
    });
    const deadline = Date.now() + 10_000;
    const context: Context = {
      callbackWaitsForEmptyEventLoop: true,
      functionName: `portal-${route.handler}`,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:portal-${route.handler}`,
      memoryLimitInMB: '512',
      awsRequestId: requestId,
      logGroupName: `/aws/lambda/portal-${route.handler}`,
      logStreamName: 'local',
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    };
    let result: unknown;
    try {
      const handler = await loadHandler(route.handler);
      result = await handler(event, context);
    } catch (error) {
      // What API Gateway answers when the function itself fails.
      process.stderr.write(`[gateway] ${routeKey} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      send(response, 500, { message: 'Internal Server Error' });
      return;
    }
    writeLambdaResult(response, result);
  }

  function serveStatic(response: ServerResponse, url: URL): void {
    const root = resolve(options.webRoot);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      // A percent-encoding that does not decode (`/%`, `/%C0%AF`) names no file: 400, not a failure of ours.
      send(response, 400, { message: MESSAGES.requestAddressInvalid });
      return;
    }
    if (!existsSync(join(root, 'index.html'))) {
      send(response, 503, 'The web app is not built: run `npm run build:web`.', { 'content-type': 'text/plain; charset=utf-8' });
      return;
    }
    let file = normalize(join(root, pathname));
    if (!file.startsWith(root + sep) && file !== root) {
      send(response, 404, { message: 'Not Found' });
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      // Single-page app: routes without a file extension get the app; missing assets are 404.
      if (extname(url.pathname) !== '') {
        send(response, 404, 'Not Found', { 'content-type': 'text/plain; charset=utf-8' });
        return;
      }
      file = join(root, 'index.html');
    }
    const immutable = url.pathname.startsWith('/assets/');
    // Compressed as CloudFront does (local/compression.ts).
    sendFile(response, file, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
  }

  /**
   * `/cognito`: the identity service, for the web app. Only what a browser uses goes through:
   * the operations of `BROWSER_OPERATIONS` (POST, by `X-Amz-Target`) and the pool's public
   * keys; admin operations are the handlers' own, signed with the local credentials, straight
   * to the identity service on loopback.
   */
  async function proxyIdentity(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.replace(/^\/cognito/, '') || '/';
    const target = request.headers['x-amz-target'];
    const operation = typeof target === 'string' ? /^AWSCognitoIdentityProviderService\.(\w+)$/.exec(target)?.[1] : undefined;
    const isOperation = request.method === 'POST' && path === '/';
    const isPublicKeys = request.method === 'GET' && /^\/[\w-]+\/\.well-known\/(jwks\.json|openid-configuration)$/.test(path);
    if (isOperation && (operation === undefined || !BROWSER_OPERATIONS.has(operation))) {
      send(response, 400, {
        __type: 'AccessDeniedException',
        message: `${operation ?? 'This operation'} is not served at /cognito: it is an admin operation, which needs the local credentials.`,
      }, { 'content-type': 'application/x-amz-json-1.1' });
      return;
    }
    if (!isOperation && !isPublicKeys) {
      send(response, 404, { message: 'Not Found' });
      return;
    }
    const body = await readBody(request);
    const forwarded: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-target', 'x-amz-user-agent']) {
      const value = request.headers[name];
      if (typeof value === 'string') forwarded[name] = value;
    }
    const upstream = await fetch(`${options.identity.endpoint}${path}`, {
      method: request.method ?? 'POST',
      headers: forwarded,
      ...(isOperation && body.length ? { body } : {}),
    });
    response.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
    });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  }

  /**
   * The outbox shows every code the stack sent (reset codes, invitations): it answers this
   * machine only, at a loopback name (the gateway listens on 127.0.0.1; the Host check keeps
   * a web page from reading it through DNS rebinding).
   */
  function serveOutbox(request: IncomingMessage, response: ServerResponse, render: () => Promise<void>): Promise<void> {
    if (!isLoopbackRequest(request)) {
      send(response, 403, { message: 'The outbox answers this machine only, at localhost or 127.0.0.1.' });
      return Promise.resolve();
    }
    return render();
  }

  const server: Server = createServer((request, response) => {
    const origin = `http://${request.headers.host ?? `localhost:${options.port}`}`;
    // A request line or Host header that makes no URL (`//`, a malformed host) is the client's
    // error: answered 400 here, since a throw in this listener would end the whole process.
    let url: URL;
    try {
      url = new URL(request.url ?? '/', origin);
    } catch {
      refuseBadRequest(request, response);
      return;
    }
    const work = async () => {
      // The local stand-in of Cognito's hosted sign-in pages (SSO): local/identity/hosted-ui.ts.
      if ((url.pathname.startsWith('/oauth2/') || url.pathname === '/logout')
        && await handleHostedUi(request, response, { identityEndpoint: options.identity.endpoint, credentials: options.identity.credentials })) return;
      if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) return serveApi(request, response, url);
      if (url.pathname === '/cognito' || url.pathname.startsWith('/cognito/')) return proxyIdentity(request, response, url);
      if (url.pathname === '/config.json') {
        const config: WebAppConfig = {
          ...options.webConfig,
          userPoolEndpoint: `${origin}/cognito`,
          outboxUrl: `${origin}/outbox`,
          // The local stand-in of the hosted sign-in pages is served under this origin's /oauth2.
          oauthDomain: origin,
        };
        return send(response, 200, config, { 'cache-control': 'no-store' });
      }
      if (url.pathname === '/outbox/messages.json') {
        return serveOutbox(request, response, async () => send(response, 200, await options.outbox(), { 'cache-control': 'no-store' }));
      }
      if (options.outboxActions && url.pathname.startsWith('/outbox/')
        && await handleOutboxAction(request, response, url, options.outboxActions)) return;
      if (url.pathname === '/outbox') {
        return serveOutbox(request, response, async () => {
          const page = renderOutboxPage(await options.outbox(), { faults: options.outboxActions?.faults?.state() });
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          response.end(page);
        });
      }
      return serveStatic(response, url);
    };
    work().catch((error: unknown) => {
      if (error instanceof BodyTooLargeError && !response.headersSent) {
        refuseBody(request, response);
        return;
      }
      process.stderr.write(`[gateway] ${request.method} ${url.pathname}: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!response.headersSent) send(response, 500, { message: 'Internal Server Error' });
      else response.end();
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolveListen());
  });
  return {
    url: `http://localhost:${options.port}`,
    stop: () => new Promise<void>((resolveClose) => {
      server.close(() => resolveClose());
      server.closeAllConnections();
    }),
  };
}

function writeLambdaResult(response: ServerResponse, result: unknown): void {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    // Payload format 2.0 infers a 200 JSON response from anything that is not a structured result.
    send(response, 200, result === undefined ? '' : JSON.stringify(result));
    return;
  }
  const structured = result as { statusCode: number; headers?: Record<string, string | number | boolean>; body?: string; isBase64Encoded?: boolean; cookies?: string[] };
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body = structured.body === undefined ? undefined : structured.isBase64Encoded ? Buffer.from(structured.body, 'base64') : structured.body;
  endCompressed(response, structured.statusCode, headers, body);
}
