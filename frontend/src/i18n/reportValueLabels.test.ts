import { describe, expect, it } from 'vitest';
import { REPORT_VALUE_LABELS } from '@domain/reports/labels';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

/** The reports write alarm types in the words the web app shows them in (domain/reports/labels.ts keeps a copy for the server). */
describe("the reports' alarm type words", () => {
  it('are the web app\'s, in each language', () => {
    for (const [language, catalogue] of [['en', en], ['fr', fr], ['es', es]] as const) {
      const types = catalogue.alarms.types as Record<string, string>;
      for (const [code, texts] of Object.entries(REPORT_VALUE_LABELS['alarmType'] ?? {})) expect(texts[language], `${language} ${code}`).toBe(types[code]);
    }
  });
});
