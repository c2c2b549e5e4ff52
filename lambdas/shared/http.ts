import middy, { type MiddlewareObj, type Request } from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { conflict, DomainError, ERROR_CODE_HEADER, ERROR_FIELD_HEADER, forbidden, notFound, tooLarge, unauthorized, validationError, type DomainErrorKind } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { PROXY_TOKEN_HEADER, type ProxySession } from '@domain/identity/proxy-session';
import { hasModule } from '@domain/organisation/modules';
import type { HandlerName } from '../handlers';
import { maxBodyBytesOf, pathParameterNamesOf, routeKeyOf, type ActionRequest, type ResourceRoutes, type RouteDefinition } from './routing';
import { callerFromClaims, type Caller, type JwtClaims } from './caller';
import { refuseOrganisationWideChange } from './access';
import type { SessionCheck } from './session-check';
import { describeError, invocationLogger, observed, recordApiRequest, type Logger } from './observability';
import { proxyTokenKey, verifyProxyToken } from './proxy-token';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export type { ActionRequest, ActionResult } from './routing';

/**
 * What the middleware reads of the table: given by the data layer (lambdas/data/request-reads.ts,
 * through lambdas/resource-handler.ts), so this module sends no DynamoDB command itself.
 */
export interface RequestReads {
  /** The session check of this process (the table and the session lifetime read from the environment). */
  sessionCheck(): SessionCheck;
  /** The actor's proxy session (one consistent GetItem); undefined when there is none. */
  proxySession(actorCustomerId: string, actorUserId: string, sessionId: string): Promise<ProxySession | undefined>;
}

/** A resource's routes by API Gateway route key (`GET /api/departments/{id}`). */
type RouteLookup = (routeKey: string) => RouteDefinition | undefined;

interface PortalContext extends Context {
  portal: {
    logger: Logger;
    route?: RouteDefinition;
    caller?: Caller;
    body?: unknown;
    startedAt: number;
  };
}

type PortalRequest = Request<ApiEvent, ApiResult, Error, PortalContext>;
type PortalMiddleware = MiddlewareObj<ApiEvent, ApiResult, Error, PortalContext>;

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
};

/**
 * The longest path parameter, query value or tenant header, in UTF-8 bytes. Ids, emails and
 * names are far shorter; this keeps every key the value goes into within DynamoDB's limits
 * (a sort key of at most 1,024 bytes, with its `ENTITY#` prefix).
 */
export const MAX_PARAMETER_BYTES = 512;
/** A page cursor carries a whole DynamoDB key (up to four attributes), so it may be longer. */
export const MAX_CURSOR_BYTES = 4096;
/** The request headers that name an organisation or an account (they go into keys too). */
const TENANT_HEADERS = ['customerid', 'accountid', PROXY_TOKEN_HEADER] as const;
/** A proxy token is a few hundred bytes; this bounds what the verifier is given. */
const MAX_PROXY_TOKEN_BYTES = 2048;

export function json(statusCode: number, body?: unknown, headers?: Record<string, string>): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** The caller, on a route that requires one. */
export function requireCaller(request: ActionRequest): Caller {
  if (request.caller === undefined) throw forbidden();
  return request.caller;
}

export function pathParameter(request: ActionRequest, name: string): string {
  const value = request.pathParameters[name];
  if (value === undefined || value === '') throw notFound();
  return value;
}

// 1. Logging and metrics: one line per request with its outcome, request id, route and
// tenant; its count and latency (observability.ts). After the shared observability list, so
// its line and metrics are out before they are flushed.
const requestOutcome = (handlerName: HandlerName): PortalMiddleware => {
  const record = (request: PortalRequest) => {
    const { portal } = request.context;
    const status = request.response?.statusCode ?? 500;
    const durationMs = Date.now() - portal.startedAt;
    portal.logger.info('request completed', { status, durationMs });
    recordApiRequest(request.event.routeKey, status, durationMs);
  };
  return {
    before: (request) => {
      const logger = invocationLogger(request.context, {
        handler: handlerName,
        requestId: request.context.awsRequestId,
        routeKey: request.event.routeKey,
      });
      request.context.portal = { logger, startedAt: Date.now() };
    },
    after: record,
    onError: record,
  };
};

