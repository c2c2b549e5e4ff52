import { randomBytes } from 'node:crypto';
import { notFound as missing } from '@domain/core/errors';
import { REPORT_CATALOGUE, type ReportDefinition, type ReportId } from '@domain/reports/catalogue';
import { cellText, columnHeading, type CellReader } from '@domain/reports/cells';
import { rowCount, sectionChart, sectionRows } from '@domain/reports/content';
import { sectionLabel } from '@domain/reports/labels';
import { REPORT_MESSAGES } from '@domain/reports/messages';
import { REPORT_NAMES } from '@domain/reports/names';
import type { DateFormat } from '@domain/reports/parameters';
import { PREVIEW_PAGE_ROWS, type ReportPreview } from '@domain/reports/runs';
import { maySeeRun } from './run-visibility';
import type { Caller } from '../shared/caller';
import { s3Client } from '../shared/clients/s3';
import { requireFilesBucket } from '../shared/config';
import { logger } from '../shared/observability';
import { organisationSummaryOf } from '../data/organisations';
import { ReportRunStore } from '../data/repositories/report-runs';
import { contentTypeOf, S3ReportFiles } from './files';
import { checkPlaces } from './sources/scope';
import {
  assembleReport, assertMayRun, buildRun, checkedParameters, failureReason, INLINE_SENSOR_DAYS, isEmailed, readContextOf, readerOf, sensorDays, type RunnerDependencies,
} from './runner';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, forbidden, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { portalAuditRangeFrom, type PortalAuditEntry } from '@domain/reports/portal-audit';
import type { ReportPerson } from '@domain/reports/audit-changes';
import { portalAuditEntriesOf } from './sources/audit-reads';
import { userDisplayName } from '@domain/identity/security-groups';
import { organisationAuditNewestFirst, organisationAuditPartition, queryPage, reportRunPartition, toAuditEntry, type AuditEntry, ENTITY } from '../data';
import { readAccess } from '../data/access';
import { readAccountItems } from '../data/accounts';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { REPORT_ROUTES } from '@domain/api/reports';

const table = () => backendConfig().tableName;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A user's display name (userDisplayName: "First Last", or the email) from a stored record, if it holds either. */
function displayNameOf(record: Record<string, unknown>): string | undefined {
  const name = userDisplayName({ firstName: text(record['firstName']) ?? '', lastName: text(record['lastName']) ?? '', email: text(record['email']) ?? '' });
  return text(name);
}

/** The users' names the entries do not hold (a support action keeps only what it changed), in one batch get. */
async function userNames(client: DynamoDBDocumentClient, customerId: string, userIds: readonly string[]): Promise<ReportPerson[]> {
  const items = await readAccountItems(client, table(), customerId, userIds);
  return items.flatMap((item) => {
    const name = displayNameOf(item);
    return typeof item['accountId'] === 'string' && name !== undefined ? [{ accountId: item['accountId'], email: text(item['email']) ?? '', name }] : [];
  });
}

/** A page of the trail as the report sends it: nothing of the records but their readable changes, names and proxy sessions. */
async function portalAuditEntries(customerId: string, entries: readonly AuditEntry[]): Promise<PortalAuditEntry[]> {
  const client = dynamoDocumentClient();
  // Only the users whose entries hold no name are read (a page names few).
  const unnamed = entries.filter((entry) => entry.entityType === ENTITY.user && displayNameOf({ ...entry.before, ...entry.after }) === undefined).map((entry) => entry.entityId);
  return portalAuditEntriesOf(client, table(), customerId, entries, await userNames(client, customerId, unnamed));
}

const runs = () => new ReportRunStore(dynamoDocumentClient(), table());
const runnerDependencies = (): RunnerDependencies => ({
  client: dynamoDocumentClient(), tableName: table(), files: new S3ReportFiles(s3Client(), requireFilesBucket()), now: () => Date.now(), logger,
});
/** A presigned download lives this long: enough to start it, not to pass the link around. */
const DOWNLOAD_URL_SECONDS = 300;

