import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { notificationGroupInputSchema, notificationGroupSchema } from '../notifications/notification-group';
import { contract } from './contract';

/** The contracts of lambdas/notification-groups/routes.ts (docs/adding-a-route.md). */
export const NOTIFICATION_GROUP_ROUTES = {
  list: contract({
    method: 'GET', path: '/notificationgroups', roles: ORGANISATION_READERS, summary: "The organisation's notification groups, by name", response: notificationGroupSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/notificationgroups', roles: ORGANISATION_WRITERS, summary: 'Add a notification group (overwrite: a default group replaces the groups of its sites\' existing sensors and gateways)', body: notificationGroupInputSchema, response: notificationGroupSchema,
  }),
  get: contract({
    method: 'GET', path: '/notificationgroups/{id}', roles: ORGANISATION_READERS, summary: 'A notification group', response: notificationGroupSchema,
  }),
  update: contract({
    method: 'PUT', path: '/notificationgroups/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a notification group (overwrite as on add)', body: notificationGroupInputSchema, response: notificationGroupSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/notificationgroups/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a notification group (409 naming how many sensors and gateways use it)',
  }),
} as const;