// 2. Request limits, before anything reads the request: a body larger than the route takes
// is 413; a path parameter, a query value or a tenant header longer than any id is 400. The
// local gateway refuses the same bodies before reading them (local/gateway.ts).
const requestLimits = (findRouteByKey: RouteLookup): PortalMiddleware => ({
  before: (request) => {
    const { body, isBase64Encoded, pathParameters, queryStringParameters, headers, routeKey } = request.event;
    if (body !== undefined) {
      const route = findRouteByKey(routeKey);
      const bytes = Buffer.byteLength(body, isBase64Encoded ? 'base64' : 'utf8');
      if (bytes > maxBodyBytesOf(route ?? {})) throw tooLarge(MESSAGES.requestTooLarge);
    }
    const tooLong = (value: string | undefined, max = MAX_PARAMETER_BYTES) => value !== undefined && Buffer.byteLength(value, 'utf8') > max;
    const refuse = () => validationError(MESSAGES.requestValueTooLong);
    for (const value of Object.values(pathParameters ?? {})) if (tooLong(value)) throw refuse();
    for (const [name, value] of Object.entries(queryStringParameters ?? {})) {
      if (tooLong(name) || tooLong(value, name === 'cursor' ? MAX_CURSOR_BYTES : MAX_PARAMETER_BYTES)) throw refuse();
    }
    for (const name of TENANT_HEADERS) if (tooLong(headers?.[name], name === PROXY_TOKEN_HEADER ? MAX_PROXY_TOKEN_BYTES : MAX_PARAMETER_BYTES)) throw refuse();
  },
});

/**
 * Whether every text of a parsed body is well-formed Unicode: JSON's `\\ud800` escapes a lone
 * surrogate no person types, which DynamoDB and the key encoders (`encodeURIComponent`) refuse.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function wellFormed(body: unknown): boolean {
  // Walked with a list, not recursion: a body of thousands of nested arrays must not exhaust the stack.
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return false;
    } else if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, entry] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return false;
        pending.push(entry);
      }
    }
  }
  return true;
}

// 2b. Body parsing: JSON, base64 or not; a body with a lone surrogate is refused as malformed.
const jsonBodyParsing = (): PortalMiddleware => ({
  before: (request) => {
    const { body, isBase64Encoded } = request.event;
    if (body === undefined || body === '') return;
    const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      throw validationError(MESSAGES.invalidRequestBody);
    }
    if (!wellFormed(parsed)) throw validationError(MESSAGES.invalidRequestBody);
    request.context.portal.body = parsed;
  },
});

// 3. The caller's context from the verified claims (the authorizer verified the token).
const callerContext = (findRouteByKey: RouteLookup): PortalMiddleware => ({
  before: (request) => {
    const route = findRouteByKey(request.event.routeKey);
    if (route === undefined) throw notFound();
    request.context.portal.route = route;
    if (route.roles === 'public') return;
    const claims = request.event.requestContext.authorizer?.jwt?.claims as JwtClaims | undefined;
    const caller = callerFromClaims(claims);
    request.context.portal.caller = caller;
    // The request's own logger (made per request), so appending is safe.
    request.context.portal.logger.appendKeys({ tenant: caller.customerId, userId: caller.userId });
  },
});

/** The one call a read-only proxy may still make that is not a read: ending it (proxy logout). */
export const PROXY_LOGOUT_ROUTE_KEY = 'DELETE /api/proxy-sessions/current';
/** Starting a proxy session, which nobody does while proxying. */
const PROXY_START_ROUTE_KEY = 'POST /api/proxy-sessions';

