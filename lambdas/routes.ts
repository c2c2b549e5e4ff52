import type { ZodType } from 'zod';
import { namedItemInputSchema, namedItemPatchSchema, namedItemSchema } from '../domain/named-catalog';
import { ORGANISATION_READERS, ORGANISATION_WRITERS, type Role } from '../domain/roles';

/**
 * The one route table (ARCHITECTURE.md "Rules that keep the two runtimes one"). It drives
 * the CDK routes, the local gateway, the OpenAPI document and the permission tests.
 * Paths are API Gateway route paths; every one is served under `API_PREFIX`.
 */
export const API_PREFIX = '/api';

/** One Lambda per resource: the handler module each resource's routes go to. */
export const HANDLERS = {
  departments: 'lambdas/departments/handler.ts',
  divisions: 'lambdas/divisions/handler.ts',
  openapi: 'lambdas/openapi/handler.ts',
} as const;
export type HandlerName = keyof typeof HANDLERS;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
  /** Response body schema, for the OpenAPI document. */
  response?: ZodType;
  /** The response is a page `{ items, nextCursor }` of `response`. */
  paginated?: boolean;
}

function namedCatalogRoutes(handler: 'departments' | 'divisions', noun: string): RouteDefinition[] {
  const base = `/${handler}`;
  return [
    { method: 'GET', path: base, handler, roles: ORGANISATION_READERS, summary: `List ${noun}s`, response: namedItemSchema, paginated: true },
    { method: 'POST', path: base, handler, roles: ORGANISATION_WRITERS, summary: `Add a ${noun}`, body: namedItemInputSchema, response: namedItemSchema },
    { method: 'GET', path: `${base}/{id}`, handler, roles: ORGANISATION_READERS, summary: `Get a ${noun}`, response: namedItemSchema },
    { method: 'PUT', path: `${base}/{id}`, handler, roles: ORGANISATION_WRITERS, summary: `Update a ${noun}`, body: namedItemInputSchema, response: namedItemSchema },
    { method: 'PATCH', path: `${base}/{id}`, handler, roles: ORGANISATION_WRITERS, summary: `Update some fields of a ${noun}`, body: namedItemPatchSchema, response: namedItemSchema },
    { method: 'DELETE', path: `${base}/{id}`, handler, roles: ORGANISATION_WRITERS, summary: `Delete a ${noun}` },
  ];
}

export const ROUTES: readonly RouteDefinition[] = [
  { method: 'GET', path: '/openapi.json', handler: 'openapi', roles: 'public', summary: 'This API, as an OpenAPI 3.1 document' },
  ...namedCatalogRoutes('departments', 'department'),
  ...namedCatalogRoutes('divisions', 'division'),
];

/** The API Gateway route key of a route: `GET /api/departments/{id}`. */
export function routeKeyOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${API_PREFIX}${route.path}`;
}

const routesByKey = new Map(ROUTES.map((route) => [routeKeyOf(route), route]));

export function findRouteByKey(routeKey: string): RouteDefinition | undefined {
  return routesByKey.get(routeKey);
}
