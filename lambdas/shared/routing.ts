import type { z, ZodType } from 'zod';
import { ROLES, type Role } from '@domain/identity/roles';
import type { PortalModuleName } from '@domain/organisation/modules';
import type { HandlerName } from '../handlers';
import type { Caller } from './caller';
import type { Logger } from './observability';
import type { RequestOrigin } from './session-check';

/** What an action receives once every middleware has run. */
export interface ActionRequest {
  /** Undefined only on public routes. */
  caller: Caller | undefined;
  route: RouteDefinition;
  /** Parsed and validated by the route's schema when it has one. */
  body: unknown;
  pathParameters: Record<string, string>;
  query: Record<string, string>;
  requestId: string;
  logger: Logger;
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
  /** Where the request came from (API Gateway's view, not the client's word). */
  origin: RequestOrigin;
}

export interface ActionResult {
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * How a resource writes its routes: once, in its own `routes.ts`, each route beside the action
 * that serves it (docs/adding-a-route.md). `lambdas/routes.ts` concatenates them into the one
 * route table. This module imports no handler code, so the route modules, the handlers and
 * `shared/http.ts` can all depend on it without a cycle.
 */

/** Every API path is served under this prefix (`/api/departments/{id}`). */
export const API_PREFIX = '/api';

/**
 * The largest request body a route takes unless it says otherwise (`maxBodyBytes`): JSON of a
 * form or a list is far smaller; files go to S3 through presigned URLs. Larger bodies are
 * refused with 413 by the local gateway and by the handler middleware alike (API Gateway's
 * own limit is 10 MB, Lambda's request payload 6 MB).
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/** The largest body `route` takes, in bytes. */
export function maxBodyBytesOf(route: { maxBodyBytes?: number | undefined }): number {
  return route.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The names of the `{parameters}` of a path template: `'id' | 'noteId'`. */
export type PathParameterNames<Path extends string> = string extends Path
  ? string // a path built at run time: its names are not known to the types
  : Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParameterNames<Rest> : never;

/** What an action receives: the checked caller, the body its schema parsed, the path parameters. */
export interface ActionInput<Body = unknown, TheCaller extends Caller | undefined = Caller | undefined, Parameter extends string = string> {
  /** Undefined only on public routes. */
  caller: TheCaller;
  /** The body as the route's schema parsed it (undefined on routes without a body schema). */
  body: Body;
  /** The path's parameters, each present and non-empty. */
  params: Record<Parameter, string>;
  query: Record<string, string>;
  /** The whole request, for the helpers that take it (`targetCustomerId`, `pageRequestFrom`). */
  request: ActionRequest;
}

/** An action as the route table holds it, its input types erased. */
export type RouteAction = (input: ActionInput) => Promise<ActionResult>;

export interface RouteDefinition {
  method: HttpMethod;
  /** Path below the prefix, in API Gateway syntax (`/departments/{id}`). */
  path: string;
  handler: HandlerName;
  /** Roles allowed to call it; `public` routes need no token. */
  roles: readonly Role[] | 'public';
  summary: string;
  /** Request body schema, for validation and the OpenAPI document. */
  body?: ZodType;
  /** The largest body this route takes, in bytes; `MAX_REQUEST_BODY_BYTES` when not given. */
  maxBodyBytes?: number;
  /** Response body schema, for the OpenAPI document. */
  response?: ZodType;
  /** The response is a page `{ items, nextCursor }` of `response`. */
  paginated?: boolean;
  /**
   * `optional`: also serves a signed-in identity whose tokens have not opened a server
   * session yet (signing in, the session-limit page). Otherwise a live session is required.
   */
  session?: 'optional';
  /**
   * The optional module the route belongs to: refused (403) to an organisation that has not
   * got it (the organisation's flags, `domain/organisation/modules.ts`), whatever the menu shows.
   */
  module?: PortalModuleName;
  /**
   * The route signs or certifies something (an audit, a checklist): refused during any proxy
   * session (issue 16 section 3), whatever its mode.
   */
  signsOrCertifies?: true;
  /**
   * The route writes the caller's own personal setting (preferences, grid settings, the last
   * selected location). During a proxy session, even a read-only one, it is answered but
   * nothing is stored: the actor's settings belong to neither organisation (issue 16 section 3).
   */
  personalSetting?: true;
  /**
   * The route changes something organisation-wide (no location of its own, or in use at
   * several): refused under a corporate view, which acts for one location only
   * (lambdas/shared/access.ts `refuseOrganisationWideChange`, docs/security.md "Corporate views").
   */
  organisationWide?: true;
  /** The work the route does, once every middleware has checked the request. */
  action: RouteAction;
}

/** A route as a resource writes it: the table's fields but the handler, and a typed action. */
export interface RouteSpec<
  Path extends string,
  Body extends ZodType | undefined,
  Roles extends readonly Role[] | 'public',
> extends Omit<RouteDefinition, 'handler' | 'path' | 'roles' | 'body' | 'action'> {
  path: Path;
  roles: Roles;
  body?: Body;
  action: (input: ActionInput<
    Body extends ZodType ? z.output<Body> : undefined,
    Roles extends 'public' ? undefined : Caller,
    PathParameterNames<Path>
  >) => Promise<ActionResult>;
}

/** The API Gateway route key of a route: `GET /api/departments/{id}`. */
export function routeKeyOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${API_PREFIX}${route.path}`;
}

export type ResourceRoute = Omit<RouteDefinition, 'handler'>;

/**
 * One route and its action. The action's body is typed by the route's body schema, its caller
 * is defined unless the route is public, and its `params` are the path's `{parameters}`.
 */
export function route<
  const Path extends string,
  Body extends ZodType | undefined = undefined,
  Roles extends readonly Role[] | 'public' = readonly Role[],
>(spec: RouteSpec<Path, Body, Roles>): ResourceRoute {
  // The middleware guarantees what the typed action assumes: the body parsed by this very
  // schema, a caller on every route that is not public, every path parameter present. The
  // table holds the action with those types erased.
  return spec as unknown as ResourceRoute;
}

/** The routes of one resource, served by one Lambda (`HANDLERS[handler]`). */
export interface ResourceRoutes {
  handler: HandlerName;
  routes: readonly RouteDefinition[];
}

/** A resource's routes; `options.module`, the module every one of them belongs to (a route's own `module` wins). */
export function defineRoutes(handler: HandlerName, routes: readonly ResourceRoute[], options: { module?: PortalModuleName } = {}): ResourceRoutes {
  const { module } = options;
  return { handler, routes: routes.map((resourceRoute) => ({ ...(module === undefined ? {} : { module }), ...resourceRoute, handler })) };
}

/** The names of a path template's parameters, in order: `/sensors/{id}/notes/{noteId}` → id, noteId. */
export function pathParameterNamesOf(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\+?\}/g)].map((match) => match[1] ?? '');
}

/** Every signed-in role; what each may see is then decided by the action (own, organisation, any). */
export const SIGNED_IN: readonly Role[] = ROLES;
/** Who may act on other users' sessions and identity records. */
export const USER_ADMINISTRATORS: readonly Role[] = ['admin', 'helpdesk', 'superadmin'];
/** The routes that take a PDF of at most 2 MB as base64 in JSON (2.67 MB once encoded). */
export const PDF_UPLOAD_BODY_BYTES = 3 * 1024 * 1024;
