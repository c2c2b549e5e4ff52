import { createHash } from 'node:crypto';
import { REPORT_CATALOGUE, type ReportDefinition, type ReportId, type ReportSection } from '@domain/reports/catalogue';
import { cellText, columnHeading, csvCell, dateText, dateTimeText, type CellReader, type ReportLanguage } from '@domain/reports/cells';
import { rowCount, sectionChart, sectionRows, type ReportFigures } from '@domain/reports/content';
import { columnLabel, sectionLabel } from '@domain/reports/labels';
import { REPORT_NAMES } from '@domain/reports/names';
import type { FileFormat } from '@domain/reports/runs';
import type { AssembledReport } from './sources/context';
import { csvBuffer, type CsvRow } from './render/csv';
import type { PageSize, PdfCell, PdfSection } from './render/pdf';
import { PDF_TEXTS } from './render/pdf-texts';

/**
 * A report's figures written as a file for its reader (issue 34 section 3): the PDF (header,
 * each table section with its headings, each chart, "Page X of Y", the data's fingerprint in the
 * footer) or the CSV (one table: the section, then every column of the report's table sections,
 * so the file stays one rectangle a spreadsheet filters by section; numbers stay numbers). The
 * file's own SHA-256 is taken of the bytes written, which is what Report History keeps and
 * POST /reports/verify checks; a file cannot print its own hash, so the footer prints the
 * SHA-256 of the report's data instead (docs/decisions/0086-report-fingerprints.md).
 */

export interface ReportFileRequest {
  readonly reportId: ReportId;
  readonly format: FileFormat;
  readonly pageSize: PageSize;
  readonly reader: CellReader;
  readonly organisationName: string;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly generatedAt: number;
  readonly runId: string;
}

export interface ReportFile {
  readonly bytes: Buffer;
  readonly fileName: string;
  readonly contentType: string;
  readonly sha256: string;
  readonly dataSha256: string;
}

/** A report's sections, typed as the shared definition's (the catalogue's literal types differ per report). */
const sectionsOf = (reportId: ReportId): readonly ReportSection[] => (REPORT_CATALOGUE[reportId] as ReportDefinition).sections;

const sha256Of = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** The report's name as a file name: letters, digits and dashes, then the range and the run. */
export function reportFileName(reportId: ReportId, language: ReportLanguage, request: Pick<ReportFileRequest, 'from' | 'to' | 'runId'>, format: FileFormat): string {
  const name = REPORT_NAMES[reportId][language].normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const range = request.from === undefined ? '' : `_${request.from}_${request.to ?? request.from}`;
  return `${name}${range}_${request.runId}.${format}`;
}

/** The report's period as its reader writes dates ("03/01/2026 – 03/31/2026"). */
export function rangeText(request: Pick<ReportFileRequest, 'from' | 'to' | 'reader'>): string {
  if (request.from === undefined) return '–';
  return `${dateText(request.from, request.reader.dateFormat)} – ${dateText(request.to ?? request.from, request.reader.dateFormat)}`;
}

/** The SHA-256 of the report's data (its figures and what it was asked), printed in the PDF's footer. */
export function dataFingerprint(reportId: ReportId, figures: ReportFigures, assembled: Pick<AssembledReport, 'timeZone' | 'siteNames'>): string {
  return sha256Of(JSON.stringify({ reportId, timeZone: assembled.timeZone, siteNames: assembled.siteNames, figures }));
}

function* csvRows(reportId: ReportId, figures: ReportFigures, reader: CellReader): Generator<CsvRow> {
  const tables = sectionsOf(reportId).filter((section) => section.chart !== true);
  const columns = uniqueColumns(tables);
  for (const section of tables) {
    const title = sectionLabel(section.id, reader.language);
    for (const row of sectionRows(figures, section)) {
      const kinds = new Map(section.columns.map((column) => [column.id, column.kind]));
      yield [title, ...columns.map((column) => (kinds.has(column.id) ? csvCell(column.kind, row[column.id], reader.timeZone, { columnId: column.id, language: reader.language }) : null))];
    }
  }
}

function uniqueColumns(sections: readonly ReportSection[]): ReportSection['columns'][number][] {
  const seen = new Map<string, ReportSection['columns'][number]>();
  for (const section of sections) for (const column of section.columns) if (!seen.has(column.id)) seen.set(column.id, column);
  return [...seen.values()];
}

/** The CSV's header: "Section", then each column's heading in the reader's language and unit. */
export function csvHeader(reportId: ReportId, reader: CellReader): string[] {
  const tables = sectionsOf(reportId).filter((section) => section.chart !== true);
  const section = { en: 'Section', fr: 'Section', es: 'Sección' }[reader.language];
  return [section, ...uniqueColumns(tables).map((column) => columnHeading(column, reader))];
}

/** Rows a column's width is judged on: enough to see what it holds, few enough to cost nothing. */
const WIDTH_SAMPLE_ROWS = 200;