/** The reads a read-only proxy session may make. */
const READ_METHODS = new Set(['GET', 'HEAD']);

// 3b. Proxy context (issue 16 section 3): with an `x-proxy-token`, the caller acts for the
// organisation the token names. The token must be ours and unexpired, name this very caller
// as its actor (`act.sub`), and its session must still be open (one GetItem); the
// organisation acted for must not be disabled. The caller then becomes that organisation's
// administrator, keeping who really acts in `caller.proxy` (every audit entry records both).
// A read-only proxy makes only reads and its own logout; no proxy ever signs or certifies.
const proxyContext = (reads: RequestReads): PortalMiddleware => ({
  before: async (request) => {
    const { route, caller } = request.context.portal;
    if (route === undefined || route.roles === 'public' || caller === undefined) return;
    const token = request.event.headers?.[PROXY_TOKEN_HEADER];
    if (token === undefined || token === '') return;
    const now = new Date();
    const claims = await verifyProxyToken(token, await proxyTokenKey(), now);
    if (claims === undefined || claims.actor.userId !== caller.userId) throw forbidden(MESSAGES.proxySessionEnded);
    const session = await reads.proxySession(caller.customerId, caller.userId, claims.sessionId);
    if (session === undefined || session.endedAt !== undefined || Date.parse(session.expiresAt) <= now.getTime()
      || session.customerId !== claims.customerId) {
      throw forbidden(MESSAGES.proxySessionEnded);
    }
    if (await reads.sessionCheck().organisationStatus(session.customerId) === 'disabled') throw forbidden(MESSAGES.proxyOrganisationDisabled);
    if (routeKeyOf(route) === PROXY_START_ROUTE_KEY) throw conflict(MESSAGES.proxyAlreadyActive);
    if (route.signsOrCertifies === true) throw forbidden(MESSAGES.proxyCannotSign);
    // A personal setting is not stored under a proxy (its action answers without writing), so a read-only proxy may send it.
    if (session.mode === 'read' && !READ_METHODS.has(request.event.requestContext.http.method) && routeKeyOf(route) !== PROXY_LOGOUT_ROUTE_KEY
      && route.personalSetting !== true && route.readsOnly !== true) {
      throw forbidden(MESSAGES.proxyReadOnly);
    }
    const proxied: Caller = {
      ...caller,
      customerId: session.customerId,
      role: 'admin',
      proxy: {
        sessionId: session.sessionId,
        mode: session.mode,
        actor: { userId: caller.userId, email: caller.email, role: caller.role, customerId: caller.customerId, accountId: caller.accountId },
        ...(session.locationId === undefined ? {} : { locationId: session.locationId }),
      },
    };
    refuseOrganisationWideChange(proxied, route);
    request.context.portal.caller = proxied;
    request.context.portal.logger.appendKeys({ tenant: session.customerId, proxySessionId: session.sessionId, actorTenant: caller.customerId });
  },
});

// 4. Tenant check: the accountid/customerid headers, when sent, must be the caller's own, for
// every role: only a proxy session (above) makes another organisation the caller's.
const tenantCheck = (): PortalMiddleware => ({
  before: (request) => {
    const { caller } = request.context.portal;
    if (caller === undefined) return;
    const headers = request.event.headers ?? {};
    const customerId = headers['customerid'];
    const accountId = headers['accountid'];
    if ((customerId !== undefined && customerId !== caller.customerId) ||
        (accountId !== undefined && accountId !== caller.accountId)) {
      throw forbidden(MESSAGES.tenantMismatch);
    }
  },
});

// 5. Role check, from the route table.
const roleCheck = (): PortalMiddleware => ({
  before: (request) => {
    const { route, caller } = request.context.portal;
    if (route === undefined || route.roles === 'public') return;
    if (caller === undefined || !route.roles.includes(caller.role)) throw forbidden();
  },
});

