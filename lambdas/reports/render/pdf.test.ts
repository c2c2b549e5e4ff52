import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfBuffer, type PdfReport } from './pdf';
import { pageLabel } from './pdf-texts';

// The PDF is read back with poppler-utils (pdfinfo, pdftotext, pdftoppm), as a reader would see it.
const folder = mkdtempSync(join(tmpdir(), 'report-pdf-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const HOUR = 3_600_000;
const FROM = Date.UTC(2026, 2, 28, 23);

function frenchReport(rowCount: number, pageSize: PdfReport['pageSize'] = 'A4'): PdfReport {
  const rows = Array.from({ length: rowCount }, (_, index) => [`Réfrigérateur ${(index % 3) + 1}`, `29/03/2026 ${String(index % 24).padStart(2, '0')}:00`, (4 + (index % 5) / 10).toFixed(1).replace('.', ','), index % 7 === 0 ? 'écart' : '']);
  return {
    language: 'fr',
    pageSize,
    title: 'Relevé de température',
    organisation: 'Pharmacie Saint-Éloi',
    site: 'Lyon — Réserve',
    timeZone: 'Europe/Paris',
    range: '29/03/2026 – 29/03/2026',
    generatedAt: '30/03/2026 08:15',
    fingerprint: 'a3f1c2',
    sections: [
      {
        kind: 'chart',
        title: 'Courbe (día, año)',
        unit: '°C',
        from: FROM,
        to: FROM + 23 * HOUR,
        limits: [{ value: 2, label: 'min 2 °C' }, { value: 8, label: 'max 8 °C' }],
        // A gap at 10:00-12:00 stays a gap.
        series: [1, 2, 3].map((sensor) => ({ name: `Réfrigérateur ${sensor}`, points: Array.from({ length: 24 }, (_, hour) => ({ time: FROM + hour * HOUR, value: hour >= 10 && hour < 12 ? null : 4 + Math.sin((hour + sensor) / 4) })) })),
        timeLabel: (time) => `${String(new Date(time + HOUR).getUTCHours()).padStart(2, '0')}:00`,
      },
      {
        kind: 'table',
        title: 'Relevés horaires',
        columns: [{ label: 'Capteur', weight: 2 }, { label: 'Heure', weight: 2 }, { label: 'Température °C', align: 'right' }, { label: 'Écart', weight: 1 }],
        rows,
      },
    ],
  };
}

function written(name: string, bytes: Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
}
const pdfinfo = (path: string) => execFileSync('pdfinfo', [path], { encoding: 'utf8' });
const pageText = (path: string, page: number) => execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });

describe('report PDF', () => {
  it('writes a French report: accents, two A4 pages, the header row again on page 2, "Page 2 sur 2"', async () => {
    const path = written('fr.pdf', await pdfBuffer(frenchReport(60)));
    const info = pdfinfo(path);
    expect(info).toMatch(/Pages:\s+2\n/);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(info).toMatch(/Title:\s+Relevé de température/);

    const first = pageText(path, 1);
    for (const text of ['Relevé de température', 'écart', 'día, año', 'Pharmacie Saint-Éloi', 'Lyon — Réserve', 'Fuseau horaire: Europe/Paris', 'Période: 29/03/2026 – 29/03/2026', 'Généré le: 30/03/2026 08:15', 'Empreinte SHA-256: a3f1c2', 'Réfrigérateur 1', 'Page 1 sur 2', 'max 8 °C']) {
      expect(first).toContain(text);
    }
    const second = pageText(path, 2);
    expect(second).toMatch(/Capteur\s+Heure\s+Température °C\s+Écart/);
    expect(second).toContain('Page 2 sur 2');
    expect(second).toContain('Pharmacie Saint-Éloi');

    // Every row is printed once, across the two pages.
    const rowsPrinted = [first, second].join('\n').split('\n').filter((line) => /Réfrigérateur \d\s+29\/03\/2026/.test(line)).length;
    expect(rowsPrinted).toBe(60);
  });

  it('renders to images: one per page, not blank', async () => {
    const path = written('fr-images.pdf', await pdfBuffer(frenchReport(60)));
    execFileSync('pdftoppm', ['-r', '30', '-gray', path, join(folder, 'page')]);
    const images = readdirSync(folder).filter((name) => name.startsWith('page') && name.endsWith('.pgm')).sort();
    expect(images).toHaveLength(2);
  });

  it('prints on Letter too, with as many pages as the footer says', async () => {
    const path = written('letter.pdf', await pdfBuffer({ ...frenchReport(200, 'LETTER'), language: 'es' }));
    const info = pdfinfo(path);
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    expect(pages).toBeGreaterThan(3);
    expect(pageText(path, pages)).toContain(pageLabel('es', pages, pages));
  });

  it('says when a table has no rows, and cuts a cell too long for its column', async () => {
    const report = frenchReport(0);
    const long = 'Une très longue mesure corrective décrite en détail, qui ne tient pas dans la colonne';
    const path = written('empty.pdf', await pdfBuffer({
      ...report,
      language: 'en',
      sections: [report.sections[1] as PdfReport['sections'][number], { kind: 'table', columns: [{ label: 'Action' }, { label: 'A' }, { label: 'B' }, { label: 'C' }], rows: [[long, '1', '2', '3']] }],
    }));
    const text = pageText(path, 1);
    expect(text).toContain('No records found.');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('Une très longue');
    expect(text).toContain('…');
    expect(text).not.toContain('dans la colonne');
  });

  it('draws a photo in its cell, its row as tall as the image preference asks, and leaves out what is not an image', async () => {
    // A 2 x 2 PNG, red.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8AARAwMDAwMAB/6A/0rDG1QAAAAAElFTkSuQmCC', 'base64');
    const report = frenchReport(0);
    const path = written('photo.pdf', await pdfBuffer({
      ...report,
      sections: [{ kind: 'table', columns: [{ label: 'Question' }, { label: 'Photo' }], rows: [['Porte fermée ?', { image: png }], ['Sol propre ?', { image: Buffer.from('not an image') }]], imageHeight: 140 }],
    }));
    const images = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^\s*1\s+0\s+image\s+2\s+2\s+rgb/);
    expect(pageText(path, 1)).toContain('Sol propre ?');
  });
});
