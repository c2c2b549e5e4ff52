import { questionTemplateInputSchema, questionTemplateSchema } from '../haccp/question';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/questions/routes.ts (docs/adding-a-route.md). */
export const QUESTION_TEMPLATE_ROUTES = {
  list: contract({
    method: 'GET', path: '/questions', roles: ORGANISATION_READERS, summary: "The organisation's Question List, by name", response: questionTemplateSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/questions', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add a question to the Question List', body: questionTemplateInputSchema, response: questionTemplateSchema,
  }),
  get: contract({
    method: 'GET', path: '/questions/{id}', roles: ORGANISATION_READERS, summary: 'A question of the Question List', response: questionTemplateSchema,
  }),
  update: contract({
    method: 'PUT', path: '/questions/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update a question of the Question List', body: questionTemplateInputSchema, response: questionTemplateSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/questions/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete a question of the Question List',
  }),
} as const;
