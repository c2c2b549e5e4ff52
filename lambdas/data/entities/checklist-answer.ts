import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/**
 * The answer to one question of a checklist instance (issue 15 section 2): one item per
 * instance and question (`byInstance`: the instance's answers in one Query). It keeps the
 * idempotency key of the write that stored it, so the same answer sent again (an offline batch
 * replayed) stores nothing more, and its answering time, so an older answer arriving late
 * does not replace a newer one.
 */
export const checklistAnswer = new Entity({
  model: { entity: 'checklistAnswer', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    instanceId: { type: 'string', required: true },
    questionId: { type: 'string', required: true },
    idempotencyKey: { type: 'string', required: true },
    // number, option id or text or image, option ids, or { wash, rinse } (domain/haccp/answers.ts AnswerValue).
    value: { type: 'any' },
    notApplicable: { type: 'boolean', required: true },
    manualReading: { type: 'boolean', required: true },
    correctiveActionId: { type: 'string' },
    correctiveActionText: { type: 'string' },
    additionalFields: { type: 'any' },
    isException: { type: 'boolean', required: true },
    oilLevel: { type: 'string' },
    answeredAt: { type: 'string', required: true },
    receivedAt: { type: 'string', required: true },
    answeredBy: { type: 'string', required: true },
    answeredByAccountId: { type: 'string', required: true },
  },
  indexes: {
    byInstance: {
      pk: { field: 'pk', composite: ['customerId', 'instanceId'], template: 'C#${customerId}#CHECKLISTANSWER#${instanceId}', casing: 'none' },
      sk: { field: 'sk', composite: ['questionId'], template: 'ANSWER#${questionId}', casing: 'none' },
    },
  },
});
export type ChecklistAnswerItem = EntityItem<typeof checklistAnswer>;

export interface ChecklistAnswerRecord {
  instanceId: string;
  questionId: string;
  idempotencyKey: string;
  value?: unknown;
  notApplicable: boolean;
  manualReading: boolean;
  correctiveActionId?: string;
  correctiveActionText?: string;
  additionalFields: Record<string, string>;
  isException: boolean;
  oilLevel?: string;
  answeredAt: string;
  receivedAt: string;
  answeredBy: string;
  answeredByAccountId: string;
}

export const checklistAnswerPut = (tableName: string, customerId: string, record: ChecklistAnswerRecord): PutParams =>
  checklistAnswer.put({ customerId, ...record }).params<PutParams>({ table: tableName });

export const checklistAnswerKey = (tableName: string, customerId: string, instanceId: string, questionId: string): KeyParams =>
  checklistAnswer.get({ customerId, instanceId, questionId }).params<KeyParams>({ table: tableName });

export const checklistAnswersOfInstance = (tableName: string, customerId: string, instanceId: string): QueryParams =>
  checklistAnswer.query.byInstance({ customerId, instanceId }).params<QueryParams>({ table: tableName });

export function toChecklistAnswer(item: Record<string, unknown>): ChecklistAnswerRecord {
  const fields = item['additionalFields'];
  const additionalFields = typeof fields === 'object' && fields !== null
    ? Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
  return {
    instanceId: text(item['instanceId']),
    questionId: text(item['questionId']),
    idempotencyKey: text(item['idempotencyKey']),
    ...(item['value'] === undefined ? {} : { value: item['value'] }),
    notApplicable: item['notApplicable'] === true,
    manualReading: item['manualReading'] === true,
    ...(typeof item['correctiveActionId'] === 'string' ? { correctiveActionId: item['correctiveActionId'] } : {}),
    ...(typeof item['correctiveActionText'] === 'string' ? { correctiveActionText: item['correctiveActionText'] } : {}),
    additionalFields,
    isException: item['isException'] === true,
    ...(typeof item['oilLevel'] === 'string' ? { oilLevel: item['oilLevel'] } : {}),
    answeredAt: text(item['answeredAt']),
    receivedAt: text(item['receivedAt']),
    answeredBy: text(item['answeredBy']),
    answeredByAccountId: text(item['answeredByAccountId']),
  };
}
