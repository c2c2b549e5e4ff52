import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { FailedNotification } from '@domain/notifications/delivery-answers';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import FailedNotificationsPage from './FailedNotificationsPage';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const failed = (overrides: Partial<FailedNotification>): FailedNotification => ({
  alarmId: 'al-1', stepKey: '0:alarm:u-1', channel: 'text', kind: 'alarm', level: 1, accountId: 'u-1', recipientName: 'Rita Reader',
  status: 'dead', attempts: 5, queuedAt: '2026-03-10T08:30:00.000Z', updatedAt: '2026-03-10T08:45:00.000Z',
  lastError: 'ServiceQuotaExceededException: Rate exceeded', deviceKind: 'sensor', deviceId: 'A1B2C3D4', deviceName: 'Walk-in Fridge', alarmType: 'threshold', siteId: 's-1',
  ...overrides,
});

let rows: FailedNotification[];

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/notifications/failed?limit=100' && request?.method === undefined) return { items: rows };
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

describe('FailedNotificationsPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    rows = [
      failed({}),
      failed({ alarmId: 'al-2', stepKey: '0:reminder:1:u-2', kind: 'reminder', reminder: 1, channel: 'email', accountId: 'u-2', recipientName: 'Sam Admin', lastError: 'MessageRejected: Email address is not verified', deviceId: 'B2C3D4E5', deviceName: 'Freezer' }),
    ];
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it("lists the dead messages: the alarm's link, device, recipient, channel, attempts and the provider's reason", async () => {
    renderScreen(<FailedNotificationsPage />);
    expect(screen.getByRole('heading', { name: 'Failed notifications' })).toBeInTheDocument();
    const row = await rowOf('Walk-in Fridge (A1B2C3D4)');
    expect(within(row).getByRole('link', { name: 'Out of range' })).toHaveAttribute('href', '/app/alarms/al-1');
    expect(within(row).getByText('Rita Reader')).toBeInTheDocument();
    expect(within(row).getByText('Text')).toBeInTheDocument();
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(within(row).getByText('ServiceQuotaExceededException: Rate exceeded')).toBeInTheDocument();
    const other = await rowOf('Freezer (B2C3D4E5)');
    expect(within(other).getByText('Reminder 1')).toBeInTheDocument();
    expect(within(other).getByText('Email')).toBeInTheDocument();
  });

  it('resends a message after asking, says so, and takes it off the list', async () => {
    const user = userEvent.setup({ delay: null });
    fake.api.mockImplementation((path, request) => {
      if (path === '/notifications/failed/resend' && request?.method === 'POST') return { ...failed({}), status: 'queued', attempts: 0 };
      return answer(path, request);
    });
    renderScreen(<FailedNotificationsPage />);
    const row = await rowOf('Walk-in Fridge (A1B2C3D4)');
    await user.click(within(row).getByRole('button', { name: 'Resend the message to Rita Reader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend notification' });
    expect(within(dialog).getByText('Send the Text message to Rita Reader about Walk-in Fridge (A1B2C3D4) again?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('The message to Rita Reader is queued again.')).toBeInTheDocument();
    expect(fake.api).toHaveBeenCalledWith('/notifications/failed/resend', { method: 'POST', body: { alarmId: 'al-1', stepKey: '0:alarm:u-1', channel: 'text' } });
    await waitFor(() => expect(screen.queryByText('Walk-in Fridge (A1B2C3D4)')).toBeNull());
    expect(screen.getByText('Freezer (B2C3D4E5)')).toBeInTheDocument();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<FailedNotificationsPage />);
    const row = await rowOf('Walk-in Fridge (A1B2C3D4)');
    await user.click(within(row).getByRole('button', { name: 'Resend the message to Rita Reader' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Resend notification' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.api).not.toHaveBeenCalledWith('/notifications/failed/resend', expect.anything());
  });

  it("shows the refusal of a message resent meanwhile in the product's words, and reads the list again", async () => {
    const user = userEvent.setup({ delay: null });
    let reads = 0;
    fake.api.mockImplementation((path, request) => {
      if (path === '/notifications/failed/resend') throw new ApiError(409, MESSAGES.notificationNoLongerFailed, { code: 'notificationNoLongerFailed' });
      if (path === '/notifications/failed?limit=100') {
        reads += 1;
        return { items: reads === 1 ? rows : rows.slice(1) };
      }
      return answer(path, request);
    });
    renderScreen(<FailedNotificationsPage />);
    const row = await rowOf('Walk-in Fridge (A1B2C3D4)');
    await user.click(within(row).getByRole('button', { name: 'Resend the message to Rita Reader' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Resend notification' })).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(MESSAGES.notificationNoLongerFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Walk-in Fridge (A1B2C3D4)')).toBeNull());
  });

  it('says when nothing failed', async () => {
    rows = [];
    renderScreen(<FailedNotificationsPage />);
    expect(await screen.findByText('No failed notifications.')).toBeInTheDocument();
  });
});
