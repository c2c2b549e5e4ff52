import { randomUUID } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import type { Caller } from '../../shared/caller';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import { partitionOf, type QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import { plainPut, type PutParams } from '../writes';

/**
 * The kinds of item an audit entry names (its stored `entityType`, which its history partition
 * spells), the same words uniqueness markers and references name their kind by. Stored values:
 * a word never changes.
 */
export const ENTITY = {
  department: 'DEPARTMENT',
  division: 'DIVISION',
  site: 'SITE',
  location: 'LOCATION',
  user: 'USER',
  locationShare: 'LOCATIONSHARE',
  securityGroup: 'SECURITYGROUP',
  userView: 'USERVIEW',
  translations: 'TRANSLATIONS',
  sensor: 'SENSOR',
  gateway: 'GATEWAY',
  dataLoggingProfile: 'DATALOGGINGPROFILE',
  alarmProfile: 'ALARMPROFILE',
  notificationGroup: 'NOTIFICATIONGROUP',
  notificationTemplate: 'NOTIFICATIONTEMPLATE',
  deviceCommand: 'COMMAND',
  deviceNote: 'NOTE',
  deviceFile: 'FILE',
  alarm: 'ALARM',
  shift: 'SHIFT',
  checklist: 'CHECKLIST',
  questionTemplate: 'QUESTIONTEMPLATE',
  correctiveAction: 'CORRECTIVEACTION',
  informationItem: 'INFORMATIONITEM',
  checklistGroup: 'CHECKLISTGROUP',
  proxySession: 'PROXYSESSION',
  reportRun: 'REPORTRUN',
  report: 'REPORT',
} as const;
export type EntityType = (typeof ENTITY)[keyof typeof ENTITY];

export type AuditAction = 'create' | 'update' | 'delete';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One entry of the audit trail: who, when, which entity, what changed, before and after (the API's shape). */
export interface AuditEntry {
  id: string;
  at: string;
  actor: { userId: string; email: string; role: string };
  /** Written during a proxy session: the real user who acted for the organisation, and the session. */
  proxy?: { actorUserId: string; actorEmail: string; sessionId: string };
  entityType: EntityType;
  entityId: string;
  action: AuditAction;
  changes: FieldChange[];
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * The audit trail (docs/data-model.md patterns 4 and 5): one partition per organisation in
 * time order (`byOrganisation`, the Portal Audit report), and on gsi1 one entity's history,
 * newest last (`byEntity`, the history tabs).
 */
export const auditEntry = new Entity({
  model: { entity: 'auditEntry', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    id: { type: 'string', required: true },
    at: { type: 'string', required: true },
    actor: {
      type: 'map',
      required: true,
      properties: { userId: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
    },
    proxy: {
      type: 'map',
      properties: { actorUserId: { type: 'string' }, actorEmail: { type: 'string' }, sessionId: { type: 'string' } },
    },
    entityType: { type: 'string', required: true },
    entityId: { type: 'string', required: true },
    // A string, not a closed list: a store's own actions must never make the audit write throw.
    action: { type: 'string', required: true },
    // Fields of any record, with values of any type: kept as they were.
    changes: { type: 'any', required: true },
    before: { type: 'any' },
    after: { type: 'any' },
    type: { type: 'string', default: 'AuditEntry' },
  },
  indexes: {
    byOrganisation: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#AUDIT', casing: 'none' },
      sk: { field: 'sk', composite: ['at', 'id'], template: '${at}#${id}', casing: 'none' },
    },
    byEntity: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId', 'entityType', 'entityId'], template: 'C#${customerId}#HISTORY#${entityType}#${entityId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['at', 'id'], template: '${at}#${id}', casing: 'none' },
    },
  },
});
export type AuditEntryItem = EntityItem<typeof auditEntry>;

/** Fields that are bookkeeping, not something a user changed. */
const IGNORED_FIELDS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'version', 'updatedAt', 'updatedBy', '__edb_e__', '__edb_v__']);

export function diffFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): FieldChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of [...fields].sort()) {
    if (IGNORED_FIELDS.has(field)) continue;
    const previous = before?.[field];
    const next = after?.[field];
    if (JSON.stringify(previous) !== JSON.stringify(next)) changes.push({ field, before: previous, after: next });
  }
  return changes;
}

/** The change an entry records: who made it, on what, and the record before and after. */
export interface AuditedChange {
  customerId: string;
  caller: Caller;
  entityType: EntityType;
  entityId: string;
  action: AuditAction;
  before: Record<string, unknown> | undefined;
  after: Record<string, unknown> | undefined;
  now: Date;
}

