import type { ReportId } from '@domain/reports/catalogue';
import type { ReportSource } from './context';
import { sensorHealthSummarySource } from './sensor-health-summary';
import { sensorQaSource } from './sensor-qa';
import { sensorSignalSource } from './sensor-signal';

/**
 * Each report's source (docs/adding-a-report.md): the reading half of a report, which checks
 * the parameters' places against the caller and hands its builder the records. The runner and
 * the preview take a report's source here, by its catalogue id.
 */
export const REPORT_SOURCES: { readonly [Id in ReportId]?: ReportSource<Id> } = {
  sensorHealthSummary: sensorHealthSummarySource,
  sensorSignal: sensorSignalSource,
  sensorQa: sensorQaSource,
};
