import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { CustomerGroup } from '@domain/organisation/organisation';
import type { ApiRequest } from '../../../api/apiFetch';
import { ApiError } from '../../../api/ApiError';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import { enter } from '../../../test/userInput';
import CustomerGroupsPage from './CustomerGroupsPage';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const group = (id: string, name: string): CustomerGroup => ({ id, name, createdAt: '2026-01-15T10:00:00.000Z' });

describe('CustomerGroupsPage', () => {
  beforeEach(() => {
    fake.role = 'superadmin';
    fake.api.mockReset();
    fake.api.mockImplementation((path: string, request?: ApiRequest) => {
      if (path.startsWith('/account/gridsettings/')) return {};
      if (path === '/superadmin/customergroups' && request?.method === undefined) return { items: [group('harbour', 'Harbour'), group('demo', 'Demo')] };
      if (path === '/superadmin/customergroups/harbour' && request?.method === 'PUT') {
        const { name } = request.body as { name: string };
        if (name === 'Demo') throw new ApiError(400, MESSAGES.customerGroupNameTaken, { code: 'customerGroupNameTaken', field: 'name' });
        return group('harbour', name);
      }
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
  });

  it('renames a group; a name another group has is refused under the name, the dialog open', async () => {
    const user = userEvent.setup();
    renderScreen(<CustomerGroupsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Harbour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer group' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await enter(user, name, 'Demo');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.customerGroupNameTaken)).toBeDefined();

    await user.clear(name);
    await enter(user, name, 'Harbour Pharmacies');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.api).toHaveBeenLastCalledWith('/superadmin/customergroups/harbour', { method: 'PUT', body: { name: 'Harbour Pharmacies' } });
    expect(await screen.findByText('Customer group Harbour Pharmacies was saved.')).toBeDefined();
    expect(screen.getByRole('gridcell', { name: 'Harbour Pharmacies' })).toBeDefined();
  });
});
