import { Role } from '../identity/roles';
import { portalAuditEntrySchema } from '../reports/portal-audit';
import { reportDownloadSchema, reportPreviewRequestSchema, reportPreviewSchema, reportRunRequestSchema, reportRunSchema, reportVerifyRequestSchema, reportVerifySchema } from '../reports/runs';
import { ORGANISATION_READERS } from '../identity/roles';
import { contract } from './contract';

/**
 * The organisation's reports (SPEC section 2 "Reports"). The Portal Audit (issue 16 section 3:
 * the organisation's administrators see each proxy session, who, why, when, what was changed)
 * is the administrators' only: SPEC section 6 names no Portal Audit for a basic user, and the
 * trail holds every user's changes to the organisation.
 */
export const PORTAL_AUDIT_READERS: readonly Role[] = ['admin'];

/** The contracts of lambdas/reports/routes.ts (docs/adding-a-route.md). */
export const REPORT_ROUTES = {
  getPortalAudit: contract({
    method: 'GET', path: '/reports/portal-audit', roles: PORTAL_AUDIT_READERS, response: portalAuditEntrySchema, paginated: true, summary: "The organisation's Portal Audit between `from` and `to` (ISO dates; default the last 7 days, at most 31), newest first: who, when, what changed, and each proxy session (who acted, why, how)",
  }),
  postRun: contract({
    method: 'POST', path: '/reports/runs', roles: ORGANISATION_READERS, body: reportRunRequestSchema, response: reportRunSchema,
    summary: "Run a report of the catalogue as PDF or CSV (its parameters checked against its entry, its places against the caller's scope): a small one answers ready, a large one queued (then running, ready or failed); Report History keeps it with its SHA-256",
  }),
  postPreview: contract({
    method: 'POST', path: '/reports/preview', roles: ORGANISATION_READERS, body: reportPreviewRequestSchema, response: reportPreviewSchema, readsOnly: true,
    summary: "A report on screen in the caller's language: each section's title, headings and a page of rows (`section` and `offset` page one), the chart's series",
  }),
  listRuns: contract({
    method: 'GET', path: '/reports/runs', roles: ORGANISATION_READERS, response: reportRunSchema, paginated: true,
    summary: 'Report History: the runs the caller may see (their own, and those of the sites they reach), newest first',
  }),
  getRun: contract({
    method: 'GET', path: '/reports/runs/{id}', roles: ORGANISATION_READERS, response: reportRunSchema,
    summary: "A run's status and progress (queued, running, ready or failed with the reason)",
  }),
  getRunDownload: contract({
    method: 'GET', path: '/reports/runs/{id}/download', roles: ORGANISATION_READERS, response: reportDownloadSchema,
    summary: "A ready run's file, by a presigned URL valid for minutes (410 once the retention has passed)",
  }),
  postVerify: contract({
    method: 'POST', path: '/reports/verify', roles: 'public', body: reportVerifyRequestSchema, response: reportVerifySchema,
    summary: "Whether this portal produced a file, unmodified: its SHA-256 (the page hashes the file in the browser) against Report History; when it did, which report, for whom and when",
  }),
} as const;
