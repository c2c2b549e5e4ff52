import { LOGIN_MESSAGES, type LoginMessageKey } from '@domain/core/login-messages';

/**
 * The sign-in page's slice of the catalogue (docs/performance.md "First load"): what /login and
 * /login/helpdesk show before anything else loads, so a phone evaluates ~2 kB of texts, not the
 * whole catalogue. Every other screen waits for the whole catalogue (`loadAllTexts`).
 * `loginTexts.test.ts` checks each `login/<language>.json` is this slice of `<language>.json`
 * and holds every key the sign-in screens name.
 */

/** Catalogue sections the sign-in page shows whole (every mode's labels and titles). */
export const LOGIN_SECTIONS = ['app', 'languages', 'login'] as const;

/** Single texts of other sections the sign-in page shows (its language button's label). */
export const LOGIN_KEYS = ['topBar.languageCurrent'] as const;

/**
 * The product messages the sign-in page, its guards and its toasts can show: those of
 * `LOGIN_MESSAGES`, the only ones the sign-in page can look up by text before the whole
 * catalogue is there (i18n/messageKeys.ts).
 */
export const LOGIN_MESSAGE_KEYS = Object.keys(LOGIN_MESSAGES) as LoginMessageKey[];

type Tree = { [key: string]: string | Tree };

/** The sign-in page's slice of a whole catalogue (what `login/<language>.json` holds). */
export function loginSliceOf(catalogue: object): Tree {
  const whole = catalogue as Tree;
  const slice: Tree = {};
  for (const section of LOGIN_SECTIONS) {
    const texts = whole[section];
    if (texts !== undefined) slice[section] = texts;
  }
  for (const key of LOGIN_KEYS) {
    const [section = '', name = ''] = key.split('.');
    const texts = whole[section];
    if (typeof texts !== 'object' || texts[name] === undefined) continue;
    const into = slice[section];
    slice[section] = { ...(typeof into === 'object' ? into : {}), [name]: texts[name] };
  }
  const messages = whole['messages'];
  if (typeof messages === 'object') {
    slice['messages'] = Object.fromEntries(LOGIN_MESSAGE_KEYS.flatMap((key) => (messages[key] === undefined ? [] : [[key, messages[key]]])));
  }
  return slice;
}
