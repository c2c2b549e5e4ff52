import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { MyNotifications } from '@domain/notifications/my-notifications';
import { ApiError } from '../../api/ApiError';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { MyNotificationsSection } from './MyNotificationsSection';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const mine = (overrides: Partial<MyNotifications> = {}): MyNotifications => ({
  notificationsEnabled: true,
  smsEnabled: false,
  phoneVerified: false,
  groups: [{
    id: 'g-1', name: 'Kitchen', groupType: 'sensor',
    schedules: [{ name: 'Weekdays', days: ['monday', 'friday'], start: '08:00', end: '18:00', level: 2, delayMinutes: 15, channels: ['email', 'push'] }],
  }],
  channels: [
    { channel: 'email', reachable: true },
    { channel: 'text', reachable: false, reason: 'textOff' },
    { channel: 'pager', reachable: false, reason: 'noPager' },
    { channel: 'push', reachable: false, reason: 'noPushDevice' },
    { channel: 'voice', reachable: false, reason: 'noVerifiedPhone' },
  ],
  ...overrides,
});

const refusal = (message: string, code: string) => new ApiError(400, message, { code });

describe('Profile Settings > Notifications', () => {
  beforeEach(() => {
    fake.role = 'basicuser';
    fake.api.mockReset();
  });
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('shows the groups and levels the user is in, and per channel whether it reaches them and what to do', async () => {
    fake.api.mockImplementation(async () => mine());
    renderScreen(<MyNotificationsSection accountId="a-1" phone="+15551234567" />);

    expect(await screen.findByText('Kitchen')).toBeInTheDocument();
    expect(screen.getByText('Weekdays: Mon, Fri, 08:00–18:00')).toBeInTheDocument();
    expect(screen.getByText('Level 2')).toBeInTheDocument();
    expect(screen.getByText('After 15 min')).toBeInTheDocument();

    const email = screen.getByRole('listitem', { name: 'Email' });
    expect(within(email).getByText('Reaches you')).toBeInTheDocument();
    expect(within(email).getByRole('button', { name: 'Send a test: Email' })).toBeEnabled();

    const text = screen.getByRole('listitem', { name: 'Text' });
    expect(within(text).getByText('Text messages are turned off.')).toBeInTheDocument();
    expect(within(text).getByText('Turn on Text messages above.')).toBeInTheDocument();
    expect(within(text).getByRole('button', { name: 'Send a test: Text' })).toBeDisabled();

    expect(within(screen.getByRole('listitem', { name: 'Pager' })).getByText(/Ask your administrator to set up your pager/)).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Push' })).getByRole('link', { name: 'Turn on push on the Sessions page' })).toHaveAttribute('href', '/app/sessions');
    // A saved phone not verified yet: verified from here.
    expect(within(screen.getByRole('listitem', { name: 'Voice' })).getByRole('button', { name: 'Verify your phone' })).toBeInTheDocument();
    // Texts cannot be turned on without a verified phone.
    expect(screen.getByRole('switch', { name: 'Text messages' })).toBeDisabled();
    expect(screen.getByText('Text messages need a verified phone number.')).toBeInTheDocument();
    expect(fake.api).toHaveBeenCalledWith('/users/me/notifications', undefined);
  });

  it('says when the user is in no group, and asks for a phone when none is saved', async () => {
    fake.api.mockImplementation(async () => mine({ groups: [] }));
    renderScreen(<MyNotificationsSection accountId="a-1" phone="" />);
    expect(await screen.findByText('You are not in any notification group.')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Voice' })).getByText(/Add your phone number in the profile above/)).toBeInTheDocument();
  });

  it('sends a test message on a channel and says so; a refusal is shown in a snackbar', async () => {
    const user = userEvent.setup();
    fake.api.mockImplementation(async (path, request) => {
      if (path === '/users/me/notifications/test') {
        const channel = (request?.body as { channel: string }).channel;
        if (channel === 'email' && fake.api.mock.calls.filter(([called]) => called === path).length > 1) {
          throw refusal(MESSAGES.testMessageLimitReached, 'testMessageLimitReached');
        }
        return { channel, sentAt: '2026-11-27T10:00:00.000Z' };
      }
      return mine();
    });
    renderScreen(<MyNotificationsSection accountId="a-1" phone="" />);

    await user.click(await screen.findByRole('button', { name: 'Send a test: Email' }));
    expect(await screen.findByText('Test message sent (Email). Check that it arrived.')).toBeInTheDocument();
    expect(fake.api).toHaveBeenCalledWith('/users/me/notifications/test', { method: 'POST', body: { channel: 'email' } });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Send a test: Email' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send a test: Email' }));
    expect(await screen.findByText(MESSAGES.testMessageLimitReached)).toBeInTheDocument();
  });

  it('turns notifications off with the switch and shows what the API answers', async () => {
    const user = userEvent.setup();
    const off = mine({
      notificationsEnabled: false,
      channels: mine().channels.map((state) => ({ channel: state.channel, reachable: false, reason: 'notificationsOff' as const })),
    });
    fake.api.mockImplementation(async (_path, request) => (request?.method === 'PUT' ? off : mine()));
    renderScreen(<MyNotificationsSection accountId="a-1" phone="" />);

    await user.click(await screen.findByRole('switch', { name: 'Receive notifications' }));
    expect(fake.api).toHaveBeenCalledWith('/users/me/notifications', { method: 'PUT', body: { notificationsEnabled: false } });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Receive notifications' })).not.toBeChecked());
    expect(screen.getAllByText('Your notifications are turned off.')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Send a test: Email' })).toBeDisabled();
  });

  it('is in the user\'s language', async () => {
    await i18next.changeLanguage('fr');
    fake.api.mockImplementation(async () => mine({ groups: [] }));
    renderScreen(<MyNotificationsSection accountId="a-1" phone="" />);
    expect(await screen.findByText("Vous ne faites partie d'aucun groupe de notification.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer un test : E-mail' })).toBeInTheDocument();
  });
});
