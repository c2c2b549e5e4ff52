import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { CATALOGUE_LOADERS, loadCatalogue } from './index';

// Each language is its own chunk, loaded when shown; the test loads all three.
const [enCatalogue, fr, es] = await Promise.all([loadCatalogue('en'), loadCatalogue('fr'), loadCatalogue('es')]);
const catalogues = CATALOGUE_LOADERS;

function leafKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]: [string, unknown]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [path];
    if (typeof value === 'object' && value !== null) return leafKeys(value, path);
    throw new Error(`${path} is neither a text nor a section`);
  });
}

const englishKeys = leafKeys(enCatalogue).sort();

describe('translation catalogues', () => {
  it('take the English product messages straight from the domain', () => {
    expect(enCatalogue.messages).toEqual(MESSAGES);
  });

  it.each([
    ['fr', fr],
    ['es', es],
  ])('%s has exactly the keys of en, every product message included', (_language, catalogue) => {
    const keys = leafKeys(catalogue).sort();
    expect(keys).toEqual(englishKeys);
    for (const key of Object.keys(MESSAGES)) expect(keys).toContain(`messages.${key}`);
  });

  it.each([
    ['fr', fr],
    ['es', es],
  ])('%s keeps every interpolation placeholder of en', (_language, catalogue) => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
    const lookup = (tree: object, path: string): string => {
      const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
      return String(value);
    };
    for (const key of englishKeys) {
      expect(placeholders(lookup(catalogue, key)), key).toEqual(placeholders(lookup(enCatalogue, key)));
    }
  });

  it('is registered for every language', () => {
    expect(Object.keys(catalogues).sort()).toEqual(['en', 'es', 'fr']);
  });
});
