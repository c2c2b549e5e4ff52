import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MESSAGES } from '@domain/core/messages';
import type en from './en.json';

export const LANGUAGES = ['en', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Where the chosen language is kept between visits (SPEC section 3: stored client state). */
export const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * English is the source: the screen texts plus the product's own messages taken straight
 * from the domain, so an API message and its English translation can never drift.
 */
export type Catalogue = typeof en & { messages: typeof MESSAGES };

/** Every leaf of the English catalogue, as a string: what another language must provide. */
export type CatalogueShape<T> = { [K in keyof T]: T[K] extends string ? string : CatalogueShape<T[K]> };

/**
 * Each language's catalogue is its own chunk, fetched when that language is shown: the first
 * load carries one language, not three. The return type makes a key missing in fr or es a
 * compile error; the catalogue test also refuses extra keys.
 */
export const CATALOGUE_LOADERS: Record<Language, () => Promise<CatalogueShape<Catalogue>>> = {
  en: async () => ({ ...(await import('./en.json')).default, messages: MESSAGES }),
  fr: async () => (await import('./fr.json')).default,
  es: async () => (await import('./es.json')).default,
};

const loading = new Map<Language, Promise<CatalogueShape<Catalogue>>>();
const loaded = new Map<Language, CatalogueShape<Catalogue>>();
const loadListeners = new Set<(language: Language) => void>();

/** The product's catalogue of `language`, fetched once (a failed fetch is tried again next time). */
export function loadCatalogue(language: Language): Promise<CatalogueShape<Catalogue>> {
  let pending = loading.get(language);
  if (pending === undefined) {
    pending = CATALOGUE_LOADERS[language]().then(
      (catalogue) => {
        loaded.set(language, catalogue);
        return catalogue;
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/** The product's catalogue of a language already loaded; never changed (overrides go to i18next). */
export function loadedCatalogue(language: Language): CatalogueShape<Catalogue> | undefined {
  return loaded.get(language);
}

/** Called with each language whose catalogue reaches i18next (the organisation's texts apply to it). */
export function onCatalogueLoaded(listener: (language: Language) => void): void {
  loadListeners.add(listener);
}

/** Loads `language`'s catalogue into i18next unless it is there already. */
async function ensureLanguage(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const catalogue = await loadCatalogue(language);
  if (i18next.hasResourceBundle(language, 'translation')) return; // Loaded meanwhile by another caller.
  // A copy: i18next merges into the object it holds, and the product's one must never change.
  i18next.addResourceBundle(language, 'translation', structuredClone(catalogue));
  for (const listener of loadListeners) listener(language);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function reflectLanguage(instance: i18n): void {
  document.documentElement.lang = instance.language;
  document.title = instance.t('app.name');
}

/**
 * Starts i18next with the catalogue of `language` (and of `alsoLoad`) loaded: awaited before the
 * first render, so the chosen language shows from the first paint, never English first. When
 * every catalogue needed is loaded already, the language changes before this returns.
 */
export async function initI18n(language: Language = storedLanguage(), alsoLoad: readonly Language[] = []): Promise<i18n> {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {},
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes already.
      initAsync: false,
      returnNull: false,
      showSupportNotice: false,
    });
    i18next.on('languageChanged', () => reflectLanguage(i18next));
  }
  const missing = [language, ...alsoLoad].filter((wanted) => !i18next.hasResourceBundle(wanted, 'translation'));
  if (missing.length > 0) await Promise.all(missing.map(ensureLanguage));
  // Also when the language is unchanged: i18next settles its resolved language on a change.
  await i18next.changeLanguage(language);
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this visit.
  }
  await ensureLanguage(language);
  await i18next.changeLanguage(language);
}
