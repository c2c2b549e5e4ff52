import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DomainError, notFound, forbidden } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { TemperatureUnit } from '@domain/alarms/alarm-profile';
import { REPORT_CATALOGUE, parseReportParameters, type ReportDefinition, type ReportId } from '@domain/reports/catalogue';
import type { CellReader, ReportLanguage } from '@domain/reports/cells';
import { isEmailedRange, type DateFormat } from '@domain/reports/parameters';
import { REPORT_RETENTION_DAYS, type FileFormat } from '@domain/reports/runs';
import { hasModule } from '@domain/organisation/modules';
import { validationError } from '@domain/core/errors';
import { readAccess, type Access } from '../data/access';
import { organisationModulesOf } from '../data/organisations';
import { ReportRunStore, type StoredReportRun } from '../data/repositories/report-runs';
import type { Caller } from '../shared/caller';
import type { Logger } from '../shared/observability';
import { describeError } from '../shared/observability';
import { contentTypeOf, reportFileKey, type ReportFiles } from './files';
import { rangeText, writeReportFile, type PdfImages, type ReportFile } from './report-file';
import { imageReferences, readReportImages } from './report-images';
import { portalUrl, REPORT_HISTORY_PATH, type ReportMailer } from './ready-email';
import { reportReadyEmail } from '@domain/reports/email-texts';
import { REPORT_NAMES } from '@domain/reports/names';
import type { AssembledReport, ReportReadContext } from './sources/context';
import { REPORT_SOURCES } from './sources';

/**
 * The report runner (issue 34 section 3; ARCHITECTURE.md "Reports, schedules and audits"): a
 * run's figures read by its source, written as its file, kept in the files bucket and recorded
 * ready with the file's SHA-256 and fingerprint. The same code builds a small run at once (the
 * route) and a queued one (the runner's function on AWS, fed by the report queue; the local
 * runner locally). The caller's access is read again when the run starts.
 */

