import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * `npm run bench`: the JavaScript the sign-in page needs before it can be used, gzipped, from
 * the built `frontend/dist` and Vite's manifest (run `npm run build:web` first). That is the
 * entry with its static imports, plus the lazy modules /login loads before first render (the
 * login screen and the sign-in page's slice of the chosen language's catalogue), each with their own static imports.
 */
export const FIRST_LOAD_BUDGET_KB = 170;
/**
 * What the first load may not exceed today (checked by test/e2e/first-load-budget.test.ts after a
 * build): the figure measured on 2026-11-25 (131.3 kB, fourth pass: the sign-in page's slice of
 * the catalogue) plus a little room, under the budget. It never goes up without a reason in
 * docs/performance.md "First load" (2026-11-27: 135 -> 137 kB for the HACCP messages in
 * domain/core/messages.ts, then 133 kB once the sign-in page took only its own messages,
 * domain/core/login-messages.ts: 129.9 kB measured).
 */
export const FIRST_LOAD_CEILING_KB = 133;

/** The modules, by source path from frontend/, that /login imports lazily before it shows. */
export const LOGIN_LAZY_MODULES = ['src/features/auth/login/LoginPage.tsx', 'src/i18n/login/en.json'] as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface LoadedChunk {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Every chunk `keys` need, following static imports only (dynamic ones load later, if ever). */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

/**
 * The JavaScript chunks of the first load, with their gzipped sizes. A lazy module missing from
 * the manifest is bundled into another chunk (so already counted), not an error.
 */
export function firstLoadChunks(distDir: string, lazyModules: readonly string[] = LOGIN_LAZY_MODULES): LoadedChunk[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  const keys = staticClosure(manifest, [...entries, ...lazyModules.filter((key) => key in manifest)]);
  return [...keys]
    .map((key) => manifest[key]?.file ?? '')
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const content = readFileSync(join(distDir, file));
      return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const kB = (bytes: number): string => (bytes / 1000).toFixed(1);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = fileURLToPath(new URL('../../frontend/dist', import.meta.url));
  const chunks = firstLoadChunks(distDir);
  const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  const raw = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
  console.log('First load of /login (JavaScript, from frontend/dist; run npm run build:web first)');
  for (const chunk of chunks) console.log(`  ${chunk.file.padEnd(48)} ${kB(chunk.bytes).padStart(8)} kB  ${kB(chunk.gzipBytes).padStart(7)} kB gzip`);
  const verdict = total <= FIRST_LOAD_BUDGET_KB * 1000 ? 'within' : 'OVER';
  console.log(`  total ${chunks.length} chunks: ${kB(raw)} kB, ${kB(total)} kB gzip (budget ${FIRST_LOAD_BUDGET_KB} kB: ${verdict})`);
}
