import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_CEILING_KB, firstLoadChunks } from '../bench/first-load.mjs';

const distDir = join(import.meta.dirname, '..', '..', 'frontend', 'dist');

/** The source files a chunk's source map says it holds. */
function sourcesIn(file: string): string[] {
  const mapFile = join(distDir, `${file}.map`);
  // Vite's own preload helper, alone in its chunk, has no source map (and no package).
  if (!existsSync(mapFile)) return [];
  return (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
}

/** The packages a chunk's source map says it holds. */
function packagesIn(file: string): string[] {
  return sourcesIn(file).flatMap((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1] ?? []);
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

  it('carries neither MUI, emotion, notistack nor swr: the first sign-in form is plain (docs/decisions/0056-first-sign-in-form-without-mui.md)', () => {
    const packages = new Set(firstLoadChunks(distDir).flatMap((chunk) => packagesIn(chunk.file)));
    const later = ['@mui/material', '@mui/system', '@mui/icons-material', '@emotion/react', '@emotion/styled', 'notistack', 'swr'];
    expect([...packages].filter((name) => later.includes(name))).toEqual([]);
  });
});

describe('the data cache in the built web app', () => {
  it("swr reads its cache through the transition store, so its answers re-render in short slices (frontend/src/session/transitionStore.ts)", () => {
    const chunks = readdirSync(join(distDir, 'assets')).filter((file) => file.endsWith('.js')).map((file) => `assets/${file}`);
    const storeChunks = chunks.filter((file) => sourcesIn(file).some((source) => source.endsWith('src/session/transitionStore.ts')));
    const swrChunks = chunks.filter((file) => sourcesIn(file).some((source) => source.includes('node_modules/swr/')));
    expect(storeChunks).toHaveLength(1);
    expect(swrChunks.length).toBeGreaterThan(0);
    const [storeChunk] = storeChunks;
    const fileName = (chunk: string) => chunk.replace('assets/', '');
    const shimChunks = chunks.filter((file) => sourcesIn(file).some((source) => source.includes('node_modules/use-sync-external-store/')));
    // swr's own import of React's hook (use-sync-external-store/shim) was resolved to the store: no
    // swr chunk holds or imports the shim, and one holds or imports the store. A swr update changing
    // that import fails here.
    for (const chunk of swrChunks) {
      const text = readFileSync(join(distDir, chunk), 'utf8');
      expect(shimChunks.filter((shim) => shim === chunk || text.includes(fileName(shim))), chunk).toEqual([]);
    }
    expect(swrChunks.some((chunk) => chunk === storeChunk || readFileSync(join(distDir, chunk), 'utf8').includes(fileName(storeChunk ?? '?')))).toBe(true);
  });
});

describe('the signed-in first screen in the built web app (vite.config.ts, signedInFirstScreenChunks)', () => {
  const chunks = () => readdirSync(join(distDir, 'assets')).filter((file) => file.endsWith('.js'));
  const text = (file: string) => readFileSync(join(distDir, 'assets', file), 'utf8');
  const holding = (source: string) => chunks().filter((file) => sourcesIn(`assets/${file}`).some((held) => held.endsWith(source)));
  const steps = () => ['ThemedScreens.tsx', 'AppLayout.tsx', 'DashboardPage.tsx'].map((screen) => {
    const [chunk, ...others] = holding(`src/${screen === 'DashboardPage.tsx' ? 'features/dashboard' : 'app'}/${screen}`);
    expect(others, screen).toEqual([]);
    return chunk ?? '?';
  });

  it('comes in three chunks, the theme, the shell and the dashboard, none importing a later one nor in a cycle', () => {
    const [theme, shell, dashboard] = steps();
    expect(new Set([theme, shell, dashboard]).size).toBe(3);
    expect(text(theme ?? '?')).not.toContain(shell);
    expect(text(theme ?? '?')).not.toContain(dashboard);
    expect(text(shell ?? '?')).not.toContain(dashboard);
    // Nor does a chunk they import import them back (a cycle: which one's code runs first would
    // depend on which was asked for first).
    const importsOf = (file: string) => [...text(file).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1] ?? '');
    for (const step of [theme, shell, dashboard]) {
      for (const imported of importsOf(step ?? '?')) expect(importsOf(imported), `${imported} imports ${step}`).not.toContain(step);
    }
    // The shell's chunk holds the shell's modules, not one small chunk per MUI component.
    expect(sourcesIn(`assets/${shell ?? '?'}`).filter((source) => source.includes('node_modules/@mui/material/')).length).toBeGreaterThan(10);
  });

  it('is imported lazily by the routes alone: another lazy import (the texts, the sessions) would evaluate a whole step early', () => {
    const [routes, ...others] = holding('src/app/routes.tsx');
    expect(others).toEqual([]);
    for (const step of steps()) {
      const importers = chunks().filter((file) => text(file).includes(`import(\`./${step}\`)`) || text(file).includes(`import("./${step}")`));
      expect(importers, step).toEqual([routes]);
    }
  });
});
