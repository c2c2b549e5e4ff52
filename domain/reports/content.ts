import type { TemperatureUnit } from '../alarms/alarm-profile';
import type { ReportDefinition, ReportSection } from './catalogue';

/**
 * What a builder hands the renderers (docs/adding-a-report.md "The builder"): one array of
 * rows per table section of its catalogue entry, under the section's id, and for a `chart`
 * section the chart's series. A row's fields are the section's column ids; cells are typed,
 * not yet written for a reader (temperatures as numbers in the reader's unit, instants as ISO
 * text, `date` as the site's YYYY-MM-DD, `duration` in minutes, `percent` 0-100, a gap null).
 */
export type ReportCell = string | number | boolean | null | undefined;
export type ReportRow = Readonly<Record<string, ReportCell>>;

/** A chart's figures: series of points with `null` gaps (never interpolated) and the limits, in the reader's unit (or dBm for signal). */
export interface ReportChart {
  /** The unit of the values: a temperature unit, or a label such as 'dBm'. */
  readonly unit: TemperatureUnit | string;
  readonly from: number;
  readonly to: number;
  /** `value` null is a gap: the line stops and starts again. */
  readonly series: readonly { name: string; points: readonly { time: number; value: number | null }[] }[];
  readonly limits: readonly { sensor: string; min: number | null; max: number | null }[];
}

/**
 * A builder's figures: its section ids to rows (and `chart` to a chart). Kept loose on purpose:
 * each builder has its own precise row types, and the renderers read a section by the
 * catalogue's column ids (`sectionRows`), so nothing here needs to know them.
 */
export type ReportFigures = object;

const isRow = (value: unknown): value is ReportRow => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows of a table section of the figures (none when the builder had none). */
export function sectionRows(figures: ReportFigures, section: ReportSection): readonly ReportRow[] {
  const value: unknown = (figures as Record<string, unknown>)[section.id];
  return Array.isArray(value) ? value.filter(isRow) : [];
}

/** The chart of a chart section, when the builder drew one with at least one series. */
export function sectionChart(figures: ReportFigures, section: ReportSection): ReportChart | undefined {
  const value = (figures as Record<string, unknown>)[section.id];
  if (typeof value !== 'object' || value === null || !('series' in value)) return undefined;
  const chart = value as ReportChart;
  return chart.series.length > 0 ? chart : undefined;
}

/** How many rows the figures hold in all (0: "No records found."). */
export function rowCount(definition: ReportDefinition, figures: ReportFigures): number {
  return definition.sections.reduce((total, section) => total + (section.chart ? 0 : sectionRows(figures, section).length), 0);
}
