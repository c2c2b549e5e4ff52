import { describe, expect, it } from 'vitest';
import { formatDateTime } from './formatters';
import { formatUserDateTime } from './userDateTime';

describe('formatUserDateTime', () => {
  it('writes a time as the shared date formatter does, in the language and time zone given', () => {
    const time = '2026-03-10T23:30:00.000Z';
    expect(formatUserDateTime(time, 'fr', 'Europe/Paris')).toBe(formatDateTime(time, 'fr', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' }));
    expect(formatUserDateTime(time, 'fr', 'Europe/Paris')).toContain('11 mars 2026');
    expect(formatUserDateTime(time, 'en', 'America/New_York')).toContain('Mar 10, 2026');
  });

  it('keeps a day alone that day wherever the reader is', () => {
    expect(formatUserDateTime('2026-03-10', 'fr', 'Pacific/Honolulu')).toBe('10 mars 2026');
    expect(formatUserDateTime('2026-03-10', 'en', 'Pacific/Auckland')).toBe('Mar 10, 2026');
  });

  it('writes nothing for no time or not a time, and falls back to the browser zone for an unknown one', () => {
    expect(formatUserDateTime(undefined, 'en', undefined)).toBe('');
    expect(formatUserDateTime('soon', 'en', undefined)).toBe('');
    expect(formatUserDateTime('2026-03-10T12:00:00.000Z', 'en', 'Mars/Olympus')).toContain('2026');
  });
});
