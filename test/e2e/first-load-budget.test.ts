import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_CEILING_KB, firstLoadChunks } from '../bench/first-load.mjs';

const distDir = join(import.meta.dirname, '..', '..', 'frontend', 'dist');

/** The packages a chunk's source map says it holds. */
function packagesIn(file: string): string[] {
  const mapFile = join(distDir, `${file}.map`);
  // Vite's own preload helper, alone in its chunk, has no source map (and no package).
  if (!existsSync(mapFile)) return [];
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return map.sources.flatMap((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1] ?? []);
}

// Reads the built app, as the browser tests do (`npm test` builds it first).
describe('first load of the sign-in page (built frontend/dist, Vite manifest)', () => {
  beforeAll(() => {
    if (!existsSync(join(distDir, '.vite', 'manifest.json'))) throw new Error('No built web app in frontend/dist: run `npm run build:web` first.');
  });

  it(`stays within ${FIRST_LOAD_CEILING_KB} kB of gzipped JavaScript`, () => {
    const total = firstLoadChunks(distDir).reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
    expect(total / 1000).toBeLessThanOrEqual(FIRST_LOAD_CEILING_KB);
  });

  it('carries neither zod nor react-hook-form: the later login modes bring them', () => {
    const packages = new Set(firstLoadChunks(distDir).flatMap((chunk) => packagesIn(chunk.file)));
    expect([...packages].filter((name) => ['zod', 'react-hook-form', '@hookform/resolvers'].includes(name))).toEqual([]);
  });

  it('carries neither MUI, emotion, notistack nor swr: the first sign-in form is plain (docs/decisions.md)', () => {
    const packages = new Set(firstLoadChunks(distDir).flatMap((chunk) => packagesIn(chunk.file)));
    const later = ['@mui/material', '@mui/system', '@mui/icons-material', '@emotion/react', '@emotion/styled', 'notistack', 'swr'];
    expect([...packages].filter((name) => later.includes(name))).toEqual([]);
  });
});
