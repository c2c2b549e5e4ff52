import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { namedItemInputSchema, namedItemPatchSchema, namedItemSchema } from '../organisation/named-catalog';
import { contract } from './contract';

/** The contracts of a department-like resource (departments, divisions): the same routes under its own path. */
function namedCatalogContracts<const Base extends '/departments' | '/divisions'>(base: Base, noun: string) {
  return {
    list: contract({
      method: 'GET', path: base, roles: ORGANISATION_READERS, summary: `List ${noun}s`, response: namedItemSchema, paginated: true,
    }),
    create: contract({
      method: 'POST', path: base, roles: ORGANISATION_WRITERS, organisationWide: true, summary: `Add a ${noun}`, body: namedItemInputSchema, response: namedItemSchema,
    }),
    get: contract({
      method: 'GET', path: `${base}/{id}` as const, roles: ORGANISATION_READERS, summary: `Get a ${noun}`, response: namedItemSchema,
    }),
    update: contract({
      method: 'PUT', path: `${base}/{id}` as const, roles: ORGANISATION_WRITERS, organisationWide: true, summary: `Update a ${noun}`, body: namedItemInputSchema, response: namedItemSchema,
    }),
    patch: contract({
      method: 'PATCH', path: `${base}/{id}` as const, roles: ORGANISATION_WRITERS, organisationWide: true, summary: `Update some fields of a ${noun}`, body: namedItemPatchSchema, response: namedItemSchema,
    }),
    remove: contract({
      method: 'DELETE', path: `${base}/{id}` as const, roles: ORGANISATION_WRITERS, organisationWide: true, summary: `Delete a ${noun}`,
    }),
  };
}

/** The contracts of lambdas/departments/routes.ts (docs/adding-a-route.md). */
export const DEPARTMENT_ROUTES = namedCatalogContracts('/departments', 'department');
/** The contracts of lambdas/divisions/routes.ts (docs/adding-a-route.md). */
export const DIVISION_ROUTES = namedCatalogContracts('/divisions', 'division');

/** A department-like resource's contracts. */
export type NamedCatalogRoutes = typeof DEPARTMENT_ROUTES | typeof DIVISION_ROUTES;
