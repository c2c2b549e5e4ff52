import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALIBRATION_CERTIFICATE_MAX_BYTES, type Calibration } from '@domain/devices/calibration';
import { MESSAGES } from '@domain/core/messages';
import type { ApiRequest } from '../../api/apiFetch';
import { renderScreen } from '../../test/render';
import { SensorCalibrationsTab } from './SensorCalibrationsTab';
import { sensorFixture } from '../../test/sensorFixtures';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

let stored: Calibration[];
let posted: Record<string, unknown>[];

describe('the calibrations tab', () => {
  beforeEach(() => {
    stored = [];
    posted = [];
    fake.api.mockReset();
    fake.api.mockImplementation((path, request) => {
      if (path === '/sensors/A1B2C3D4/calibrations' && request?.method === 'POST') {
        const body = request.body as Record<string, unknown> & { issueDate: string; certificate?: { fileName: string } };
        posted.push(body);
        const calibration: Calibration = {
          id: 'cal-1', sensorId: 'A1B2C3D4', issueDate: body.issueDate, createdAt: '2026-03-10T09:00:00.000Z', createdBy: 'admin@demo.example',
          ...(body.certificate ? { certificate: { fileName: body.certificate.fileName, size: 8 } } : {}),
        };
        stored = [calibration];
        return calibration;
      }
      if (path === '/sensors/A1B2C3D4/calibrations') return { items: stored };
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
  });

  it('needs the issue date and a renewal after it, takes a PDF of at most 2 MB, and lists the certificate', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<SensorCalibrationsTab sensor={sensorFixture()} canWrite />);
    expect(await screen.findByText('No calibration certificates yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add calibration' }));
    const form = screen.getByRole('form', { name: 'New calibration certificate' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(MESSAGES.issueDateRequired)).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/^Issue date/), { target: { value: '2026-03-01' } });
    fireEvent.change(within(form).getByLabelText(/^Renewal date/), { target: { value: '2026-02-01' } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(MESSAGES.renewalBeforeIssue)).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Renewal date/), { target: { value: '2027-03-01' } });

    const input = within(form).getByLabelText('Choose the certificate (PDF)', { selector: 'input' });
    await user.upload(input, new File([new Uint8Array(CALIBRATION_CERTIFICATE_MAX_BYTES + 1)], 'big.pdf', { type: 'application/pdf' }));
    expect(await within(form).findByText(MESSAGES.certificateInvalid)).toBeInTheDocument();
    await user.upload(input, new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' }));
    expect(await within(form).findByText('certificate.pdf')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ issueDate: '2026-03-01', renewalDate: '2027-03-01', certificate: { fileName: 'certificate.pdf', data: btoa('%PDF-1.4') } });
    expect(await screen.findByRole('button', { name: /certificate\.pdf/ })).toBeInTheDocument();
  });

  it('lets a reader download but not add', async () => {
    stored = [{ id: 'cal-1', sensorId: 'A1B2C3D4', issueDate: '2026-03-01', certificate: { fileName: 'c.pdf', size: 2048 }, createdAt: '2026-03-10T09:00:00.000Z', createdBy: 'admin@demo.example' }];
    renderScreen(<SensorCalibrationsTab sensor={sensorFixture()} canWrite={false} />);
    expect(await screen.findByRole('button', { name: 'c.pdf (2 KB)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add calibration' })).toBeNull();
  });
});
