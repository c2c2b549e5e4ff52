import { checklistGroupInputSchema, checklistGroupOrderSchema, checklistGroupPageSchema, checklistGroupSchema } from '../haccp/checklist-group';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/checklist-groups/routes.ts (docs/adding-a-route.md). */
export const CHECKLIST_GROUP_ROUTES = {
  list: contract({
    method: 'GET', path: '/checklistgroups', roles: ORGANISATION_READERS, summary: "The organisation's checklist groups, in their order (one page)", response: checklistGroupSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/checklistgroups', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add a checklist group (last in the order)', body: checklistGroupInputSchema, response: checklistGroupSchema,
  }),
  putOrder: contract({
    method: 'PUT', path: '/checklistgroups/order', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Reorder the checklist groups (every group\'s id once, in the new order; 409 when the list is stale)', body: checklistGroupOrderSchema, response: checklistGroupPageSchema,
  }),
  get: contract({
    method: 'GET', path: '/checklistgroups/{id}', roles: ORGANISATION_READERS, summary: 'A checklist group', response: checklistGroupSchema,
  }),
  update: contract({
    method: 'PUT', path: '/checklistgroups/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Rename a checklist group (its place is kept)', body: checklistGroupInputSchema, response: checklistGroupSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/checklistgroups/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete a checklist group (409 naming the checklists in it)',
  }),
} as const;
