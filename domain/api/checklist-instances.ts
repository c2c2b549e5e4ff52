import { answerInputSchema } from '../haccp/answers';
import { checklistAnswerSchema, instanceDetailSchema, submitInputSchema, todaySchema } from '../haccp/filling';
import { ORGANISATION_READERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/checklist-instances/routes.ts (docs/adding-a-route.md). */
export const CHECKLIST_INSTANCE_ROUTES = {
  getToday: contract({
    method: 'GET', path: '/haccp/today', roles: ORGANISATION_READERS, response: todaySchema, summary: "The caller's checklist instances of today on their sites, and earlier ones still open",
  }),
  getInstancesById: contract({
    method: 'GET', path: '/haccp/instances/{id}', roles: ORGANISATION_READERS, response: instanceDetailSchema, summary: 'A checklist instance with its checklist, answers so far, information, corrective actions and live sensor readings',
  }),
  putInstancesAnswersById: contract({
    method: 'PUT', path: '/haccp/instances/{id}/answers/{questionId}', roles: ORGANISATION_READERS, body: answerInputSchema, response: checklistAnswerSchema, summary: 'Answer one question of a checklist instance (the same idempotency key twice stores once)', signsOrCertifies: true,
  }),
  postInstancesSubmit: contract({
    method: 'POST', path: '/haccp/instances/{id}/submit', roles: ORGANISATION_READERS, body: submitInputSchema, response: instanceDetailSchema, summary: 'Submit a checklist instance (late after its window; partial only where the checklist allows it)', signsOrCertifies: true,
  }),
} as const;
