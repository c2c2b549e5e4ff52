import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { MESSAGES } from '@domain/core/messages';
import { setMessageKeyLookup } from './messageKeys';
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
  en: async () => {
    const [screens, { MESSAGES }] = await Promise.all([import('./en.json'), import('@domain/core/messages')]);
    return { ...screens.default, messages: MESSAGES };
  },
  fr: async () => (await import('./fr.json')).default,
  es: async () => (await import('./es.json')).default,
};

/**
 * The sign-in page's slice of each catalogue (`loginTexts.ts`): all the first load carries; the
 * whole catalogue follows with the signed-in screens or a later login step (`loadAllTexts`).
 */
const LOGIN_TEXT_LOADERS: Record<Language, () => Promise<object>> = {
  en: async () => (await import('./login/en.json')).default,
  fr: async () => (await import('./login/fr.json')).default,
  es: async () => (await import('./login/es.json')).default,
};

/** How much of the catalogue the screens shown so far need: the sign-in page's slice, or all. */
export type TextScope = 'login' | 'all';
let wantedScope: TextScope = 'all';
/** What each language has in i18next now. */
const shownScope = new Map<Language, TextScope>();

const loading = new Map<Language, Promise<CatalogueShape<Catalogue>>>();
const loaded = new Map<Language, CatalogueShape<Catalogue>>();
const loadListeners = new Set<(language: Language) => void>();

/** The product's catalogue of `language`, fetched once (a failed fetch is tried again next time). */
export function loadCatalogue(language: Language): Promise<CatalogueShape<Catalogue>> {
  let pending = loading.get(language);
  if (pending === undefined) {
    // Every product message, with the catalogue: the screens that show the catalogue look their texts up by key.
    pending = Promise.all([CATALOGUE_LOADERS[language](), import('@domain/core/messages')]).then(
      ([catalogue, { messageKeyOf }]) => {
        setMessageKeyLookup(messageKeyOf);
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

/** Loads `language`'s texts (its sign-in slice, or its whole catalogue) into i18next unless they are there already. */
/** Whether i18next holds `language`'s texts for `scope` already. */
const isCovered = (language: Language, scope: TextScope) => shownScope.get(language) === 'all' || shownScope.get(language) === scope;

async function ensureLanguage(language: Language, scope: TextScope = wantedScope): Promise<void> {
  const covered = () => isCovered(language, scope);
  if (covered()) return;
  const texts = scope === 'all' ? await loadCatalogue(language) : await LOGIN_TEXT_LOADERS[language]();
  if (covered()) return; // Loaded meanwhile by another caller.
  // A copy: i18next merges into the object it holds, and the product's one must never change.
  i18next.addResourceBundle(language, 'translation', structuredClone(texts), true, true);
  shownScope.set(language, scope);
  if (scope === 'all') for (const listener of loadListeners) listener(language);
}

/**
 * The whole catalogue of the language shown, before any screen but the sign-in page's first
 * form renders (app/routes.tsx, the later login steps): from then on a language chosen loads whole.
 */
export async function loadAllTexts(): Promise<void> {
  wantedScope = 'all';
  // Asked for before i18next starts (a screen prefetched at start): initI18n adds it then.
  if (!i18next.isInitialized) {
    await loadCatalogue(storedLanguage());
    return;
  }
  await ensureLanguage(isLanguage(i18next.language) ? i18next.language : storedLanguage(), 'all');
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
 * Starts i18next with the catalogue of `language` (and of `alsoLoad`) loaded, whole or (`scope`
 * 'login', for the sign-in page) its sign-in slice: awaited before the
 * first render, so the chosen language shows from the first paint, never English first. When
 * every catalogue needed is loaded already, the language changes before this returns.
 */
export async function initI18n(language: Language = storedLanguage(), alsoLoad: readonly Language[] = [], scope: TextScope = 'all'): Promise<i18n> {
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
  // The sign-in page's slice only while nothing but the sign-in page has been shown.
  if (scope === 'all') wantedScope = 'all';
  else if (shownScope.size === 0) wantedScope = 'login';
  // Awaited only when something is missing, so with every text there the language changes before this returns.
  const missing = [language, ...alsoLoad].filter((wanted) => !isCovered(wanted, wantedScope));
  if (missing.length > 0) await Promise.all(missing.map((wanted) => ensureLanguage(wanted)));
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
  // The whole catalogue may have been asked for meanwhile (a sign-in answered): no slice then.
  if (wantedScope === 'all') await ensureLanguage(language, 'all');
  await i18next.changeLanguage(language);
}
