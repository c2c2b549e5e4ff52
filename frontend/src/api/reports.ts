import type { ReportId } from '@domain/reports/catalogue';
import type { FileFormat, ReportParametersInput, ReportPreview, ReportRun, ReportVerification } from '@domain/reports/runs';
import { PDF_PAGE_SIZES } from '@domain/reports/runs';
import { REPORT_ROUTES } from '@domain/api/reports';
import { call, pages } from './client';
import { fetchAllPages, usePagedList, type PagedList } from './pagedList';

export type PdfPageSize = (typeof PDF_PAGE_SIZES)[number];

/** POST /reports/preview: the report on screen; `section` and `offset` page one section, the others answer their first page. */
export function previewReport(reportId: ReportId, parameters: Record<string, unknown>, page?: { section: string; offset: number }): Promise<ReportPreview> {
  return call(REPORT_ROUTES.postPreview, { body: { reportId, parameters: parameters as ReportParametersInput, ...(page === undefined ? {} : { section: page.section, offset: page.offset }) } });
}

/** POST /reports/runs: a file asked for; ready at once when small, queued when large, or emailed. */
export function runReport(reportId: ReportId, format: FileFormat, parameters: Record<string, unknown>, pageSize: PdfPageSize): Promise<ReportRun> {
  return call(REPORT_ROUTES.postRun, { body: { reportId, format, parameters: parameters as ReportParametersInput, pageSize } });
}

/** GET /reports/runs/{id}: a run's status and progress. */
export function getReportRun(id: string): Promise<ReportRun> {
  return call(REPORT_ROUTES.getRun, { params: { id } });
}

/** GET /reports/runs/{id}/download: the ready file's short-lived address. */
export function reportDownload(id: string): Promise<{ url: string; fileName: string }> {
  return call(REPORT_ROUTES.getRunDownload, { params: { id } });
}

export const REPORT_RUNS_KEY = 'reports/runs';

/** Report History: the runs the user may see, newest first, the first page shown while the rest load. */
export function useReportRuns(): PagedList<ReportRun> {
  return usePagedList(REPORT_RUNS_KEY, (onPage) => fetchAllPages(pages(REPORT_ROUTES.listRuns), onPage));
}

/** POST /reports/verify (public): whether the portal produced the file of this SHA-256, unmodified. */
export function verifyReport(sha256: string): Promise<ReportVerification> {
  return call(REPORT_ROUTES.postVerify, { body: { sha256 } });
}
