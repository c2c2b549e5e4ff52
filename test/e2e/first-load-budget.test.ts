import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_CEILING_KB, firstLoadChunks } from '../../../test/bench/first-load.mts';

// Type-checked with Node's types (tsconfig.node.json): it reads the build, not the browser's code.
// A path, not a URL: under jsdom import.meta.url is not a file: URL.
const distDir = join(import.meta.dirname, '..', '..', 'dist');
const built = existsSync(join(distDir, '.vite', 'manifest.json'));

/** The packages a chunk's source map says it holds. */
function packagesIn(file: string): string[] {
  const map = JSON.parse(readFileSync(join(distDir, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources.flatMap((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1] ?? []);
}

// Reads the built app (`npm test` builds it first); without a build there is nothing to measure.
describe.skipIf(!built)('first load of the sign-in page (built frontend/dist, Vite manifest)', () => {
  it(`stays within ${FIRST_LOAD_CEILING_KB} kB of gzipped JavaScript`, () => {
    const total = firstLoadChunks(distDir).reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
    expect(total / 1000).toBeLessThanOrEqual(FIRST_LOAD_CEILING_KB);
  });

  it('carries neither zod nor react-hook-form: the later login modes bring them', () => {
    const packages = new Set(firstLoadChunks(distDir).flatMap((chunk) => packagesIn(chunk.file)));
    expect([...packages].filter((name) => ['zod', 'react-hook-form', '@hookform/resolvers'].includes(name))).toEqual([]);
  });
});
