import i18next from 'i18next';
import Papa from 'papaparse';
import {
  placeholdersOf,
  TRANSLATION_CSV_COLUMNS,
  type TranslationOverrides,
} from '@domain/identity/settings';
import { MESSAGES } from '@domain/core/messages';
import { LANGUAGES, loadedCatalogue, onCatalogueLoaded, type Language } from './index';

/**
 * The organisation's own interface texts (Settings > Translations): the catalogue exported as
 * translation.csv (key, en, fr, es), an edited file read back into overrides of the bundled
 * texts, and the overrides applied to i18next after sign-in.
 */

type Tree = { [key: string]: string | Tree };

/** Every text of a catalogue by its dotted key (`nav.help`), in catalogue order. */
export function flattenCatalogue(tree: Tree, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    if (typeof value === 'string') texts.set(key, value);
    else for (const [inner, text] of flattenCatalogue(value, key)) texts.set(inner, text);
  }
  return texts;
}

/**
 * The product's catalogue of `language`. Export and import need all three: the route of the
 * Translations page loads them before the page (app/routes.tsx).
 */
function productCatalogue(language: Language): Tree {
  const catalogue = loadedCatalogue(language);
  if (catalogue === undefined) throw new Error(`The ${language} catalogue is not loaded`);
  return catalogue as unknown as Tree;
}

const bundled = (language: Language) => flattenCatalogue(productCatalogue(language));

/** Sets `key` (dotted) to `text` in a tree, making the branches it needs. */
function setText(tree: Tree, key: string, text: string): void {
  const parts = key.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next === 'object') {
      node = next;
    } else {
      const created: Tree = {};
      node[part] = created;
      node = created;
    }
  }
  const last = parts.at(-1);
  if (last !== undefined) node[last] = text;
}

/** The texts the portal shows: the bundled catalogue with the organisation's overrides. */
export function effectiveTexts(overrides: TranslationOverrides): Record<Language, Map<string, string>> {
  const result = {} as Record<Language, Map<string, string>>;
  for (const language of LANGUAGES) {
    const texts = bundled(language);
    for (const [key, text] of Object.entries(overrides[language])) if (texts.has(key)) texts.set(key, text);
    result[language] = texts;
  }
  return result;
}

/** translation.csv: one row per text, the columns key, en, fr and es. */
export function exportTranslationCsv(overrides: TranslationOverrides): string {
  const texts = effectiveTexts(overrides);
  const rows = [...texts.en.keys()].map((key) => [key, texts.en.get(key) ?? '', texts.fr.get(key) ?? '', texts.es.get(key) ?? '']);
  // A byte-order mark, so spreadsheet programs open the accents right.
  return `\uFEFF${Papa.unparse({ fields: [...TRANSLATION_CSV_COLUMNS], data: rows }, { newline: '\r\n' })}`;
}

export interface ImportedTexts {
  overrides: TranslationOverrides;
  /** Texts that differ from the product's own and are kept. */
  changed: number;
  /** Rows or texts left out: a key the portal does not have, or placeholders changed. */
  ignored: number;
}

export class TranslationCsvError extends Error {}

/**
 * Reads an edited translation.csv into overrides: a text differing from the product's own
 * replaces it; an empty cell, an unknown key or a text whose placeholders (`{{name}}`) differ
 * from the product's is left out.
 */
export function importTranslationCsv(content: string): ImportedTexts {
  const parsed = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  if (!TRANSLATION_CSV_COLUMNS.every((column) => fields.includes(column)) || parsed.errors.some((error) => error.type === 'Quotes' || error.type === 'Delimiter')) {
    throw new TranslationCsvError(MESSAGES.translationCsvInvalid);
  }
  const base = { en: bundled('en'), fr: bundled('fr'), es: bundled('es') };
  const overrides: TranslationOverrides = { en: {}, fr: {}, es: {} };
  let changed = 0;
  let ignored = 0;
  for (const row of parsed.data) {
    const key = (row['key'] ?? '').trim();
    if (!base.en.has(key)) {
      ignored += 1;
      continue;
    }
    for (const language of LANGUAGES) {
      const text = row[language];
      const original = base[language].get(key) ?? '';
      if (text === undefined || text === '' || text === original) continue;
      if (placeholdersOf(text).join() !== placeholdersOf(original).join()) {
        ignored += 1;
        continue;
      }
      overrides[language][key] = text;
      changed += 1;
    }
  }
  return { overrides, changed, ignored };
}

/** The overrides shown now: a catalogue loaded later (a language chosen after sign-in) gets them too. */
let shownOverrides: TranslationOverrides | null = null;

const EMPTY_OVERRIDES: TranslationOverrides = { en: {}, fr: {}, es: {} };

function sameOverrides(shown: TranslationOverrides, next: TranslationOverrides): boolean {
  return LANGUAGES.every((language) => {
    const before = Object.entries(shown[language]);
    return before.length === Object.keys(next[language]).length && before.every(([key, text]) => next[language][key] === text);
  });
}

/** Puts the product's catalogue of `language`, with the overrides on top, into i18next. */
function showTexts(language: Language, overrides: TranslationOverrides): void {
  // A copy of the product's catalogue: i18next merges into the object it holds, and the
  // product's one (with the domain's MESSAGES in it) must never change.
  const texts = structuredClone(productCatalogue(language));
  const known = bundled(language);
  // Only texts the portal has: a key from another version of it is left out.
  for (const [key, text] of Object.entries(overrides[language])) if (known.has(key)) setText(texts, key, text);
  i18next.removeResourceBundle(language, 'translation');
  i18next.addResourceBundle(language, 'translation', texts);
}

onCatalogueLoaded((language) => {
  if (shownOverrides !== null) showTexts(language, shownOverrides);
});

/**
 * Shows the organisation's texts: the product's catalogue with the overrides on top (texts no
 * longer overridden come back), in every language loaded now and in any loaded later. Called
 * after sign-in, after an import and at sign-out.
 */
export function applyOrganisationTexts(overrides: TranslationOverrides): void {
  // Most organisations override nothing: the product's texts are shown already, and re-adding
  // them re-renders every screen (a long task on a phone, at each sign-in and page load).
  const unchanged = sameOverrides(shownOverrides ?? EMPTY_OVERRIDES, overrides);
  shownOverrides = overrides;
  if (unchanged) return;
  for (const language of LANGUAGES) if (loadedCatalogue(language) !== undefined) showTexts(language, overrides);
  // Screens re-render with the new texts (react-i18next listens for this).
  void i18next.changeLanguage(i18next.language);
}
