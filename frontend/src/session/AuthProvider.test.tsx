import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_MESSAGES as MESSAGES } from '@domain/core/login-messages';
import type { CurrentUserDetails } from '@domain/identity/account';
import { apiFetch, configureApi } from '../api/apiFetch';
import type { IdentitySession } from '../api/identity';
import { getClientState, LAST_ACTIVITY_STORAGE_KEY, replaceClientState, DEFAULT_SESSION_STATE } from './clientState';
import { DEFAULT_WEB_APP_CONFIG, WebAppConfigContext } from '../config/webAppConfig';
import { changeLanguage } from '../i18n';
import { renderScreen } from '../test/render';
import { AuthProvider } from './AuthProvider';
import type { CompleteSignInResult } from './authContext';
import { useAuth } from './useAuth';
import { ASYNC_WAIT_MS } from '../test/waiting';

const identity = vi.hoisted(() => ({
  session: null as IdentitySession | null,
  signOut: vi.fn(async () => {
    identity.session = null;
  }),
}));
const toasts = vi.hoisted(() => ({ enqueue: vi.fn() }));

vi.mock('../api/identity', () => ({
  currentSession: async () => identity.session,
  signOutOfIdentity: identity.signOut,
  decodeJwtPayload: () => ({ exp: 2_000_000_000 }),
}));

vi.mock('notistack', async (importOriginal) => ({
  ...(await importOriginal<typeof import('notistack')>()),
  useSnackbar: () => ({ enqueueSnackbar: toasts.enqueue, closeSnackbar: vi.fn() }),
}));

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function sessionOf(email: string, role: 'admin' | 'basicuser' | 'helpdesk', portalAccess = true): IdentitySession {
  return { idToken: 'h.e.s', user: { email, role, customerId: 'demo-foods', accountId: `acct-${role}`, portalAccess } };
}

function details(overrides: Partial<CurrentUserDetails> = {}): CurrentUserDetails {
  return {
    accountid: 'acct-admin', customerid: 'demo-foods', customergroupid: null, email: 'admin@demo.example',
    firstname: 'Ada', lastname: 'Admin', role: 'admin', uom: 'F', lang: 'fr', timezone: 'Europe/Paris',
    isHaccapAvailable: true, isowner: 0, islocationadmin: 1, showHelpdeskDashboard: false, hasDefaultLocAccess: true,
    securityGroupIds: ['sg-1'], tenantname: 'Demo Foods', enablePager: false, isPagerEnabled: true,
    enableAuditModule: true, enableIVR: false, isactive: true, invitedate: null, lastlogindate: null,
    isEmailVerified: true, locationids: ['loc-1'],
    ...overrides,
  };
}

/** The API as the sign-in meets it: session creation, the account, its preferences, logout. */
function api({ login = json(201, { id: 's-1', loginid: 's-1' }), me = details() }: { login?: Response; me?: CurrentUserDetails } = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/users/login' && method === 'PUT') return login.clone();
    if (url === '/api/account/me') return json(200, me);
    if (url.startsWith('/api/account/preferences/')) return json(200, { module: { audit: { isVisible: true } }, feature: { ivr: { isVisible: true } } });
    if (url === '/api/users/logout') return new Response(null, { status: 204 });
    return json(401, { message: 'Unauthorized' });
  });
}

function calls(path: string): number {
  return fetchMock.mock.calls.filter(([input]) => String(input) === `/api${path}`).length;
}

function WhereAmI() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

let lastResult: CompleteSignInResult | undefined;

function SignInButton({ sso = false, variant = 'normal' as const }: { sso?: boolean; variant?: 'normal' | 'helpdesk' }) {
  const { completeSignIn } = useAuth();
  return (
    <button type="button" onClick={() => void completeSignIn({ sso, variant }).then((result) => (lastResult = result))}>
      complete
    </button>
  );
}

/** Fires several API calls at once, as a busy screen does. */
function BusyScreen() {
  const { status } = useAuth();
  const [fired, setFired] = useState(false);
  return (
    <>
      <p>{`status ${status}`}</p>
      <button
        type="button"
        onClick={() => {
          setFired(true);
          for (const path of ['/departments', '/divisions', '/locations/navbar', '/users/sessions', '/account/me']) {
            apiFetch(path).catch(() => undefined);
          }
        }}
      >
        {fired ? 'fired' : 'fire'}
      </button>
    </>
  );
}