export interface RunnerDependencies {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly files: ReportFiles;
  readonly now: () => number;
  readonly logger: Logger;
  /** Sends the "your report is ready" email of an emailed run (SPEC section 8). */
  readonly mail?: ReportMailer;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Progress is written at most this often (each write is a table write). */
const PROGRESS_INTERVAL_MS = 2000;
/** Sensor-days a run may read at once, within the API's time; more are queued for the runner. */
export const INLINE_SENSOR_DAYS = 62;

const definitionOf = (reportId: ReportId): ReportDefinition => REPORT_CATALOGUE[reportId];

/** The reader of a run: the caller's account's language and unit unless the parameters choose. */
export interface RunReader {
  readonly access: Access;
  readonly language: ReportLanguage;
  readonly unit: TemperatureUnit;
}

export async function readerOf(deps: Pick<RunnerDependencies, 'client' | 'tableName'>, caller: Caller, customerId: string, parameters: Record<string, unknown>): Promise<RunReader> {
  const access = await readAccess(caller, customerId, { client: deps.client, tableName: deps.tableName });
  const language = (access.account?.lang ?? 'en') as ReportLanguage;
  const chosen = parameters['unit'];
  const unit: TemperatureUnit = chosen === 'C' || chosen === 'F' ? chosen : access.account?.uom ?? 'C';
  return { access, language, unit };
}

/**
 * Who may run the report (issue 34 section 3, the catalogue's `access`): its roles (a proxy acts
 * as the organisation's administrator), corporate access for the organisation-wide reports, the
 * HACCP module and the user's HACCP access for the checklist reports.
 */
export async function assertMayRun(deps: Pick<RunnerDependencies, 'client' | 'tableName'>, caller: Caller, customerId: string, reportId: ReportId, access: Access): Promise<void> {
  const definition = definitionOf(reportId);
  if (!definition.access.roles.includes(caller.role)) throw forbidden();
  if (definition.access.corporateAccess && access.scope.kind !== 'all') throw forbidden(MESSAGES.portalAuditNeedsCorporateAccess);
  if (definition.access.haccp) {
    const modules = await organisationModulesOf(deps.client, deps.tableName, customerId);
    if (!hasModule(modules, 'haccp')) throw forbidden(MESSAGES.moduleNotEnabled);
    if (caller.proxy === undefined && caller.role !== 'admin' && access.account?.isHaccpAvailable !== true) throw forbidden();
  }
}

/** The parameters checked against the report's entry (400 with the first message). */
export function checkedParameters(reportId: ReportId, input: unknown): Record<string, unknown> {
  const parsed = parseReportParameters(reportId, input);
  if (!parsed.ok) {
    const field = parsed.path.map(String).join('.') || 'parameters';
    throw validationError(parsed.message, { [field]: parsed.message });
  }
  return parsed.parameters as Record<string, unknown>;
}

/** How many sensor-days (or site-days) a run reads: what decides whether it is built at once. */
export function sensorDays(parameters: Record<string, unknown>): number {
  const from = typeof parameters['from'] === 'string' ? Date.parse(parameters['from']) : NaN;
  const to = typeof parameters['to'] === 'string' ? Date.parse(parameters['to']) : NaN;
  const days = Number.isFinite(from) && Number.isFinite(to) ? Math.round((to - from) / DAY_MS) + 1 : 1;
  const places = Array.isArray(parameters['sensorIds']) ? parameters['sensorIds'].length : Array.isArray(parameters['siteIds']) ? parameters['siteIds'].length : 1;
  return days * places;
}

/** Whether the run is emailed rather than answered (the Checklist Report over 7 days, SPEC section 8). */
export function isEmailed(reportId: ReportId, parameters: Record<string, unknown>): boolean {
  const limit = definitionOf(reportId).rangeLimit;
  return limit.kind === 'emailed' && typeof parameters['from'] === 'string' && typeof parameters['to'] === 'string' && isEmailedRange(parameters['from'], parameters['to'], limit);
}

/** What a source is given to read for the caller. */
export function readContextOf(
  deps: Pick<RunnerDependencies, 'client' | 'tableName' | 'now'>,
  caller: Caller,
  reader: RunReader,
  customerId: string = caller.customerId,
  progress: (share: number) => Promise<void> = async () => {},
): ReportReadContext {
  return {
    client: deps.client, tableName: deps.tableName, customerId, caller, scope: reader.access.scope,
    language: reader.language, unit: reader.unit, now: deps.now(), progress,
  };
}

/** A report's figures, read by its source for the caller. */
export async function assembleReport(
  deps: Pick<RunnerDependencies, 'client' | 'tableName' | 'now'>,
  caller: Caller,
  customerId: string,
  reportId: ReportId,
  parameters: Record<string, unknown>,
  reader: RunReader,
  progress: (share: number) => Promise<void> = async () => {},
): Promise<AssembledReport> {
  const source = REPORT_SOURCES[reportId] as ((context: ReportReadContext, parameters: unknown) => Promise<AssembledReport>) | undefined;
  if (source === undefined) throw notFound(MESSAGES.notFound);
  return source(readContextOf(deps, caller, reader, customerId, progress), parameters);
}

/** Builds a run that is running: reads, writes the file, keeps it, records it ready. */
export async function buildRun(deps: RunnerDependencies, customerId: string, stored: StoredReportRun): Promise<ReportFile> {
  const { run, caller } = stored;
  const store = new ReportRunStore(deps.client, deps.tableName);
  const reader = await readerOf(deps, caller, customerId, run.parameters);
  await assertMayRun(deps, caller, customerId, run.reportId, reader.access);
  let lastProgress = 0;
  const progress = async (share: number) => {
    if (deps.now() - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = deps.now();
    await store.progress(customerId, run.id, share * 0.9);
  };
  const assembled = await assembleReport(deps, caller, customerId, run.reportId, run.parameters, { ...reader, language: stored.language as ReportLanguage, unit: stored.unit as TemperatureUnit }, progress);
  const generatedAt = deps.now();
  const cellReader: CellReader = {
    language: stored.language as ReportLanguage, unit: stored.unit as TemperatureUnit, timeZone: assembled.timeZone,
    dateFormat: (typeof run.parameters['dateFormat'] === 'string' ? run.parameters['dateFormat'] : 'MM/DD/YYYY') as DateFormat,
  };
  const from = typeof run.parameters['from'] === 'string' ? run.parameters['from'] : undefined;
  const to = typeof run.parameters['to'] === 'string' ? run.parameters['to'] : undefined;
  const imagePreference = run.parameters['imagePreference'];
  // Photos and signatures are drawn in the PDF only, at the image preference's size.
  const imageSize = run.format === 'pdf' && (imagePreference === 'thumbnail' || imagePreference === 'enlarged') ? imagePreference : undefined;
  const references = imageSize === undefined ? [] : imageReferences(run.reportId, assembled.figures);
  const images: PdfImages | undefined = imageSize === undefined || references.length === 0
    ? undefined
    : { byReference: await readReportImages(deps.client, deps.tableName, customerId, references), size: imageSize };
  const file = await writeReportFile({
    reportId: run.reportId, format: run.format as FileFormat, pageSize: stored.pageSize === 'LETTER' ? 'LETTER' : 'A4', reader: cellReader,
    organisationName: stored.organisationName, from, to, generatedAt, runId: run.id,
  }, assembled, { drawCharts: imagePreference !== 'none', ...(images === undefined ? {} : { images }) });
  const key = reportFileKey(customerId, run.id, file.fileName);
  await deps.files.put(key, file.bytes, contentTypeOf(file.fileName));
  const finishedAt = new Date(deps.now()).toISOString();
  await store.ready(customerId, run.id, {
    key, name: file.fileName, size: file.bytes.length, sha256: file.sha256, finishedAt,
    expiresAt: new Date(generatedAt + REPORT_RETENTION_DAYS * DAY_MS).toISOString(),
    ...(run.emailed === true ? { emailed: true } : {}),
  }, {
    sha256: file.sha256, customerId, runId: run.id, reportId: run.reportId, organisationName: stored.organisationName,
    requestedByName: run.requestedBy.name, generatedAt: new Date(generatedAt).toISOString(), format: run.format, fileName: file.fileName,
  });
  if (run.emailed === true && deps.mail !== undefined) {
    // The run is ready whether or not the email goes: Report History has it either way.
    const message = reportReadyEmail(cellReader.language, {
      report: REPORT_NAMES[run.reportId][cellReader.language], range: rangeText({ from, to, reader: cellReader }), link: `${portalUrl()}${REPORT_HISTORY_PATH}`, sha256: file.sha256,
    });
    await deps.mail(caller.proxy?.actor.email ?? caller.email, message).catch((error: unknown) => {
      deps.logger.error('report ready email could not be sent', { customerId, runId: run.id, ...describeError(error) });
    });
  }
  return file;
}

/** The reason a run failed, in the product's words (a refusal's own message; anything else the generic one). */
export const failureReason = (error: unknown): string => (error instanceof DomainError ? error.message : MESSAGES.genericError);

/**
 * A queued run, as the report queue hands it over: claimed (a run already claimed, by a
 * redelivery or the route, is left alone), built, or failed with its reason.
 */
export async function runQueuedReport(deps: RunnerDependencies, customerId: string, runId: string): Promise<void> {
  const store = new ReportRunStore(deps.client, deps.tableName);
  if (!(await store.claim(customerId, runId, new Date(deps.now())))) return;
  const stored = await store.find(customerId, runId);
  if (stored === undefined) return;
  try {
    await buildRun(deps, customerId, stored);
  } catch (error) {
    deps.logger.error('report run failed', { customerId, runId, reportId: stored.run.reportId, ...describeError(error) });
    await store.fail(customerId, runId, failureReason(error), new Date(deps.now()));
  }
}