// 6. Session check: the token's server session must be live (a revoked one gets 401). Routes
// marked `session: 'optional'` (signing in, the session-limit page) also serve tokens that
// have not opened a session yet; a revoked token is refused everywhere.
// The check is a port (lambdas/shared/session-check.ts): this module knows nothing else of sessions.
const sessionCheck = (reads: RequestReads): PortalMiddleware => ({
  before: async (request) => {
    const { route, caller } = request.context.portal;
    if (route === undefined || route.roles === 'public' || caller === undefined) return;
    const store = reads.sessionCheck();
    // The token's session is the real user's, in their own organisation (a proxy changes only whom they act for).
    const ownCustomerId = caller.proxy?.actor.customerId ?? caller.customerId;
    const state = await store.tokenState(ownCustomerId, caller.tokenId);
    // Sessions ended because the organisation was disabled say so (issue 16).
    if (state?.revokedAt !== undefined) throw unauthorized(state.revokedReason === 'organisationDisabled' ? MESSAGES.organisationDisabled : undefined);
    if (state === undefined) {
      // Opening a session: refused while the organisation is disabled (a token from before it was).
      if (route.session === 'optional' && (caller.proxy?.actor.role ?? caller.role) !== 'superadmin' && await store.organisationStatus(ownCustomerId) === 'disabled') {
        throw unauthorized(MESSAGES.organisationDisabled);
      }
      if (route.session === 'optional') return;
      throw unauthorized();
    }
    await store.touch(ownCustomerId, caller.tokenId, state);
  },
});

// 6b. Module check: a route of an optional module (`route.module`: HACCP, audit, IVR, pager) is
// refused with 403 to an organisation that has not got it, whatever its menu shows. One small
// read, on those routes alone; the organisation is the one the request acts on.
const moduleCheck = (reads: RequestReads): PortalMiddleware => ({
  before: async (request) => {
    const { route, caller } = request.context.portal;
    if (route?.module === undefined || route.roles === 'public' || caller === undefined) return;
    // The organisation acted for: the caller's own, or the one a proxy session names (proxyContext).
    const modules = await reads.sessionCheck().organisationModules(caller.customerId);
    if (!hasModule(modules, route.module)) throw forbidden(MESSAGES.moduleNotEnabled);
  },
});

// 7. Validation with the domain's schema the route declares.
const bodyValidation = (): PortalMiddleware => ({
  before: (request) => {
    const { route, body } = request.context.portal;
    if (route?.body === undefined) return;
    const result = route.body.safeParse(body ?? {});
    if (!result.success) {
      const details: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const path = issue.path.join('.') || '_';
        details[path] ??= issue.message;
      }
      throw validationError(result.error.issues[0]?.message ?? MESSAGES.genericError, details);
    }
    request.context.portal.body = result.data;
  },
});

/**
 * What DynamoDB refuses because of the request rather than a fault of ours: a start key that
 * is not one of the queried index (a forged or stale cursor), a key or an item over its size
 * limits. The checks before it (schemas, parameter limits, cursor shapes) should leave none
 * of these; should one still come, the caller gets a 400 or 413 with a message, not a 500.
 */
function refusalOfStore(error: unknown): DomainError | undefined {
  if (!(error instanceof Error)) return undefined;
  const reasons = (error as { CancellationReasons?: { Code?: string; Message?: string }[] }).CancellationReasons ?? [];
  const messages = error.name === 'ValidationException'
    ? [error.message]
    : error.name === 'TransactionCanceledException'
      ? reasons.filter((reason) => reason.Code === 'ValidationError').map((reason) => reason.Message ?? '')
      : [];
  for (const message of messages) {
    if (/starting key|ExclusiveStartKey/i.test(message)) return validationError(MESSAGES.invalidCursor);
    if (/item size/i.test(message)) return tooLarge(MESSAGES.itemTooLarge);
    if (/key.*size limit|size limit.*key|key.*exceeded.*bytes/i.test(message)) return validationError(MESSAGES.fieldTooLong);
  }
  return undefined;
}

