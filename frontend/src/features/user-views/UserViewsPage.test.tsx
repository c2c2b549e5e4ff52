import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '@domain/identity/user-views';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import UserViewsPage from './UserViewsPage';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const view = (id: string, name: string, extra: Partial<UserView> = {}): UserView => ({
  id, name, siteIds: ['s-1'], departmentIds: ['d-1'], divisionIds: [], createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1, ...extra,
});
const named = (id: string, name: string) => ({ id, name, createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1 });

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/locations/navbar') return { locations: [{ id: 'l', name: 'HQ', displayName: 'HQ', sites: [{ id: 's-1', name: 'Main Kitchen' }, { id: 's-2', name: 'Annex' }] }] };
  if (path === '/departments?limit=100') return { items: [named('d-1', 'Bakery')] };
  if (path === '/divisions?limit=100') return { items: [named('v-1', 'North')] };
  if (path === '/userviews?limit=100' && request?.method === undefined) return { items: [view('u-1', 'Cold rooms')] };
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

describe('UserViewsPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it('lists views with their sites and departments by name; a basic user gets no Add, Edit or Delete', async () => {
    fake.role = 'basicuser';
    renderScreen(<UserViewsPage />);
    expect(await screen.findByText('Cold rooms')).toBeInTheDocument();
    expect(await screen.findByText('Main Kitchen')).toBeInTheDocument();
    expect(await screen.findByText('Bakery')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user view' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Cold rooms' })).toBeNull();
  });

  it('refuses a view without a name or a site before any call (SPEC section 5)', async () => {
    const user = userEvent.setup();
    renderScreen(<UserViewsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add user view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '***');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid name.')).toBeVisible();
    expect(within(dialog).getByText('Please select at least one site.')).toBeVisible();
    expect(fake.api).not.toHaveBeenCalledWith('/userviews', expect.anything());
  });

  it('adds a view, and shows a duplicate name refusal under the name', async () => {
    const user = userEvent.setup();
    renderScreen(<UserViewsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add user view' }));
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST') throw new ApiError(409, 'A user view with this name already exists.', { code: 'userViewNameTaken', field: 'name' });
      return answer(path, request);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add user view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cold rooms');
    await user.click(within(dialog).getByRole('combobox', { name: 'Sites' }));
    await user.click(await screen.findByRole('option', { name: 'Annex' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A user view with this name already exists.')).toBeVisible();

    fake.api.mockImplementation((path, request) => (request?.method === 'POST' ? view('u-2', 'Annex view', { siteIds: ['s-2'], departmentIds: [] }) : answer(path, request)));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Annex view');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User view "Annex view" added.')).toBeVisible();
    expect(fake.api).toHaveBeenLastCalledWith('/userviews', { method: 'POST', body: { name: 'Annex view', siteIds: ['s-2'], departmentIds: [], divisionIds: [] } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user view' })).toBeNull());
  });
});
