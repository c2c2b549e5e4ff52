import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { Checklist } from '@domain/haccp/checklist';
import { ApiError } from '../../../api/ApiError';
import type { ApiRequest } from '../../../api/apiFetch';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import CopyChecklistPage from './CopyChecklistPage';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const NAVBAR = { locations: [
  { id: 'l-1', name: 'HQ', displayName: 'HQ', sites: [{ id: 's-1', name: 'Main Kitchen' }] },
  { id: 'l-2', name: 'North', displayName: 'North', sites: [{ id: 's-2', name: 'Leeds Kitchen' }] },
] };
const opening: Checklist = {
  id: 'c-1', name: 'Opening checks', description: '', siteId: 's-1', locationIds: ['l-1'], shiftId: 'sh-1', departmentIds: [], divisionIds: [],
  allowPartialUpload: false, allowManualReadings: false, allowNotApplicable: false, scheduleType: 'location', questions: [],
  createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1,
};
const shift = (id: string, name: string, siteId: string) => ({ id, name, siteId, locationId: 'l-2', shiftType: 'allDay', schedules: [], createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1 });

function answer(path: string, request?: ApiRequest): unknown {
  if (path === '/locations/navbar') return NAVBAR;
  if (path === '/locations/names') return { locations: {}, sites: {} };
  if (request?.method === 'POST' && path === '/checklists/c-1/copy') return { ...opening, id: 'c-2', name: 'Opening checks (copy)', siteId: 's-2', locationIds: ['l-2'], shiftId: 'sh-2' };
  if (request?.method !== undefined) throw new Error(`unexpected call ${request.method} ${path}`);
  if (path === '/checklists?limit=100') return { items: [opening] };
  if (path === '/shifts?limit=100') return { items: [shift('sh-1', 'Morning', 's-1'), shift('sh-2', 'Leeds mornings', 's-2')] };
  if (path.startsWith('/sensors?') || path.endsWith('?limit=100')) return { items: [] };
  throw new Error(`unexpected call GET ${path}`);
}

describe('CopyChecklistPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it("asks for the target's location and shift in the spec's words, then copies the checklist to the other site with a shift of that site", async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<CopyChecklistPage />);
    await user.click(await screen.findByRole('combobox', { name: /^Checklist to copy/ }));
    await user.click(await screen.findByRole('option', { name: 'Opening checks' }));
    expect(screen.getByRole('textbox', { name: /^Name of the copy/ })).toHaveValue('Opening checks (copy)');
    await user.click(screen.getByRole('combobox', { name: /^Site/ }));
    await user.click(await screen.findByRole('option', { name: 'Leeds Kitchen' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(MESSAGES.checklistLocationRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.checklistShiftRequired)).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: /^Locations/ }));
    await user.click(await screen.findByRole('option', { name: 'North' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /^Shift/ }));
    // Only the shifts of the target site are offered.
    expect(screen.queryByRole('option', { name: 'Morning' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Leeds mornings' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/checklists/c-1/copy', expect.objectContaining({
      method: 'POST', body: { name: 'Opening checks (copy)', siteId: 's-2', locationIds: ['l-2'], shiftId: 'sh-2' },
    })));
    expect(await screen.findByText('Checklist "Opening checks (copy)" created with its questions.')).toBeVisible();
  });

  it("names the question whose sensor is of another site when the copy is refused for it ('Sensor is required.')", async () => {
    const withSensor: Checklist = { ...opening, questions: [{
      id: 'q-1', text: 'Walk-in cooler', type: 'sensorTemperature', sensorId: 'S-1', min: 0, max: 5, options: [], correctiveActionIds: [], additionalFields: [], required: true,
    }] };
    fake.api.mockImplementation((path: string, request?: ApiRequest) => {
      if (path === '/checklists?limit=100') return { items: [withSensor] };
      if (request?.method === 'POST') throw new ApiError(400, MESSAGES.questionSensorRequired, { field: 'questions.0.sensorId' });
      return answer(path, request);
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<CopyChecklistPage />);
    await user.click(await screen.findByRole('combobox', { name: /^Checklist to copy/ }));
    await user.click(await screen.findByRole('option', { name: 'Opening checks' }));
    await user.click(screen.getByRole('combobox', { name: /^Site/ }));
    await user.click(await screen.findByRole('option', { name: 'Leeds Kitchen' }));
    await user.click(screen.getByRole('combobox', { name: /^Locations/ }));
    await user.click(await screen.findByRole('option', { name: 'North' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /^Shift/ }));
    await user.click(await screen.findByRole('option', { name: 'Leeds mornings' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(`${MESSAGES.questionSensorRequired} (Walk-in cooler)`)).toBeVisible();
  });
});
