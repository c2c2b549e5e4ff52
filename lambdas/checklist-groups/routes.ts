import { checklistGroupInputSchema, checklistGroupOrderSchema, checklistGroupPageSchema, checklistGroupSchema } from '@domain/haccp/checklist-group';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { defineRoutes, route } from '../shared/routing';
import { ChecklistGroupStore } from '../data/repositories/checklist-groups';

const groups = () => new ChecklistGroupStore(dynamoDocumentClient(), backendConfig().tableName);

/**
 * Checklist groups (SPEC sections 2, 8; issue 15 section 1): the organisation reads them in
 * its order (one page: an organisation keeps at most CHECKLIST_GROUPS_MAX), administrators
 * add, rename, reorder and delete them.
 */
export const checklistGroupRoutes = defineRoutes('checklistGroups', [
  route({
    method: 'GET', path: '/checklistgroups', roles: ORGANISATION_READERS, summary: "The organisation's checklist groups, in their order (one page)", response: checklistGroupSchema, paginated: true,
    action: async ({ request }) => ({ statusCode: 200, body: { items: await groups().ordered(targetCustomerId(request)) } }),
  }),
  route({
    method: 'POST', path: '/checklistgroups', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add a checklist group (last in the order)', body: checklistGroupInputSchema, response: checklistGroupSchema,
    action: async ({ caller, body, request }) => ({ statusCode: 201, body: await groups().add(caller, targetCustomerId(request), body) }),
  }),
  route({
    method: 'PUT', path: '/checklistgroups/order', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Reorder the checklist groups (every group\'s id once, in the new order; 409 when the list is stale)', body: checklistGroupOrderSchema, response: checklistGroupPageSchema,
    action: async ({ caller, body, request }) => ({ statusCode: 200, body: { items: await groups().reorder(caller, targetCustomerId(request), body.ids) } }),
  }),
  route({
    method: 'GET', path: '/checklistgroups/{id}', roles: ORGANISATION_READERS, summary: 'A checklist group', response: checklistGroupSchema,
    action: async ({ params, request }) => ({ statusCode: 200, body: await groups().get(targetCustomerId(request), params.id) }),
  }),
  route({
    method: 'PUT', path: '/checklistgroups/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Rename a checklist group (its place is kept)', body: checklistGroupInputSchema, response: checklistGroupSchema,
    action: async ({ caller, body, params, request }) => ({ statusCode: 200, body: await groups().rename(caller, targetCustomerId(request), params.id, body) }),
  }),
  route({
    method: 'DELETE', path: '/checklistgroups/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete a checklist group (409 naming the checklists in it)',
    action: async ({ caller, params, request }) => {
      await groups().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
], { module: 'haccp' });
