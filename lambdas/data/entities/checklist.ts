import { Entity, type EntityItem } from 'electrodb';
import { SCHEDULE_TYPES, type Checklist } from '@domain/haccp/checklist';
import { QUESTION_TYPES, type Question, type QuestionType } from '@domain/haccp/question';
import { customerIdAttribute, idListAttribute, namedRecordAttributes, namedRecordIndexes, strings, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/**
 * A HACCP checklist (docs/data-model.md "HACCP checklists"): by id, by name on gsi1
 * (`byName`), and a shift's checklists on gsi2 (`byShift`: what a shift's delete counts). Its
 * questions are embedded (read and written with it; `CHECKLIST_QUESTIONS_MAX` keeps the item
 * under 400 KB).
 */
export const checklist = new Entity({
  model: { entity: 'checklist', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    groupId: { type: 'string' },
    description: { type: 'string' },
    siteId: { type: 'string', required: true },
    locationIds: idListAttribute,
    shiftId: { type: 'string', required: true },
    departmentIds: idListAttribute,
    divisionIds: idListAttribute,
    notificationGroupId: { type: 'string' },
    allowPartialUpload: { type: 'boolean' },
    allowManualReadings: { type: 'boolean' },
    allowNotApplicable: { type: 'boolean' },
    scheduleType: { type: SCHEDULE_TYPES },
    // Question values (domain/haccp/question.ts); the decoder keeps only their fields.
    questions: { type: 'any' },
    type: { type: 'string', default: 'CHECKLIST' },
  },
  indexes: {
    ...namedRecordIndexes('CHECKLIST'),
    byShift: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['customerId', 'shiftId'], template: 'C#${customerId}#CHECKLIST#SHIFT#${shiftId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['id'], template: 'CHECKLIST#${id}', casing: 'none' },
    },
  },
});
export type ChecklistItem = EntityItem<typeof checklist>;

export const checklistPut = (tableName: string, customerId: string, record: Checklist): PutParams =>
  checklist.put({ customerId, ...record }).params<PutParams>({ table: tableName });

export const checklistKey = (tableName: string, customerId: string, id: string): KeyParams =>
  checklist.get({ customerId, id }).params<KeyParams>({ table: tableName });

export const checklistsByName = (tableName: string, customerId: string) =>
  checklist.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** A shift's checklists (gsi2, eventually consistent): what refuses the shift's delete while checklists are linked. */
export const checklistsOfShift = (tableName: string, customerId: string, shiftId: string) =>
  checklist.query.byShift({ customerId, shiftId }).params<QueryParams>({ table: tableName });

const number = (value: unknown): { value: number } | undefined => (typeof value === 'number' && Number.isFinite(value) ? { value } : undefined);

/** A stored question, picked field by field (shared by checklists and the Question List). */
export function toQuestion(raw: Record<string, unknown>): Question {
  const optional = (field: 'min' | 'max' | 'warnAt' | 'replaceAt') => {
    const found = number(raw[field]);
    return found === undefined ? {} : { [field]: found.value };
  };
  const optionalText = (field: 'sensorId' | 'dishwasherSensorId' | 'informationId') =>
    (typeof raw[field] === 'string' ? { [field]: raw[field] } : {});
  const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter((one): one is Record<string, unknown> => typeof one === 'object' && one !== null) : []);
  const type = String(raw['type']);
  return {
    id: text(raw['id']),
    text: text(raw['text']),
    type: (QUESTION_TYPES as readonly string[]).includes(type) ? type as QuestionType : 'text',
    options: list(raw['options']).map((option) => ({ id: text(option['id']), name: text(option['name']), isException: option['isException'] === true })),
    ...optional('min'),
    ...optional('max'),
    ...optional('warnAt'),
    ...optional('replaceAt'),
    ...optionalText('sensorId'),
    ...optionalText('dishwasherSensorId'),
    ...optionalText('informationId'),
    correctiveActionIds: strings(raw['correctiveActionIds']),
    additionalFields: list(raw['additionalFields']).map((field) => ({ id: text(field['id']), name: text(field['name']) })),
    required: raw['required'] !== false,
  };
}

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toChecklist(item: Record<string, unknown>): Checklist {
  return {
    id: String(item['id']),
    name: text(item['name']),
    ...(typeof item['groupId'] === 'string' ? { groupId: item['groupId'] } : {}),
    description: text(item['description']),
    siteId: text(item['siteId']),
    locationIds: strings(item['locationIds']),
    shiftId: text(item['shiftId']),
    departmentIds: strings(item['departmentIds']),
    divisionIds: strings(item['divisionIds']),
    ...(typeof item['notificationGroupId'] === 'string' ? { notificationGroupId: item['notificationGroupId'] } : {}),
    allowPartialUpload: item['allowPartialUpload'] === true,
    allowManualReadings: item['allowManualReadings'] === true,
    allowNotApplicable: item['allowNotApplicable'] === true,
    scheduleType: item['scheduleType'] === 'custom' ? 'custom' : 'location',
    questions: (Array.isArray(item['questions']) ? item['questions'] : []).map((raw: Record<string, unknown>) => toQuestion(raw)),
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}
