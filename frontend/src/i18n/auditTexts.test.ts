import { describe, expect, it } from 'vitest';
import { AUDIT_TEXTS } from '@domain/reports/audit-texts';
import { loadCatalogue } from './index';

// The reports write the history's words on the server (domain/reports/audit-texts.ts): each is still this catalogue's text.
const catalogues = { en: await loadCatalogue('en'), fr: await loadCatalogue('fr'), es: await loadCatalogue('es') };

const textAt = (tree: object, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), tree);

describe('the reports\' audit texts', () => {
  it.each(['en', 'fr', 'es'] as const)('%s: every text is the web app catalogue\'s', (language) => {
    const texts = Object.entries(AUDIT_TEXTS[language]);
    expect(texts.length).toBeGreaterThan(200);
    for (const [key, text] of texts) expect(textAt(catalogues[language], key), key).toBe(text);
  });

  it('holds the same keys in each language', () => {
    expect(Object.keys(AUDIT_TEXTS.fr).sort()).toEqual(Object.keys(AUDIT_TEXTS.en).sort());
    expect(Object.keys(AUDIT_TEXTS.es).sort()).toEqual(Object.keys(AUDIT_TEXTS.en).sort());
  });
});