// 8. Error mapping: typed domain errors to their status; anything else is logged and is a 500.
const errorMapping = (): PortalMiddleware => ({
  onError: (request) => {
    const refusal = refusalOfStore(request.error);
    if (refusal !== undefined) {
      request.context.portal?.logger.warn('request refused by the table', describeError(request.error));
    }
    const error = refusal ?? request.error;
    if (error instanceof DomainError) {
      // The code and field go in headers beside the body, whose `{ message }` stays the spec's.
      request.response = json(STATUS_BY_KIND[error.kind], {
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      }, {
        [ERROR_CODE_HEADER]: error.code,
        ...(error.field === undefined ? {} : { [ERROR_FIELD_HEADER]: error.field }),
      });
    } else {
      request.context.portal?.logger.error('unexpected error', describeError(error));
      request.response = json(500, { message: MESSAGES.genericError }, { [ERROR_CODE_HEADER]: 'genericError' });
    }
  },
});

/**
 * The one way a resource handler is built: the same middleware, in the same order, for
 * every Lambda, serving the routes its resource defined (`<resource>/routes.ts`), reading the
 * table through `reads` (each handler takes the data layer's: lambdas/resource-handler.ts).
 */
export function resourceHandler({ handler: handlerName, routes }: ResourceRoutes, reads: RequestReads) {
  const routesByKey = new Map(routes.map((route) => [routeKeyOf(route), route]));
  const findRouteByKey: RouteLookup = (routeKey) => routesByKey.get(routeKey);
  const core = async (event: ApiEvent, context: PortalContext): Promise<ApiResult> => {
    const { portal } = context;
    const route = portal.route;
    if (route === undefined) throw notFound();
    const pathParameters = (event.pathParameters ?? {}) as Record<string, string>;
    const params: Record<string, string> = {};
    for (const name of pathParameterNamesOf(route.path)) {
      const value = pathParameters[name];
      if (value === undefined || value === '') throw notFound();
      params[name] = value;
    }
    const request: ActionRequest = {
      caller: portal.caller,
      route,
      body: portal.body,
      pathParameters,
      query: (event.queryStringParameters ?? {}) as Record<string, string>,
      requestId: context.awsRequestId,
      logger: portal.logger,
      headers: (event.headers ?? {}) as Record<string, string>,
      origin: {
        ip: event.requestContext.http.sourceIp,
        userAgent: event.headers?.['user-agent'] ?? event.requestContext.http.userAgent ?? '',
      },
    };
    // Only public routes run without a caller (the role check refused the rest).
    if (route.roles !== 'public') requireCaller(request);
    const result = await route.action({ caller: request.caller, body: request.body, params, query: request.query, request });
    return json(result.statusCode, result.body, result.headers);
  };
  const handler = middy<ApiEvent, ApiResult, Error, PortalContext>()
    .use(observed(handlerName))
    .use(requestOutcome(handlerName))
    .use(errorMapping())
    .use(requestLimits(findRouteByKey))
    .use(jsonBodyParsing())
    .use(callerContext(findRouteByKey))
    .use(proxyContext(reads))
    .use(tenantCheck())
    .use(roleCheck())
    .use(sessionCheck(reads))
    .use(moduleCheck(reads))
    .use(bodyValidation())
    .handler(core);
  // The route keys it serves, so a test can hold the route table and the handlers together.
  return Object.assign(handler, { routeKeys: [...routesByKey.keys()] });
}

/**
 * The organisation a request acts on: the caller's own, which during a proxy session is the
 * organisation acted for (proxyContext). A `customerid` header never chooses it: the tenant
 * check refuses one that names another organisation.
 */
export function targetCustomerId(request: ActionRequest): string {
  return requireCaller(request).customerId;
}
