import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SESSION_STATE, getClientState, replaceClientState, type SessionState } from '../../session/clientState';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { ProxyBanner } from './ProxyBanner';

vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const START = new Date('2026-11-27T10:00:00Z').getTime();
const helpdeskUser: SessionState = {
  ...DEFAULT_SESSION_STATE, loggedIn: true, role: 'helpdesk', customerId: 'demo', accountId: 'a-help', userName: 'help@demo.example', tenantName: 'Demo Foods',
};

describe('ProxyBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(START);
    fake.api.mockReset();
    fake.api.mockResolvedValue({});
    replaceClientState({
      ...helpdeskUser,
      role: 'admin', customerId: 'harbour', tenantName: 'Harbour Pharmacy',
      proxyMainUser: { ...helpdeskUser },
      proxy: { sessionId: 'p-1', token: 'proxy-token', expiresAt: START + 30 * 60_000, customerId: 'harbour', organisationName: 'Harbour Pharmacy', mode: 'read', actorEmail: 'help@demo.example' },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names who acts for whom with the time left, counts down, and ends by itself at expiry restoring the main user', async () => {
    renderScreen(<ProxyBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('help@demo.example is acting for Harbour Pharmacy — 30:00 left (read only)');
    await act(async () => { vi.advanceTimersByTime(61_000); });
    expect(screen.getByRole('status')).toHaveTextContent('28:59 left');
    await act(async () => { vi.advanceTimersByTime(29 * 60_000); });
    expect(fake.api).toHaveBeenCalledWith('/proxy-sessions/current', { method: 'DELETE' });
    expect(getClientState()).toMatchObject({ role: 'helpdesk', customerId: 'demo', tenantName: 'Demo Foods', proxy: null, proxyMainUser: null });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('End ends the proxy session on the server and restores the main user', async () => {
    renderScreen(<ProxyBanner />);
    await act(async () => { screen.getByRole('button', { name: 'End' }).click(); });
    expect(fake.api).toHaveBeenCalledWith('/proxy-sessions/current', { method: 'DELETE' });
    expect(getClientState()).toMatchObject({ role: 'helpdesk', customerId: 'demo', proxy: null });
  });
});
