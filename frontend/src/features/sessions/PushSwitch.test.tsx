import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserSession, UserSessionList } from '@domain/identity/account';
import type { ApiRequest } from '../../api/apiFetch';
import { renderScreen } from '../../test/render';
import SessionsPage from './SessionsPage';
import { base64UrlToBytes } from './webPush';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../session/useAuth', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { email: 'ada@demo.example', role: 'admin', customerId: 'c-1', accountId: 'a-1', portalAccess: true },
    logout: vi.fn(),
  }),
}));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = { endpoint: 'https://push.example/send/abc', keys: { p256dh: 'BKey_1', auth: 'Auth_1' } };

const session = (id: string, current: boolean, pushEnabled = false): UserSession => ({
  id, accountId: 'a-1', email: 'ada@demo.example', lastSeen: '2026-03-01T10:00:00.000Z', device: `Browser ${id}`, platform: 'browser',
  ip: '10.0.0.1', interface: 'portal', loginTime: '2026-03-01T09:00:00.000Z', pushEnabled, current,
});

/** A fake server holding the user's two sessions; this browser's is s-1. */
function server(pushEnabled = false) {
  let items = [session('s-1', true, pushEnabled), session('s-2', false)];
  fake.api.mockImplementation((path, request) => {
    const method = request?.method ?? 'GET';
    if (path === '/users/sessions' && method === 'GET') return { items, maxSessions: 30 } satisfies UserSessionList;
    if (path === '/account/gridsettings/sessions') return { columnOrder: [], columnVisibility: {}, columnWidths: {} };
    if (path === '/session/active/devices/push-key') return { publicKey: PUBLIC_KEY };
    if (path === '/session/active/devices/s-1' && method === 'PUT') {
      const body = request?.body as { pushEnabled: boolean };
      items = items.map((item) => (item.id === 's-1' ? { ...item, pushEnabled: body.pushEnabled } : item));
      return items[0];
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

/** The browser's push machinery: a service worker registration with a push manager, and the permission prompt. */
function browser(permission: NotificationPermission) {
  const existing = { unsubscribe: vi.fn(async () => true) };
  const pushManager = {
    getSubscription: vi.fn(async (): Promise<typeof existing | null> => null),
    subscribe: vi.fn(async () => ({ toJSON: () => ({ ...SUBSCRIPTION, expirationTime: null }) })),
  };
  const requestPermission = vi.fn(async () => permission);
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: vi.fn(async () => ({ pushManager })) } });
  Object.assign(window, { PushManager: vi.fn(), Notification: { requestPermission } });
  return { pushManager, requestPermission, existing };
}

const pushSwitch = () => screen.findByRole('switch', { name: 'Push notifications on this device' });

describe('sessions page: push on this device', () => {
  beforeEach(() => {
    fake.api.mockReset();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(window, 'PushManager');
    Reflect.deleteProperty(window, 'Notification');
  });

  it('asks for the permission, subscribes with the server key and sends the subscription', async () => {
    server();
    const { pushManager, requestPermission } = browser('granted');
    renderScreen(<SessionsPage />);

    await userEvent.click(await pushSwitch());

    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/session/active/devices/s-1', expect.objectContaining({ method: 'PUT' })));
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(PUBLIC_KEY) });
    const put = fake.api.mock.calls.find(([path]) => path === '/session/active/devices/s-1');
    expect(put?.[1]?.body).toEqual({ pushEnabled: true, subscription: SUBSCRIPTION });
    expect(await screen.findByText('Push notifications turned on for this device.')).toBeInTheDocument();
    await waitFor(async () => expect(await pushSwitch()).toBeChecked());
  });

  it('says so when notifications are blocked, and sends nothing', async () => {
    server();
    const { pushManager } = browser('denied');
    renderScreen(<SessionsPage />);

    await userEvent.click(await pushSwitch());

    expect(await screen.findByText(/Notifications are blocked for this site in your browser/)).toBeInTheDocument();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(fake.api).not.toHaveBeenCalledWith('/session/active/devices/s-1', expect.anything());
    expect(await pushSwitch()).not.toBeChecked();
  });

  it('turns push off on the server, then unsubscribes the browser', async () => {
    server(true);
    const { pushManager, existing } = browser('granted');
    pushManager.getSubscription.mockResolvedValue(existing);
    renderScreen(<SessionsPage />);

    const control = await pushSwitch();
    expect(control).toBeChecked();
    await userEvent.click(control);

    await waitFor(() => expect(existing.unsubscribe).toHaveBeenCalledOnce());
    const put = fake.api.mock.calls.find(([path]) => path === '/session/active/devices/s-1');
    expect(put?.[1]?.body).toEqual({ pushEnabled: false });
    expect(await screen.findByText('Push notifications turned off for this device.')).toBeInTheDocument();
  });

  it('says the browser cannot take push when it has no push support', async () => {
    server();
    renderScreen(<SessionsPage />);
    await userEvent.click(await pushSwitch());
    expect(await screen.findByText('This browser cannot receive push notifications.')).toBeInTheDocument();
  });
});
