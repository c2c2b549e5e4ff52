import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMeasure, formatNumber, formatPercent, formattersFor, parseLocaleNumber } from './formatters';

// Intl separates French thousands with a narrow no-break space and puts a no-break space before '%'.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatters', () => {
  it('write a decimal with each language\'s separator', () => {
    expect(formatNumber(-18.4, 'en')).toBe('-18.4');
    expect(formatNumber(-18.4, 'fr')).toBe('-18,4');
    expect(formatNumber(-18.4, 'es')).toBe('-18,4');
  });

  it('keep one decimal at most unless told otherwise', () => {
    expect(formatNumber(4.26, 'en')).toBe('4.3');
    expect(formatNumber(4, 'fr')).toBe('4');
    expect(formatNumber(4.256, 'fr', { maximumFractionDigits: 2 })).toBe('4,26');
  });

  it('group thousands as each language does', () => {
    expect(formatNumber(12345.6, 'en')).toBe('12,345.6');
    expect(spaces(formatNumber(12345.6, 'fr'))).toBe('12 345,6');
  });

  it('put the unit after the number', () => {
    expect(formatMeasure(-18.4, '°C', 'en')).toBe('-18.4 °C');
    expect(formatMeasure(-18.4, '°C', 'fr')).toBe('-18,4 °C');
    expect(formatMeasure(55, '%RH', 'es')).toBe('55 %RH');
    expect(formatMeasure(null, '°C', 'fr')).toBe('');
    expect(formatMeasure(3.5, '', 'fr')).toBe('3,5');
  });

  it('write percentages in each language', () => {
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
    expect(spaces(formatPercent(12.5, 'fr'))).toBe('12,5 %');
  });

  it('leave no value and no date empty', () => {
    expect(formatNumber(undefined, 'en')).toBe('');
    expect(formatNumber(Number.NaN, 'en')).toBe('');
    expect(formatDateTime(null, 'fr')).toBe('');
    expect(formatDateTime('not a date', 'fr')).toBe('');
  });

  it('write dates in each language\'s order and words', () => {
    const at = '2026-03-07T14:05:00Z';
    expect(formatDate(at, 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Mar 7, 2026');
    expect(formatDate(at, 'fr', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('7 mars 2026');
    expect(formatDate(at, 'es', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('7 mar 2026');
    expect(formatDateTime(Date.parse(at), 'fr', { timeStyle: 'short', timeZone: 'UTC' })).toBe('14:05');
  });

  it('read a typed decimal with a comma or a point', () => {
    expect(parseLocaleNumber('-18,4', 'fr')).toBe(-18.4);
    expect(parseLocaleNumber('-18.4', 'fr')).toBe(-18.4);
    expect(parseLocaleNumber(' 2,5 ', 'es')).toBe(2.5);
    expect(parseLocaleNumber('4.2', 'en')).toBe(4.2);
    expect(parseLocaleNumber('−3,5', 'fr')).toBe(-3.5);
    expect(parseLocaleNumber('', 'fr')).toBeUndefined();
    expect(parseLocaleNumber('1,2,3', 'fr')).toBeUndefined();
    expect(parseLocaleNumber('abc', 'en')).toBeUndefined();
  });
});

describe('formattersFor', () => {
  it('write times in the user\'s zone unless told another', () => {
    const paris = formattersFor('fr', 'Europe/Paris');
    expect(paris.time('2026-03-07T14:05:00Z')).toBe('15:05');
    expect(paris.time('2026-03-07T14:05:00Z', { timeStyle: 'short', timeZone: 'America/New_York' })).toBe('09:05');
    expect(paris.measure(-18.4, '°C')).toBe('-18,4 °C');
  });

  it('fall back to the browser\'s zone for a zone it does not know', () => {
    expect(formattersFor('en', 'Not/AZone').date('2026-03-07T12:00:00Z')).toBe('Mar 7, 2026');
  });
});
