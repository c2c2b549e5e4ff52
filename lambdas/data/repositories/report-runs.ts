import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ReportRun, RunStatus } from '@domain/reports/runs';
import {
  auditEntryPut,
  createPut,
  ENTITY,
  plainPut,
  reportFingerprint,
  reportFingerprintPut,
  reportRun,
  reportRunKey,
  reportRunPut,
  reportRunsNewestFirst,
  runTransaction,
  type ReportFingerprintItem,
  type ReportRunItem,
} from '..';
import type { Caller } from '../../shared/caller';
import { entityOn, storedItem } from '../entity-reads';
import { queryOnePageKept } from '../query-pages';
import type { PageRequest } from '../queries';

/**
 * Report runs on the single table (entities/report-run.ts): a run is created with its audit
 * entry ("report history creation", SPEC section 7) and, for the reports SPEC section 7 names,
 * one more naming the report; then moves queued → running → ready or failed, each step
 * conditioned on the one before, so a run redelivered by the queue is built once and a ready
 * run never goes back. Ready writes the file's fingerprint beside it in the same transaction.
 */

type Item = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A run as the API answers it (nothing of the caller but who they are). */
export function toReportRun(item: Item): ReportRun {
  const optional = <K extends string>(key: K, value: unknown) => (value === undefined || value === null ? {} : { [key]: value });
  return {
    id: String(item['id']),
    reportId: item['reportId'] as ReportRun['reportId'],
    format: item['format'] as ReportRun['format'],
    parameters: (item['parameters'] ?? {}) as Record<string, unknown>,
    status: item['status'] as RunStatus,
    progress: typeof item['progress'] === 'number' ? item['progress'] : 0,
    requestedBy: { userId: text((item['caller'] as Item | undefined)?.['userId']) ?? '', name: text(item['requestedByName']) ?? '' },
    siteIds: Array.isArray(item['siteIds']) ? item['siteIds'].map(String) : [],
    createdAt: String(item['createdAt']),
    ...optional('reason', item['reason']),
    ...optional('finishedAt', item['finishedAt']),
    ...optional('fileName', item['fileName']),
    ...optional('size', item['size']),
    ...optional('sha256', item['sha256']),
    ...optional('expiresAt', item['expiresAt']),
    ...optional('emailed', item['emailed']),
  };
}

/** What the runner needs of a stored run besides its API shape. */
export interface StoredReportRun {
  run: ReportRun;
  caller: Caller;
  language: string;
  unit: string;
  pageSize: string;
  organisationName: string;
  fileKey?: string;
}

const toStoredRun = (item: Item): StoredReportRun => ({
  run: toReportRun(item),
  caller: item['caller'] as Caller,
  language: text(item['language']) ?? 'en',
  unit: text(item['unit']) ?? 'C',
  pageSize: text(item['pageSize']) ?? 'A4',
  organisationName: text(item['organisationName']) ?? '',
  ...(text(item['fileKey']) === undefined ? {} : { fileKey: text(item['fileKey']) as string }),
});

const isConditionFailure = (error: unknown): boolean => error instanceof Error && error.name === 'ConditionalCheckFailedException';

export class ReportRunStore {
  constructor(private readonly client: DynamoDBDocumentClient, private readonly tableName: string) {}

  /** A new run, with its audit entries, in one transaction. */
  async create(caller: Caller, item: ReportRunItem, audited: { reportName: string } | undefined): Promise<ReportRun> {
    const now = new Date(item.createdAt);
    const record = { reportId: item.reportId, format: item.format, parameters: item.parameters, status: item.status };
    await runTransaction(this.client, [
      createPut(reportRunPut(this.tableName, item)),
      auditEntryPut(this.tableName, { customerId: item.customerId, caller, entityType: ENTITY.reportRun, entityId: item.id, action: 'create', before: undefined, after: record, now }),
      ...(audited === undefined ? [] : [auditEntryPut(this.tableName, {
        customerId: item.customerId, caller, entityType: ENTITY.report, entityId: item.reportId, action: 'create', before: undefined, after: { name: audited.reportName, runId: item.id, format: item.format, parameters: item.parameters }, now,
      })]),
    ]);
    return toReportRun(item as unknown as Item);
  }

