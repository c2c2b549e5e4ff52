import { createHash } from 'node:crypto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportVerification } from '@domain/reports/runs';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import VerifyReportPage from './VerifyReportPage';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const CONTENT = 'sensor,day,min\r\nVaccine fridge,2026-03-01,2.4\r\n';
// Computed apart from the page, by Node's own hash.
const EXPECTED_HASH = createHash('sha256').update(CONTENT).digest('hex');

const produced: ReportVerification = {
  verified: true,
  report: { reportId: 'vaccine', reportName: 'Vaccine', organisationName: 'Demo Foods', requestedBy: 'Ada Admin', generatedAt: '2026-03-10T09:00:00.000Z', format: 'csv', fileName: 'vaccine.csv' },
};

async function chooseFile(user: ReturnType<typeof userEvent.setup>, content: string) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  await user.upload(input, new File([content], 'vaccine.csv', { type: 'text/csv' }));
}

describe('VerifyReportPage', () => {
  beforeEach(() => {
    fake.api.mockReset();
  });

  it('hashes the chosen file in the browser, sends only its SHA-256, and says who the portal produced it for', async () => {
    fake.api.mockImplementation(() => produced);
    const user = userEvent.setup();
    renderScreen(<VerifyReportPage />);
    await chooseFile(user, CONTENT);
    expect(await screen.findByText(/^Verified: produced by this portal for Demo Foods, Vaccine, .+, Ada Admin\.$/)).toBeVisible();
    expect(screen.getByText(`SHA-256 of vaccine.csv: ${EXPECTED_HASH}`)).toBeVisible();
    expect(fake.api).toHaveBeenCalledTimes(1);
    expect(fake.api).toHaveBeenCalledWith('/reports/verify', { method: 'POST', body: { sha256: EXPECTED_HASH } });
  });

  it('says a file the portal does not know was not produced by it, or was modified', async () => {
    fake.api.mockImplementation(() => ({ verified: false }));
    const user = userEvent.setup();
    renderScreen(<VerifyReportPage />);
    // One character changed: another hash.
    await chooseFile(user, CONTENT.replace('2.4', '2.5'));
    expect(await screen.findByText('Not produced by this portal, or modified.')).toBeVisible();
    const request = fake.api.mock.calls[0]?.[1];
    expect(request?.body).toEqual({ sha256: createHash('sha256').update(CONTENT.replace('2.4', '2.5')).digest('hex') });
    expect(request?.body).not.toEqual({ sha256: EXPECTED_HASH });
  });
});
