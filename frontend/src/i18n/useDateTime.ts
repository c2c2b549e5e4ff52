import { useCallback } from 'react';
import { useFormatters } from './formatters';

/** Formats an ISO time for a person in the user's language and time zone (i18n/formatters); '' for none. */
export function useDateTime(style: 'short' | 'medium' = 'short'): (iso: string | null | undefined) => string {
  const formatters = useFormatters();
  return useCallback((iso: string | null | undefined) => formatters.dateTime(iso, { dateStyle: 'medium', timeStyle: style }), [formatters, style]);
}
