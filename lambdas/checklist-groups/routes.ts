import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { defineRoutes, route } from '../shared/routing';
import { ChecklistGroupStore } from '../data/repositories/checklist-groups';
import { CHECKLIST_GROUP_ROUTES } from '@domain/api/checklist-groups';

const groups = () => new ChecklistGroupStore(dynamoDocumentClient(), backendConfig().tableName);

/**
 * Checklist groups (SPEC sections 2, 8; issue 15 section 1): the organisation reads them in
 * its order (one page: an organisation keeps at most CHECKLIST_GROUPS_MAX), administrators
 * add, rename, reorder and delete them.
 */
export const checklistGroupRoutes = defineRoutes('checklistGroups', [
  route(CHECKLIST_GROUP_ROUTES.list, {
    action: async ({ request }) => ({ statusCode: 200, body: { items: await groups().ordered(targetCustomerId(request)) } }),
  }),
  route(CHECKLIST_GROUP_ROUTES.create, {
    action: async ({ caller, body, request }) => ({ statusCode: 201, body: await groups().add(caller, targetCustomerId(request), body) }),
  }),
  route(CHECKLIST_GROUP_ROUTES.putOrder, {
    action: async ({ caller, body, request }) => ({ statusCode: 200, body: { items: await groups().reorder(caller, targetCustomerId(request), body.ids) } }),
  }),
  route(CHECKLIST_GROUP_ROUTES.get, {
    action: async ({ params, request }) => ({ statusCode: 200, body: await groups().get(targetCustomerId(request), params.id) }),
  }),
  route(CHECKLIST_GROUP_ROUTES.update, {
    action: async ({ caller, body, params, request }) => ({ statusCode: 200, body: await groups().rename(caller, targetCustomerId(request), params.id, body) }),
  }),
  route(CHECKLIST_GROUP_ROUTES.remove, {
    action: async ({ caller, params, request }) => {
      await groups().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
], { module: 'haccp' });
