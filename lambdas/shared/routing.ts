import type { z, ZodType } from 'zod';
import type { PathParameterNames, RouteContract } from '@domain/api/contract';
import type { Role } from '@domain/identity/roles';
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

export type { HttpMethod, PathParameterNames, RouteContract } from '@domain/api/contract';

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

/** A row of the route table: a route's contract (`domain/api/`), the Lambda that serves it and its action. */
export interface RouteDefinition extends RouteContract {
  handler: HandlerName;
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
>(spec: RouteSpec<Path, Body, Roles>): ResourceRoute;
/**
 * A route's contract (`domain/api/<resource>.ts`) bound to its action: the action's body is
 * typed by the contract's body schema, its caller defined unless the contract is public, its
 * `params` the contract path's `{parameters}`.
 */
export function route<const Contract extends RouteContract>(contract: Contract, binding: RouteBinding<Contract>): ResourceRoute;
export function route(specOrContract: RouteContract, binding?: { action: unknown }): ResourceRoute {
  // The middleware guarantees what the typed action assumes: the body parsed by this very
  // schema, a caller on every route that is not public, every path parameter present. The
  // table holds the action with those types erased.
  return (binding === undefined ? specOrContract : { ...specOrContract, action: binding.action }) as ResourceRoute;
}

/** What a resource adds to a route's contract: the action, typed by the contract. */
export interface RouteBinding<Contract extends RouteContract> {
  action: (input: ActionInput<
    Contract extends { body: infer Body extends ZodType } ? z.output<Body> : undefined,
    Contract['roles'] extends 'public' ? undefined : Caller,
    PathParameterNames<Contract['path']>
  >) => Promise<ActionResult>;
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

export { PDF_UPLOAD_BODY_BYTES, SIGNED_IN, USER_ADMINISTRATORS } from '@domain/api/contract';
