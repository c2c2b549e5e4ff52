import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { API_PREFIX, ROUTES, routeKeyOf, type RouteDefinition } from '../lambdas/routes';

/**
 * What the local gateway does as API Gateway (HTTP API, payload 2.0, JWT authorizer) does:
 * pick the route of a request and build the event its Lambda gets. Pure, so it is tested
 * without a server (local/api-event.test.ts); local/gateway.ts does the I/O around it.
 */

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  parameterNames: string[];
}

/** `/departments/{id}` becomes a pattern with one named segment, as API Gateway matches it. */
function compile(route: RouteDefinition): CompiledRoute {
  const parameterNames: string[] = [];
  const source = `${API_PREFIX}${route.path}`
    .split('/')
    .map((segment) => {
      const match = /^\{(\w+)\+?\}$/.exec(segment);
      if (match?.[1] === undefined) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      parameterNames.push(match[1]);
      return segment.endsWith('+}') ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), parameterNames };
}

/**
 * API Gateway picks the most specific route: a literal segment wins over a `{parameter}`
 * at the same place (`/users/sessions` before `/users/{id}`), so try routes in that order.
 */
function specificity(route: RouteDefinition): string {
  return route.path.split('/').map((segment) => (segment.startsWith('{') ? '1' : '0')).join('');
}

/** Routes in the order API Gateway tries them. */
export function compileRoutes(routes: readonly RouteDefinition[]): CompiledRoute[] {
  return [...routes].sort((a, b) => specificity(a).localeCompare(specificity(b))).map(compile);
}

const COMPILED_ROUTES = compileRoutes(ROUTES);

export type RouteMatch =
  | { kind: 'matched'; route: RouteDefinition; pathParameters: Record<string, string> }
  /** A path parameter whose percent-encoding does not decode (`%`, `%C0%AF`): the client's mistake, 400. */
  | { kind: 'bad-parameter' }
  | { kind: 'none' };

/** The route of `method` and `pathname`, with its path parameters decoded as API Gateway hands them over. */
export function matchRoute(method: string, pathname: string, compiled: readonly CompiledRoute[] = COMPILED_ROUTES): RouteMatch {
  for (const candidate of compiled) {
    if (candidate.route.method !== method) continue;
    const match = candidate.pattern.exec(pathname);
    if (match === null) continue;
    const pathParameters: Record<string, string> = {};
    for (const [index, name] of candidate.parameterNames.entries()) {
      try {
        pathParameters[name] = decodeURIComponent(match[index + 1] ?? '');
      } catch {
        return { kind: 'bad-parameter' };
      }
    }
    return { kind: 'matched', route: candidate.route, pathParameters };
  }
  return { kind: 'none' };
}

/** Claims as an HTTP API JWT authorizer hands them to the function: strings, arrays as `[a b]`. */
export function authorizerClaims(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    claims[name] = Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return claims;
}

export interface ApiRequest {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
  method: string;
  url: URL;
  /** As Node gives them: lower-case names, a repeated header as an array. */
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The verified token's claims; undefined on public routes. */
  claims: Record<string, string> | undefined;
  sourceIp: string;
  httpVersion: string;
  requestId: string;
  now: Date;
}

/** The API Gateway v2 event of a request, as a deployed HTTP API with a JWT authorizer builds it. */
export function apiEventOf(request: ApiRequest): APIGatewayProxyEventV2WithJWTAuthorizer {
  const { route, pathParameters, url, body, now } = request;
  // Repeated headers are joined with commas, repeated query parameters too, as API Gateway does.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  // Text bodies are handed over as they are; anything else base64-encoded.
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || /json|text|xml|x-www-form-urlencoded/.test(contentType);
  const routeKey = routeKeyOf(route);
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(headers['cookie'] ? { cookies: headers['cookie'].split(/;\s*/) } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: request.claims ?? {}, scopes: [] } },
      domainName: headers['host'] ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: request.requestId,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: !isText,
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
  };
}