function renderAuth(route: string, screen = <SignInButton />, idleTimeoutMs = DEFAULT_WEB_APP_CONFIG.idleTimeoutMs) {
  return renderScreen(
    <WebAppConfigContext.Provider value={{ ...DEFAULT_WEB_APP_CONFIG, idleTimeoutMs }}>
      <AuthProvider>
        <Routes>
          <Route path="*" element={<>{screen}<WhereAmI /></>} />
        </Routes>
      </AuthProvider>
    </WebAppConfigContext.Provider>,
    { route },
  );
}

/** A browser that already holds a live session (a reload). */
function storedSession(role: 'admin' | 'helpdesk' = 'admin') {
  identity.session = sessionOf(`${role}@demo.example`, role);
  replaceClientState({ ...DEFAULT_SESSION_STATE, loggedIn: true, sessionId: 's-9', userName: `${role}@demo.example`, role });
}

/** A helpdesk user's browser acting for another organisation (proxy login), the main user's values kept aside. */
function storedProxySession() {
  storedSession('helpdesk');
  const main = getClientState();
  const {
    accountId, userName, profileName, role, customerId, customerGroupId, uom, timezone, offset, tenantName, haccpAvailable,
    locationAdmin, owner, helpdeskDashboard, corporateAdmin, securityGroupIds, pagerEnabled, selectedLocation, preferences, organisationModules,
  } = main;
  replaceClientState({
    ...main,
    role: 'admin', customerId: 'harbour-pharmacy', tenantName: 'Harbour Pharmacy',
    proxyMainUser: {
      accountId, userName, profileName, role, customerId, customerGroupId, uom, timezone, offset, tenantName, haccpAvailable,
      locationAdmin, owner, helpdeskDashboard, corporateAdmin, securityGroupIds, pagerEnabled, selectedLocation, preferences, organisationModules,
    },
    proxy: {
      sessionId: 'p-1', token: 'proxy-token', expiresAt: Date.now() + 20 * 60_000, customerId: 'harbour-pharmacy',
      organisationName: 'Harbour Pharmacy', mode: 'read', actorEmail: 'helpdesk@demo.example',
    },
  });
}

