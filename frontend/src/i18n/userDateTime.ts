import { useCallback } from 'react';
import { formattersFor, useFormatters, type Formatters } from './formatters';

/**
 * Dates and times as the user reads them (issue 17 items 10 and 12), for values that may be a
 * day alone (a change history's dates): the one date formatter (./formatters) with that rule.
 */

/** A day without a time (`2026-03-10`) is that day wherever the reader is. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function dayOrDateTime(formatters: Formatters, value: string | null | undefined): string {
  if (value !== null && value !== undefined && DAY_ONLY.test(value)) return formatters.date(value, { dateStyle: 'medium', timeZone: 'UTC' });
  return formatters.dateTime(value);
}

/**
 * `value` (ISO) in `language`, in `timeZone` (undefined: the browser's); a day alone as a date.
 * '' for none or not a date.
 */
export function formatUserDateTime(value: string | null | undefined, language: string, timeZone: string | undefined): string {
  return dayOrDateTime(formattersFor(language, timeZone), value);
}

/** `formatUserDateTime` in the user's language and time zone, re-rendering the caller when either changes. */
export function useUserDateTime(): (value: string | null | undefined) => string {
  const formatters = useFormatters();
  return useCallback((value: string | null | undefined) => dayOrDateTime(formatters, value), [formatters]);
}
