import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CorrectiveAction } from '@domain/haccp/corrective-action';
import type { ApiRequest } from '../../../api/apiFetch';
import { ApiError } from '../../../api/ApiError';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import CorrectiveActionsPage from './CorrectiveActionsPage';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const action = (id: string, name: string, description = ''): CorrectiveAction => ({ id, name, description, createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1 });

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/correctiveactions?limit=100' && request?.method === undefined) return { items: [action('c-1', 'Discard product', 'Above 8 °C for 2 hours')] };
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

describe('CorrectiveActionsPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it('lists the actions with their descriptions; a basic user gets no Add, Edit or Delete', async () => {
    fake.role = 'basicuser';
    renderScreen(<CorrectiveActionsPage />);
    expect(await screen.findByText('Discard product')).toBeInTheDocument();
    expect(screen.getByText('Above 8 °C for 2 hours')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add corrective action' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Discard product' })).toBeNull();
  });

  it('refuses an action without a name before any call', async () => {
    const user = userEvent.setup();
    renderScreen(<CorrectiveActionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add corrective action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add standard corrective action' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required.')).toBeVisible();
    expect(fake.api).not.toHaveBeenCalledWith('/correctiveactions', expect.anything());
  });

  it('adds an action, and shows a duplicate name refusal under the name', async () => {
    const user = userEvent.setup();
    renderScreen(<CorrectiveActionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add corrective action' }));
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST') throw new ApiError(409, 'A standard corrective action with this name already exists.', { code: 'correctiveActionNameTaken', field: 'name' });
      return answer(path, request);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add standard corrective action' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Discard product');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A standard corrective action with this name already exists.')).toBeVisible();

    fake.api.mockImplementation((path, request) => (request?.method === 'POST' ? action('c-2', 'Re-chill', 'Blast chiller') : answer(path, request)));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Re-chill');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Blast chiller');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Corrective action "Re-chill" added.')).toBeVisible();
    expect(fake.api).toHaveBeenLastCalledWith('/correctiveactions', { method: 'POST', body: { name: 'Re-chill', description: 'Blast chiller' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Blast chiller')).toBeInTheDocument();
  });

  it('shows the refusal of a delete while checklist questions use the action', async () => {
    const user = userEvent.setup();
    renderScreen(<CorrectiveActionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Discard product' }));
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'DELETE') throw new ApiError(409, 'This corrective action cannot be deleted because checklist questions use it: Opening.', { code: 'correctiveActionInUse' });
      return answer(path, request);
    });
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete standard corrective action' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This corrective action cannot be deleted because checklist questions use it: Opening.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/correctiveactions/c-1', { method: 'DELETE' });
  });
});
