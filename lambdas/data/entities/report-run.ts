import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import { newestFirstUnder, partitionOf, type QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/**
 * A report run (issue 34 section 3; docs/data-model.md "Reports"): one item per PDF or CSV asked
 * for, in the organisation's run partition (`byOrganisation`; ids sort by time, so Report
 * History reads it backwards, newest first). It holds who asked (the caller as the access layer
 * reads them again when the run starts), the report, its parameters, the reader's language and
 * unit, and the run's state: queued → running (progress) → ready (the file's key, size, SHA-256,
 * until when it is kept) or failed (the reason). The table's stream hands a queued run to the
 * report runner (lambdas/reports/runner.ts). Kept after the file expires: the history stays.
 */
export const reportRun = new Entity({
  model: { entity: 'reportRun', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    id: { type: 'string', required: true },
    reportId: { type: 'string', required: true },
    format: { type: 'string', required: true },
    pageSize: { type: 'string' },
    parameters: { type: 'any', required: true },
    language: { type: 'string', required: true },
    unit: { type: 'string', required: true },
    dateFormat: { type: 'string' },
    status: { type: 'string', required: true },
    progress: { type: 'number', default: 0 },
    reason: { type: 'string' },
    /** The caller, as the access layer needs them when the run starts (no token: nothing secret). */
    caller: { type: 'any', required: true },
    requestedByName: { type: 'string', required: true },
    siteIds: { type: 'list', items: { type: 'string' } },
    organisationName: { type: 'string' },
    createdAt: { type: 'string', required: true },
    startedAt: { type: 'string' },
    finishedAt: { type: 'string' },
    fileKey: { type: 'string' },
    fileName: { type: 'string' },
    size: { type: 'number' },
    sha256: { type: 'string' },
    expiresAt: { type: 'string' },
    emailed: { type: 'boolean' },
    type: { type: 'string', default: 'ReportRun' },
  },
  indexes: {
    byOrganisation: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#REPORTRUN', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'RUN#${id}', casing: 'none' },
    },
  },
});
export type ReportRunItem = EntityItem<typeof reportRun>;


export const reportRunKey = (tableName: string, customerId: string, id: string): KeyParams =>
  reportRun.get({ customerId, id }).params<KeyParams>({ table: tableName });

export const reportRunPut = (tableName: string, item: ReportRunItem): PutParams =>
  reportRun.put(item).params<PutParams>({ table: tableName });

/** Access pattern: the organisation's runs, newest first (Report History). */
export const reportRunsNewestFirst = (tableName: string, customerId: string): QueryParams =>
  newestFirstUnder(tableName, reportRun.query.byOrganisation({ customerId }).params<QueryParams>({ table: tableName }));

/** The organisation's run partition (a page cursor names it). */
export const reportRunPartition = (customerId: string): string =>
  partitionOf(reportRun.query.byOrganisation({ customerId }).params<QueryParams>({ table: 'item-only' }));

/** Whether a stored item is a run (the table's stream reads every kind of item). */
export const isReportRunItem = (item: Record<string, unknown>): boolean => item['__edb_e__'] === 'reportRun';
