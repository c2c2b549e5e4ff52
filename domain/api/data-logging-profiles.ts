import { dataLoggingProfileInputSchema, dataLoggingProfileSchema } from '../devices/data-logging-profile';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/data-logging-profiles/routes.ts (docs/adding-a-route.md). */
export const DATA_LOGGING_PROFILE_ROUTES = {
  list: contract({
    method: 'GET', path: '/dataloggingprofiles', roles: ORGANISATION_READERS, summary: "The organisation's data logging profiles, by name", response: dataLoggingProfileSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/dataloggingprofiles', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add a data logging profile', body: dataLoggingProfileInputSchema, response: dataLoggingProfileSchema,
  }),
  get: contract({
    method: 'GET', path: '/dataloggingprofiles/{id}', roles: ORGANISATION_READERS, summary: 'A data logging profile', response: dataLoggingProfileSchema,
  }),
  update: contract({
    method: 'PUT', path: '/dataloggingprofiles/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update a data logging profile', body: dataLoggingProfileInputSchema, response: dataLoggingProfileSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/dataloggingprofiles/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete a data logging profile (refused while sensors use it)',
  }),
} as const;
