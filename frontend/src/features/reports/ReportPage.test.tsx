import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { REPORT_MESSAGES } from '@domain/reports/messages';
import type { ReportPreview, ReportRun } from '@domain/reports/runs';
import type { ApiRequest } from '../../api/apiFetch';
import { DEFAULT_SESSION_STATE, replaceClientState, updateClientState } from '../../session/clientState';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { NAVBAR, sensorFixture } from '../../test/sensorFixtures';
import ReportPage from './ReportPage';
import type { RunTiming } from './useReportFile';
import { ASYNC_WAIT_MS } from '../../test/waiting';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const FRIDGE = sensorFixture({ id: 'S-1', name: 'Vaccine fridge', siteId: 's-1' });
const FREEZER = sensorFixture({ id: 'S-2', name: 'Bakery freezer', siteId: 's-2' });
const URL_OF_FILE = 'https://files.example/vaccine.pdf?signature=x';

function run(overrides: Partial<ReportRun> = {}): ReportRun {
  return {
    id: 'r-1', reportId: 'vaccine', format: 'pdf', parameters: {}, status: 'ready', progress: 1, requestedBy: { userId: 'u-1', name: 'Ada Admin' },
    siteIds: ['s-1'], createdAt: '2026-03-10T09:00:00.000Z', ...overrides,
  };
}

/** The calls every report form makes: the places and the sensors of the location. */
function placesAnswer(path: string, request?: ApiRequest): unknown {
  if (path === '/locations/navbar') return NAVBAR;
  if (path === '/locations/names') return { locations: [], sites: [] };
  if (path.startsWith('/sensors?')) return { items: [FRIDGE, FREEZER] };
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

const calls = (method: string, path: string) => fake.api.mock.calls.filter(([called, request]) => called === path && (request?.method ?? 'GET') === method);

function renderReport(id: string, timing: RunTiming = { pollMs: 5, longerAfterMs: 60_000 }) {
  return renderScreen(
    <Routes>
      <Route path="/app/reports/:reportId" element={<ReportPage timing={timing} />} />
      <Route path="/app/reports" element={<p>Reports menu</p>} />
    </Routes>,
    { route: `/app/reports/${id}` },
  );
}

/** The vaccine form filled as it passes: the top bar's place, a sensor, limits 2 to 8. */
async function fillVaccine(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: /^Sensors/ }));
  await user.click(await screen.findByRole('option', { name: 'Vaccine fridge' }));
  await user.type(screen.getByRole('textbox', { name: /^Minimum temperature/ }), '2');
  await user.type(screen.getByRole('textbox', { name: /^Maximum temperature/ }), '8');
}

