import { useCallback } from 'react';
import { useClientState } from '../app/clientState';
import { useLanguage } from './useLanguage';

/**
 * Dates and times as the user reads them (issue 17 items 10 and 12): in their language and
 * their own time zone (the profile's; the browser's when they have none). One helper for the
 * pages to share.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(language, options);
    } catch {
      // A time zone the browser does not know: the browser's own.
      const { timeZone: _unknown, ...rest } = options;
      format = new Intl.DateTimeFormat(language, rest);
    }
    formats.set(key, format);
  }
  return format;
}

/** A day without a time (`2026-03-10`) is that day wherever the reader is. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `value` (ISO) in `language`, in `timeZone` (undefined: the browser's); a day alone as a date.
 * '' for none or not a date.
 */
export function formatUserDateTime(value: string | null | undefined, language: string, timeZone: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return '';
  if (DAY_ONLY.test(value)) return formatFor(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(time);
  return formatFor(language, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone === undefined ? {} : { timeZone }) }).format(time);
}

/** `formatUserDateTime` in the user's language and time zone, re-rendering the caller when either changes. */
export function useUserDateTime(): (value: string | null | undefined) => string {
  const language = useLanguage();
  const { timezone } = useClientState();
  const timeZone = timezone === null || timezone === '' ? undefined : timezone;
  return useCallback((value: string | null | undefined) => formatUserDateTime(value, language, timeZone), [language, timeZone]);
}
