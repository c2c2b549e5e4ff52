import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.m?ts$/.test(name) ? [path] : [];
  });
}

const isTest = (file: string) => /\.test\.m?ts$|\.test-support\.ts$/.test(file);
const CODE_FOLDERS = ['lambdas', 'local', 'test', 'bin'].map((folder) => join(ROOT, folder));

/** A key of the single table spelled by hand: a string or template that starts with the tenant prefix `C#`. */
const HAND_BUILT_KEY = /[`'"]C#/;

/**
 * One key vocabulary (issue 33 section 2): each item kind's keys are spelled once, in its entity
 * module under lambdas/data/entities/ (readings, rollups and dead letters, outside ElectroDB, in
 * their own modules of lambdas/data: docs/decisions/0080). The second table of key templates
 * (`data/keys.ts`, before it `shared/keys.ts`) is gone, and the code outside the data layer asks
 * the data layer for keys, never spells one.
 */
describe('key vocabulary', () => {
  it('has no second table of key builders', () => {
    // Assess
    expect(existsSync(join(ROOT, 'lambdas', 'data', 'keys.ts'))).toBe(false);
    expect(existsSync(join(ROOT, 'lambdas', 'shared', 'keys.ts'))).toBe(false);
    const importers = CODE_FOLDERS.flatMap(sourceFiles).filter((file) => /from\s*['"][^'"]*\/(data|shared)\/keys['"]|from\s*['"]\.\/keys['"]/.test(readFileSync(file, 'utf8')));
    expect(importers.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('builds no `C#...` key by hand outside lambdas/data (tests may pin the stored bytes)', () => {
    // Act
    const outside = CODE_FOLDERS.flatMap(sourceFiles)
      .filter((file) => !file.startsWith(join(ROOT, 'lambdas', 'data')) && !file.startsWith(join(ROOT, 'test')) && !isTest(file));
    const builders = outside.filter((file) => HAND_BUILT_KEY.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));
    // Assess
    expect(outside.length).toBeGreaterThan(100);
    expect(builders).toEqual([]);
  });

  it('would notice a hand-built key', () => {
    // Assess
    expect(HAND_BUILT_KEY.test("const pk = `C#${customerId}#SENSOR`;")).toBe(true);
    expect(HAND_BUILT_KEY.test("const pk = 'C#org-1#USER';")).toBe(true);
    expect(HAND_BUILT_KEY.test('const pk = sensorKey(tableName, customerId, id);')).toBe(false);
  });
});
