import type { ReportId } from '@domain/reports/catalogue';

/** The Reports screens' addresses (app/routes.tsx serves them). */
export const REPORTS_PATH = '/app/reports';
export const REPORT_HISTORY_PATH = '/app/reports/history';
/** The Portal Audit's screen of before (on screen only), kept beside its catalogue form. */
export const PORTAL_AUDIT_SCREEN_PATH = '/app/reports/portal-audit';
/** Public: a signed-out visitor checks a file too. */
export const VERIFY_PATH = '/verify';

export function reportPath(id: ReportId): string {
  return `${REPORTS_PATH}/${id}`;
}
