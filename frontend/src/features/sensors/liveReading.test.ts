import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatAge, liveReadingText, sensorOnlineAt, type LiveSensor } from './liveReading';
import type { ChannelFormat } from '../../i18n/readingUnits';

const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);
const format = (language = 'en'): ChannelFormat => ({ uom: 'C', language, labels: { open: 'Door open', close: 'Door shut' } });
// The Dry Store: a CT-100 (every 5 minutes: online within 25 minutes of its newest reading), silent since 6:58 PM.
const dryStore: LiveSensor = {
  deviceModel: 'CT-100',
  channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'ambient' }],
  live: { lastReadingAt: '2026-11-27T18:58:00Z', reading: { 1: 18.9 } },
};

describe('a sensor judged at the moment shown (issue 17 item 1)', () => {
  it('is online within its report interval rule of its own newest reading, offline after', () => {
    expect(sensorOnlineAt(dryStore, at('2026-11-27T19:23:00Z'))).toBe(true);
    expect(sensorOnlineAt(dryStore, at('2026-11-27T19:23:01Z'))).toBe(false);
    expect(sensorOnlineAt({ deviceModel: 'CT-100', live: {} }, at('2026-11-27T19:00:00Z'))).toBe(false);
  });

  it('shows a fresh value alone and a stale one with its age', () => {
    expect(liveReadingText(dryStore, format(), at('2026-11-27T19:10:00Z'), i18next.t)).toBe('18.9 °C');
    expect(liveReadingText(dryStore, format(), at('2026-11-27T20:15:00Z'), i18next.t)).toBe('18.9 °C · 1 h 17 min ago');
    expect(liveReadingText({ ...dryStore, live: {} }, format(), at('2026-11-27T20:15:00Z'), i18next.t)).toBe('');
  });

  it('says the age in the language shown', () => {
    const fr = i18next.getFixedT('fr');
    const es = i18next.getFixedT('es');
    expect(liveReadingText(dryStore, format('fr'), at('2026-11-27T20:15:00Z'), fr)).toBe('18,9 °C · il y a 1 h 17 min');
    expect(liveReadingText(dryStore, format('es'), at('2026-11-27T20:15:00Z'), es)).toBe('18,9 °C · hace 1 h 17 min');
  });

  it('counts whole minutes, hours and days', () => {
    expect(formatAge(40 * MINUTE + 59_000, 'en', i18next.t)).toBe('40 min ago');
    expect(formatAge(60 * MINUTE, 'en', i18next.t)).toBe('1 h 0 min ago');
    expect(formatAge((2 * 24 * 60 + 3 * 60 + 5) * MINUTE, 'en', i18next.t)).toBe('2 d 3 h ago');
    expect(formatAge((26 * 60) * MINUTE, 'fr', i18next.getFixedT('fr'))).toBe('il y a 1 j 2 h');
  });
});
