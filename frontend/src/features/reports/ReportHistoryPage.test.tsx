import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { ReportRun } from '@domain/reports/runs';
import type { ApiRequest } from '../../api/apiFetch';
import { DEFAULT_SESSION_STATE, replaceClientState } from '../../session/clientState';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import ReportHistoryPage from './ReportHistoryPage';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const SHA = 'ab12cd34ef56'.padEnd(64, '0');
const runs: ReportRun[] = [
  {
    id: 'r-2', reportId: 'vaccine', format: 'pdf', parameters: {}, status: 'ready', progress: 1, requestedBy: { userId: 'u-1', name: 'Ada Admin' }, siteIds: ['s-1'],
    createdAt: '2026-03-10T09:00:00.000Z', finishedAt: '2026-03-10T09:00:02.000Z', fileName: 'vaccine.pdf', size: 2048, sha256: SHA, expiresAt: '2029-03-10T09:00:00.000Z',
  },
  {
    id: 'r-1', reportId: 'temperatureLog', format: 'csv', parameters: {}, status: 'failed', progress: 0, reason: 'The report runner stopped.', requestedBy: { userId: 'u-2', name: 'Bob Basic' }, siteIds: ['s-1'],
    createdAt: '2026-03-09T09:00:00.000Z',
  },
];

describe('ReportHistoryPage', () => {
  let open: MockInstance<typeof window.open>;

  beforeEach(() => {
    fake.role = 'admin';
    replaceClientState(DEFAULT_SESSION_STATE);
    fake.api.mockReset();
    fake.api.mockImplementation((path: string, request?: ApiRequest) => {
      if (path.startsWith('/account/gridsettings/')) return {};
      if (path.startsWith('/reports/runs?')) return { items: runs };
      if (path === '/reports/runs/r-2/download') return { url: 'https://files.example/vaccine.pdf', fileName: 'vaccine.pdf', expiresInSeconds: 300 };
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
    open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as unknown as Window);
  });

  afterEach(() => {
    open.mockRestore();
    // userEvent.setup() puts its own clipboard back for the next test.
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('lists the runs by report name, who, format, status and fingerprint, copies the fingerprint, and downloads a ready one again', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen(<ReportHistoryPage />);
    expect(await screen.findByText('Vaccine')).toBeVisible();
    expect(screen.getByText('Temperature Log')).toBeVisible();
    expect(screen.getByText('Ada Admin')).toBeVisible();
    expect(screen.getByText('Ready')).toBeVisible();
    expect(screen.getByText('Failed')).toBeVisible();
    expect(screen.getByText('ab12cd34ef56…')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copy the fingerprint of vaccine.pdf' }));
    expect(writeText).toHaveBeenCalledWith(SHA);
    // Only the ready run downloads again.
    expect(screen.queryByRole('button', { name: /^Download Temperature Log again/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download vaccine.pdf again' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('https://files.example/vaccine.pdf', '_blank'));
  });
});
