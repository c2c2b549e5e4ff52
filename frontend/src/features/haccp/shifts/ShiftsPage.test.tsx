import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { Shift } from '@domain/haccp/shift';
import type { NotificationGroup } from '@domain/notifications/notification-group';
import type { ApiRequest } from '../../../api/apiFetch';
import { ApiError } from '../../../api/ApiError';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import { enter } from '../../../test/userInput';
import ShiftsPage from './ShiftsPage';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const NAVBAR = { locations: [{ id: 'l-1', name: 'HQ', displayName: 'HQ', sites: [{ id: 's-1', name: 'Main Kitchen' }] }] };
const shift = (id: string, name: string, extra: Partial<Shift> = {}): Shift => ({
  id, name, siteId: 's-1', locationId: 'l-1', shiftType: 'custom',
  schedules: [{ id: 'sc-1', name: 'Weekdays', days: [1, 2, 3, 4, 5], startDate: '2026-01-05', startTime: '06:00', endTime: '14:00', recurrence: { frequency: 'weekly', interval: 1 }, assignedUserIds: [] }],
  createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1, ...extra,
});
const group = (id: string, name: string, groupType: NotificationGroup['groupType']): NotificationGroup => ({
  id, name, description: '', groupType, isDefault: false, locationId: 'l-1', siteIds: ['s-1'], schedules: [],
  sensorCount: 0, gatewayCount: 0, createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1,
});

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/locations/navbar') return NAVBAR;
  if (path === '/users?limit=100') return { items: [] };
  if (path === '/notificationgroups?limit=100') return { items: [group('g-1', 'Kitchen HACCP', 'haccp'), group('g-2', 'Fridges', 'sensor')] };
  if (path === '/shifts?limit=100' && request?.method === undefined) return { items: [shift('sh-1', 'Morning')] };
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

describe('ShiftsPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it("refuses a remind time outside the window in the spec's words, then sends the shift", async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<ShiftsPage />);
    await screen.findByText('Morning');
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST' && path === '/shifts') return shift('sh-2', 'Evening');
      return answer(path, request);
    });
    await user.click(screen.getByRole('button', { name: 'Add shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add shift' });
    await enter(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Evening');
    await user.click(within(dialog).getByRole('combobox', { name: /^Location/ }));
    await user.click(await screen.findByRole('option', { name: 'HQ' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Site/ }));
    await user.click(await screen.findByRole('option', { name: 'Main Kitchen' }));
    const schedule = within(dialog).getByRole('group', { name: 'Schedule 1' });
    await enter(user, within(schedule).getByRole('textbox', { name: /^Schedule name/ }), 'Evenings');
    await user.click(within(schedule).getByRole('button', { name: 'Saturday' }));
    const remind = within(schedule).getByLabelText(/^Remind at/);
    await user.type(remind, '20:00');
    // Only HACCP groups are offered.
    await user.click(within(schedule).getByRole('combobox', { name: /^HACCP notification group/ }));
    expect(screen.queryByRole('option', { name: 'Fridges' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Kitchen HACCP' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(schedule).findByText(MESSAGES.shiftRemindOutsideWindow)).toBeVisible();
    expect(fake.api).not.toHaveBeenCalledWith('/shifts', expect.objectContaining({ method: 'POST' }));

    await user.clear(remind);
    await user.type(remind, '13:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/shifts', expect.objectContaining({ method: 'POST' })));
    const sent = fake.api.mock.calls.find(([path, request]) => path === '/shifts' && request?.method === 'POST')?.[1]?.body;
    expect(sent).toMatchObject({
      name: 'Evening', siteId: 's-1', locationId: 'l-1', shiftType: 'custom',
      schedules: [{ name: 'Evenings', days: [1, 2, 3, 4, 5, 6], startTime: '06:00', endTime: '14:00', remindAt: '13:30', notificationGroupId: 'g-1',
        recurrence: { frequency: 'weekly', interval: 1 }, assignedUserIds: [] }],
    });
  });

  it('keeps the schedule ids of an edited shift and shows no times for a 24-hour one', async () => {
    const user = userEvent.setup({ delay: null });
    fake.api.mockImplementation((path, request) => {
      if (path === '/shifts?limit=100' && request?.method === undefined) return { items: [shift('sh-3', 'All day', { shiftType: 'allDay' })] };
      if (request?.method === 'PUT') return shift('sh-3', 'All day', { shiftType: 'allDay' });
      return answer(path, request);
    });
    renderScreen(<ShiftsPage />);
    await screen.findByText('All day');
    await user.click(screen.getByRole('button', { name: 'Edit All day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit shift' });
    expect(within(dialog).queryByLabelText(/^Start time/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/shifts/sh-3', expect.objectContaining({ method: 'PUT' })));
    const sent = fake.api.mock.calls.find(([path, request]) => path === '/shifts/sh-3' && request?.method === 'PUT')?.[1]?.body;
    expect(sent).toMatchObject({ shiftType: 'allDay', schedules: [{ id: 'sc-1', startTime: '00:00', endTime: '24:00' }] });
  });

  it('lists the shifts with their site by name and their type, and shows the refusal of a delete while checklists are linked', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<ShiftsPage />);
    const row = (await screen.findByText('Morning')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Main Kitchen')).toBeVisible();
    expect(within(row).getByText('Custom')).toBeVisible();
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'DELETE') throw new ApiError(409, MESSAGES.shiftHasChecklists, { code: 'shiftHasChecklists' });
      return answer(path, request);
    });
    await user.click(screen.getByRole('button', { name: 'Delete Morning' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete shift' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.shiftHasChecklists)).toBeVisible();
  });
});
