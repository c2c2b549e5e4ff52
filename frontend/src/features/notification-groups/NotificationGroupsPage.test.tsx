import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { User } from '@domain/identity/user';
import type { NotificationGroup } from '@domain/notifications/notification-group';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { enter } from '../../test/userInput';
import NotificationGroupsPage from './NotificationGroupsPage';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const NAVBAR = { locations: [{ id: 'l-1', name: 'HQ', displayName: 'HQ', sites: [{ id: 's-1', name: 'Main Kitchen' }] }] };
const group = (id: string, name: string, extra: Partial<NotificationGroup> = {}): NotificationGroup => ({
  id, name, description: 'Kitchen alarms', groupType: 'sensor', isDefault: true, locationId: 'l-1', siteIds: ['s-1'],
  schedules: [{ name: 'Always', days: ['monday'], start: '00:00', end: '23:59', users: [{ accountId: 'a-1', level: 1, delayMinutes: 0, channels: ['email', 'text'] }] }],
  sensorCount: 2, gatewayCount: 1, createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1, ...extra,
});
const person = (accountId: string, firstName: string): User => ({
  id: accountId, accountId, firstName, lastName: 'Demo', email: `${firstName.toLowerCase()}@demo.example`, phone: '', role: 'admin', roleid: 1,
  employeeId: '', timezone: 'UTC', lang: 'en', uom: 'C', locationIds: [], siteIds: ['s-1'], departmentIds: [], divisionIds: [],
  isPortalLogin: true, isHaccpAvailable: false, isMobileLogin: false, isLocationAdmin: false, notificationsEnabled: true, smsEnabled: false,
  mfaEnabled: false, mfaRequired: false, enablePager: false, pagerType: null, pagerNumber: '', pagerVerified: false, phoneVerified: false,
  enableAuditModule: false, enableIVR: false, customerGroupId: null, isactive: true, isEmailVerified: true, invitedate: null, lastlogindate: null,
  createdAt: '', updatedAt: '', version: 1,
});

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/locations/navbar') return NAVBAR;
  if (path === '/users?limit=100') return { items: [person('a-1', 'Ada'), person('a-2', 'Basil')] };
  if (path === '/notificationgroups?limit=100' && request?.method === undefined) return { items: [group('g-1', 'Main Kitchen group')] };
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

describe('NotificationGroupsPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it('lists the groups with their sites by name and their use counts', async () => {
    renderScreen(<NotificationGroupsPage />);
    const row = (await screen.findByText('Main Kitchen group')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Main Kitchen')).toBeInTheDocument();
    expect(within(row).getByText('Sensor')).toBeInTheDocument();
  });

  it("refuses a schedule whose start is after its end in the spec's words, then sends the group with its users", async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<NotificationGroupsPage />);
    await screen.findByText('Main Kitchen group');
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST' && path === '/notificationgroups') return group('g-2', 'Night shift', { isDefault: false });
      return answer(path, request);
    });
    await user.click(screen.getByRole('button', { name: 'Add notification group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add notification group' });
    await enter(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Night shift');
    await enter(user, within(dialog).getByRole('textbox', { name: /^Description/ }), 'Nights');
    await user.click(within(dialog).getByRole('combobox', { name: /^Location/ }));
    await user.click(await screen.findByRole('option', { name: 'HQ' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Main Kitchen' }));
    const schedule = within(dialog).getByRole('group', { name: 'Schedule 1' });
    await enter(user, within(schedule).getByRole('textbox', { name: /^Schedule name/ }), 'Nights');
    const start = within(schedule).getByLabelText(/^Start/);
    await user.clear(start);
    await user.type(start, '20:00');
    const firstUser = within(schedule).getByRole('group', { name: 'User 1' });
    await user.click(within(firstUser).getByRole('combobox', { name: /^User/ }));
    await user.click(await screen.findByRole('option', { name: 'Basil Demo' }));
    await user.click(within(firstUser).getByRole('checkbox', { name: 'Push' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(schedule).findByText(MESSAGES.timeRangeStartAfterEnd)).toBeVisible();
    expect(fake.api).not.toHaveBeenCalledWith('/notificationgroups', expect.objectContaining({ method: 'POST' }));

    await user.clear(start);
    await user.type(start, '06:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/notificationgroups', expect.objectContaining({ method: 'POST' })));
    const sent = fake.api.mock.calls.find(([path, request]) => path === '/notificationgroups' && request?.method === 'POST')?.[1]?.body;
    expect(sent).toMatchObject({
      name: 'Night shift', locationId: 'l-1', siteIds: ['s-1'], isDefault: false, overwrite: false,
      schedules: [{ name: 'Nights', start: '06:00', end: '18:00', users: [{ accountId: 'a-2', level: 1, delayMinutes: 0, channels: ['email', 'push'] }] }],
    });
  });

  it('shows the refusal of a delete while devices use the group', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<NotificationGroupsPage />);
    await screen.findByText('Main Kitchen group');
    const refusal = 'This notification group cannot be deleted: 2 sensor(s) and 1 gateway(s) use it.';
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'DELETE') throw new ApiError(409, refusal, { code: 'notificationGroupInUse' });
      return answer(path, request);
    });
    await user.click(screen.getByRole('button', { name: 'Delete Main Kitchen group' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete notification group' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeVisible();
  });
});
