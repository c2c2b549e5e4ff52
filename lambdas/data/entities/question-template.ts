import { Entity, type EntityItem } from 'electrodb';
import type { QuestionTemplate } from '@domain/haccp/question';
import { customerIdAttribute, namedRecordAttributes, namedRecordIndexes } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';
import { toQuestion } from './checklist';

/**
 * The Question List (docs/data-model.md "HACCP checklists"): reusable questions, named by their
 * text (unique in the organisation), by id and by name on gsi1. A checklist takes a copy of
 * one (its own ids); nothing links them afterwards.
 */
export const questionTemplate = new Entity({
  model: { entity: 'questionTemplate', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    // The question's own fields (domain/haccp/question.ts); the decoder keeps only these.
    question: { type: 'any' },
    type: { type: 'string', default: 'QUESTIONTEMPLATE' },
  },
  indexes: namedRecordIndexes('QUESTIONTEMPLATE'),
});
export type QuestionTemplateItem = EntityItem<typeof questionTemplate>;

/**
 * The question's fields go under `question`: its `type` would clash with the item's own
 * `type` attribute (the entity's name on every item of the table).
 */
export function questionTemplatePut(tableName: string, customerId: string, record: QuestionTemplate): PutParams {
  const { id, name, createdAt, updatedAt, createdBy, updatedBy, version, ...question } = record;
  return questionTemplate.put({ customerId, id, name, createdAt, updatedAt, createdBy, updatedBy, version, question }).params<PutParams>({ table: tableName });
}

export const questionTemplateKey = (tableName: string, customerId: string, id: string): KeyParams =>
  questionTemplate.get({ customerId, id }).params<KeyParams>({ table: tableName });

export const questionTemplatesByName = (tableName: string, customerId: string) =>
  questionTemplate.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toQuestionTemplate(item: Record<string, unknown>): QuestionTemplate {
  const raw = typeof item['question'] === 'object' && item['question'] !== null ? item['question'] as Record<string, unknown> : {};
  return {
    ...toQuestion({ ...raw, id: item['id'] }),
    name: String(item['name'] ?? ''),
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}
