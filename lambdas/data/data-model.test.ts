import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from './service';

const docs = readFileSync(new URL('../../docs/data-model.md', import.meta.url), 'utf8');
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

interface KeyDefinition { field: string; template?: string }
interface IndexDefinition { pk: KeyDefinition; sk?: KeyDefinition }

describe('docs/data-model.md and the entity definitions', () => {
  for (const [name, entity] of Object.entries(ENTITIES)) {
    it(`lists ${name}, its file and every key template of its indexes`, () => {
      // Prepare
      const file = `lambdas/data/entities/${kebab(name)}.ts`;
      const indexes = Object.entries(entity.schema.indexes as Record<string, IndexDefinition>);
      // Assess: docs/data-model.md "Entities" shows each key as `<field> = <template>`.
      expect(existsSync(new URL(`../../${file}`, import.meta.url))).toBe(true);
      expect(docs).toContain(`\`${file}\``);
      expect(indexes.length).toBeGreaterThan(0);
      for (const [indexName, index] of indexes) {
        expect(docs, `${name}.${indexName}`).toContain(`\`${indexName}\``);
        for (const key of [index.pk, index.sk]) {
          if (key === undefined) continue;
          expect(key.template, `${name}.${indexName}.${key.field} has a template`).toBeDefined();
          expect(docs).toContain(`\`${key.field} = ${key.template ?? ''}\``);
        }
      }
    });
  }
});
