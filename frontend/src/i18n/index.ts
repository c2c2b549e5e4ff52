import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MESSAGES } from '@domain/core/messages';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

export const LANGUAGES = ['en', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Where the chosen language is kept between visits (SPEC section 3: stored client state). */
export const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * English is the source: the screen texts plus the product's own messages taken straight
 * from the domain, so an API message and its English translation can never drift.
 */
export const enCatalogue = { ...en, messages: MESSAGES };
export type Catalogue = typeof enCatalogue;

/** Every leaf of the English catalogue, as a string: what another language must provide. */
type CatalogueShape<T> = { [K in keyof T]: T[K] extends string ? string : CatalogueShape<T[K]> };

// Assigning here makes a missing key in fr or es a compile error; the catalogue test also
// refuses extra keys.
const frCatalogue: CatalogueShape<Catalogue> = fr;
const esCatalogue: CatalogueShape<Catalogue> = es;

export const catalogues: Record<Language, CatalogueShape<Catalogue>> = {
  en: enCatalogue,
  fr: frCatalogue,
  es: esCatalogue,
};

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

/** Starts i18next with every catalogue bundled (they are small), synchronously. */
export function initI18n(language: Language = storedLanguage()): i18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {
        en: { translation: catalogues.en },
        fr: { translation: catalogues.fr },
        es: { translation: catalogues.es },
      },
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes already.
      initAsync: false,
      returnNull: false,
      showSupportNotice: false,
    });
    i18next.on('languageChanged', () => reflectLanguage(i18next));
    reflectLanguage(i18next);
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this visit.
  }
  await i18next.changeLanguage(language);
}

