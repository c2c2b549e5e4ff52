import { createHash } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute, strings, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/**
 * A checklist instance (issue 15 section 2): one occurrence of a checklist's shift schedule,
 * created ahead by the HACCP schedule job, filled in on Today. By id in the organisation's
 * partition (`byId`); a site's occurrences by local day and window start (`bySite`, gsi1: one
 * day for the Today page, a range of days in one Query for the dashboard's checklist
 * exceptions); a checklist's occurrences by day (`byChecklist`, gsi2: its day and week
 * performance). Its id is made from the checklist, the schedule and the local date
 * (`checklistInstanceId`), so the job creating the same occurrence twice can only ever write the
 * same item, and the create's `attribute_not_exists` keeps the first.
 *
 * `answeredQuestionIds` and `exceptionQuestionIds` are DynamoDB string sets the answer writes
 * ADD to and DELETE from (idempotent, so no version race between two people answering
 * different questions); they are never written through the entity's put.
 */
export const checklistInstance = new Entity({
  model: { entity: 'checklistInstance', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    id: { type: 'string', required: true },
    checklistId: { type: 'string', required: true },
    checklistVersion: { type: 'number', required: true },
    checklistName: { type: 'string', required: true },
    /** The checklist as it was when the occurrence was created: questions and flags (ChecklistSnapshot). */
    checklist: { type: 'any', required: true },
    siteId: { type: 'string', required: true },
    shiftId: { type: 'string', required: true },
    shiftName: { type: 'string', required: true },
    scheduleId: { type: 'string', required: true },
    scheduleName: { type: 'string', required: true },
    assignedUserIds: { type: 'list', items: { type: 'string' }, required: true },
    notificationGroupId: { type: 'string' },
    /** The occurrence's local date on the site (YYYY-MM-DD). */
    date: { type: 'string', required: true },
    windowStart: { type: 'string', required: true },
    windowEnd: { type: 'string', required: true },
    remindAt: { type: 'string' },
    missedAt: { type: 'string', required: true },
    questionCount: { type: 'number', required: true },
    answeredQuestionIds: { type: 'set', items: 'string' },
    exceptionQuestionIds: { type: 'set', items: 'string' },
    startedAt: { type: 'string' },
    completedAt: { type: 'string' },
    completedLate: { type: 'boolean' },
    submittedBy: { type: 'string' },
    submittedByAccountId: { type: 'string' },
    submissionKey: { type: 'string' },
    exceptionCount: { type: 'number' },
    createdAt: { type: 'string', required: true },
    version: { type: 'number', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#CHECKLISTINSTANCE', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'CHECKLISTINSTANCE#${id}', casing: 'none' },
    },
    bySite: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId', 'siteId'], template: 'C#${customerId}#CHECKLISTINSTANCES#SITE#${siteId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['date', 'windowStart', 'id'], template: '${date}#${windowStart}#${id}', casing: 'none' },
    },
    byChecklist: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['customerId', 'checklistId'], template: 'C#${customerId}#CHECKLISTINSTANCES#CHECKLIST#${checklistId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['date', 'windowStart', 'id'], template: '${date}#${windowStart}#${id}', casing: 'none' },
    },
  },
});
export type ChecklistInstanceItem = EntityItem<typeof checklistInstance>;

/** What an instance keeps of its checklist (the checklist may change; the occurrence is filled as it was). */
export interface ChecklistSnapshot {
  name: string;
  description: string;
  questions: unknown[];
  allowPartialUpload: boolean;
  allowManualReadings: boolean;
  allowNotApplicable: boolean;
}

/** A stored instance, as the data layer gives it (times as ISO strings). */
export interface ChecklistInstanceRecord {
  id: string;
  checklistId: string;
  checklistVersion: number;
  checklistName: string;
  checklist: ChecklistSnapshot;
  siteId: string;
  shiftId: string;
  shiftName: string;
  scheduleId: string;
  scheduleName: string;
  assignedUserIds: string[];
  notificationGroupId?: string;
  date: string;
  windowStart: string;
  windowEnd: string;
  remindAt?: string;
  missedAt: string;
  questionCount: number;
  answeredQuestionIds: string[];
  exceptionQuestionIds: string[];
  startedAt?: string;
  completedAt?: string;
  completedLate?: boolean;
  submittedBy?: string;
  submittedByAccountId?: string;
  submissionKey?: string;
  exceptionCount: number;
  createdAt: string;
  version: number;
}

