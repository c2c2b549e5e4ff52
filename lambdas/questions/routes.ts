import { randomUUID } from 'node:crypto';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { questionTemplateInputSchema, questionTemplateSchema, withQuestionIds, type QuestionTemplateRequest } from '@domain/haccp/question';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { QuestionTemplateStore, type QuestionTemplateFields } from '../data/repositories/questions';

const questions = () => new QuestionTemplateStore(dynamoDocumentClient(), backendConfig().tableName);

/** A request's question with the ids of its options and fields given (the entry's own id is the record's). */
function fieldsOf(request: QuestionTemplateRequest): QuestionTemplateFields {
  const { name, ...question } = request;
  const { id: _id, ...fields } = withQuestionIds(question, randomUUID);
  return { ...fields, name };
}

/** The Question List (SPEC section 2; issue 15 section 1): the organisation's reusable questions. */
export const questionTemplateRoutes = defineRoutes('questions', [
  route({
    method: 'GET', path: '/questions', roles: ORGANISATION_READERS, summary: "The organisation's Question List, by name", response: questionTemplateSchema, paginated: true,
    action: async ({ request }) => {
      const customerId = targetCustomerId(request);
      const store = questions();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      return { statusCode: 200, body: await store.list(customerId, page) };
    },
  }),
  route({
    method: 'POST', path: '/questions', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add a question to the Question List', body: questionTemplateInputSchema, response: questionTemplateSchema,
    action: async ({ caller, body, request }) => ({ statusCode: 201, body: await questions().create(caller, targetCustomerId(request), fieldsOf(body)) }),
  }),
  route({
    method: 'GET', path: '/questions/{id}', roles: ORGANISATION_READERS, summary: 'A question of the Question List', response: questionTemplateSchema,
    action: async ({ params, request }) => ({ statusCode: 200, body: await questions().get(targetCustomerId(request), params.id) }),
  }),
  route({
    method: 'PUT', path: '/questions/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update a question of the Question List', body: questionTemplateInputSchema, response: questionTemplateSchema,
    action: async ({ caller, body, params, request }) => ({ statusCode: 200, body: await questions().update(caller, targetCustomerId(request), params.id, fieldsOf(body)) }),
  }),
  route({
    method: 'DELETE', path: '/questions/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete a question of the Question List',
    action: async ({ caller, params, request }) => {
      await questions().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
], { module: 'haccp' });
