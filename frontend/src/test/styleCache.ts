import createCache, { type EmotionCache } from '@emotion/cache';

/** The caches made in this test file, whose rules go with it (removeTestStyles). */
const created: EmotionCache[] = [];

/**
 * Emotion's style cache for component tests: the same class names and rules as the app's
 * default cache, less the rules jsdom can never apply.
 *
 * jsdom's getComputedStyle (behind every getByRole/findByRole name and hidden check,
 * toBeVisible and user-event's pointer-events check) matches each element against every
 * rule in the document, anew after each DOM change. A page with the data grid and a few
 * text fields holds ~750 rules; 44 of them took two thirds of that matching:
 * - vendor pseudo-elements the prefixer adds (`::-moz-placeholder`, `::-ms-input-placeholder`,
 *   `::-moz-focus-inner`, ...): jsdom cannot parse them, throws and catches for each element,
 *   and so never applies them;
 * - MUI's `:has(...)` rules that only set its own custom properties (`--_caret`), which no
 *   computed value in jsdom reads (jsdom does not resolve `var()`).
 * Leaving those out changes no value that getComputedStyle gives for any other property.
 * - rules that set none of the properties a test reads (colours, spacing, fonts, borders:
 *   most of MUI's): jsdom lays nothing out, so only display, visibility, opacity,
 *   pointer-events and content (the hidden and accessible-name checks, toBeVisible,
 *   user-event) and position and z-index (Panel's fullscreen test) are ever read.
 *
 * `speedy` puts the rules through insertRule into one stylesheet instead of one <style>
 * element a rule: jsdom applies them all the same (a collapsed Panel is still not visible),
 * and adding a rule is no longer a DOM change that drops jsdom's computed-style cache.
 */
export function createTestStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css', speedy: true });
  created.push(cache);
  const insert = cache.sheet.insert.bind(cache.sheet);
  cache.sheet.insert = (rule: string) => {
    if (appliesInJsdom(rule)) insert(rule);
  };
  return cache;
}

/** Takes the rules of the caches made in this file out of the document (the files share one jsdom: setup.ts). */
export function removeTestStyles(): void {
  for (const cache of created.splice(0)) cache.sheet.flush();
}

const parsable = new Map<string, boolean>();

/** The properties a component test reads through getComputedStyle (see above). */
const READ_PROPERTIES = new Set(['display', 'visibility', 'opacity', 'pointer-events', 'content', 'position', 'z-index']);

const setsAReadProperty = (declarations: readonly string[]) =>
  declarations.some((declaration) => READ_PROPERTIES.has(declaration.slice(0, declaration.indexOf(':')).trim().toLowerCase()));

function appliesInJsdom(rule: string): boolean {
  if (rule.startsWith('@')) return true;
  const open = rule.indexOf('{');
  if (open < 0 || !rule.endsWith('}')) return true;
  const body = rule.slice(open + 1, -1).split(';').map((declaration) => declaration.trim()).filter(Boolean);
  if (!setsAReadProperty(body)) return false;
  const selector = rule.slice(0, open);
  let known = parsable.get(selector);
  if (known === undefined) {
    try {
      document.createElement('div').matches(selector);
      known = true;
    } catch {
      known = false;
    }
    parsable.set(selector, known);
  }
  return known;
}
