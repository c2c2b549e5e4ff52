import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import robotoFonts from 'pdfmake/build/vfs_fonts.js';
import { PDF_TEXTS, pageLabel, type PdfLanguage } from './pdf-texts';

/**
 * A report as PDF (issue 34 section 3; docs/decisions/0085-pdf-library.md): pdfkit, drawing
 * each page itself, with Roboto embedded from pdfmake's font module (base64 in a JS module, so
 * the esbuild bundle carries it with no loader and no file read: no standard font is ever
 * loaded, the fault both libraries have once bundled). Every page has the header (organisation,
 * site, time zone, range, generation time) and the footer ("Page X of Y" in the report's
 * language, and the fingerprint line). Tables break across pages with their header row
 * repeated; a row is one line (a longer cell ends with "…"), so the page count is known from a
 * first pass that only counts, and pages stream out as they are drawn. Charts are vector lines;
 * a missing value is a gap, never interpolated. A4 or Letter.
 */

export const PAGE_SIZES = { A4: [595.28, 841.89], LETTER: [612, 792] } as const;
export type PageSize = keyof typeof PAGE_SIZES;

export interface PdfColumn {
  label: string;
  /** Relative width (the columns share the page's width by these weights); 1 if not given. */
  weight?: number;
  align?: 'left' | 'right';
}

/** A photo or a signature in a cell (PNG or JPEG bytes), drawn to fit the row's image height. */
export interface PdfImageCell {
  image: Buffer;
}
export type PdfCell = string | PdfImageCell;

export interface PdfTable {
  kind: 'table';
  title?: string;
  columns: readonly PdfColumn[];
  /** Cells already written in the reader's language and unit (the builder formats them), or images. */
  rows: readonly (readonly PdfCell[])[];
  /** How tall a row holding an image is (the image preference: thumbnail or enlarged); rows of text stay one line. */
  imageHeight?: number;
}

export interface PdfChartSeries {
  name: string;
  /** `value` null is a gap (no reading): the line stops and starts again. */
  points: readonly { time: number; value: number | null }[];
}

export interface PdfChart {
  kind: 'chart';
  title?: string;
  /** The unit shown beside the values (°C, °F, dBm). */
  unit: string;
  from: number;
  to: number;
  series: readonly PdfChartSeries[];
  /** Dashed lines across the chart (an alarm profile's limits). */
  limits?: readonly { value: number; label: string }[];
  /** A time axis label in the site's zone, for the ticks (the builder knows the zone and language). */
  timeLabel: (time: number) => string;
}

export type PdfSection = PdfTable | PdfChart;

export interface PdfReport {
  language: PdfLanguage;
  pageSize: PageSize;
  title: string;
  /** Already written for the reader: the range as dates, the generation time in the site's zone. */
  organisation: string;
  site: string;
  timeZone: string;
  range: string;
  generatedAt: string;
  /** The footer's fingerprint line (the run's SHA-256 as Report History keeps it); the line is left blank without it. */
  fingerprint?: string;
  sections: readonly PdfSection[];
}

const MARGIN = 40;
const CONTENT_TOP = 72;
const FOOTER_SPACE = 52;
const TITLE_HEIGHT = 26;
const SECTION_TITLE_HEIGHT = 20;
const ROW_HEIGHT = 13;
const TABLE_FONT_SIZE = 8;
const CHART_HEIGHT = 230;
const SERIES_COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

const REGULAR = 'Roboto';
const BOLD = 'Roboto-Medium';
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
function fonts(): { regular: Buffer; bold: Buffer } {
  fontBytes ??= {
    regular: Buffer.from(fontFile('Roboto-Regular.ttf'), 'base64'),
    bold: Buffer.from(fontFile('Roboto-Medium.ttf'), 'base64'),
  };
  return fontBytes;
}
function fontFile(name: string): string {
  const base64 = robotoFonts[name];
  if (base64 === undefined) throw new Error(`pdfmake's fonts have no ${name}`);
  return base64;
}