/** The id of an occurrence: opaque, URL-safe, the same for the same checklist, schedule and date whoever computes it. */
export function checklistInstanceId(checklistId: string, scheduleId: string, date: string): string {
  return createHash('sha256').update(`${checklistId}|${scheduleId}|${date}`).digest('base64url').slice(0, 22);
}

type NewInstance = Omit<ChecklistInstanceRecord, 'answeredQuestionIds' | 'exceptionQuestionIds' | 'startedAt' | 'completedAt' | 'completedLate'
  | 'submittedBy' | 'submittedByAccountId' | 'submissionKey' | 'exceptionCount'>;

export const checklistInstancePut = (tableName: string, customerId: string, record: NewInstance): PutParams =>
  checklistInstance.put({ customerId, ...record, checklist: { ...record.checklist } }).params<PutParams>({ table: tableName });

export const checklistInstanceKey = (tableName: string, customerId: string, id: string): KeyParams =>
  checklistInstance.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** The occurrences of a site's local day, by window start. */
export const checklistInstancesOfSiteDay = (tableName: string, customerId: string, siteId: string, date: string): QueryParams =>
  checklistInstance.query.bySite({ customerId, siteId, date }).params<QueryParams>({ table: tableName });

/** A site's occurrences of the local days from `fromDate` to `toDate` (inclusive), by day and window start: one range of one partition. */
export const checklistInstancesOfSiteDays = (tableName: string, customerId: string, siteId: string, fromDate: string, toDate: string): QueryParams =>
  checklistInstance.query.bySite({ customerId, siteId }).between({ date: fromDate }, { date: `${toDate}\uffff` }).params<QueryParams>({ table: tableName });

/** A checklist's occurrences of the local days from `fromDate` to `toDate` (inclusive). */
export const checklistInstancesOfChecklist = (tableName: string, customerId: string, checklistId: string, fromDate: string, toDate: string): QueryParams =>
  checklistInstance.query.byChecklist({ customerId, checklistId }).between({ date: fromDate }, { date: `${toDate}\uffff` }).params<QueryParams>({ table: tableName });

const stringSet = (value: unknown): string[] => (value instanceof Set ? [...value].map(String) : strings(value));
const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function snapshotOf(value: unknown): ChecklistSnapshot {
  const snapshot = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    name: text(snapshot['name']),
    description: text(snapshot['description']),
    questions: Array.isArray(snapshot['questions']) ? snapshot['questions'] : [],
    allowPartialUpload: snapshot['allowPartialUpload'] === true,
    allowManualReadings: snapshot['allowManualReadings'] === true,
    allowNotApplicable: snapshot['allowNotApplicable'] === true,
  };
}

/** The decoder: picks each field (keys, `customerId` and `__edb_e__` never reach a response). */
export function toChecklistInstance(item: Record<string, unknown>): ChecklistInstanceRecord {
  const optional = <K extends string>(key: K) => {
    const value = optionalText(item[key]);
    return value === undefined ? {} : { [key]: value } as Record<K, string>;
  };
  const exceptionQuestionIds = stringSet(item['exceptionQuestionIds']);
  return {
    id: text(item['id']),
    checklistId: text(item['checklistId']),
    checklistVersion: Number(item['checklistVersion'] ?? 0),
    checklistName: text(item['checklistName']),
    checklist: snapshotOf(item['checklist']),
    siteId: text(item['siteId']),
    shiftId: text(item['shiftId']),
    shiftName: text(item['shiftName']),
    scheduleId: text(item['scheduleId']),
    scheduleName: text(item['scheduleName']),
    assignedUserIds: strings(item['assignedUserIds']),
    ...optional('notificationGroupId'),
    date: text(item['date']),
    windowStart: text(item['windowStart']),
    windowEnd: text(item['windowEnd']),
    ...optional('remindAt'),
    missedAt: text(item['missedAt']),
    questionCount: Number(item['questionCount'] ?? 0),
    answeredQuestionIds: stringSet(item['answeredQuestionIds']),
    exceptionQuestionIds,
    ...optional('startedAt'),
    ...optional('completedAt'),
    ...(typeof item['completedLate'] === 'boolean' ? { completedLate: item['completedLate'] } : {}),
    ...optional('submittedBy'),
    ...optional('submittedByAccountId'),
    ...optional('submissionKey'),
    exceptionCount: typeof item['exceptionCount'] === 'number' ? item['exceptionCount'] : exceptionQuestionIds.length,
    createdAt: text(item['createdAt']),
    version: Number(item['version'] ?? 0),
  };
}
