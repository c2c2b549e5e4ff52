import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LAMBDAS = fileURLToPath(new URL('.', import.meta.url));

/**
 * Folders every resource may import: the data layer and the shared plumbing (docs/adding-an-entity.md).
 * `named-catalog` is the one implementation departments and divisions both are (it has no
 * handler or routes of its own), so it counts as shared too.
 */
const SHARED_FOLDERS = new Set(['data', 'shared', 'named-catalog']);

/**
 * Services other resources drive (issue 33): the alarm engine (the ingest and the clock run it)
 * and the notifier's planning (the clock and the alarms' resend use it). They call the data
 * layer; the data layer and the shared plumbing never import them.
 */
const SERVICE_FOLDERS = new Set(['alarm-engine', 'notifier']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports (static and dynamic). */
function specifiersOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)) found.push(match[1] ?? '');
  return found;
}

/** The resource folder a specifier of a file in `folder` lands in, when it leaves that folder for another one under lambdas/. */
function otherFolderOf(file: string, specifier: string): string | undefined {
  const own = relative(LAMBDAS, file).split('/')[0];
  const target = specifier.startsWith('@lambdas/')
    ? specifier.slice('@lambdas/'.length).split('/')[0]
    : specifier.startsWith('.') ? relative(LAMBDAS, join(file, '..', specifier)).split('/')[0] : undefined;
  if (target === undefined || target === own || target.startsWith('..') || target.endsWith('.ts') || !target) return undefined;
  // lambdas/routes.ts, schedules.ts and iot-rules.ts (files, not folders) list every resource: they are not resources.
  return statSync(join(LAMBDAS, target), { throwIfNoEntry: false })?.isDirectory() ? target : undefined;
}

describe('resource folders', () => {
  it('import only the data layer, the shared plumbing and domain/, never another resource', () => {
    // Prepare
    const resources = readdirSync(LAMBDAS).filter((name) => statSync(join(LAMBDAS, name)).isDirectory() && !SHARED_FOLDERS.has(name));
    // Act
    const crossings = resources.flatMap((resource) => sourceFiles(join(LAMBDAS, resource)).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return specifiersOf(source).flatMap((specifier) => {
        const other = otherFolderOf(file, specifier);
        return other !== undefined && !SHARED_FOLDERS.has(other) && !SERVICE_FOLDERS.has(other) ? [`${relative(LAMBDAS, file)} imports ${specifier}`] : [];
      });
    }));
    // Assess: an access pattern two resources need belongs in lambdas/data (or a rule in domain/).
    expect(crossings).toEqual([]);
  });

  it('the shared plumbing and the data layer never import a resource (nothing runs back up; their tests may drive one)', () => {
    // Act
    const crossings = ['shared', 'data'].flatMap((folder) => sourceFiles(join(LAMBDAS, folder)).filter((file) => !file.endsWith('.test.ts')).flatMap((file) =>
      specifiersOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const other = otherFolderOf(file, specifier);
        return other !== undefined && !SHARED_FOLDERS.has(other) ? [`${relative(LAMBDAS, file)} imports ${specifier}`] : [];
      })));
    // Assess
    expect(crossings).toEqual([]);
  });

  it('would notice a crossing (the check reads relative and aliased imports)', () => {
    // Prepare
    const file = join(LAMBDAS, 'gateways', 'routes.ts');
    // Assess
    expect(otherFolderOf(file, '../sites/store')).toBe('sites');
    expect(otherFolderOf(file, '@lambdas/sensors/store')).toBe('sensors');
    expect(otherFolderOf(file, './store')).toBeUndefined();
    expect(otherFolderOf(file, '../data')).toBe('data');
    expect(specifiersOf("import { a } from '../x/y';\nexport * from \"./z\";\nconst m = await import('../w/v');")).toEqual(['../x/y', './z', '../w/v']);
  });
});
