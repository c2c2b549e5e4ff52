import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserSession, UserSessionList } from '@domain/identity/account';
import type { ApiRequest } from '../../api/apiFetch';
import { DEFAULT_SESSION_STATE, replaceClientState } from '../../session/clientState';
import { renderScreen } from '../../test/render';
import type { CompleteSignInOptions, CompleteSignInResult } from '../../session/authContext';
import SessionLimitPage from './SessionLimitPage';
import SessionsPage from './SessionsPage';

const fake = vi.hoisted(() => ({
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
  completeSignIn: vi.fn<(options?: CompleteSignInOptions) => Promise<CompleteSignInResult>>(),
  logout: vi.fn(async () => undefined),
}));

vi.mock('../../session/useAuth', () => ({
  useAuth: () => ({
    status: 'identityOnly',
    user: { email: 'ada@demo.example', role: 'admin', customerId: 'c-1', accountId: 'a-1', portalAccess: true },
    completeSignIn: fake.completeSignIn,
    logout: fake.logout,
  }),
}));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

function session(id: string, device: string, current = false): UserSession {
  return {
    id, accountId: 'a-1', email: 'ada@demo.example', lastSeen: '2026-03-01T10:00:00.000Z', device, platform: 'browser',
    ip: '10.0.0.1', interface: 'portal', loginTime: '2026-03-01T09:00:00.000Z', pushEnabled: false, current,
  };
}

/** A fake server holding three sessions at a limit of three. */
function server(items: UserSession[], maxSessions = 3) {
  let held = [...items];
  fake.api.mockImplementation((path, request) => {
    const method = request?.method ?? 'GET';
    if (path === '/users/sessions' && method === 'GET') return { items: held, maxSessions } satisfies UserSessionList;
    // Signed in, the list has the user's column settings (none saved).
    if (path === '/account/gridsettings/sessions' && method === 'GET') return { columnOrder: [], columnVisibility: {}, columnWidths: {} };
    if (path === '/users/sessions' && method === 'DELETE') {
      held = held.filter((item) => item.current);
      return { ended: 1 };
    }
    const match = /^\/users\/sessions\/(.+)$/.exec(path);
    if (match && method === 'DELETE') {
      held = held.filter((item) => item.id !== match[1]);
      return undefined;
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

describe('SessionLimitPage', () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.completeSignIn.mockReset();
    fake.logout.mockClear();
    replaceClientState({ ...DEFAULT_SESSION_STATE, loginVariant: 'helpdesk', sso: false });
  });

  it('lists the active sessions and says the limit is reached', async () => {
    server([session('s-1', 'Chrome 140'), session('s-2', 'Firefox 141'), session('s-3', 'Safari 18')]);
    renderScreen(<SessionLimitPage />, { route: '/login/sessions' });

    expect(await screen.findByText('Firefox 141')).toBeInTheDocument();
    expect(screen.getByText('Chrome 140')).toBeInTheDocument();
    expect(screen.getByText('Session limit reached. End a session, or all sessions, to continue.')).toBeInTheDocument();
    expect(screen.getByText(/^3 of 3 sessions in use/)).toBeInTheDocument();
    // Sessions end by themselves once unused for the refresh token's life (issue 11).
    expect(screen.getByText(/A session not used for 30 days ends by itself\./)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Last seen' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as ada@demo.example')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it("shows when each session signed in and was last seen in the user's time zone", async () => {
    // 10:00 UTC on 1 March is 05:00 in New York.
    replaceClientState({ ...DEFAULT_SESSION_STATE, loginVariant: 'helpdesk', sso: false, timezone: 'America/New_York' });
    server([session('s-1', 'Chrome 140')]);
    renderScreen(<SessionLimitPage />, { route: '/login/sessions' });
    const row = (await screen.findByText('Chrome 140')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Mar 1, 2026, 5:00 AM')).toBeInTheDocument();
    expect(within(row).getByText('Mar 1, 2026, 4:00 AM')).toBeInTheDocument();
  });

  it("does not load the user's grid settings: the sign-in has no session yet", async () => {
    server([session('s-1', 'Chrome 140'), session('s-2', 'Firefox 141'), session('s-3', 'Safari 18')]);
    renderScreen(<SessionLimitPage />, { route: '/login/sessions' });
    expect(await screen.findByText('Firefox 141')).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Active sessions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    expect(fake.api.mock.calls.map(([path]) => path).filter((path) => path.startsWith('/account/'))).toEqual([]);
  });

  it('shows the email given by an SSO sign-in', async () => {
    server([]);
    renderScreen(<SessionLimitPage />, { route: '/login/sessions?user=sso%40demo.example' });
    expect(await screen.findByText('Signed in as sso@demo.example')).toBeInTheDocument();
  });

  it('ends one session, then continues the sign-in with the same login screen', async () => {
    const user = userEvent.setup();
    fake.completeSignIn.mockResolvedValue('signedIn');
    server([session('s-1', 'Chrome 140'), session('s-2', 'Firefox 141'), session('s-3', 'Safari 18')]);
    renderScreen(<SessionLimitPage />, { route: '/login/sessions' });

    await user.click(await screen.findByRole('button', { name: 'End the session on Firefox 141' }));
    await waitFor(() => expect(screen.queryByText('Firefox 141')).not.toBeInTheDocument());
    expect(fake.api).toHaveBeenCalledWith('/users/sessions/s-2', { method: 'DELETE' });
    expect(screen.getByText(/^2 of 3 sessions in use/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(fake.completeSignIn).toHaveBeenCalledWith({ variant: 'helpdesk', sso: false });
  });

  it('ends all sessions', async () => {
    const user = userEvent.setup();
    server([session('s-1', 'Chrome 140'), session('s-2', 'Firefox 141'), session('s-3', 'Safari 18')]);
    renderScreen(<SessionLimitPage />, { route: '/login/sessions' });
    await screen.findByText('Chrome 140');
    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('No active sessions.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('stays, with the limit message, when the limit is met again on continuing', async () => {
    const user = userEvent.setup();
    fake.completeSignIn.mockResolvedValue('sessionLimit');
    server([session('s-1', 'Chrome 140')]);
    renderScreen(<SessionLimitPage />, { route: '/login/sessions' });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('logs out on request', async () => {
    const user = userEvent.setup();
    server([]);
    renderScreen(<SessionLimitPage />, { route: '/login/sessions' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(fake.logout).toHaveBeenCalledOnce();
  });
});

describe('SessionsPage (sessions and devices)', () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.logout.mockClear();
  });

  it('marks this device, and ending its own session is a logout', async () => {
    const user = userEvent.setup();
    server([session('s-1', 'Chrome 140', true), session('s-2', 'Firefox 141')], 30);
    renderScreen(<SessionsPage />, { route: '/app/sessions' });
    expect(await screen.findByText('This device')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End the session on Chrome 140' }));
    expect(fake.logout).toHaveBeenCalledOnce();
    expect(fake.api).not.toHaveBeenCalledWith('/users/sessions/s-1', expect.anything());
  });

  it('ends the other sessions', async () => {
    const user = userEvent.setup();
    server([session('s-1', 'Chrome 140', true), session('s-2', 'Firefox 141')], 30);
    renderScreen(<SessionsPage />, { route: '/app/sessions' });
    await screen.findByText('Firefox 141');
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await waitFor(() => expect(screen.queryByText('Firefox 141')).not.toBeInTheDocument());
    expect(screen.getByText('Chrome 140')).toBeInTheDocument();
  });
});
