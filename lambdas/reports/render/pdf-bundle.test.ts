import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

// Both PDF libraries have open reports of failing once bundled (their standard fonts are files
// beside the library): this bundles the renderer as PortalFunction does (lib/function.ts) and
// runs it from a folder with no node_modules, as Lambda would.
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'report-pdf-bundle-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ENTRY = `
import { writeFileSync } from 'node:fs';
import { pdfBuffer } from ${JSON.stringify(join(REPO_ROOT, 'lambdas/reports/render/pdf.ts'))};
import { csvBuffer } from ${JSON.stringify(join(REPO_ROOT, 'lambdas/reports/render/csv.ts'))};
const pdf = await pdfBuffer({
  language: 'es', pageSize: 'LETTER', title: 'Registro de temperatura', organisation: 'Farmacia Año Nuevo', site: 'Señora', timeZone: 'Europe/Madrid',
  range: '01/03/2026 – 02/03/2026', generatedAt: '03/03/2026 09:00',
  sections: [{ kind: 'table', columns: [{ label: 'Sensor' }, { label: 'Día' }], rows: [['Nevera', 'miércoles']] }],
});
writeFileSync('report.pdf', pdf);
writeFileSync('report.csv', await csvBuffer([['=1+1', -3.5]]));
`;

describe('the report renderers in a Lambda bundle', () => {
  it('bundle as ESM and run with no node_modules, fonts embedded', async () => {
    const entry = join(folder, 'entry.ts');
    writeFileSync(entry, ENTRY);
    const outfile = join(folder, 'handler.mjs');
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      mainFields: ['module', 'main'],
      minify: true,
      banner: { js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);" },
      tsconfig: join(REPO_ROOT, 'tsconfig.json'),
      logLevel: 'silent',
    });
    execFileSync(process.execPath, [outfile], { cwd: folder, stdio: 'pipe' });
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(folder, 'report.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Registro de temperatura');
    expect(text).toContain('Farmacia Año Nuevo');
    expect(text).toContain('miércoles');
    expect(text).toContain('Página 1 de 1');
    expect(readFileSync(join(folder, 'report.csv'), 'utf8')).toBe("\uFEFF'=1+1,-3.5\r\n");
  });
});