/** A run id: the time first (ids sort by time, newest first read backwards), then randomness. */
const newRunId = (now: number): string => `${now.toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;

/** The caller's name as Report History shows it. */
function requesterName(caller: Caller, account: Record<string, unknown> | undefined): string {
  if (caller.proxy !== undefined) return caller.proxy.actor.email;
  return (account === undefined ? undefined : displayNameOf(account)) ?? caller.email;
}

async function visibleRun(caller: Caller, id: string): Promise<NonNullable<Awaited<ReturnType<ReportRunStore['find']>>>> {
  const stored = await runs().find(caller.customerId, id);
  if (stored === undefined) throw missing(MESSAGES.notFound);
  const { scope } = await readAccess(caller, caller.customerId);
  if (!maySeeRun(caller, scope, stored.run)) throw missing(MESSAGES.notFound);
  return stored;
}

const siteIdsOf = (parameters: Record<string, unknown>): string[] => (Array.isArray(parameters['siteIds']) ? parameters['siteIds'].map(String) : []);

export const reportRoutes = defineRoutes('reports', [
  route(REPORT_ROUTES.getPortalAudit, {
    action: async ({ caller, request }) => {
      // The organisation is the verified caller's (under a proxy, the one acted for): no header chooses it.
      const customerId = caller.customerId;
      // The trail names every site's changes and users: only for whoever sees the whole organisation
      // (corporate access, or a helpdesk proxy), not an administrator of some locations nor a corporate view.
      if ((await readAccess(caller, customerId)).scope.kind !== 'all') throw forbidden(MESSAGES.portalAuditNeedsCorporateAccess);
      const range = portalAuditRangeFrom(request.query, new Date());
      const page = pageRequestFrom(request.query, { attribute: 'pk', value: organisationAuditPartition(customerId) });
      const params = organisationAuditNewestFirst(table(), customerId, range.from.toISOString(), range.to.toISOString());
      // A cursor of another range would make DynamoDB refuse the Query (a start key outside its bounds).
      const startSortKey = page.startKey?.['sk'];
      const values = params.ExpressionAttributeValues ?? {};
      if (typeof startSortKey === 'string' && (startSortKey < String(values[':from']) || startSortKey > String(values[':to']))) throw validationError(MESSAGES.invalidCursor);
      const { items, nextCursor } = await queryPage(dynamoDocumentClient(), params, page, toAuditEntry);
      return { statusCode: 200, body: { items: await portalAuditEntries(customerId, items), ...(nextCursor ? { nextCursor } : {}) } };
    },
  }),
  route(REPORT_ROUTES.postRun, {
    action: async ({ caller, body }) => {
      const customerId = caller.customerId;
      const deps = runnerDependencies();
      const parameters = checkedParameters(body.reportId, body.parameters);
      const reader = await readerOf(deps, caller, customerId, parameters);
      await assertMayRun(deps, caller, customerId, body.reportId, reader.access);
      const definition = REPORT_CATALOGUE[body.reportId] as ReportDefinition;
      const emailed = isEmailed(body.reportId, parameters);
      const inline = !emailed && (!definition.reads.includes('readings') || sensorDays(parameters) <= INLINE_SENSOR_DAYS);
      // The places are checked before anything is written: an unknown or unreachable id answers 404 at once.
      await checkPlaces(readContextOf(deps, caller, reader), parameters);
      const organisation = await organisationSummaryOf(deps.client, deps.tableName, customerId);
      const now = deps.now();
      const id = newRunId(now);
      const store = runs();
      const created = await store.create(caller, {
        customerId, id, reportId: body.reportId, format: body.format, pageSize: body.pageSize, parameters, language: reader.language, unit: reader.unit,
        ...(typeof parameters['dateFormat'] === 'string' ? { dateFormat: parameters['dateFormat'] } : {}),
        status: inline ? 'running' : 'queued', progress: 0,
        caller: { userId: caller.userId, email: caller.email, role: caller.role, customerId, accountId: caller.accountId, isPortalLogin: false, tokenId: 'report-run', ...(caller.proxy ? { proxy: caller.proxy } : {}) },
        requestedByName: requesterName(caller, reader.access.account as Record<string, unknown> | undefined),
        siteIds: siteIdsOf(parameters), organisationName: organisation.name ?? '', createdAt: new Date(now).toISOString(),
        ...(emailed ? { emailed: true } : {}),
        type: 'ReportRun',
      }, definition.audited ? { reportName: REPORT_NAMES[body.reportId].en } : undefined);
      if (!inline) return { statusCode: 202, body: created };
      const stored = await store.find(customerId, id);
      if (stored === undefined) throw missing(MESSAGES.notFound);
      try {
        await buildRun(deps, customerId, stored);
      } catch (error) {
        await store.fail(customerId, id, failureReason(error), new Date(deps.now()));
        throw error;
      }
      const ready = await store.find(customerId, id);
      return { statusCode: 201, body: ready?.run ?? created };
    },
  }),
  route(REPORT_ROUTES.postPreview, {
    action: async ({ caller, body }) => {
      const customerId = caller.customerId;
      // On screen: nothing is written, so no file store is needed.
      const deps = { client: dynamoDocumentClient(), tableName: table(), now: () => Date.now() };
      const reportId: ReportId = body.reportId;
      const parameters = checkedParameters(reportId, body.parameters);
      const reader = await readerOf(deps, caller, customerId, parameters);
      await assertMayRun(deps, caller, customerId, reportId, reader.access);
      const assembled = await assembleReport(deps, caller, customerId, reportId, parameters, reader);
      const cellReader: CellReader = {
        language: reader.language, unit: reader.unit, timeZone: assembled.timeZone,
        dateFormat: (typeof parameters['dateFormat'] === 'string' ? parameters['dateFormat'] : 'MM/DD/YYYY') as DateFormat,
      };
      const definition = REPORT_CATALOGUE[reportId] as ReportDefinition;
      const preview: ReportPreview = {
        title: REPORT_NAMES[reportId][reader.language],
        timeZone: assembled.timeZone,
        siteNames: [...assembled.siteNames],
        empty: rowCount(definition, assembled.figures) === 0,
        sections: definition.sections.map((section) => {
          const chart = section.chart === true ? sectionChart(assembled.figures, section) : undefined;
          const rows = section.chart === true ? [] : sectionRows(assembled.figures, section);
          const offset = body.section === section.id ? Math.min(body.offset, rows.length) : 0;
          return {
            id: section.id,
            title: sectionLabel(section.id, reader.language),
            ...(chart === undefined ? {} : { chart: { ...chart, unit: chart.unit === 'C' ? '°C' : chart.unit === 'F' ? '°F' : String(chart.unit), series: chart.series.map((series) => ({ name: series.name, points: [...series.points] })), limits: [...chart.limits] } }),
            columns: section.columns.map((column) => ({ id: column.id, label: columnHeading(column, cellReader), kind: column.kind })),
            rows: rows.slice(offset, offset + PREVIEW_PAGE_ROWS).map((row) => section.columns.map((column) => cellText(column.kind, row[column.id], cellReader, column.id))),
            offset,
            total: rows.length,
          };
        }),
      };
      return { statusCode: 200, body: preview };
    },
  }),
  route(REPORT_ROUTES.listRuns, {
    action: async ({ caller, request }) => {
      const { scope } = await readAccess(caller, caller.customerId);
      const page = pageRequestFrom(request.query, { attribute: 'pk', value: reportRunPartition(caller.customerId) });
      const { items, nextCursor } = await runs().page(caller.customerId, page, (run) => maySeeRun(caller, scope, run));
      return { statusCode: 200, body: { items, ...(nextCursor ? { nextCursor } : {}) } };
    },
  }),
  route(REPORT_ROUTES.getRun, {
    action: async ({ caller, params }) => ({ statusCode: 200, body: (await visibleRun(caller, params.id)).run }),
  }),
  route(REPORT_ROUTES.getRunDownload, {
    action: async ({ caller, params }) => {
      const stored = await visibleRun(caller, params.id);
      const { run, fileKey } = stored;
      if (run.status !== 'ready' || fileKey === undefined || run.fileName === undefined) throw conflict(REPORT_MESSAGES.reportNotReady);
      if (run.expiresAt !== undefined && Date.parse(run.expiresAt) <= Date.now()) throw missing(REPORT_MESSAGES.reportFileExpired);
      const url = await new S3ReportFiles(s3Client(), requireFilesBucket()).downloadUrl(fileKey, run.fileName, contentTypeOf(run.fileName), DOWNLOAD_URL_SECONDS);
      return { statusCode: 200, body: { url, fileName: run.fileName, expiresInSeconds: DOWNLOAD_URL_SECONDS } };
    },
  }),
  route(REPORT_ROUTES.postVerify, {
    action: async ({ body }) => {
      const fingerprint = await runs().fingerprint(body.sha256);
      if (fingerprint === undefined) return { statusCode: 200, body: { verified: false } };
      return {
        statusCode: 200,
        body: {
          verified: true,
          report: {
            reportId: fingerprint.reportId as ReportId, reportName: REPORT_NAMES[fingerprint.reportId as ReportId]?.en ?? fingerprint.reportId,
            organisationName: fingerprint.organisationName, requestedBy: fingerprint.requestedByName, generatedAt: fingerprint.generatedAt,
            format: fingerprint.format === 'csv' ? 'csv' as const : 'pdf' as const, fileName: fingerprint.fileName,
          },
        },
      };
    },
  }),
]);
