import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlarmNotification } from '@domain/notifications/delivery-answers';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { AlarmNotifications } from './AlarmNotifications';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const message = (overrides: Partial<AlarmNotification>): AlarmNotification => ({
  alarmId: 'a-1', stepKey: '0:alarm:u-1', channel: 'email', kind: 'alarm', level: 1, accountId: 'u-1', recipientName: 'Rita Reader',
  status: 'sent', attempts: 1, queuedAt: '2026-03-10T08:30:00.000Z', updatedAt: '2026-03-10T08:30:05.000Z', sentAt: '2026-03-10T08:30:05.000Z',
  ...overrides,
});

let messages: AlarmNotification[];

function answer(path: string, request?: ApiRequest): unknown {
  if (path === '/alarms/a-1/notifications' && request?.method === undefined) return { items: messages };
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

describe('AlarmNotifications', () => {
  beforeEach(() => {
    fake.role = 'basicuser';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it("lists each message: channel, recipient, kind, status, and why it failed or did not go", async () => {
    messages = [
      message({ stepKey: '0:normal:u-2', kind: 'normal', channel: 'push', accountId: 'u-2', recipientName: 'Sam Admin', status: 'grouped', attempts: 0, sentAt: undefined, groupedInto: 'a-9#0:alarm:u-2#push' }),
      message({ stepKey: '0:reminder:1:u-2', kind: 'reminder', reminder: 1, level: 2, channel: 'voice', accountId: 'u-2', recipientName: undefined, status: 'skipped', attempts: 0, sentAt: undefined, reason: 'noVerifiedPhone' }),
      message({ channel: 'text', status: 'dead', attempts: 5, sentAt: undefined, lastError: 'ServiceQuotaExceededException: Rate exceeded' }),
      message({ stepKey: '0:alarm:u-3', channel: 'email', accountId: 'u-3', recipientName: 'Pat Cook', status: 'retrying', attempts: 2, sentAt: undefined, lastError: 'Throttling', nextAttemptAt: '2026-03-10T08:34:00.000Z' }),
      message({}),
    ];
    renderScreen(<AlarmNotifications alarmId="a-1" />);
    const list = await screen.findByRole('list', { name: 'Notifications of this alarm' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    const [grouped, skipped, dead, retrying, sent] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(grouped).getByText('Push')).toBeInTheDocument();
    expect(within(grouped).getByText('Sam Admin')).toBeInTheDocument();
    expect(within(grouped).getByText('Grouped')).toBeInTheDocument();
    expect(within(grouped).getByText('Grouped into another message')).toBeInTheDocument();
    expect(within(grouped).getByText(/^Back to normal · Level 1/)).toBeInTheDocument();
    expect(within(skipped).getByText('Unknown user')).toBeInTheDocument();
    expect(within(skipped).getByText('Skipped')).toBeInTheDocument();
    expect(within(skipped).getByText(/^Reminder 1 · Level 2/)).toBeInTheDocument();
    expect(within(skipped).getByText('The user has no verified phone number.')).toBeInTheDocument();
    expect(within(dead).getByText('Text')).toBeInTheDocument();
    expect(within(dead).getByText('Failed')).toBeInTheDocument();
    expect(within(dead).getByText(/Attempts: 5/)).toBeInTheDocument();
    expect(within(dead).getByText("Provider's reason: ServiceQuotaExceededException: Rate exceeded")).toBeInTheDocument();
    expect(within(retrying).getByText('Failed, retrying')).toBeInTheDocument();
    expect(within(retrying).getByText("Provider's reason: Throttling")).toBeInTheDocument();
    expect(within(retrying).getByText(/^Next attempt at /)).toBeInTheDocument();
    expect(within(sent).getByText('Email')).toBeInTheDocument();
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).queryByText(/Provider's reason/)).toBeNull();
  });

  it('says when the alarm has no messages yet', async () => {
    messages = [];
    renderScreen(<AlarmNotifications alarmId="a-1" />);
    expect(await screen.findByText('No notifications for this alarm yet.')).toBeInTheDocument();
  });

  it('speaks French, and shows a refusal by its code', async () => {
    await i18next.changeLanguage('fr');
    messages = [message({ channel: 'text', status: 'dead', attempts: 5, sentAt: undefined, lastError: 'Rate exceeded' })];
    const { unmount } = renderScreen(<AlarmNotifications alarmId="a-1" />);
    const list = await screen.findByRole('list', { name: 'Notifications de cette alarme' });
    expect(within(list).getByText('Échec')).toBeInTheDocument();
    expect(within(list).getByText('Motif du fournisseur : Rate exceeded')).toBeInTheDocument();
    unmount();
    fake.api.mockImplementation(() => {
      throw new ApiError(404, 'Alarm not found.', { code: 'alarmNotFound' });
    });
    renderScreen(<AlarmNotifications alarmId="a-1" />);
    expect(await screen.findByText('Alarme introuvable.')).toBeInTheDocument();
  });
});
