import { shiftInputSchema, shiftSchema } from '@domain/haccp/shift';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { assertSitesNamable } from '../shared/access';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { shiftFieldsOf, ShiftStore } from './store';

const shifts = () => new ShiftStore(dynamoDocumentClient(), backendConfig().tableName);

/**
 * HACCP shifts (SPEC sections 3, 5, 8; issue 15 section 1): the organisation's, built by its
 * administrators and read by its users. A site the caller may not reach is as unknown as a
 * missing one.
 */
export const shiftRoutes = defineRoutes('shifts', [
  route({
    method: 'GET', path: '/shifts', roles: ORGANISATION_READERS, summary: "The organisation's HACCP shifts, by name", response: shiftSchema, paginated: true,
    action: async ({ request }) => {
      const customerId = targetCustomerId(request);
      const store = shifts();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      return { statusCode: 200, body: await store.list(customerId, page) };
    },
  }),
  route({
    method: 'POST', path: '/shifts', roles: ORGANISATION_WRITERS, summary: 'Add a HACCP shift with its schedules', body: shiftInputSchema, response: shiftSchema,
    action: async ({ caller, body, request }) => {
      const customerId = targetCustomerId(request);
      await assertSitesNamable(caller, customerId, [body.siteId]);
      return { statusCode: 201, body: await shifts().create(caller, customerId, shiftFieldsOf(body)) };
    },
  }),
  route({
    method: 'GET', path: '/shifts/{id}', roles: ORGANISATION_READERS, summary: 'A HACCP shift', response: shiftSchema,
    action: async ({ params, request }) => ({ statusCode: 200, body: await shifts().get(targetCustomerId(request), params.id) }),
  }),
  route({
    method: 'PUT', path: '/shifts/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a HACCP shift (schedules sent without an id are new)', body: shiftInputSchema, response: shiftSchema,
    action: async ({ caller, body, params, request }) => {
      const customerId = targetCustomerId(request);
      const store = shifts();
      const before = await store.get(customerId, params.id);
      await assertSitesNamable(caller, customerId, [body.siteId], [before.siteId]);
      return { statusCode: 200, body: await store.update(caller, customerId, params.id, shiftFieldsOf(body)) };
    },
  }),
  route({
    method: 'DELETE', path: '/shifts/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a HACCP shift (409 while checklists are linked to it)',
    action: async ({ caller, params, request }) => {
      await shifts().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
]);
