import { answerInputSchema } from '@domain/haccp/answers';
import { checklistAnswerSchema, instanceDetailSchema, submitInputSchema, todaySchema } from '@domain/haccp/filling';
import { ORGANISATION_READERS } from '@domain/identity/roles';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { defineRoutes, route } from '../shared/routing';
import { ChecklistInstanceStore, readFiller } from '../data/repositories/checklist-instances';

const store = () => new ChecklistInstanceStore(dynamoDocumentClient(), backendConfig().tableName);

/**
 * Filling checklists (issue 15 section 2; the HACCP contract's filling API). Open to the
 * organisation's users by role; each action then asks for HACCP access (the account's flag, or
 * an administrator) and the instance's site among the caller's sites (readFiller, instanceFor).
 */
export const checklistInstanceRoutes = defineRoutes('checklistInstances', [
  route({
    method: 'GET', path: '/haccp/today', roles: ORGANISATION_READERS, response: todaySchema,
    summary: "The caller's checklist instances of today on their sites, and earlier ones still open",
    action: async ({ caller }) => ({ statusCode: 200, body: { items: await store().today(await readFiller(caller)) } }),
  }),
  route({
    method: 'GET', path: '/haccp/instances/{id}', roles: ORGANISATION_READERS, response: instanceDetailSchema,
    summary: 'A checklist instance with its checklist, answers so far, information, corrective actions and live sensor readings',
    action: async ({ caller, params }) => ({ statusCode: 200, body: await store().detail(await readFiller(caller), params.id) }),
  }),
  route({
    method: 'PUT', path: '/haccp/instances/{id}/answers/{questionId}', roles: ORGANISATION_READERS, body: answerInputSchema, response: checklistAnswerSchema,
    summary: 'Answer one question of a checklist instance (the same idempotency key twice stores once)',
    // An answer is a food-safety record its filler vouches for: never entered through a proxy.
    signsOrCertifies: true,
    action: async ({ caller, params, body }) => ({
      statusCode: 200, body: await store().answer(await readFiller(caller), params.id, params.questionId, body),
    }),
  }),
  route({
    method: 'POST', path: '/haccp/instances/{id}/submit', roles: ORGANISATION_READERS, body: submitInputSchema, response: instanceDetailSchema,
    summary: 'Submit a checklist instance (late after its window; partial only where the checklist allows it)',
    // Submitting signs the checklist off as done by the caller (issue 16: a proxy never signs).
    signsOrCertifies: true,
    action: async ({ caller, params, body }) => ({ statusCode: 200, body: await store().submit(await readFiller(caller), params.id, body.idempotencyKey) }),
  }),
], { module: 'haccp' });
