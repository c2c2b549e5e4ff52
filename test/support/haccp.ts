import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Question } from '@domain/haccp/question';
import { localDateIn, MISSED_AFTER_MINUTES } from '@domain/haccp/instance';
import { checklistInstancePut } from '../../lambdas/data/entities/checklist-instance';
import { LOCAL_REGION } from '../../local/identity';
import type { StackUnderTest } from './global-setup';

type TableAccess = Pick<StackUnderTest, 'dynamoEndpoint' | 'tableName' | 'credentials'>;

/** A document client on the stack's DynamoDB Local. */
export const testDocuments = (stack: TableAccess): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));

/** A fridge question: 0 to 5 °C, no standard corrective action. */
export const fridgeQuestion = (fields: Partial<Question> = {}): Question => ({
  id: `q-${randomUUID().slice(0, 8)}`, text: 'Walk-in fridge temperature', type: 'numeric', options: [], min: 0, max: 5,
  correctiveActionIds: [], additionalFields: [], required: true, ...fields,
});

/**
 * A checklist instance written straight into the table, as the schedule job creates one, with
 * its window placed around now (`windowEndMinutes` from now: negative for a window already
 * over), so tests of filling need not wait for a shift's window. Returns its id.
 */
export async function putTestInstance(stack: TableAccess, customerId: string, fields: {
  siteId: string; questions?: Question[]; windowEndMinutes?: number; assignedUserIds?: string[];
  allowPartialUpload?: boolean; allowNotApplicable?: boolean; allowManualReadings?: boolean;
  /** The site's time zone, which dates the occurrence (UTC unless given). */
  timeZone?: string;
}): Promise<string> {
  const now = Date.now();
  const windowEnd = now + (fields.windowEndMinutes ?? 120) * 60_000;
  const windowStart = windowEnd - 4 * 3_600_000;
  const questions = fields.questions ?? [fridgeQuestion()];
  const id = randomUUID().replace(/-/g, '').slice(0, 22);
  const date = localDateIn(new Date(windowStart), fields.timeZone ?? 'UTC');
  const put = checklistInstancePut(stack.tableName, customerId, {
    id, checklistId: `checklist-${id}`, checklistVersion: 1, checklistName: 'Opening checks',
    checklist: {
      name: 'Opening checks', description: '', questions,
      allowPartialUpload: fields.allowPartialUpload ?? false,
      allowManualReadings: fields.allowManualReadings ?? false,
      allowNotApplicable: fields.allowNotApplicable ?? false,
    },
    siteId: fields.siteId, shiftId: `shift-${id}`, shiftName: 'Morning', scheduleId: `schedule-${id}`, scheduleName: 'Weekdays',
    assignedUserIds: fields.assignedUserIds ?? [], date,
    windowStart: new Date(windowStart).toISOString(), windowEnd: new Date(windowEnd).toISOString(),
    missedAt: new Date(windowEnd + MISSED_AFTER_MINUTES * 60_000).toISOString(),
    questionCount: questions.length, createdAt: new Date(now).toISOString(), version: 1,
  });
  await testDocuments(stack).send(new PutCommand(put));
  return id;
}
