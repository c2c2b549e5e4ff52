import { checklistCopyInputSchema, checklistInputSchema, checklistSchema } from '../haccp/checklist';
import { checklistPerformanceAnswerSchema } from '../haccp/performance';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/checklists/routes.ts (docs/adding-a-route.md). */
export const CHECKLIST_ROUTES = {
  list: contract({
    method: 'GET', path: '/checklists', roles: ORGANISATION_READERS, summary: "The organisation's checklists on the caller's sites, by name", response: checklistSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/checklists', roles: ORGANISATION_WRITERS, summary: 'Add a checklist with its questions', body: checklistInputSchema, response: checklistSchema,
  }),
  get: contract({
    method: 'GET', path: '/checklists/{id}', roles: ORGANISATION_READERS, summary: 'A checklist with its questions', response: checklistSchema,
  }),
  update: contract({
    method: 'PUT', path: '/checklists/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a checklist and its questions', body: checklistInputSchema, response: checklistSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/checklists/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a checklist',
  }),
  postCopy: contract({
    method: 'POST', path: '/checklists/{id}/copy', roles: ORGANISATION_WRITERS, summary: 'Copy Checklist: the checklist and its questions (new ids) under a new name, to another site or other locations', body: checklistCopyInputSchema, response: checklistSchema,
  }),
  getPerformance: contract({
    method: 'GET', path: '/checklists/{id}/performance', roles: ORGANISATION_READERS, summary: "A checklist's performance today and this week (Monday to Sunday) on its site's clock: complete/incomplete, on time, late, overdue, outstanding, in progress, missed", response: checklistPerformanceAnswerSchema,
  }),
} as const;
