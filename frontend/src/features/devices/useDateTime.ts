import { useCallback } from 'react';
import { useLanguage } from '../../i18n/useLanguage';

/** Formats an ISO time for a person in the user's language (the browser's time zone); '' for none. */
export function useDateTime(style: 'short' | 'medium' = 'short'): (iso: string | null | undefined) => string {
  const language = useLanguage();
  return useCallback((iso: string | null | undefined) => {
    if (iso === null || iso === undefined || iso === '') return '';
    const time = new Date(iso);
    if (Number.isNaN(time.getTime())) return '';
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: style }).format(time);
  }, [language, style]);
}