  async find(customerId: string, id: string): Promise<StoredReportRun | undefined> {
    const { data } = await entityOn(reportRun, this.client, this.tableName).get({ customerId, id }).go({ data: 'raw', consistent: true });
    const item = storedItem(data);
    return item === undefined ? undefined : toStoredRun(item);
  }

  /** A page of the organisation's runs, newest first, keeping those `keep` accepts (the caller's own and their sites'). */
  async page(customerId: string, page: PageRequest, keep: (run: ReportRun) => boolean): Promise<{ items: ReportRun[]; nextCursor?: string }> {
    return queryOnePageKept(this.client, reportRunsNewestFirst(this.tableName, customerId), page, toReportRun, keep);
  }

  /**
   * The runs `keep` accepts asked for from `from` (an ISO instant) on, newest first: pages read
   * until one reaches past `from` (ids sort by time), so the read is bounded by the range.
   */
  async since(customerId: string, from: string, keep: (run: ReportRun) => boolean): Promise<ReportRun[]> {
    const runs: ReportRun[] = [];
    let startKey: Record<string, unknown> | undefined;
    for (;;) {
      const page = await this.client.send(new QueryCommand({ ...reportRunsNewestFirst(this.tableName, customerId), Limit: 100, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
      const items = (page.Items ?? []).map(toReportRun);
      runs.push(...items.filter((run) => run.createdAt >= from && keep(run)));
      startKey = page.LastEvaluatedKey;
      if (startKey === undefined || items.some((run) => run.createdAt < from)) return runs;
    }
  }

  /** Moves a queued run to running; false when it is not queued any more (a redelivered message: built already or being built). */
  async claim(customerId: string, id: string, now: Date): Promise<boolean> {
    return this.transition(customerId, id, 'queued', { status: 'running', startedAt: now.toISOString(), progress: 0 });
  }

  /** The share of a running run done (0-1). */
  async progress(customerId: string, id: string, share: number): Promise<void> {
    await this.transition(customerId, id, 'running', { progress: Math.max(0, Math.min(1, share)) });
  }

  /** A built run: its file's facts, and its fingerprint for verify, in one transaction. */
  async ready(customerId: string, id: string, file: { key: string; name: string; size: number; sha256: string; expiresAt: string; finishedAt: string; emailed?: boolean }, fingerprint: ReportFingerprintItem): Promise<void> {
    const update = reportRun.update({ customerId, id })
      .set({ status: 'ready', progress: 1, fileKey: file.key, fileName: file.name, size: file.size, sha256: file.sha256, expiresAt: file.expiresAt, finishedAt: file.finishedAt, ...(file.emailed ? { emailed: true } : {}) })
      .where((attributes, { eq }) => eq(attributes.status, String('running')))
      .params<{ TableName: string }>({ table: this.tableName });
    await runTransaction(this.client, [{ item: { Update: update as never } }, plainPut(reportFingerprintPut(this.tableName, fingerprint))]);
  }

  /** A run that could not be built, with the reason in the product's words. */
  async fail(customerId: string, id: string, reason: string, now: Date): Promise<void> {
    for (const from of ['running', 'queued'] as const) {
      if (await this.transition(customerId, id, from, { status: 'failed', reason, finishedAt: now.toISOString() })) return;
    }
  }

  /** The fingerprint of a generated file, by its SHA-256. */
  async fingerprint(sha256: string): Promise<ReportFingerprintItem | undefined> {
    const { data } = await entityOn(reportFingerprint, this.client, this.tableName).get({ sha256 }).go({ data: 'raw' });
    return storedItem(data) as ReportFingerprintItem | undefined;
  }

  private async transition(customerId: string, id: string, from: RunStatus, set: Partial<Pick<ReportRunItem, 'status' | 'progress' | 'startedAt' | 'reason' | 'finishedAt'>>): Promise<boolean> {
    const params = reportRun.update({ customerId, id }).set(set).where((attributes, { eq }) => eq(attributes.status, String(from))).params({ table: this.tableName });
    try {
      await this.client.send(new UpdateCommand(params as ConstructorParameters<typeof UpdateCommand>[0]));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}

export const reportRunKeyOf = reportRunKey;
