import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { PutParams } from '../writes';

/** What a due marker is for: the schedule's remind-at time, or the instance's missed time. */
export const CHECKLIST_DUE_KINDS = ['remind', 'missed'] as const;
export type ChecklistDueKind = (typeof CHECKLIST_DUE_KINDS)[number];

/**
 * When a checklist instance falls due for a reminder or becomes missed (issue 15 section 3),
 * filed under the hour it happens (`byHour`). The partition starts with no organisation, like
 * the scheduled device changes': the reminder and missed-checklist job reads every
 * organisation's instances of an hour with one Query, then skips those completed (one
 * BatchGetItem of their instances), never a Scan. Written beside the instance when it is
 * created; `ttl` a week after the time, since the job only looks back an hour or two.
 */
export const checklistDue = new Entity({
  model: { entity: 'checklistDue', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    instanceId: { type: 'string', required: true },
    kind: { type: 'string', required: true },
    at: { type: 'string', required: true },
    /** `YYYY-MM-DDTHH` of `at`. */
    hour: { type: 'string', required: true },
    ttl: { type: 'number' },
  },
  indexes: {
    byHour: {
      pk: { field: 'pk', composite: ['kind', 'hour'], template: 'HACCPDUE#${kind}#${hour}', casing: 'none' },
      sk: { field: 'sk', composite: ['at', 'customerId', 'instanceId'], template: '${at}#${customerId}#${instanceId}', casing: 'none' },
    },
  },
});
export type ChecklistDueItem = EntityItem<typeof checklistDue>;

const WEEK_SECONDS = 7 * 86_400;

export const checklistDuePut = (tableName: string, customerId: string, instanceId: string, kind: ChecklistDueKind, at: string): PutParams =>
  checklistDue.put({ customerId, instanceId, kind, at, hour: at.slice(0, 13), ttl: Math.floor(Date.parse(at) / 1000) + WEEK_SECONDS }).params<PutParams>({ table: tableName });

/** The markers of one kind whose time falls in an hour (`YYYY-MM-DDTHH`). */
export const checklistDueInHour = (tableName: string, kind: ChecklistDueKind, hour: string): QueryParams =>
  checklistDue.query.byHour({ kind, hour }).params<QueryParams>({ table: tableName });
