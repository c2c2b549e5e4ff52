import { correctiveActionInputSchema, correctiveActionSchema } from '@domain/haccp/corrective-action';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { CorrectiveActionStore } from '../data/repositories/corrective-actions';

const actions = () => new CorrectiveActionStore(dynamoDocumentClient(), backendConfig().tableName);

/** Standard corrective actions (SPEC sections 2, 3; issue 15 section 1): the organisation reads them, administrators write. */
export const correctiveActionRoutes = defineRoutes('correctiveActions', [
  route({
    method: 'GET', path: '/correctiveactions', roles: ORGANISATION_READERS, summary: "The organisation's standard corrective actions, by name", response: correctiveActionSchema, paginated: true,
    action: async ({ request }) => {
      const customerId = targetCustomerId(request);
      const store = actions();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      return { statusCode: 200, body: await store.list(customerId, page) };
    },
  }),
  route({
    method: 'POST', path: '/correctiveactions', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add a standard corrective action', body: correctiveActionInputSchema, response: correctiveActionSchema,
    action: async ({ caller, body, request }) => ({ statusCode: 201, body: await actions().create(caller, targetCustomerId(request), body) }),
  }),
  route({
    method: 'GET', path: '/correctiveactions/{id}', roles: ORGANISATION_READERS, summary: 'A standard corrective action', response: correctiveActionSchema,
    action: async ({ params, request }) => ({ statusCode: 200, body: await actions().get(targetCustomerId(request), params.id) }),
  }),
  route({
    method: 'PUT', path: '/correctiveactions/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update a standard corrective action', body: correctiveActionInputSchema, response: correctiveActionSchema,
    action: async ({ caller, body, params, request }) => ({ statusCode: 200, body: await actions().update(caller, targetCustomerId(request), params.id, body) }),
  }),
  route({
    method: 'DELETE', path: '/correctiveactions/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete a standard corrective action (409 naming the checklists whose questions offer it)',
    action: async ({ caller, params, request }) => {
      await actions().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
], { module: 'haccp' });
