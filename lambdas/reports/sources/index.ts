import type { ReportId } from '@domain/reports/catalogue';
import { alertsByDaySource } from './alerts-by-day';
import { checklistPerformanceSource } from './checklist-performance';
import { checklistReportSource } from './checklist-report';
import type { ReportSource } from './context';
import { exceptionSummarySource } from './exception-summary';
import { portalAuditSource } from './portal-audit';
import { reportHistorySource } from './report-history';
import { sensorAuditSource } from './sensor-audit';
import { sensorDetailsSource } from './sensor-details';
import { sensorHealthSummarySource } from './sensor-health-summary';
import { sensorQaSource } from './sensor-qa';
import { sensorSignalSource } from './sensor-signal';
import { temperatureLogSource } from './temperature-log';
import { vaccineSource } from './vaccine';

/**
 * Each report's source (docs/adding-a-report.md): the reading half of a report, which checks
 * the parameters' places against the caller and hands its builder the records. The runner and
 * the preview take a report's source here, by its catalogue id.
 */
export const REPORT_SOURCES: { readonly [Id in ReportId]: ReportSource<Id> } = {
  alertsByDay: alertsByDaySource,
  checklistPerformance: checklistPerformanceSource,
  checklistReport: checklistReportSource,
  exceptionSummary: exceptionSummarySource,
  portalAudit: portalAuditSource,
  reportHistory: reportHistorySource,
  sensorAudit: sensorAuditSource,
  sensorDetails: sensorDetailsSource,
  sensorHealthSummary: sensorHealthSummarySource,
  sensorQa: sensorQaSource,
  sensorSignal: sensorSignalSource,
  temperatureLog: temperatureLogSource,
  vaccine: vaccineSource,
};
