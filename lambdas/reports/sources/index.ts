import type { ReportId } from '@domain/reports/catalogue';
import { alertsByDaySource } from './alerts-by-day';
import { checklistPerformanceSource } from './checklist-performance';
import { checklistReportSource } from './checklist-report';
import type { ReportSource } from './context';
import { exceptionSummarySource } from './exception-summary';

/**
 * Each report's source (docs/adding-a-report.md): the reading half of a report, which checks
 * the parameters' places against the caller and hands its builder the records. The runner and
 * the preview take a report's source here, by its catalogue id.
 */
export const REPORT_SOURCES: { readonly [Id in ReportId]?: ReportSource<Id> } = {
  alertsByDay: alertsByDaySource,
  exceptionSummary: exceptionSummarySource,
  checklistPerformance: checklistPerformanceSource,
  checklistReport: checklistReportSource,
};
