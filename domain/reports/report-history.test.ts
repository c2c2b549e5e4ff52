import { describe, expect, it } from 'vitest';
import { REPORT_CATALOGUE } from './catalogue';
import { buildReportHistory, parametersText } from './report-history';
import type { ReportRun } from './runs';

const run = (id: string, createdAt: string, overrides: Partial<ReportRun> = {}): ReportRun => ({
  id, reportId: 'temperatureLog', format: 'pdf', parameters: { siteIds: ['s1', 's2'], from: '2026-03-01', to: '2026-03-02' }, status: 'ready', progress: 1,
  requestedBy: { userId: 'u1', name: 'Ana Admin' }, siteIds: ['s1', 's2'], createdAt, size: 1234, sha256: 'ab'.repeat(32), ...overrides,
});

describe('the Report History report', () => {
  const from = Date.parse('2026-03-01T00:00:00Z');
  const to = Date.parse('2026-03-03T00:00:00Z');

  it('lists the runs of the range newest first, named in the reader language, with size, fingerprint and status', () => {
    const figures = buildReportHistory({
      from, to, language: 'fr',
      runs: [
        run('a', '2026-03-01T08:00:00.000Z'),
        run('b', '2026-03-02T23:59:59.000Z', { reportId: 'vaccine', format: 'csv', status: 'failed', size: undefined, sha256: undefined }),
        run('c', '2026-03-03T00:00:00.000Z'),
        run('d', '2026-02-28T23:59:59.000Z'),
      ],
    });
    expect(figures.runs).toEqual([
      { at: '2026-03-02T23:59:59.000Z', who: 'Ana Admin', report: 'Vaccins', parameters: 'siteIds=s1,s2; from=2026-03-01; to=2026-03-02', format: 'CSV', size: null, fingerprint: null, status: 'failed' },
      { at: '2026-03-01T08:00:00.000Z', who: 'Ana Admin', report: 'Relevé de température', parameters: 'siteIds=s1,s2; from=2026-03-01; to=2026-03-02', format: 'PDF', size: 1234, fingerprint: 'ab'.repeat(32), status: 'ready' },
    ]);
    expect(Object.keys(figures.runs[0] ?? {})).toEqual(REPORT_CATALOGUE.reportHistory.sections[0].columns.map((column) => column.id));
  });

  it('keeps the reports asked for only', () => {
    const figures = buildReportHistory({ from, to, language: 'en', reportIds: ['vaccine'], runs: [run('a', '2026-03-01T08:00:00.000Z'), run('b', '2026-03-01T09:00:00.000Z', { reportId: 'vaccine' })] });
    expect(figures.runs.map((row) => row.report)).toEqual(['Vaccine']);
  });

  it('writes parameters as one line, leaving out what is empty', () => {
    expect(parametersText({ a: 1, b: '', c: undefined, d: ['x', 'y'], e: null })).toBe('a=1; d=x,y');
  });
});
