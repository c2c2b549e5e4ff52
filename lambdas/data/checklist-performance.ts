import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch';
import { checklistAnswerKey, checklistAnswersOfInstance, toChecklistAnswer, type ChecklistAnswerRecord } from './entities/checklist-answer';
import { checklistInstancesOfChecklist, checklistInstancesOfSiteDays, toChecklistInstance, type ChecklistInstanceRecord } from './entities/checklist-instance';
import { correctiveActionKey, toCorrectiveAction } from './entities/corrective-action';
import { queryAll } from './queries';

/**
 * The instance reads of the checklist exception view and of a checklist's performance: one
 * range query per site over its local days (gsi1), or one of a checklist's days (gsi2); never a
 * Scan. The checklist reports also read the instances' answers and the corrective actions they name.
 */

/** The instances of each site's local days from `fromDate` to `toDate` (inclusive): one Query (and its pages) a site. */
export async function instancesOfSiteDays(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, siteDays: readonly { siteId: string; fromDate: string; toDate: string }[],
): Promise<ChecklistInstanceRecord[]> {
  const reads = siteDays.map(({ siteId, fromDate, toDate }) =>
    queryAll(client, checklistInstancesOfSiteDays(tableName, customerId, siteId, fromDate, toDate), toChecklistInstance));
  return (await Promise.all(reads)).flat();
}

/** A checklist's instances of the local days from `fromDate` to `toDate` (inclusive). */
export async function instancesOfChecklistDays(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, checklistId: string, fromDate: string, toDate: string,
): Promise<ChecklistInstanceRecord[]> {
  return queryAll(client, checklistInstancesOfChecklist(tableName, customerId, checklistId, fromDate, toDate), toChecklistInstance);
}

/** Each instance's answers: one Query (and its pages) an instance, by instance id. */
export async function answersOfInstances(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, instanceIds: readonly string[],
): Promise<Map<string, ChecklistAnswerRecord[]>> {
  const unique = [...new Set(instanceIds)];
  const read = await Promise.all(unique.map((instanceId) => queryAll(client, checklistAnswersOfInstance(tableName, customerId, instanceId), toChecklistAnswer)));
  return new Map(unique.map((instanceId, index) => [instanceId, read[index] ?? []]));
}

/** The names of the organisation's corrective actions of these ids (a deleted one is absent). */
export async function correctiveActionNames(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const items = await batchGet(client, tableName, [...new Set(ids)].map((id) => correctiveActionKey(tableName, customerId, id).Key));
  return new Map(items.map((item) => toCorrectiveAction(item)).map((action) => [action.id, action.name]));
}

/**
 * The image (photo or signature, a data URL as the device sent it) stored in an instance's
 * answer to a question: what a Checklist Report's image reference (domain/reports/checklist-report.ts
 * `answerImageReference`) names, read when the renderer draws it. Undefined when there is none.
 */
export async function answerImage(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, instanceId: string, questionId: string,
): Promise<string | undefined> {
  const result = await client.send(new GetCommand(checklistAnswerKey(tableName, customerId, instanceId, questionId)));
  const value: unknown = result.Item?.['value'];
  return typeof value === 'string' && value.startsWith('data:image/') ? value : undefined;
}