/**
 * A column's share of the page's width: by the longer of its heading (which may break in two)
 * and its longest cell among the first rows, so a sensor's name or a corrective action gets
 * room and a number column little.
 */
function columnWeight(heading: string, rows: readonly (readonly PdfCell[])[], index: number): number {
  let longest = Math.ceil(heading.length * 0.6);
  for (const row of rows.slice(0, WIDTH_SAMPLE_ROWS)) {
    const cell = row[index];
    // An image takes a thumbnail's width at least.
    longest = Math.max(longest, typeof cell === 'string' ? cell.length : cell === undefined ? 0 : 14);
  }
  return Math.min(2.5, Math.max(0.9, longest / 10));
}

/** The PDF's sections: each chart (when the image preference is not none) and each table, cells written for the reader. */
/** Rows holding a photo or signature are this tall in the PDF, by the image preference. */
export const IMAGE_ROW_HEIGHTS = { thumbnail: 40, enlarged: 140 } as const;

export interface PdfImages {
  /** The images by the reference their cells hold (report-images.ts). */
  readonly byReference: ReadonlyMap<string, Buffer>;
  readonly size: keyof typeof IMAGE_ROW_HEIGHTS;
}

export function pdfSections(reportId: ReportId, figures: ReportFigures, reader: CellReader, drawCharts: boolean, images?: PdfImages): PdfSection[] {
  const sections: PdfSection[] = [];
  for (const section of sectionsOf(reportId)) {
    if (section.chart === true) {
      const chart = sectionChart(figures, section);
      if (chart === undefined || !drawCharts) continue;
      const unit = chart.unit === 'C' ? '°C' : chart.unit === 'F' ? '°F' : chart.unit;
      sections.push({
        kind: 'chart', title: sectionLabel(section.id, reader.language), unit, from: chart.from, to: chart.to, series: chart.series,
        limits: chart.limits.flatMap((limit) => [
          ...(limit.min === null ? [] : [{ value: limit.min, label: `${limit.sensor} ${columnLabel('min', reader.language)}` }]),
          ...(limit.max === null ? [] : [{ value: limit.max, label: `${limit.sensor} ${columnLabel('max', reader.language)}` }]),
        ]),
        timeLabel: (time) => dateTimeText(time, reader),
      });
      continue;
    }
    const rows = sectionRows(figures, section).map((row) => section.columns.map((column): PdfCell => {
      const value = row[column.id];
      const image = typeof value === 'string' && (column.kind === 'image' || column.kind === 'signature') ? images?.byReference.get(value) : undefined;
      return image === undefined ? cellText(column.kind, value, reader, column.id) : { image };
    }));
    const headings = section.columns.map((column) => columnHeading(column, reader));
    sections.push({
      kind: 'table',
      title: sectionLabel(section.id, reader.language),
      columns: section.columns.map((column, index) => ({
        label: headings[index] ?? column.id,
        weight: columnWeight(headings[index] ?? '', rows, index),
        ...(['number', 'temperature', 'duration', 'percent'].includes(column.kind) ? { align: 'right' as const } : {}),
      })),
      rows,
      ...(images === undefined ? {} : { imageHeight: IMAGE_ROW_HEIGHTS[images.size] }),
    });
  }
  return sections;
}

/** Writes the report's file. */
export async function writeReportFile(request: ReportFileRequest, assembled: AssembledReport, options: { drawCharts: boolean; images?: PdfImages }): Promise<ReportFile> {
  const { reportId, reader } = request;
  const dataSha256 = dataFingerprint(reportId, assembled.figures, assembled);
  const fileName = reportFileName(reportId, reader.language, request, request.format);
  if (request.format === 'csv') {
    const bytes = await csvBuffer(csvRows(reportId, assembled.figures, reader), csvHeader(reportId, reader));
    return { bytes, fileName, contentType: 'text/csv; charset=utf-8', sha256: sha256Of(bytes), dataSha256 };
  }
  const texts = PDF_TEXTS[reader.language];
  const empty = rowCount(REPORT_CATALOGUE[reportId] as ReportDefinition, assembled.figures) === 0;
  const sections = pdfSections(reportId, assembled.figures, reader, options.drawCharts, options.images);
  // pdfkit and its fonts are evaluated when a PDF is first written, not at every cold start of the reports' function.
  const { pdfBuffer } = await import('./render/pdf');
  const bytes = await pdfBuffer({
    language: reader.language,
    pageSize: request.pageSize,
    title: REPORT_NAMES[reportId][reader.language],
    organisation: request.organisationName,
    site: assembled.siteNames.join(', ') || '–',
    timeZone: assembled.timeZone,
    range: rangeText(request),
    generatedAt: dateTimeText(request.generatedAt, reader),
    fingerprint: `${dataSha256} (${request.runId})`,
    sections: empty ? [{ kind: 'table', columns: [{ label: '' }], rows: [[texts.noRecords]] }] : sections,
  });
  return { bytes, fileName, contentType: 'application/pdf', sha256: sha256Of(bytes), dataSha256 };
}