/** The report's PDF as a stream of bytes (a pdfkit document: pages are written as they are drawn). */
export function pdfStream(report: PdfReport): Readable {
  const [width, height] = PAGE_SIZES[report.pageSize];
  const pages = layOut(report, height, undefined);
  const doc = new PDFDocument({
    size: [width, height],
    // The renderer places everything itself: no automatic page break under a margin.
    margins: { top: 0, bottom: 0, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    // '' loads no default font (pdfkit's default, Helvetica, is a file a bundle does not carry).
    font: '',
    lang: report.language,
    info: { Title: report.title, Creator: 'Cold-chain portal' },
  });
  doc.registerFont(REGULAR, fonts().regular);
  doc.registerFont(BOLD, fonts().bold);
  layOut(report, height, { doc, width, pages });
  doc.end();
  return doc;
}

/** The whole PDF at once (tests, small reports answered on the spot). */
export async function pdfBuffer(report: PdfReport): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of pdfStream(report)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Canvas {
  doc: PDFKit.PDFDocument;
  width: number;
  pages: number;
}

/**
 * Walks the report page by page: with no canvas it only counts the pages; with one it draws
 * them. Both walks take the same decisions, so the count the footer prints is the count drawn.
 */
function layOut(report: PdfReport, pageHeight: number, canvas: Canvas | undefined): number {
  const bottom = pageHeight - FOOTER_SPACE;
  let page = 0;
  let y = CONTENT_TOP;
  const newPage = () => {
    page += 1;
    y = CONTENT_TOP;
    if (canvas) drawPageFrame(canvas, report, page, pageHeight);
  };
  /** Starts a new page unless `height` still fits; says whether it did. */
  const ensure = (height: number): boolean => {
    if (y + height <= bottom) return false;
    newPage();
    return true;
  };

  newPage();
  if (canvas) canvas.doc.font(BOLD).fontSize(15).fillColor('#000').text(report.title, MARGIN, y, { lineBreak: false });
  y += TITLE_HEIGHT;

  for (const section of report.sections) {
    const titleHeight = section.title === undefined ? 0 : SECTION_TITLE_HEIGHT;
    if (section.kind === 'chart') {
      ensure(titleHeight + CHART_HEIGHT);
      if (canvas && section.title !== undefined) drawSectionTitle(canvas, section.title, y);
      y += titleHeight;
      if (canvas) drawChart(canvas, section, y, report.language);
      y += CHART_HEIGHT + 8;
      continue;
    }
    // A table's title stays with its header row and first row.
    ensure(titleHeight + 2 * ROW_HEIGHT);
    if (canvas && section.title !== undefined) drawSectionTitle(canvas, section.title, y);
    y += titleHeight;
    const columns = canvas ? columnPlaces(section.columns, canvas.width) : [];
    if (canvas) drawRow(canvas, columns, section.columns.map((column) => column.label), y, true);
    y += ROW_HEIGHT;
    const rows: readonly (readonly PdfCell[])[] = section.rows.length === 0 ? [[PDF_TEXTS[report.language].noRecords]] : section.rows;
    for (const row of rows) {
      const height = row.some((cell) => typeof cell !== 'string') ? Math.max(ROW_HEIGHT, section.imageHeight ?? ROW_HEIGHT) : ROW_HEIGHT;
      if (ensure(height)) {
        // The header row again at the top of each page the table runs onto.
        if (canvas) drawRow(canvas, columns, section.columns.map((column) => column.label), y, true);
        y += ROW_HEIGHT;
      }
      if (canvas) drawRow(canvas, section.rows.length === 0 ? [{ x: MARGIN, width: canvas.width - 2 * MARGIN, align: 'left' }] : columns, row, y, false, height);
      y += height;
    }
    y += 10;
  }
  return page;
}

function drawPageFrame({ doc, width, pages }: Canvas, report: PdfReport, page: number, pageHeight: number): void {
  const texts = PDF_TEXTS[report.language];
  const inner = width - 2 * MARGIN;
  doc.addPage();
  doc.font(BOLD).fontSize(8).fillColor('#000');
  doc.text(`${texts.organisation}: ${report.organisation}   ${texts.site}: ${report.site}`, MARGIN, 26, { width: inner, lineBreak: false });
  doc.font(REGULAR).fillColor('#333');
  doc.text(`${texts.timeZone}: ${report.timeZone}   ${texts.range}: ${report.range}   ${texts.generatedAt}: ${report.generatedAt}`, MARGIN, 38, { width: inner, lineBreak: false });
  doc.moveTo(MARGIN, 52).lineTo(width - MARGIN, 52).lineWidth(0.5).strokeColor('#999').stroke();
  doc.moveTo(MARGIN, pageHeight - 44).lineTo(width - MARGIN, pageHeight - 44).lineWidth(0.5).strokeColor('#999').stroke();
  doc.fillColor('#333').fontSize(7);
  doc.text(`${texts.fingerprint}: ${report.fingerprint ?? ''}`, MARGIN, pageHeight - 38, { width: inner * 0.75, lineBreak: false });
  doc.fontSize(8).text(pageLabel(report.language, page, pages), MARGIN, pageHeight - 38, { width: inner, align: 'right', lineBreak: false });
  doc.fillColor('#000');
}

function drawSectionTitle({ doc }: Canvas, title: string, y: number): void {
  doc.font(BOLD).fontSize(11).fillColor('#000').text(title, MARGIN, y + 3, { lineBreak: false });
}

interface ColumnPlace {
  x: number;
  width: number;
  align: 'left' | 'right';
}

function columnPlaces(columns: readonly PdfColumn[], pageWidth: number): ColumnPlace[] {
  const inner = pageWidth - 2 * MARGIN;
  const total = columns.reduce((sum, column) => sum + (column.weight ?? 1), 0);
  let x = MARGIN;
  return columns.map((column) => {
    const width = (inner * (column.weight ?? 1)) / total;
    const place = { x, width, align: column.align ?? 'left' };
    x += width;
    return place;
  });
}

function drawRow({ doc, width }: Canvas, columns: readonly ColumnPlace[], cells: readonly PdfCell[], y: number, header: boolean, height: number = ROW_HEIGHT): void {
  doc.font(header ? BOLD : REGULAR).fontSize(TABLE_FONT_SIZE).fillColor('#000');
  if (header) doc.rect(MARGIN, y, width - 2 * MARGIN, ROW_HEIGHT).fillColor('#eceff3').fill().fillColor('#000');
  for (const [index, place] of columns.entries()) {
    const cell = cells[index] ?? '';
    if (typeof cell !== 'string') {
      drawImage(doc, cell.image, { x: place.x + 4, y: y + 2, width: place.width - 8, height: height - 4 });
      continue;
    }
    const text = fitted(doc, cell, place.width - 8);
    doc.text(text, place.x + 4, y + 3, { width: place.width - 8, align: place.align, lineBreak: false });
  }
  doc.moveTo(MARGIN, y + height).lineTo(width - MARGIN, y + height).lineWidth(0.25).strokeColor('#c8ccd2').stroke();
}

/** An image fitted into its box; one pdfkit cannot read (not PNG or JPEG, or damaged) is left out, not the report. */
function drawImage(doc: PDFKit.PDFDocument, image: Buffer, box: { x: number; y: number; width: number; height: number }): void {
  try {
    doc.image(image, box.x, box.y, { fit: [Math.max(1, box.width), Math.max(1, box.height)] });
  } catch {
    doc.text('–', box.x, box.y + 1, { lineBreak: false });
  }
}

/** The text cut to the width with "…" (measured only when it may not fit: most cells are short). */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number): string {
  // No glyph of Roboto is wider than 1 em: a text this short always fits.
  if (text.length * TABLE_FONT_SIZE <= width || doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low)}…`;
}

function drawChart({ doc, width }: Canvas, chart: PdfChart, top: number, language: PdfLanguage): void {
  // The axis's values in the reader's digits ("9,6 °C" in French and Spanish).
  const axisNumber = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const left = MARGIN + 36;
  const right = width - MARGIN;
  const plotTop = top + 4;
  const plotBottom = top + CHART_HEIGHT - 48;
  const values = [...chart.series.flatMap((series) => series.points.map((point) => point.value)), ...(chart.limits ?? []).map((limit) => limit.value)].filter((value): value is number => value !== null);
  const [low, high] = values.length === 0 ? [0, 1] : paddedRange(Math.min(...values), Math.max(...values));
  const span = Math.max(chart.to - chart.from, 1);
  const xOf = (time: number) => left + ((time - chart.from) / span) * (right - left);
  const yOf = (value: number) => plotBottom - ((value - low) / (high - low)) * (plotBottom - plotTop);

  // Grid and value labels.
  doc.font(REGULAR).fontSize(7).fillColor('#555');
  for (let step = 0; step <= 5; step += 1) {
    const value = low + ((high - low) * step) / 5;
    doc.moveTo(left, yOf(value)).lineTo(right, yOf(value)).lineWidth(0.25).strokeColor('#d0d4da').stroke();
    doc.text(`${axisNumber.format(value)} ${chart.unit}`, MARGIN - 4, yOf(value) - 3, { width: 38, align: 'right', lineBreak: false });
  }
  for (let step = 0; step <= 6; step += 1) {
    const time = chart.from + (span * step) / 6;
    doc.text(chart.timeLabel(time), xOf(time) - 30, plotBottom + 4, { width: 60, align: 'center', lineBreak: false });
  }
  doc.rect(left, plotTop, right - left, plotBottom - plotTop).lineWidth(0.5).strokeColor('#888').stroke();

  for (const limit of chart.limits ?? []) {
    doc.moveTo(left, yOf(limit.value)).lineTo(right, yOf(limit.value)).dash(3, { space: 2 }).lineWidth(0.75).strokeColor('#b00020').stroke().undash();
    doc.fillColor('#b00020').text(limit.label, right - 120, yOf(limit.value) - 9, { width: 118, align: 'right', lineBreak: false });
  }

  // One path per series; a null value lifts the pen (a gap stays a gap).
  for (const [index, series] of chart.series.entries()) {
    const colour = SERIES_COLOURS[index % SERIES_COLOURS.length] ?? '#000';
    let penDown = false;
    let drawn = false;
    for (const point of series.points) {
      if (point.value === null || point.time < chart.from || point.time > chart.to) {
        penDown = false;
        continue;
      }
      if (penDown) doc.lineTo(xOf(point.time), yOf(point.value));
      else doc.moveTo(xOf(point.time), yOf(point.value));
      penDown = true;
      drawn = true;
    }
    if (drawn) doc.lineWidth(1).strokeColor(colour).stroke();
  }

  // Legend under the axis labels, flowing across.
  let x = left;
  let y = plotBottom + 18;
  doc.fontSize(7);
  for (const [index, series] of chart.series.entries()) {
    const label = fitted(doc, series.name, 110);
    const itemWidth = 18 + doc.widthOfString(label) + 12;
    if (x + itemWidth > right) {
      x = left;
      y += 10;
    }
    if (y > top + CHART_HEIGHT - 8) break;
    doc.moveTo(x, y + 3).lineTo(x + 14, y + 3).lineWidth(1.5).strokeColor(SERIES_COLOURS[index % SERIES_COLOURS.length] ?? '#000').stroke();
    doc.fillColor('#333').text(label, x + 18, y, { lineBreak: false });
    x += itemWidth;
  }
  doc.fillColor('#000').strokeColor('#000');
}

/** A value range with a little room above and below (and some height when flat). */
function paddedRange(min: number, max: number): [number, number] {
  const pad = max === min ? 1 : (max - min) * 0.08;
  return [min - pad, max + pad];
}
