import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecurityGroup } from '@domain/identity/security-groups';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { renderScreen } from '../../test/render';
import SecurityGroupsPage from './SecurityGroupsPage';

const fake = vi.hoisted(() => ({
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
}));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const at = '2026-01-15T10:00:00.000Z';
const group = (id: string, name: string, extra: Partial<SecurityGroup> = {}): SecurityGroup => ({
  id, name, description: '', siteIds: ['s-1'], sensorIds: [], memberAccountIds: ['a-1'],
  createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1, ...extra,
});
const navbar = {
  locations: [{ id: 'l-1', name: 'HQ', displayName: 'HQ', sites: [{ id: 's-1', name: 'Main Kitchen' }, { id: 's-2', name: 'Bakery' }] }],
};
const users = {
  items: [
    { accountId: 'a-1', email: 'sam@x.example', firstName: 'Sam', lastName: 'Cook', role: 'basicuser', securityGroupIds: ['g-1'] },
    { accountId: 'a-2', email: 'kim@x.example', firstName: '', lastName: '', role: 'basicuser', securityGroupIds: [] },
  ],
};

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/locations/navbar') return navbar;
  if (path === '/securitygroups/userlist') return users;
  if (path === '/securitygroups?limit=100' && request?.method === undefined) return { items: [group('g-1', 'Night shift')] };
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

describe('SecurityGroupsPage', () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it('lists the groups with their sites and members by name', async () => {
    renderScreen(<SecurityGroupsPage />);
    expect(await screen.findByText('Night shift')).toBeInTheDocument();
    expect(await screen.findByText('Main Kitchen')).toBeInTheDocument();
    expect(await screen.findByText('Sam Cook')).toBeInTheDocument();
    expect(screen.getByText('All sensors of the sites')).toBeInTheDocument();
  });

  it('adds a group with sites and members, and shows it from the answer', async () => {
    const user = userEvent.setup();
    renderScreen(<SecurityGroupsPage />);
    await screen.findByText('Night shift');
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST' && path === '/securitygroups') {
        return group('g-2', 'Bakers', { siteIds: ['s-2'], memberAccountIds: ['a-2'] });
      }
      return answer(path, request);
    });

    await user.click(screen.getByRole('button', { name: 'Add security group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add security group' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Bakers');
    await user.click(within(dialog).getByRole('combobox', { name: 'Sites' }));
    await user.click(await screen.findByRole('option', { name: 'Bakery' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Members' }));
    await user.click(await screen.findByRole('option', { name: 'kim@x.example' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Security group "Bakers" added.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/securitygroups', {
      method: 'POST',
      body: { name: 'Bakers', description: '', siteIds: ['s-2'], sensorIds: [], memberAccountIds: ['a-2'] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add security group' })).toBeNull());
    expect(await screen.findByText('Bakers')).toBeInTheDocument();
  });

  it('asks for a name and a site before any call', async () => {
    const user = userEvent.setup();
    renderScreen(<SecurityGroupsPage />);
    await screen.findByText('Night shift');
    await user.click(screen.getByRole('button', { name: 'Add security group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add security group' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required.')).toBeVisible();
    expect(within(dialog).getByText('Please select at least one site.')).toBeVisible();
    expect(fake.api).not.toHaveBeenCalledWith('/securitygroups', expect.objectContaining({ method: 'POST' }));
  });

  it('shows a taken name under the field, in the API words', async () => {
    const user = userEvent.setup();
    renderScreen(<SecurityGroupsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Night shift' }));
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'PUT') throw new ApiError(409, 'A security group with this name already exists.', { code: 'securityGroupNameTaken', field: 'name' });
      return answer(path, request);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit security group' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Day shift');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A security group with this name already exists.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/securitygroups/g-1', {
      method: 'PUT',
      body: { name: 'Day shift', description: '', siteIds: ['s-1'], sensorIds: [], memberAccountIds: ['a-1'] },
    });
  });

  it('deletes after confirmation', async () => {
    const user = userEvent.setup();
    renderScreen(<SecurityGroupsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Night shift' }));
    fake.api.mockImplementation((path, request) => (request?.method === 'DELETE' ? undefined : answer(path, request)));
    const confirm = await screen.findByRole('dialog', { name: 'Delete security group' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Security group "Night shift" deleted.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/securitygroups/g-1', { method: 'DELETE' });
  });
});
