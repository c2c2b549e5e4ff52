import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataLoggingProfile } from '@domain/devices/data-logging-profile';
import { MESSAGES } from '@domain/core/messages';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { enter } from '../../test/userInput';
import DataLoggingProfilesPage from './DataLoggingProfilesPage';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const profile = (id: string, name: string, extra: Partial<DataLoggingProfile> = {}): DataLoggingProfile => ({
  id, name, description: '', enabled: true, valueToLog: 'average', intervalMinutes: 15, calculationWindowMinutes: 15, deviation: 0.5,
  schedule: { kind: 'always' }, useCount: 0, createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1, ...extra,
});

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/dataloggingprofiles?limit=100' && request?.method === undefined) {
    return { items: [profile('p-1', 'Cold room', { useCount: 3, schedule: { kind: 'custom', days: ['monday', 'friday'], start: '08:00', end: '18:00' } })] };
  }
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

describe('DataLoggingProfilesPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it('lists the profiles with their schedule and how many channels use them', async () => {
    renderScreen(<DataLoggingProfilesPage />);
    expect(await screen.findByText('Cold room')).toBeInTheDocument();
    expect(screen.getByText('Mon, Fri, 08:00 to 18:00')).toBeInTheDocument();
    expect(screen.getAllByText('15 min')).toHaveLength(2);
    expect(screen.getByText('Average')).toBeInTheDocument();
  });

  it('gives a basic user no Add, Edit or Delete', async () => {
    fake.role = 'basicuser';
    renderScreen(<DataLoggingProfilesPage />);
    await screen.findByText('Cold room');
    expect(screen.queryByRole('button', { name: 'Add data logging profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Cold room' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Cold room' })).toBeNull();
  });

  it('checks the rules before any call: a name, the interval and a window at least as long', async () => {
    const user = userEvent.setup();
    renderScreen(<DataLoggingProfilesPage />);
    await screen.findByText('Cold room');
    await user.click(screen.getByRole('button', { name: 'Add data logging profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add data logging profile' });
    const interval = within(dialog).getByRole('textbox', { name: /^Interval/ });
    await user.clear(interval);
    await user.type(interval, '0');
    const window = within(dialog).getByRole('textbox', { name: /^Calculation window/ });
    await user.clear(window);
    await user.type(window, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.nameRequired)).toBeVisible();
    expect(within(dialog).getByText(MESSAGES.loggingIntervalInvalid)).toBeVisible();

    await enter(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Walk-ins');
    await user.clear(interval);
    await user.type(interval, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.calculationWindowShorterThanInterval)).toBeVisible();
    expect(fake.api).not.toHaveBeenCalledWith('/dataloggingprofiles', expect.objectContaining({ method: 'POST' }));
  });

  it('adds a profile on a custom schedule and shows it from the answer', async () => {
    const user = userEvent.setup();
    renderScreen(<DataLoggingProfilesPage />);
    await screen.findByText('Cold room');
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST' && path === '/dataloggingprofiles') {
        const body = request.body as Omit<DataLoggingProfile, 'id'>;
        return profile('p-2', 'Freezers', { ...body });
      }
      return answer(path, request);
    });

    await user.click(screen.getByRole('button', { name: 'Add data logging profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add data logging profile' });
    await enter(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Freezers');
    await user.click(within(dialog).getByRole('combobox', { name: /^Value to log/ }));
    await user.click(await screen.findByRole('option', { name: 'Maximum' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Custom schedule' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Data logging profile "Freezers" added.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/dataloggingprofiles', {
      method: 'POST',
      body: {
        name: 'Freezers', description: '', enabled: true, valueToLog: 'maximum', intervalMinutes: 15, calculationWindowMinutes: 15, deviation: 0.5,
        schedule: { kind: 'custom', days: ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], start: '08:00', end: '18:00' },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add data logging profile' })).toBeNull());
    expect(await screen.findByText('Freezers')).toBeInTheDocument();
  });

  it('shows a taken name under the field and a refused delete in the API words', async () => {
    const user = userEvent.setup();
    renderScreen(<DataLoggingProfilesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Cold room' }));
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'PUT') throw new ApiError(409, MESSAGES.dataLoggingProfileNameTaken, { code: 'dataLoggingProfileNameTaken', field: 'name' });
      if (request?.method === 'DELETE') throw new ApiError(409, MESSAGES.dataLoggingProfileInUse, { code: 'dataLoggingProfileInUse' });
      return answer(path, request);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit data logging profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.dataLoggingProfileNameTaken)).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/dataloggingprofiles/p-1', expect.objectContaining({ method: 'PUT' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Cold room' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete data logging profile' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.dataLoggingProfileInUse)).toBeVisible();
    expect(screen.getByText('Cold room')).toBeInTheDocument();
  });
});
