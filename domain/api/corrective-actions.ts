import { correctiveActionInputSchema, correctiveActionSchema } from '../haccp/corrective-action';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/corrective-actions/routes.ts (docs/adding-a-route.md). */
export const CORRECTIVE_ACTION_ROUTES = {
  list: contract({
    method: 'GET', path: '/correctiveactions', roles: ORGANISATION_READERS, summary: "The organisation's standard corrective actions, by name", response: correctiveActionSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/correctiveactions', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add a standard corrective action', body: correctiveActionInputSchema, response: correctiveActionSchema,
  }),
  get: contract({
    method: 'GET', path: '/correctiveactions/{id}', roles: ORGANISATION_READERS, summary: 'A standard corrective action', response: correctiveActionSchema,
  }),
  update: contract({
    method: 'PUT', path: '/correctiveactions/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update a standard corrective action', body: correctiveActionInputSchema, response: correctiveActionSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/correctiveactions/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete a standard corrective action (409 naming the checklists whose questions offer it)',
  }),
} as const;