describe('AuthProvider', () => {
  beforeEach(() => {
    configureApi({ apiBaseUrl: '/api' });
    identity.session = null;
    identity.signOut.mockClear();
    toasts.enqueue.mockClear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    lastResult = undefined;
  });

  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await changeLanguage('en');
  });

  describe('completeSignIn', () => {
    it('opens a session, stores the account, applies its language and goes to the dashboard', async () => {
      const user = userEvent.setup();
      api();
      renderAuth('/login');
      identity.session = sessionOf('admin@demo.example', 'admin');
      await user.click(screen.getByRole('button', { name: 'complete' }));

      await screen.findByText('at /app/dashboard');
      expect(lastResult).toBe('signedIn');
      const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/users/login') ?? [];
      expect(JSON.parse(String(init?.body))).toMatchObject({ appVersion: '2.3.2', platformName: 'browser', deviceId: getClientState().deviceId });
      expect(getClientState()).toMatchObject({
        loggedIn: true, sessionId: 's-1', accountId: 'acct-admin', status: 'ONLINE', role: 'admin', uom: 'F',
        timezone: 'Europe/Paris', tenantName: 'Demo Foods', locationAdmin: true, owner: false, corporateAdmin: true,
        pagerEnabled: true, securityGroupIds: ['sg-1'], profileName: 'Ada Admin', language: 'fr', tokenExpiresAt: 2_000_000_000_000,
        preferences: { module: { audit: { isVisible: true } }, feature: { ivr: { isVisible: false } } },
      });
      expect(getClientState().offset).toMatch(/^\+0[12]:00$/);
      expect(document.documentElement.lang).toBe('fr');
    });

    it('sends helpdesk to /app/helpdesk, and honours the login parameter for the others', async () => {
      const user = userEvent.setup();
      api({ me: details({ role: 'helpdesk' }) });
      renderAuth('/login/helpdesk', <SignInButton variant="helpdesk" />);
      identity.session = sessionOf('helpdesk@demo.example', 'helpdesk');
      await user.click(screen.getByRole('button', { name: 'complete' }));
      await screen.findByText('at /app/helpdesk');
    });

    it('honours the login parameter (redirect target)', async () => {
      const user = userEvent.setup();
      api();
      renderAuth('/login?login=%2Fapp%2Fdivisions');
      identity.session = sessionOf('admin@demo.example', 'admin');
      await user.click(screen.getByRole('button', { name: 'complete' }));
      await screen.findByText('at /app/divisions');
    });

    it('at the session limit keeps the logged-in flag false and goes to /login/sessions', async () => {
      const user = userEvent.setup();
      api({ login: json(409, { message: 'Session limit reached. End a session, or all sessions, to continue.' }) });
      renderAuth('/login');
      identity.session = sessionOf('admin@demo.example', 'admin');
      await user.click(screen.getByRole('button', { name: 'complete' }));

      await screen.findByText('at /login/sessions');
      expect(lastResult).toBe('sessionLimit');
      expect(getClientState().loggedIn).toBe(false);
      expect(calls('/account/me')).toBe(0);
    });

    it('gives the sessions page the email of an SSO user', async () => {
      const user = userEvent.setup();
      api({ login: json(409, { message: 'Session limit reached. End a session, or all sessions, to continue.' }) });
      renderAuth('/login/callback', <SignInButton sso />);
      identity.session = sessionOf('admin@demo.example', 'admin');
      await user.click(screen.getByRole('button', { name: 'complete' }));
      await screen.findByText('at /login/sessions?user=admin%40demo.example');
    });

    it('only logs a session-creation failure other than the limit, and goes on', async () => {
      const user = userEvent.setup();
      api({ login: json(500, { message: 'An error occurred' }) });
      renderAuth('/login');
      identity.session = sessionOf('admin@demo.example', 'admin');
      await user.click(screen.getByRole('button', { name: 'complete' }));
      await screen.findByText('at /app/dashboard');
      expect(console.error).toHaveBeenCalled();
      expect(getClientState()).toMatchObject({ loggedIn: true, sessionId: null });
    });

    it('sends an SSO account without locations to /login/redirect, leaving no session open', async () => {
      const user = userEvent.setup();
      api({ me: details({ locationids: [] }) });
      renderAuth('/login/callback', <SignInButton sso />);
      identity.session = sessionOf('admin@demo.example', 'admin');
      await user.click(screen.getByRole('button', { name: 'complete' }));
      await screen.findByText('at /login/redirect');
      expect(calls('/users/logout')).toBe(1);
      expect(identity.signOut).toHaveBeenCalledOnce();
    });

    it('refuses an account without the portal claim: error toast for 15 s, then logout', async () => {
      const user = userEvent.setup();
      api();
      renderAuth('/login/helpdesk', <SignInButton variant="helpdesk" />);
      identity.session = sessionOf('mobile@demo.example', 'basicuser', false);
      await user.click(screen.getByRole('button', { name: 'complete' }));

      await waitFor(() => expect(lastResult).toBe('noPortalAccess'));
      expect(toasts.enqueue).toHaveBeenCalledWith(
        'You do not have access to login portal.Please contact your Admin!!',
        expect.objectContaining({ variant: 'error', autoHideDuration: 15_000, anchorOrigin: { vertical: 'top', horizontal: 'center' } }),
      );
      expect(identity.signOut).toHaveBeenCalledOnce();
      expect(calls('/users/login')).toBe(0);
      expect(screen.getByText('at /login/helpdesk')).toBeInTheDocument();
    });
  });

  describe('logout', () => {
    it('logs out once, with one toast, however many calls answer 401 together', async () => {
      const user = userEvent.setup();
      storedSession();
      fetchMock.mockImplementation(async (input) =>
        String(input) === '/api/users/logout' ? new Response(null, { status: 204 }) : json(401, { message: 'Unauthorized' }),
      );
      renderAuth('/app/departments', <BusyScreen />);
      await screen.findByText('status signedIn');

      await user.click(screen.getByRole('button', { name: 'fire' }));
      await screen.findByText('at /login');

      const timeoutToasts = toasts.enqueue.mock.calls.filter(([text]) => text === 'Session timeout.. Please login again.');
      expect(timeoutToasts).toHaveLength(1);
      expect(timeoutToasts[0]?.[1]).toMatchObject({ variant: 'error', autoHideDuration: 15_000, anchorOrigin: { vertical: 'top', horizontal: 'center' } });
      expect(calls('/users/logout')).toBe(1);
      expect(identity.signOut).toHaveBeenCalledOnce();
      expect(screen.getByText('status signedOut')).toBeInTheDocument();
    });

    it("says so when the API ended the session because the organisation was disabled (issue 16)", async () => {
      const user = userEvent.setup();
      storedSession();
      fetchMock.mockImplementation(async (input) =>
        String(input) === '/api/users/logout'
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ message: MESSAGES.organisationDisabled }), { status: 401, headers: { 'content-type': 'application/json', 'x-error-code': 'organisationDisabled' } }),
      );
      renderAuth('/app/departments', <BusyScreen />);
      await screen.findByText('status signedIn');

      await user.click(screen.getByRole('button', { name: 'fire' }));
      await screen.findByText('at /login');

      expect(toasts.enqueue.mock.calls.map(([text]) => text)).toContain(MESSAGES.organisationDisabled);
      expect(toasts.enqueue.mock.calls.map(([text]) => text)).not.toContain(MESSAGES.sessionTimeout);
    });

    it('ends the server session with its id and device key, keeps only the language and the device id', async () => {
      const user = userEvent.setup();
      storedSession();
      const device = getClientState().deviceId;
      window.localStorage.setItem('lang', 'es');
      window.localStorage.setItem('somethingElse', 'x');
      window.sessionStorage.setItem('resendCount', '2');
      fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
      function LogoutButton() {
        const { logout } = useAuth();
        return <button type="button" onClick={() => void logout()}>logout</button>;
      }
      renderAuth('/app/dashboard', <LogoutButton />);
      await user.click(await screen.findByRole('button', { name: 'logout' }));
      await screen.findByText('at /login');

      const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/users/logout') ?? [];
      expect(JSON.parse(String(init?.body))).toEqual({ loginid: 's-9', deviceKey: '' });
      expect(toasts.enqueue).not.toHaveBeenCalled();
      expect(window.localStorage.getItem('somethingElse')).toBeNull();
      expect(window.sessionStorage.getItem('resendCount')).toBeNull();
      expect(window.localStorage.getItem('lang')).toBe('es');
      expect(getClientState().deviceId).toBe(device);
      expect(getClientState().loggedIn).toBe(false);
    });

    it("clears the service worker's offline copies of the HACCP reads at sign-out, keeping the shell and build files", async () => {
      const user = userEvent.setup();
      storedSession();
      fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
      const kept = new Map<string, Response>([
        ['https://api.example/api/haccp/today?account=acct-basicuser', new Response('{}')],
        ['https://api.example/api/haccp/instances/i-1?account=acct-basicuser', new Response('{}')],
        ['http://localhost:3000/__shell__', new Response('<html>')],
        ['http://localhost:3000/assets/index-abc.js', new Response('')],
      ]);
      const offlineCache = {
        keys: async () => [...kept.keys()].map((url) => new Request(url)),
        delete: async (request: Request) => kept.delete(request.url),
      };
      // Unstubbed after each test, with fetch.
      vi.stubGlobal('caches', { keys: async () => ['portal-offline-v1'], open: async () => offlineCache });
      function LogoutButton() {
        const { logout } = useAuth();
        return <button type="button" onClick={() => void logout()}>logout</button>;
      }
      renderAuth('/app/haccp/today', <LogoutButton />);
      await user.click(await screen.findByRole('button', { name: 'logout' }));
      await screen.findByText('at /login');
      expect([...kept.keys()]).toEqual(['http://localhost:3000/__shell__', 'http://localhost:3000/assets/index-abc.js']);
    });

    it.each([['answers', 200], ['fails', 500]])(
      "under a proxy, ends the server's proxy session before the real user's logout, and logs out when that call %s",
      async (_outcome, proxyEndStatus) => {
        const user = userEvent.setup();
        storedProxySession();
        fetchMock.mockImplementation(async (input, init) =>
          (String(input) === '/api/proxy-sessions/current' && init?.method === 'DELETE'
            ? json(proxyEndStatus, proxyEndStatus === 200 ? { sessionId: 'p-1' } : { message: 'down' })
            : new Response(null, { status: 204 })));
        function LogoutButton() {
          const { logout } = useAuth();
          return <button type="button" onClick={() => void logout()}>logout</button>;
        }
        renderAuth('/app/dashboard', <LogoutButton />);
        await user.click(await screen.findByRole('button', { name: 'logout' }));
        await screen.findByText('at /login/helpdesk');

        const urls = fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
        const proxyEnd = urls.indexOf('DELETE /api/proxy-sessions/current');
        expect(proxyEnd).toBeGreaterThanOrEqual(0);
        expect(proxyEnd).toBeLessThan(urls.findIndex((url) => url.endsWith('/api/users/logout')));
        expect(fetchMock.mock.calls[proxyEnd]?.[1]?.headers).toMatchObject({ 'x-proxy-token': 'proxy-token', customerid: 'harbour-pharmacy' });
        expect(calls('/users/logout')).toBe(1);
        expect(getClientState()).toMatchObject({ loggedIn: false, proxy: null, proxyMainUser: null });
      },
    );

    it('sends helpdesk users to the helpdesk login', async () => {
      const user = userEvent.setup();
      storedSession('helpdesk');
      fetchMock.mockImplementation(async () => json(401, { message: 'Unauthorized' }));
      renderAuth('/app/helpdesk', <BusyScreen />);
      await screen.findByText('status signedIn');
      await user.click(screen.getByRole('button', { name: 'fire' }));
      await screen.findByText('at /login/helpdesk');
    });

    it('logs out with the closable timeout toast (30 s) when the portal opens on a session without a current user', async () => {
      replaceClientState({ ...DEFAULT_SESSION_STATE, loggedIn: true, sessionId: 's-9', userName: 'admin@demo.example', role: 'admin' });
      fetchMock.mockImplementation(async () => json(401, { message: 'Unauthorized' }));
      renderAuth('/app/dashboard', <BusyScreen />);
      await screen.findByText('at /login');
      expect(toasts.enqueue).toHaveBeenCalledTimes(1);
      expect(toasts.enqueue).toHaveBeenCalledWith('Session timeout.. Please login again.', expect.objectContaining({ autoHideDuration: 30_000 }));
    });

    it('treats tokens without the logged-in flag as a sign-in stopped at the session limit', async () => {
      identity.session = sessionOf('admin@demo.example', 'admin');
      renderAuth('/login/sessions', <BusyScreen />);
      await screen.findByText('status identityOnly');
    });
  });

  describe('idle logout', () => {
    it('logs out after the idle timeout without activity, with the toast for 60 s', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      storedSession();
      fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
      renderAuth('/app/dashboard', <BusyScreen />, 2_000);
      await vi.waitFor(() => expect(screen.getByText('status signedIn')).toBeInTheDocument(), { timeout: ASYNC_WAIT_MS });

      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_500);
      });
      expect(toasts.enqueue).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(600);
      });
      await vi.waitFor(() => expect(screen.getByText('at /login')).toBeInTheDocument(), { timeout: ASYNC_WAIT_MS });
      expect(toasts.enqueue).toHaveBeenCalledOnce();
      expect(toasts.enqueue).toHaveBeenCalledWith('Session timeout.. Please login again.', expect.objectContaining({ variant: 'error', autoHideDuration: 60_000 }));
      expect(calls('/users/logout')).toBe(1);
    });

    it('counts activity in another tab (the shared last-activity record)', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      storedSession();
      renderAuth('/app/dashboard', <BusyScreen />, 2_000);
      await vi.waitFor(() => expect(screen.getByText('status signedIn')).toBeInTheDocument(), { timeout: ASYNC_WAIT_MS });
      for (let step = 0; step < 4; step += 1) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1_000);
        });
        window.localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Date.now()));
      }
      expect(screen.getByText('status signedIn')).toBeInTheDocument();
      expect(toasts.enqueue).not.toHaveBeenCalled();
    });

    it('keeps a user who keeps working signed in', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      storedSession();
      renderAuth('/app/dashboard', <BusyScreen />, 2_000);
      await vi.waitFor(() => expect(screen.getByText('status signedIn')).toBeInTheDocument(), { timeout: ASYNC_WAIT_MS });
      for (let step = 0; step < 4; step += 1) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1_200);
        });
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      }
      expect(screen.getByText('status signedIn')).toBeInTheDocument();
    });

    it('on a window reopened after the timeout, logs out with the toast for 15 s', async () => {
      storedSession();
      window.localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Date.now() - 3 * 60 * 60 * 1000));
      fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
      renderAuth('/app/dashboard', <BusyScreen />);
      await screen.findByText('at /login');
      expect(toasts.enqueue).toHaveBeenCalledWith('Session timeout.. Please login again.', expect.objectContaining({ autoHideDuration: 15_000 }));
    });

    it('leaves a helpdesk user acting for an organisation (proxy) alone, though the stored role is admin', async () => {
      storedProxySession();
      window.localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Date.now() - 3 * 60 * 60 * 1000));
      renderAuth('/app/dashboard', <BusyScreen />);
      await screen.findByText('status signedIn');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.getByText('status signedIn')).toBeInTheDocument();
      expect(toasts.enqueue).not.toHaveBeenCalled();
    });

    it('leaves helpdesk alone', async () => {
      storedSession('helpdesk');
      window.localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Date.now() - 3 * 60 * 60 * 1000));
      renderAuth('/app/helpdesk', <BusyScreen />);
      await screen.findByText('status signedIn');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.getByText('status signedIn')).toBeInTheDocument();
      expect(toasts.enqueue).not.toHaveBeenCalled();
    });
  });
});