describe('ReportPage', () => {
  let open: MockInstance<typeof window.open>;

  beforeEach(() => {
    fake.role = 'admin';
    replaceClientState(DEFAULT_SESSION_STATE);
    updateClientState({ corporateAdmin: true, haccpAvailable: true, selectedLocation: { locationId: 'l-1', siteId: 's-1' } });
    fake.api.mockReset();
    fake.api.mockImplementation(placesAnswer);
    open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as unknown as Window);
  });

  afterEach(() => open.mockRestore());

  it('refuses the vaccine limits with the catalogue\'s messages before asking the API, and offers only the chosen sites\' sensors', async () => {
    const user = userEvent.setup();
    renderReport('vaccine');
    expect(await screen.findByRole('heading', { name: 'Vaccine' })).toBeVisible();
    await user.click(await screen.findByRole('combobox', { name: /^Sensors/ }));
    // The top bar's site is Main Kitchen: the Bakery's freezer is not offered.
    expect(await screen.findByRole('option', { name: 'Vaccine fridge' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Bakery freezer' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(REPORT_MESSAGES.reportSensorsRequired)).toBeVisible();
    expect(screen.getByText(REPORT_MESSAGES.vaccineMinRequired)).toBeVisible();
    expect(screen.getByText(REPORT_MESSAGES.vaccineMaxRequired)).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: /^Minimum temperature/ }), '8');
    await user.type(screen.getByRole('textbox', { name: /^Maximum temperature/ }), '2');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(REPORT_MESSAGES.vaccineMaxGreater)).toBeVisible();
    await user.clear(screen.getByRole('textbox', { name: /^Maximum temperature/ }));
    await user.type(screen.getByRole('textbox', { name: /^Maximum temperature/ }), '8');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(REPORT_MESSAGES.vaccineMinMaxDifferent)).toBeVisible();
    expect(fake.api.mock.calls.filter(([path]) => path.startsWith('/reports'))).toEqual([]);
  });

  it('shows the refusals in the user\'s language', async () => {
    const { default: i18next } = await import('i18next');
    await i18next.changeLanguage('fr');
    try {
      const user = userEvent.setup();
      renderReport('vaccine');
      await user.type(await screen.findByRole('textbox', { name: /^Température minimale/ }), '8');
      await user.type(screen.getByRole('textbox', { name: /^Température maximale/ }), '2');
      await user.click(screen.getByRole('button', { name: 'Aperçu' }));
      expect(await screen.findByText('La température maximale doit être supérieure à la température minimale.')).toBeVisible();
      expect(screen.getByText('Veuillez sélectionner au moins un capteur.')).toBeVisible();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('opens the Portal Audit on the last 7 days with its message, and refuses more than 31 days', async () => {
    const user = userEvent.setup();
    renderReport('portalAudit');
    expect(await screen.findByText(REPORT_MESSAGES.portalAuditSevenDays)).toBeVisible();
    const from = screen.getByLabelText(/^From/);
    const to = screen.getByLabelText(/^To/);
    const days = (Date.parse((to as HTMLInputElement).value) - Date.parse((from as HTMLInputElement).value)) / 86_400_000 + 1;
    expect(days).toBe(7);
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.clear(to);
    await user.type(to, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(MESSAGES.portalAuditRangeTooLong)).toBeVisible();
  });

  it('sends a basic user who may not run the Portal Audit back to the menu', async () => {
    fake.role = 'basicuser';
    renderReport('portalAudit');
    expect(await screen.findByText('Reports menu')).toBeVisible();
  });

  it('downloads a large PDF through queued and running to ready, showing its progress, and opens the file', async () => {
    const user = userEvent.setup();
    // Running until the test has seen its progress, then ready.
    let finished = false;
    fake.api.mockImplementation((path, request) => {
      if (path === '/reports/runs' && request?.method === 'POST') return run({ status: 'queued', progress: 0 });
      if (path === '/reports/runs/r-1') return finished ? run() : run({ status: 'running', progress: 0.42 });
      if (path === '/reports/runs/r-1/download') return { url: URL_OF_FILE, fileName: 'vaccine.pdf', expiresInSeconds: 300 };
      return placesAnswer(path, request);
    });
    renderReport('vaccine', { pollMs: 20, longerAfterMs: 60_000 });
    await fillVaccine(user);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Building the report: 42%')).toBeVisible();
    expect(open).not.toHaveBeenCalled();
    finished = true;
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith(URL_OF_FILE, '_blank'), { timeout: ASYNC_WAIT_MS });
    await vi.waitFor(() => expect(screen.queryByText('Building the report: 42%')).toBeNull(), { timeout: ASYNC_WAIT_MS });
    const sent = calls('POST', '/reports/runs')[0]?.[1];
    expect(sent?.body).toMatchObject({ reportId: 'vaccine', format: 'pdf', pageSize: 'A4', parameters: { locationId: 'l-1', siteIds: ['s-1'], sensorIds: ['S-1'], min: 2, max: 8, durationMinutes: 1, unit: 'C' } });
  });

  it('says a report takes longer than expected while it is still queued, and shows why one failed', async () => {
    const user = userEvent.setup();
    // Queued until the test has seen the message, then failed.
    let failed = false;
    fake.api.mockImplementation((path, request) => {
      if (path === '/reports/runs' && request?.method === 'POST') return run({ status: 'queued', progress: 0, format: 'csv' });
      if (path === '/reports/runs/r-1') return failed ? run({ status: 'failed', progress: 0, reason: REPORT_MESSAGES.reportPerformanceTimeout }) : run({ status: 'queued', progress: 0 });
      return placesAnswer(path, request);
    });
    renderReport('vaccine', { pollMs: 20, longerAfterMs: 100 });
    await fillVaccine(user);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The report is queued.')).toBeVisible();
    expect(await screen.findByText(REPORT_MESSAGES.reportProcessingLonger)).toBeVisible();
    failed = true;
    expect(await screen.findByText(`The report could not be built: ${REPORT_MESSAGES.reportPerformanceTimeout}`)).toBeVisible();
    expect(open).not.toHaveBeenCalled();
  });

  it('sends the page size chosen, and says when the browser blocked the file\'s window, with a link to it instead', async () => {
    const user = userEvent.setup();
    open.mockImplementation(() => null);
    fake.api.mockImplementation((path, request) => {
      if (path === '/reports/runs' && request?.method === 'POST') return run();
      if (path === '/reports/runs/r-1/download') return { url: URL_OF_FILE, fileName: 'vaccine.pdf', expiresInSeconds: 300 };
      return placesAnswer(path, request);
    });
    renderReport('vaccine');
    await fillVaccine(user);
    await user.click(screen.getByRole('combobox', { name: 'PDF page size' }));
    await user.click(await screen.findByRole('option', { name: 'Letter' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(REPORT_MESSAGES.reportPopupsBlocked)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the file' })).toHaveAttribute('href', URL_OF_FILE);
    expect(calls('POST', '/reports/runs')[0]?.[1]?.body).toMatchObject({ format: 'pdf', pageSize: 'LETTER' });
  });

  it('says before it is asked that a checklist range over 7 days is emailed', async () => {
    const user = userEvent.setup();
    renderReport('checklistReport');
    const from = await screen.findByLabelText(/^From/);
    const to = screen.getByLabelText(/^To/);
    // The form opens on 7 days: no message.
    expect(screen.queryByText(REPORT_MESSAGES.reportEmailed)).toBeNull();
    await user.clear(from);
    await user.type(from, '2026-03-01');
    await user.clear(to);
    await user.type(to, '2026-03-08');
    expect(await screen.findByText(REPORT_MESSAGES.reportEmailed)).toBeVisible();
    await user.clear(to);
    await user.type(to, '2026-03-07');
    expect(screen.queryByText(REPORT_MESSAGES.reportEmailed)).toBeNull();
  });

  it('says a run the API emails will come by email', async () => {
    const user = userEvent.setup();
    fake.api.mockImplementation((path, request) => {
      if (path === '/reports/runs' && request?.method === 'POST') return run({ reportId: 'checklistReport', status: 'queued', progress: 0, emailed: true });
      return placesAnswer(path, request);
    });
    renderReport('checklistReport');
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(REPORT_MESSAGES.reportEmailed)).toBeVisible();
    expect(calls('GET', '/reports/runs/r-1')).toEqual([]);
  });

  it('previews the report: its chart, a table paged by section, and "No records found." when empty', async () => {
    const user = userEvent.setup();
    const rows = (from: number, count: number) => Array.from({ length: count }, (_, index) => ['Vaccine fridge', `2026-03-0${1 + ((from + index) % 9)}`, `${from + index}`]);
    const preview = (offset: number): ReportPreview => ({
      title: 'Vaccine', timeZone: 'Europe/Paris', siteNames: ['Main Kitchen'], empty: false,
      sections: [
        {
          id: 'chart', title: 'Temperatures', columns: [], rows: [], offset: 0, total: 0,
          chart: { unit: '°C', from: 0, to: 3_600_000, series: [{ name: 'Vaccine fridge', points: [{ time: 0, value: 4 }, { time: 1_800_000, value: null }, { time: 3_600_000, value: 5 }] }], limits: [{ sensor: 'Vaccine fridge', min: 2, max: 8 }] },
        },
        {
          id: 'twiceDaily', title: 'Twice daily', columns: [{ id: 'sensor', label: 'Sensor', kind: 'text' }, { id: 'day', label: 'Day', kind: 'date' }, { id: 'current', label: 'Current', kind: 'temperature' }],
          rows: rows(offset, offset === 0 ? 100 : 20), offset, total: 120,
        },
      ],
    });
    fake.api.mockImplementation((path, request) => {
      if (path === '/reports/preview') {
        const body = request?.body as { offset?: number; section?: string };
        return preview(body.section === 'twiceDaily' ? body.offset ?? 0 : 0);
      }
      return placesAnswer(path, request);
    });
    renderReport('vaccine');
    await fillVaccine(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const region = await screen.findByRole('region', { name: 'Preview' });
    const chart = within(region).getByRole('img', { name: 'Chart of Temperatures' });
    // The gap is left a gap: two lines, not one joining 4 to 5; the limits 2 and 8 dashed across.
    expect(chart.querySelectorAll('path')).toHaveLength(2);
    expect(chart.querySelectorAll('line[stroke-dasharray]')).toHaveLength(2);
    expect(within(region).getByText('Time zone: Europe/Paris')).toBeVisible();
    expect(within(region).getByText('Rows 1-100 of 120')).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Next rows' }));
    expect(await within(region).findByText('Rows 101-120 of 120')).toBeVisible();
    expect(calls('POST', '/reports/preview').at(-1)?.[1]?.body).toMatchObject({ reportId: 'vaccine', section: 'twiceDaily', offset: 100 });

    fake.api.mockImplementation((path, request) => (path === '/reports/preview' ? { ...preview(0), empty: true, sections: [] } : placesAnswer(path, request)));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(REPORT_MESSAGES.reportNoRecords)).toBeVisible();
  });
});
