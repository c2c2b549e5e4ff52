import { randomUUID } from 'node:crypto';
import { dynamoDocumentClient } from '../data/client';
import { withQuestionIds, type QuestionTemplateRequest } from '@domain/haccp/question';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { QuestionTemplateStore, type QuestionTemplateFields } from '../data/repositories/questions';
import { QUESTION_TEMPLATE_ROUTES } from '@domain/api/questions';

const questions = () => new QuestionTemplateStore(dynamoDocumentClient(), backendConfig().tableName);

/** A request's question with the ids of its options and fields given (the entry's own id is the record's). */
function fieldsOf(request: QuestionTemplateRequest): QuestionTemplateFields {
  const { name, ...question } = request;
  const { id: _id, ...fields } = withQuestionIds(question, randomUUID);
  return { ...fields, name };
}

/** The Question List (SPEC section 2; issue 15 section 1): the organisation's reusable questions. */
export const questionTemplateRoutes = defineRoutes('questions', [
  route(QUESTION_TEMPLATE_ROUTES.list, {
    action: async ({ request }) => {
      const customerId = targetCustomerId(request);
      const store = questions();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      return { statusCode: 200, body: await store.list(customerId, page) };
    },
  }),
  route(QUESTION_TEMPLATE_ROUTES.create, {
    action: async ({ caller, body, request }) => ({ statusCode: 201, body: await questions().create(caller, targetCustomerId(request), fieldsOf(body)) }),
  }),
  route(QUESTION_TEMPLATE_ROUTES.get, {
    action: async ({ params, request }) => ({ statusCode: 200, body: await questions().get(targetCustomerId(request), params.id) }),
  }),
  route(QUESTION_TEMPLATE_ROUTES.update, {
    action: async ({ caller, body, params, request }) => ({ statusCode: 200, body: await questions().update(caller, targetCustomerId(request), params.id, fieldsOf(body)) }),
  }),
  route(QUESTION_TEMPLATE_ROUTES.remove, {
    action: async ({ caller, params, request }) => {
      await questions().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
], { module: 'haccp' });
