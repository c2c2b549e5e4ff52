import type { ZodType } from 'zod';
import { ROLES, type Role } from '../identity/roles';
import type { PortalModuleName } from '../organisation/modules';

/**
 * A route's contract: what the API and the web app both rely on (method, path, roles, the
 * request and response schemas). The Lambdas bind each contract to the action that serves it
 * (`lambdas/shared/routing.ts` `route`), the web app calls it through one typed client
 * (`frontend/src/api/client.ts`), and the route table, the OpenAPI document and the permission
 * tests read the same fields (docs/adding-a-route.md).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The names of the `{parameters}` of a path template: `'id' | 'noteId'`. */
export type PathParameterNames<Path extends string> = string extends Path
  ? string // a path built at run time: its names are not known to the types
  : Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParameterNames<Rest> : never;

export interface RouteContract {
  method: HttpMethod;
  /** Path below the prefix, in API Gateway syntax (`/departments/{id}`). */
  path: string;
  /** Roles allowed to call it; `public` routes need no token. */
  roles: readonly Role[] | 'public';
  summary: string;
  /** Request body schema, for validation and the OpenAPI document. */
  body?: ZodType;
  /** The largest body this route takes, in bytes; `MAX_REQUEST_BODY_BYTES` when not given. */
  maxBodyBytes?: number;
  /** Response body schema, for the OpenAPI document and the web app's parse of the answer. */
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
   * The route changes nothing though it is not a GET (a POST for its body's sake: a report on
   * screen): a read-only proxy session may call it.
   */
  readsOnly?: true;
  /**
   * The route changes something organisation-wide (no location of its own, or in use at
   * several): refused under a corporate view, which acts for one location only
   * (lambdas/shared/access.ts `refuseOrganisationWideChange`, docs/security.md "Corporate views").
   */
  organisationWide?: true;
}

/** One route's contract, its method, path and flags kept as literal types (the client and the actions read them). */
export function contract<const Contract extends RouteContract>(routeContract: Contract): Contract {
  return routeContract;
}

/** A resource's contracts, by name: `SITE_ROUTES.list`. */
export type RouteContracts = Readonly<Record<string, RouteContract>>;

/** Every signed-in role; what each may see is then decided by the action (own, organisation, any). */
export const SIGNED_IN: readonly Role[] = ROLES;
/** Who may act on other users' sessions and identity records. */
export const USER_ADMINISTRATORS: readonly Role[] = ['admin', 'helpdesk', 'superadmin'];
/** The routes that take a PDF of at most 2 MB as base64 in JSON (2.67 MB once encoded). */
export const PDF_UPLOAD_BODY_BYTES = 3 * 1024 * 1024;
