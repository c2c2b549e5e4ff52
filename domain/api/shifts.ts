import { shiftInputSchema, shiftSchema } from '../haccp/shift';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/shifts/routes.ts (docs/adding-a-route.md). */
export const SHIFT_ROUTES = {
  list: contract({
    method: 'GET', path: '/shifts', roles: ORGANISATION_READERS, summary: "The organisation's HACCP shifts on the caller's sites, by name", response: shiftSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/shifts', roles: ORGANISATION_WRITERS, summary: 'Add a HACCP shift with its schedules', body: shiftInputSchema, response: shiftSchema,
  }),
  get: contract({
    method: 'GET', path: '/shifts/{id}', roles: ORGANISATION_READERS, summary: 'A HACCP shift', response: shiftSchema,
  }),
  update: contract({
    method: 'PUT', path: '/shifts/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a HACCP shift (schedules sent without an id are new)', body: shiftInputSchema, response: shiftSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/shifts/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a HACCP shift (409 while checklists are linked to it)',
  }),
} as const;