/**
 * The Put of an audit entry, to be written in the same transaction as the change it records,
 * so there is never a change without its entry or the reverse.
 */
export function auditEntryPutParams(tableName: string, change: AuditedChange): PutParams {
  const { customerId, caller, entityType, entityId, action, before, after, now } = change;
  return auditEntry.put({
    customerId,
    id: randomUUID(),
    at: now.toISOString(),
    actor: { userId: caller.userId, email: caller.email, role: caller.role },
    // Every writer passes its caller, so an entry made during a proxy session names both identities.
    ...(caller.proxy ? { proxy: { actorUserId: caller.proxy.actor.userId, actorEmail: caller.proxy.actor.email, sessionId: caller.proxy.sessionId } } : {}),
    entityType,
    entityId,
    action,
    changes: diffFields(before, after),
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
  }).params<PutParams>({ table: tableName });
}

/** The audit entry as a transaction item. */
export const auditEntryPut = (tableName: string, change: AuditedChange): GuardedItem => plainPut(auditEntryPutParams(tableName, change));

/**
 * Access pattern: one entity's history, newest first (gsi1; the history tabs). The partition
 * comes from the entity; the expression is the one the stores always sent.
 */
export function entityHistoryNewestFirst(tableName: string, customerId: string, entityType: EntityType, entityId: string): QueryParams {
  const built = auditEntry.query.byEntity({ customerId, entityType, entityId }).params<QueryParams>({ table: tableName });
  return { TableName: tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': partitionOf(built) }, ScanIndexForward: false };
}

/**
 * Access pattern: one entity's history from `fromIso` (included) to `toIso` (excluded), newest
 * first (gsi1; the Sensor Audit report). The partition is the entity's history partition.
 */
export function entityHistoryBetween(tableName: string, customerId: string, entityType: EntityType, entityId: string, fromIso: string, toIso: string): QueryParams {
  const built = entityHistoryNewestFirst(tableName, customerId, entityType, entityId);
  return {
    ...built,
    // The sort key is `${at}#${id}`: an entry at `toIso` itself sorts after it, so is out.
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': partitionOf(built), ':from': fromIso, ':to': toIso },
  };
}

/**
 * Access pattern: the organisation's Portal Audit between two instants, newest first (its own
 * partition, sorted by time: `at` then the id). The partition is the entity's.
 */
export function organisationAuditNewestFirst(tableName: string, customerId: string, fromIso: string, toIso: string): QueryParams {
  const built = auditEntry.query.byOrganisation({ customerId }).params<QueryParams>({ table: tableName });
  return {
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    // `~` sorts after every character of an id: an entry at `toIso` itself is in.
    ExpressionAttributeValues: { ':pk': partitionOf(built), ':from': fromIso, ':to': `${toIso}~` },
    ScanIndexForward: false,
  };
}

/** The organisation's Portal Audit partition (pk), which a page cursor of it must name. */
export const organisationAuditPartition = (customerId: string): string =>
  partitionOf(organisationAuditNewestFirst('item-only', customerId, '', ''));

/** One entity's history partition (gsi1pk), which a page cursor of its history must name. */
export const entityHistoryPartition = (customerId: string, entityType: EntityType, entityId: string): string =>
  partitionOf(entityHistoryNewestFirst('item-only', customerId, entityType, entityId));

/** The API's shape of an entry (history tabs): picked field by field. */
export function toAuditEntry(item: Record<string, unknown>): AuditEntry {
  const actor = (item['actor'] ?? {}) as Record<string, unknown>;
  const proxy = item['proxy'] as Record<string, unknown> | undefined;
  return {
    id: String(item['id']),
    at: String(item['at']),
    actor: { userId: String(actor['userId'] ?? ''), email: String(actor['email'] ?? ''), role: String(actor['role'] ?? '') },
    ...(proxy ? { proxy: { actorUserId: String(proxy['actorUserId'] ?? ''), actorEmail: String(proxy['actorEmail'] ?? ''), sessionId: String(proxy['sessionId'] ?? '') } } : {}),
    entityType: String(item['entityType']) as EntityType,
    entityId: String(item['entityId']),
    action: item['action'] as AuditAction,
    changes: Array.isArray(item['changes']) ? (item['changes'] as FieldChange[]) : [],
    ...(item['before'] ? { before: item['before'] as Record<string, unknown> } : {}),
    ...(item['after'] ? { after: item['after'] as Record<string, unknown> } : {}),
  };
}
