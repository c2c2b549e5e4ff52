import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { LANGUAGES, loadCatalogue } from './index';
import enSlice from './login/en.json';
import esSlice from './login/es.json';
import frSlice from './login/fr.json';
import { loginSliceOf } from './loginTexts';

const SLICES = { en: enSlice, fr: frSlice, es: esSlice };
const src = join(import.meta.dirname, '..');
const loginDir = join(src, 'features', 'auth', 'login');

/**
 * What the sign-in page runs before the whole catalogue is there: its screens, the guards and
 * toasts around it, the identity calls it makes and the domain's sign-in rules.
 */
const SIGN_IN_SOURCES = [
  ...readdirSync(loginDir).filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.')).map((file) => join(loginDir, file)),
  join(src, 'session', 'AuthProvider.tsx'),
  join(src, 'app', 'App.tsx'),
  join(src, 'app', 'guards.tsx'),
  join(src, 'components', 'PageLoader.tsx'),
  join(src, 'app', 'ConfigError.tsx'),
  join(src, 'components', 'toastHost.ts'),
  join(src, 'components', 'Toaster.tsx'),
  join(src, 'components', 'DismissToast.tsx'),
  join(src, 'components', 'LanguageMenuList.tsx'),
  join(src, 'i18n', 'messages.ts'),
  join(src, 'api', 'identity.ts'),
  join(src, 'api', 'apiFetch.ts'),
  join(src, '..', '..', 'domain', 'identity', 'login-rules.ts'),
  join(src, '..', '..', 'domain', 'identity', 'login.ts'),
];

function leafKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]: [string, unknown]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : leafKeys(value as object, path);
  });
}

/** Every catalogue key the sign-in sources name: a quoted key, a message key, or `(LOGIN_)MESSAGES.<key>`. */
function keysNamedIn(sources: readonly string[], catalogueKeys: ReadonlySet<string>): Set<string> {
  const named = new Set<string>();
  for (const file of sources) {
    const code = readFileSync(file, 'utf8');
    for (const [, quoted = ''] of code.matchAll(/['"`]([A-Za-z][\w.]*)['"`]/g)) {
      if (catalogueKeys.has(quoted)) named.add(quoted);
      if (Object.hasOwn(MESSAGES, quoted)) named.add(`messages.${quoted}`);
    }
    for (const [, key = ''] of code.matchAll(/\b(?:LOGIN_)?MESSAGES\.(\w+)/g)) named.add(`messages.${key}`);
  }
  return named;
}

describe("the sign-in page's slice of the catalogue (i18n/loginTexts.ts)", () => {
  it.each(LANGUAGES)('login/%s.json is the slice of the whole %s catalogue, text for text', async (language) => {
    const whole = await loadCatalogue(language);
    // Rewrite with: JSON.stringify(loginSliceOf(catalogue), null, 2) for each language.
    expect(SLICES[language]).toEqual(loginSliceOf(whole));
  });

  it('holds every key the sign-in screens, their guards and their toasts name', async () => {
    const catalogueKeys = new Set(leafKeys(await loadCatalogue('en')));
    const named = keysNamedIn(SIGN_IN_SOURCES, catalogueKeys);
    // The scan finds the keys (not an empty pass): the title, a field and a toast's message.
    expect([...named]).toEqual(expect.arrayContaining(['login.title', 'login.username', 'messages.invalidCredentials', 'messages.sessionTimeout']));
    for (const language of LANGUAGES) {
      const sliceKeys = new Set(leafKeys(SLICES[language]));
      expect([...named].filter((key) => !sliceKeys.has(key)), language).toEqual([]);
    }
  });

  it('is a small part of the catalogue', async () => {
    const whole = leafKeys(await loadCatalogue('en')).length;
    expect(leafKeys(SLICES.en).length).toBeLessThan(whole / 5);
  });
});
