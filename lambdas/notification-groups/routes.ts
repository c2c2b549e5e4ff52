import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { groupFieldsOf, notificationGroupInputSchema, notificationGroupSchema } from '@domain/notifications/notification-group';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { NotificationGroupStore } from './store';

const groups = () => new NotificationGroupStore(dynamoDocumentClient(), backendConfig().tableName);

/**
 * Notification groups (SPEC sections 3 and 5; issue 14 section 1): the organisation's. A
 * save with `overwrite` gives a default group to the existing sensors and gateways of its
 * sites too, after the group is written (the answer is the group as saved).
 */
export const notificationGroupRoutes = defineRoutes('notificationGroups', [
  route({
    method: 'GET', path: '/notificationgroups', roles: ORGANISATION_READERS, summary: "The organisation's notification groups, by name", response: notificationGroupSchema, paginated: true,
    action: async ({ request }) => {
      const customerId = targetCustomerId(request);
      const store = groups();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      return { statusCode: 200, body: await store.list(customerId, page) };
    },
  }),
  route({
    method: 'POST', path: '/notificationgroups', roles: ORGANISATION_WRITERS, summary: 'Add a notification group (overwrite: a default group replaces the groups of its sites\' existing sensors and gateways)', body: notificationGroupInputSchema, response: notificationGroupSchema,
    action: async ({ caller, body, request }) => {
      const customerId = targetCustomerId(request);
      const store = groups();
      const record = await store.create(caller, customerId, groupFieldsOf(body));
      if (body.overwrite) await store.assignToExistingDevices(caller, customerId, record);
      return { statusCode: 201, body: body.overwrite ? await store.get(customerId, record.id) : record };
    },
  }),
  route({
    method: 'GET', path: '/notificationgroups/{id}', roles: ORGANISATION_READERS, summary: 'A notification group', response: notificationGroupSchema,
    action: async ({ params, request }) => ({
      statusCode: 200,
      body: await groups().get(targetCustomerId(request), params.id),
    }),
  }),
  route({
    method: 'PUT', path: '/notificationgroups/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a notification group (overwrite as on add)', body: notificationGroupInputSchema, response: notificationGroupSchema,
    action: async ({ caller, body, params, request }) => {
      const customerId = targetCustomerId(request);
      const store = groups();
      const record = await store.update(caller, customerId, params.id, groupFieldsOf(body));
      if (body.overwrite) await store.assignToExistingDevices(caller, customerId, record);
      return { statusCode: 200, body: body.overwrite ? await store.get(customerId, record.id) : record };
    },
  }),
  route({
    method: 'DELETE', path: '/notificationgroups/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a notification group (409 naming how many sensors and gateways use it)',
    action: async ({ caller, params, request }) => {
      await groups().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
]);
