import type { TemperatureUnit } from '../alarms/alarm-profile';
import type { LANGUAGES } from '../identity/user';
import type { ColumnKind, ReportColumn } from './catalogue';
import type { ReportCell } from './content';
import { columnLabel, valueLabel } from './labels';
import type { DateFormat } from './parameters';

/**
 * A report's cells written for its reader (issue 34 sections 2 and 3): numbers in the reader's
 * language ("-18,4" in French and Spanish), instants in the site's time zone and the chosen date
 * format, a gap as "–" (never a made-up value). The PDF and the screen use these; the CSV keeps
 * numbers as numbers and writes instants as the site's local "YYYY-MM-DD HH:mm" (a spreadsheet
 * reads it as a date) with the zone in the file's name and header.
 */
export type ReportLanguage = (typeof LANGUAGES)[number];

export interface CellReader {
  readonly language: ReportLanguage;
  readonly dateFormat: DateFormat;
  readonly timeZone: string;
  readonly unit: TemperatureUnit;
}

export const GAP = '–';
const UNIT_SYMBOL: Readonly<Record<TemperatureUnit, string>> = { C: '°C', F: '°F' };

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberText(value: number, language: ReportLanguage, fractionDigits: number): string {
  const key = `${language}|${fractionDigits}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits, useGrouping: false });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
/** The instant's local date and time parts in the zone (24-hour clock). */
function localParts(time: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let format = partFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    partFormats.set(timeZone, format);
  }
  const parts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of format.formatToParts(time)) if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  return parts;
}

/** A YYYY-MM-DD day in the chosen date format. */
export function dateText(day: string, dateFormat: DateFormat): string {
  const [year = '', month = '', date = ''] = day.split('-');
  if (dateFormat === 'DD/MM/YYYY') return `${date}/${month}/${year}`;
  if (dateFormat === 'YYYY-MM-DD') return `${year}-${month}-${date}`;
  return `${month}/${date}/${year}`;
}

/** An instant as the site's local date (chosen format) and time, "03/29/2026 02:30". */
export function dateTimeText(iso: string | number, reader: Pick<CellReader, 'dateFormat' | 'timeZone'>): string {
  const time = typeof iso === 'number' ? iso : Date.parse(iso);
  if (!Number.isFinite(time)) return String(iso);
  const parts = localParts(time, reader.timeZone);
  return `${dateText(`${parts.year}-${parts.month}-${parts.day}`, reader.dateFormat)} ${parts.hour}:${parts.minute}`;
}

/** An instant as the site's local "YYYY-MM-DD HH:mm" (the CSV's: one order every spreadsheet reads). */
export function csvDateTimeText(iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  const parts = localParts(time, timeZone);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A column's heading, with the reader's unit for temperatures ("Min (°F)"). */
export function columnHeading(column: ReportColumn, reader: Pick<CellReader, 'language' | 'unit'>): string {
  const label = columnLabel(column.id, reader.language);
  return column.kind === 'temperature' ? `${label} (${UNIT_SYMBOL[reader.unit]})` : label;
}

const FRACTION_DIGITS: Partial<Record<ColumnKind, number>> = { temperature: 1, percent: 1, duration: 0, number: 2 };

/** What an image cell says where the image is not drawn (on screen, in the CSV, past the PDF's limit). */
const IMAGE_WORDS: Readonly<Record<'image' | 'signature', Readonly<Record<ReportLanguage, string>>>> = {
  image: { en: 'Photo', fr: 'Photo', es: 'Foto' },
  signature: { en: 'Signed', fr: 'Signé', es: 'Firmado' },
};

/** A cell as the PDF and the screen write it; `columnId` names the words of a coded cell (REPORT_VALUE_LABELS). */
export function cellText(kind: ColumnKind, value: ReportCell, reader: CellReader, columnId?: string): string {
  if (value === null || value === undefined || value === '') return GAP;
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'number') return Number.isFinite(value) ? numberText(value, reader.language, FRACTION_DIGITS[kind] ?? 2) : GAP;
  if (kind === 'dateTime') return dateTimeText(value, reader);
  if (kind === 'date') return dateText(value, reader.dateFormat);
  if (kind === 'image' || kind === 'signature') return IMAGE_WORDS[kind][reader.language];
  return columnId === undefined ? value : valueLabel(columnId, value, reader.language);
}

/** A cell as the CSV writes it: numbers stay numbers, instants in the site's zone, a gap empty, codes in the reader's words. */
export function csvCell(kind: ColumnKind, value: ReportCell, timeZone: string, coded?: { columnId: string; language: ReportLanguage }): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (kind === 'dateTime') return csvDateTimeText(value, timeZone);
  if (kind === 'image' || kind === 'signature') return IMAGE_WORDS[kind][coded?.language ?? 'en'];
  return coded === undefined ? value : valueLabel(coded.columnId, value, coded.language);
}
