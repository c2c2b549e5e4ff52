import { randomUUID } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import type { SuperadminAuditEntry } from '@domain/organisation/organisation';
import type { Caller } from '../../shared/caller';
import { text } from '../attributes';
import { SERVICE } from '../key-parts';
import { partitionOf, type QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import { plainPut } from '../writes';

/**
 * The super-administrators' own audit trail (issue 16): every action of theirs on the
 * platform (organisations, customer groups), in one partition in time order, apart from any
 * organisation's Portal Audit (`C#<cid>#AUDIT`), which the organisation's administrators read.
 */
export const superadminAuditEntry = new Entity({
  model: { entity: 'superadminAuditEntry', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    at: { type: 'string', required: true },
    actor: { type: 'map', required: true, properties: { userId: { type: 'string' }, email: { type: 'string' } } },
    action: { type: 'string', required: true },
    targetType: { type: 'string', required: true },
    targetId: { type: 'string', required: true },
    before: { type: 'any' },
    after: { type: 'any' },
    type: { type: 'string', default: 'SuperadminAuditEntry' },
  },
  indexes: {
    byTime: {
      pk: { field: 'pk', composite: [], template: 'SYSTEM#SUPERADMINAUDIT', casing: 'none' },
      sk: { field: 'sk', composite: ['at', 'id'], template: '${at}#${id}', casing: 'none' },
    },
  },
});
export type SuperadminAuditEntryItem = EntityItem<typeof superadminAuditEntry>;

export interface SuperadminAction {
  caller: Caller;
  /** What was done: `organisation.create`, `organisation.disable`, `customerGroup.create`, ... */
  action: string;
  targetType: 'ORGANISATION' | 'CUSTOMERGROUP' | 'USER';
  targetId: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  now: Date;
}

/** The entry as a transaction item, written with the action it records. */
export function superadminAuditPut(tableName: string, entry: SuperadminAction): GuardedItem {
  const { caller, action, targetType, targetId, before, after, now } = entry;
  return plainPut(superadminAuditEntry.put({
    id: randomUUID(), at: now.toISOString(), actor: { userId: caller.userId, email: caller.email },
    action, targetType, targetId, ...(before ? { before } : {}), ...(after ? { after } : {}),
  }).params({ table: tableName }));
}

/** Access pattern: the trail, newest first. */
export const superadminAuditNewestFirst = (tableName: string): QueryParams => ({
  TableName: tableName,
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': partitionOf(superadminAuditEntry.query.byTime({}).params<QueryParams>({ table: tableName })) },
  ScanIndexForward: false,
});

export function toSuperadminAuditEntry(item: Record<string, unknown>): SuperadminAuditEntry {
  const actor = (item['actor'] ?? {}) as Record<string, unknown>;
  const record = (value: unknown) => (value !== null && typeof value === 'object' ? value as Record<string, unknown> : undefined);
  const before = record(item['before']);
  const after = record(item['after']);
  return {
    id: text(item['id']), at: text(item['at']),
    actor: { userId: text(actor['userId']), email: text(actor['email']) },
    action: text(item['action']), targetType: text(item['targetType']), targetId: text(item['targetId']),
    ...(before ? { before } : {}), ...(after ? { after } : {}),
  };
}
