import type { ReportLanguage } from './cells';
import { REPORT_NAMES } from './names';
import type { ReportRun } from './runs';

/**
 * The Report History report (issue 34 section 2.13): every run the reader may see whose request
 * falls in the range (site days of the report's zone, both included), newest first: when, who,
 * which report (its name in the reader's language), its parameters as one line, format, size,
 * the file's SHA-256 and the status.
 */
export interface ReportHistoryInput {
  readonly runs: readonly ReportRun[];
  /** The range as instants: [from, to). */
  readonly from: number;
  readonly to: number;
  readonly reportIds?: readonly string[] | undefined;
  readonly language: ReportLanguage;
}

export interface ReportHistoryRow {
  at: string; who: string; report: string; parameters: string; format: string; size: number | null; fingerprint: string | null; status: string;
}

/** The parameters as one readable line: `name=value` pairs, lists joined by commas. */
export function parametersText(parameters: Record<string, unknown>): string {
  return Object.entries(parameters)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(',') : String(value)}`)
    .join('; ');
}

export function buildReportHistory(input: ReportHistoryInput): { runs: ReportHistoryRow[] } {
  const wanted = input.reportIds === undefined || input.reportIds.length === 0 ? undefined : new Set(input.reportIds);
  const runs = input.runs
    .filter((run) => {
      const at = Date.parse(run.createdAt);
      return at >= input.from && at < input.to && (wanted === undefined || wanted.has(run.reportId));
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((run) => ({
      at: run.createdAt,
      who: run.requestedBy.name,
      report: REPORT_NAMES[run.reportId][input.language],
      parameters: parametersText(run.parameters),
      format: run.format.toUpperCase(),
      size: run.size ?? null,
      fingerprint: run.sha256 ?? null,
      status: run.status,
    }));
  return { runs };
}
