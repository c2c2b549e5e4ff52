import type { ReportId } from '@domain/reports/catalogue';
import type { ReportSource } from './context';
import { temperatureLogSource } from './temperature-log';
import { reportHistorySource } from './report-history';
import { vaccineSource } from './vaccine';

/**
 * Each report's source (docs/adding-a-report.md): the reading half of a report, which checks
 * the parameters' places against the caller and hands its builder the records. The runner and
 * the preview take a report's source here, by its catalogue id.
 */
export const REPORT_SOURCES: { readonly [Id in ReportId]?: ReportSource<Id> } = {
  temperatureLog: temperatureLogSource,
  vaccine: vaccineSource,
  reportHistory: reportHistorySource,
};
