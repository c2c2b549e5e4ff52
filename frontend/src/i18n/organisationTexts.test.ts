import i18next from 'i18next';
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { applyOrganisationTexts, exportTranslationCsv, importTranslationCsv, TranslationCsvError } from './organisationTexts';

const none = { en: {}, fr: {}, es: {} };

describe('translation.csv', () => {
  afterEach(() => applyOrganisationTexts(none));

  it('exports every text of the portal in en, fr and es, with the organisation overrides', () => {
    const csv = exportTranslationCsv({ ...none, fr: { 'nav.help': 'Assistance' } });
    expect(csv.startsWith('\uFEFFkey,en,fr,es\r\n')).toBe(true);
    const rows = Papa.parse<Record<string, string>>(csv.slice(1), { header: true }).data;
    expect(rows.find((row) => row['key'] === 'nav.help')).toEqual({ key: 'nav.help', en: 'Help', fr: 'Assistance', es: 'Ayuda' });
    expect(rows.find((row) => row['key'] === 'messages.passwordChanged')?.['en']).toBe('Password Changed Successfully!');
    // Every key once: the product's messages and the screens' texts.
    expect(new Set(rows.map((row) => row['key'])).size).toBe(rows.length);
  });

  it('reads back only what was changed, and survives quotes, commas and line breaks', () => {
    const csv = exportTranslationCsv(none);
    const rows = Papa.parse<Record<string, string>>(csv.slice(1), { header: true }).data;
    const edited = rows.map((row) => (row['key'] === 'nav.help' ? { ...row, fr: 'Aide, "support"\net FAQ' } : row));
    const result = importTranslationCsv(Papa.unparse(edited));
    expect(result).toEqual({ overrides: { en: {}, fr: { 'nav.help': 'Aide, "support"\net FAQ' }, es: {} }, changed: 1, ignored: 0 });
  });

  it('leaves out unknown keys, empty cells and texts that lose their placeholders', () => {
    const csv = [
      'key,en,fr,es',
      'nav.help,,Aide en ligne,',
      'no.such.key,x,y,z',
      'securityGroups.created,Group "{{name}}" saved.,Groupe ajouté.,',
    ].join('\n');
    expect(importTranslationCsv(csv)).toEqual({
      overrides: { en: { 'securityGroups.created': 'Group "{{name}}" saved.' }, fr: { 'nav.help': 'Aide en ligne' }, es: {} },
      changed: 2,
      ignored: 2,
    });
  });

  it('refuses a file without the key, en, fr and es columns', () => {
    expect(() => importTranslationCsv('name,value\nnav.help,Aide')).toThrow(new TranslationCsvError(MESSAGES.translationCsvInvalid));
  });

  it('shows the overrides, and the product texts again once they are gone', () => {
    applyOrganisationTexts({ ...none, en: { 'nav.help': 'Support centre' } });
    expect(i18next.t('nav.help', { lng: 'en' })).toBe('Support centre');
    expect(i18next.t('nav.dashboard', { lng: 'en' })).toBe('Dashboard');
    applyOrganisationTexts(none);
    expect(i18next.t('nav.help', { lng: 'en' })).toBe('Help');
  });

  it('leaves the screens alone when the texts shown do not change (an organisation without overrides, at each page load)', () => {
    const overrides = { ...none, fr: { 'nav.help': 'Assistance' } };
    applyOrganisationTexts(overrides);
    const changes: string[] = [];
    const listener = (language: string) => changes.push(language);
    i18next.on('languageChanged', listener);
    try {
      applyOrganisationTexts({ ...none, fr: { 'nav.help': 'Assistance' } });
      expect(changes).toEqual([]);
      applyOrganisationTexts(none);
      applyOrganisationTexts(none);
      expect(changes).toHaveLength(1);
      expect(i18next.t('nav.help', { lng: 'fr' })).toBe('Aide');
    } finally {
      i18next.off('languageChanged', listener);
    }
  });
});
