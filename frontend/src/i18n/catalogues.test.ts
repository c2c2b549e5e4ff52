import { describe, expect, it } from 'vitest';
import { ALARM_TYPE_CATALOGUE, ALARM_TYPES } from '@domain/alarms/alarm-types';
import { MESSAGES } from '@domain/core/messages';
import { CHANNELS, NOTIFICATION_CHANNELS } from '@domain/notifications/channels';
import { REPORT_CATALOGUE, REPORT_IDS } from '@domain/reports/catalogue';
import { REPORT_NAMES } from '@domain/reports/names';
import { NAVIGATION } from '../app/navigation';
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

// The domain's catalogues name their labels' keys (issue 33 section 3): each is a text in every language.
describe('the domain\'s catalogues', () => {
  const keys = [...NOTIFICATION_CHANNELS.map((channel) => CHANNELS[channel].labelKey), ...ALARM_TYPES.map((type) => ALARM_TYPE_CATALOGUE[type].labelKey)];
  it.each([
    ['en', enCatalogue],
    ['fr', fr],
    ['es', es],
  ])('%s names every channel and every alarm type', (_language, catalogue) => {
    const texts = leafKeys(catalogue);
    for (const key of keys) expect(texts, key).toContain(key);
  });
});

// A report's name is written once, in the domain (the PDF's title, the emailed subject): the screens show the same words.
describe('the report names', () => {
  it.each([
    ['en', enCatalogue],
    ['fr', fr],
    ['es', es],
  ] as const)('%s names every report of the catalogue as the domain does', (language, catalogue) => {
    const lookup = (path: string) => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
    for (const id of REPORT_IDS) expect(lookup(REPORT_CATALOGUE[id].nameKey), id).toBe(REPORT_NAMES[id][language]);
  });
});

// The entries a person sees together in one menu: a label twice there reads as one entry twice (issue 17 item 13).
const USER_MENU_KEYS = ['topBar.language', 'languages.en', 'languages.fr', 'languages.es', 'topBar.help', 'topBar.sessions', 'topBar.logout'];
const MENUS: Record<string, readonly string[]> = {
  navigation: NAVIGATION.flatMap((section) => [...(section.heading === undefined ? [] : [section.heading]), ...section.items.map((item) => item.label)]),
  userMenu: USER_MENU_KEYS,
};

describe('menus', () => {
  it.each([
    ['en', enCatalogue],
    ['fr', fr],
    ['es', es],
  ])('%s gives no two entries of one menu the same label', (_language, catalogue) => {
    for (const [menu, keys] of Object.entries(MENUS)) {
      const labels = keys.map((key) => String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue)));
      const twice = labels.filter((label, index) => labels.indexOf(label) !== index);
      expect(twice, menu).toEqual([]);
    }
  });
});
