import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { CorrectiveActionStore } from '../data/repositories/corrective-actions';
import { CORRECTIVE_ACTION_ROUTES } from '@domain/api/corrective-actions';

const actions = () => new CorrectiveActionStore(dynamoDocumentClient(), backendConfig().tableName);

/** Standard corrective actions (SPEC sections 2, 3; issue 15 section 1): the organisation reads them, administrators write. */
export const correctiveActionRoutes = defineRoutes('correctiveActions', [
  route(CORRECTIVE_ACTION_ROUTES.list, {
    action: async ({ request }) => {
      const customerId = targetCustomerId(request);
      const store = actions();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      return { statusCode: 200, body: await store.list(customerId, page) };
    },
  }),
  route(CORRECTIVE_ACTION_ROUTES.create, {
    action: async ({ caller, body, request }) => ({ statusCode: 201, body: await actions().create(caller, targetCustomerId(request), body) }),
  }),
  route(CORRECTIVE_ACTION_ROUTES.get, {
    action: async ({ params, request }) => ({ statusCode: 200, body: await actions().get(targetCustomerId(request), params.id) }),
  }),
  route(CORRECTIVE_ACTION_ROUTES.update, {
    action: async ({ caller, body, params, request }) => ({ statusCode: 200, body: await actions().update(caller, targetCustomerId(request), params.id, body) }),
  }),
  route(CORRECTIVE_ACTION_ROUTES.remove, {
    action: async ({ caller, params, request }) => {
      await actions().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
], { module: 'haccp' });
