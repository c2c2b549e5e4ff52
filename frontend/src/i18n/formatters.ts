import { useMemo } from 'react';
import { useClientState } from '../session/clientState';
import { useLanguage } from './useLanguage';

/**
 * Numbers, dates and units in the user's language (issue 17 item 12): every page that shows a
 * number or a date goes through these, so "-18,4 °C" in French and Spanish, "-18.4 °C" in
 * English, and each language's own date order.
 */

/** What a time may arrive as: an ISO string from the API, epoch milliseconds, or a Date. */
export type TimeValue = string | number | Date;

// Building an Intl formatter is costly next to using one; grids format thousands of cells.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, language: string, options: object, make: () => T): T {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (format === undefined) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, language, options, () => {
    try {
      return new Intl.DateTimeFormat(language, options);
    } catch {
      // A time zone this browser does not know (a profile's): the browser's own.
      const { timeZone: _unknown, ...rest } = options;
      return new Intl.DateTimeFormat(language, rest);
    }
  });
}

/** At most one decimal unless told otherwise: what the devices report. */
const DEFAULT_NUMBER: Intl.NumberFormatOptions = { maximumFractionDigits: 1 };
const DEFAULT_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** `value` in `language`'s digits and decimal separator (`-18,4` in fr and es); '' for no finite number. */
export function formatNumber(value: number | null | undefined, language: string, options: Intl.NumberFormatOptions = DEFAULT_NUMBER): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return cached(numberFormats, language, options, () => new Intl.NumberFormat(language, options)).format(value);
}

/** A value with its unit symbol, as `-18,4 °C` (the symbol after a space, as SI writes it); '' for no value. */
export function formatMeasure(value: number | null | undefined, symbol: string, language: string, options: Intl.NumberFormatOptions = DEFAULT_NUMBER): string {
  const number = formatNumber(value, language, options);
  if (number === '' || symbol === '') return number;
  return `${number} ${symbol}`;
}

/** A percentage given as a share of 100 (`12.5` → `12,5 %` in French). */
export function formatPercent(value: number | null | undefined, language: string, maximumFractionDigits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return formatNumber(value / 100, language, { style: 'percent', maximumFractionDigits });
}

function toDate(value: TimeValue | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const time = value instanceof Date ? value : new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** A time in `language`'s order and words (the browser's time zone unless `options.timeZone`); '' for none or no date. */
export function formatDateTime(value: TimeValue | null | undefined, language: string, options: Intl.DateTimeFormatOptions = DEFAULT_DATE_TIME): string {
  const time = toDate(value);
  if (time === null) return '';
  return dateTimeFormat(language, options).format(time);
}

/** A day without its time. */
export function formatDate(value: TimeValue | null | undefined, language: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return formatDateTime(value, language, options);
}

/** A time of day without its date. */
export function formatTime(value: TimeValue | null | undefined, language: string, options: Intl.DateTimeFormatOptions = { timeStyle: 'short' }): string {
  return formatDateTime(value, language, options);
}

/**
 * A number a person typed, with the language's decimal separator or a point (`-18,4` and
 * `-18.4` both read as -18.4 whatever the language); undefined when it is not a number.
 * Group separators are not accepted: in a temperature "1,5" is a decimal, never 15.
 */
export function parseLocaleNumber(text: string, language: string): number | undefined {
  const decimal = formatNumber(1.5, language).replace(/\d/g, '');
  let normalised = text.trim().replace(/^[\u2212\u2012\u2013]/, '-'); // A typographic minus typed or pasted.
  if (decimal !== '.' && decimal !== '') normalised = normalised.replace(decimal, '.');
  normalised = normalised.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalised)) return undefined;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : undefined;
}

export interface Formatters {
  language: string;
  number(value: number | null | undefined, options?: Intl.NumberFormatOptions): string;
  measure(value: number | null | undefined, symbol: string, options?: Intl.NumberFormatOptions): string;
  percent(value: number | null | undefined, maximumFractionDigits?: number): string;
  dateTime(value: TimeValue | null | undefined, options?: Intl.DateTimeFormatOptions): string;
  date(value: TimeValue | null | undefined, options?: Intl.DateTimeFormatOptions): string;
  time(value: TimeValue | null | undefined, options?: Intl.DateTimeFormatOptions): string;
  parseNumber(text: string): number | undefined;
}

/**
 * The formatters bound to the language shown and the user's time zone (their profile's, else
 * the browser's); re-renders the caller when either changes.
 */
export function useFormatters(): Formatters {
  const language = useLanguage();
  const { timezone } = useClientState();
  const timeZone = timezone === null || timezone === '' ? undefined : timezone;
  return useMemo(() => formattersFor(language, timeZone), [language, timeZone]);
}

/**
 * The formatters bound to one language (and time zone, undefined for the browser's), for code
 * outside React (grid value formatters built once per language). Options given to a date
 * formatter may name another zone (a site's).
 */
export function formattersFor(language: string, timeZone?: string): Formatters {
  const zoned = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions => (timeZone === undefined || options.timeZone !== undefined ? options : { ...options, timeZone });
  return {
    language,
    number: (value, options) => formatNumber(value, language, options),
    measure: (value, symbol, options) => formatMeasure(value, symbol, language, options),
    percent: (value, digits) => formatPercent(value, language, digits),
    dateTime: (value, options = DEFAULT_DATE_TIME) => formatDateTime(value, language, zoned(options)),
    date: (value, options = { dateStyle: 'medium' }) => formatDate(value, language, zoned(options)),
    time: (value, options = { timeStyle: 'short' }) => formatTime(value, language, zoned(options)),
    parseNumber: (text) => parseLocaleNumber(text, language),
  };
}
