import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { userViewInputSchema, userViewSchema } from '../identity/user-views';
import { contract } from './contract';

/** The contracts of lambdas/user-views/routes.ts (docs/adding-a-route.md). */
export const USER_VIEW_ROUTES = {
  list: contract({
    method: 'GET', path: '/userviews', roles: ORGANISATION_READERS, summary: "The organisation's user views, by name (only the sites the caller's security groups reach)", response: userViewSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/userviews', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add a user view', body: userViewInputSchema, response: userViewSchema,
  }),
  get: contract({
    method: 'GET', path: '/userviews/{id}', roles: ORGANISATION_READERS, summary: 'Get a user view', response: userViewSchema,
  }),
  update: contract({
    method: 'PUT', path: '/userviews/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update a user view', body: userViewInputSchema, response: userViewSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/userviews/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete a user view',
  }),
} as const;
