import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { defineRoutes, route } from '../shared/routing';
import { ChecklistInstanceStore, readFiller } from '../data/repositories/checklist-instances';
import { CHECKLIST_INSTANCE_ROUTES } from '@domain/api/checklist-instances';

const store = () => new ChecklistInstanceStore(dynamoDocumentClient(), backendConfig().tableName);

/**
 * Filling checklists (issue 15 section 2; the HACCP contract's filling API). Open to the
 * organisation's users by role; each action then asks for HACCP access (the account's flag, or
 * an administrator) and the instance's site among the caller's sites (readFiller, instanceFor).
 */
export const checklistInstanceRoutes = defineRoutes('checklistInstances', [
  route(CHECKLIST_INSTANCE_ROUTES.getToday, {
    action: async ({ caller }) => ({ statusCode: 200, body: { items: await store().today(await readFiller(caller)) } }),
  }),
  route(CHECKLIST_INSTANCE_ROUTES.getInstancesById, {
    action: async ({ caller, params }) => ({ statusCode: 200, body: await store().detail(await readFiller(caller), params.id) }),
  }),
  route(CHECKLIST_INSTANCE_ROUTES.putInstancesAnswersById, {
    action: async ({ caller, params, body }) => ({
      statusCode: 200, body: await store().answer(await readFiller(caller), params.id, params.questionId, body),
    }),
  }),
  route(CHECKLIST_INSTANCE_ROUTES.postInstancesSubmit, {
    action: async ({ caller, params, body }) => ({ statusCode: 200, body: await store().submit(await readFiller(caller), params.id, body.idempotencyKey) }),
  }),
], { module: 'haccp' });
