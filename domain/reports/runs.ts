import * as z from 'zod';
import { REPORT_IDS } from './catalogue';
import { MESSAGES } from '../core/messages';
import { REPORT_MESSAGES } from './messages';
import { COLUMN_KINDS } from './catalogue';

/**
 * A report run (issue 34 section 3): a PDF or CSV asked for, built at once when small or by the
 * report runner when large (queued → running with progress → ready or failed with the reason),
 * kept in the files bucket for the retention, and listed in Report History with its SHA-256.
 * The on-screen preview is not a run: it is built for the page and not kept.
 */
export const FILE_FORMATS = ['pdf', 'csv'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];
export const RUN_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const PDF_PAGE_SIZES = ['A4', 'LETTER'] as const;

/** The CDC's retention for temperature logs (issue 34 section 3): a file is kept 3 years by default. */
export const REPORT_RETENTION_DAYS = 3 * 365 + 1;
/** The on-screen preview's page of rows per section. */
export const PREVIEW_PAGE_ROWS = 100;

const reportIdField = z.enum(REPORT_IDS, { error: REPORT_MESSAGES.reportChoose });

/** The most parameters a report has (the catalogue's largest entry has 14); more is not a report's. */
const PARAMETERS_MAX = 30;
const PARAMETER_TEXT_MAX = 200;
/**
 * A report's parameters as the API takes them before its catalogue entry checks them: a small
 * map of names to texts, numbers, booleans or lists of ids (each bounded, so no input of any
 * size reaches the entry's schema).
 */
const parameterValue = z.union([
  z.string().max(PARAMETER_TEXT_MAX),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(PARAMETER_TEXT_MAX), z.number()])).max(1000),
]);
const parametersField = z
  .record(z.string().max(40), parameterValue)
  .refine((parameters) => Object.keys(parameters).length <= PARAMETERS_MAX, { error: MESSAGES.requestTooLarge })
  .meta({ maxProperties: PARAMETERS_MAX });

/** POST /reports/runs: which report, its parameters (checked against its catalogue entry), the file's format. */
export const reportRunRequestSchema = z.object({
  reportId: reportIdField,
  format: z.enum(FILE_FORMATS, { error: REPORT_MESSAGES.reportFormatInvalid }),
  parameters: parametersField,
  pageSize: z.enum(PDF_PAGE_SIZES).default('A4'),
});
export type ReportRunRequest = z.infer<typeof reportRunRequestSchema>;
/** A report's parameters as the API takes them (its entry's schema then checks them). */
export type ReportParametersInput = z.input<typeof parametersField>;

/** A run as Report History lists it. */
export const reportRunSchema = z.object({
  id: z.string(),
  reportId: reportIdField,
  format: z.enum(FILE_FORMATS),
  parameters: z.record(z.string(), z.unknown()),
  status: z.enum(RUN_STATUSES),
  /** 0-1 while running. */
  progress: z.number(),
  /** Why a run failed, in the product's words. */
  reason: z.string().optional(),
  requestedBy: z.object({ userId: z.string(), name: z.string() }),
  siteIds: z.array(z.string()),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
  fileName: z.string().optional(),
  size: z.number().optional(),
  /** The file's SHA-256 (hex): what POST /reports/verify checks a file against. */
  sha256: z.string().optional(),
  /** Until when the file is kept (then it is gone, and its entry says so). */
  expiresAt: z.string().optional(),
  /** Set when the run was emailed rather than answered (SPEC section 8: too large or over 7 days). */
  emailed: z.boolean().optional(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

/** GET /reports/runs/{id}/download: a presigned URL, short-lived. */
export const reportDownloadSchema = z.object({ url: z.string(), fileName: z.string(), expiresInSeconds: z.number() });

/** POST /reports/preview: the report on screen, one page of each section's rows written for the reader. */
export const reportPreviewRequestSchema = z.object({
  reportId: reportIdField,
  parameters: parametersField,
  /** The section to page (the others answer their first page), and the first row wanted. */
  section: z.string().max(40).optional(),
  offset: z.number().int().min(0).max(10_000_000).default(0),
});

const chartSchema = z.object({
  unit: z.string(),
  from: z.number(),
  to: z.number(),
  series: z.array(z.object({ name: z.string(), points: z.array(z.object({ time: z.number(), value: z.number().nullable() })) })),
  limits: z.array(z.object({ sensor: z.string(), min: z.number().nullable(), max: z.number().nullable() })),
});

export const reportPreviewSchema = z.object({
  title: z.string(),
  timeZone: z.string(),
  siteNames: z.array(z.string()),
  /** True when no section has a row ("No records found."). */
  empty: z.boolean(),
  sections: z.array(z.object({
    id: z.string(),
    title: z.string(),
    chart: chartSchema.optional(),
    columns: z.array(z.object({ id: z.string(), label: z.string(), kind: z.enum(COLUMN_KINDS) })),
    rows: z.array(z.array(z.string())),
    offset: z.number(),
    total: z.number(),
  })),
});
export type ReportPreview = z.infer<typeof reportPreviewSchema>;

/** POST /reports/verify: the file's SHA-256, computed where the file is (the browser hashes it; the file is never uploaded). */
export const reportVerifyRequestSchema = z.object({
  sha256: z.string().max(100).trim().toLowerCase().regex(/^[0-9a-f]{64}$/, { error: REPORT_MESSAGES.reportVerifyFileRequired }),
});
export const reportVerifySchema = z.object({
  verified: z.boolean(),
  /** What the portal knows of the file, when it produced it: what its header already says. */
  report: z.object({
    reportId: reportIdField,
    reportName: z.string(),
    organisationName: z.string(),
    requestedBy: z.string(),
    generatedAt: z.string(),
    format: z.enum(FILE_FORMATS),
    fileName: z.string(),
  }).optional(),
});
export type ReportVerification = z.infer<typeof reportVerifySchema>;
