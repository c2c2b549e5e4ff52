import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebAppConfig } from '@domain/core/app-config';
import { DEFAULT_WEB_APP_CONFIG, WebAppConfigContext } from '../../config/webAppConfig';
import { renderScreen } from '../../test/render';
import type { AuthContextValue } from '../../session/authContext';
import NoAccessRedirectPage from './NoAccessRedirectPage';
import SsoCallbackPage from './SsoCallbackPage';
import SsoRedirectPage from './SsoRedirectPage';

const mocks = vi.hoisted(() => ({
  leaveTo: vi.fn<(url: string) => void>(),
  storeFederatedTokens: vi.fn(),
  completeSignIn: vi.fn<AuthContextValue['completeSignIn']>(),
}));

vi.mock('./browserLocation', () => ({ leaveTo: mocks.leaveTo }));
vi.mock('../../api/identity', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/identity')>()),
  storeFederatedTokens: mocks.storeFederatedTokens,
}));
vi.mock('../../session/useAuth', () => ({
  useAuth: () => ({ status: 'signedOut', user: null, completeSignIn: mocks.completeSignIn }) as Partial<AuthContextValue>,
}));

const CONFIG: WebAppConfig = {
  ...DEFAULT_WEB_APP_CONFIG,
  portalClientId: 'portal-client',
  helpdeskClientId: 'helpdesk-client',
  oauthDomain: 'https://auth.example.com',
  ssoProviders: { acme: 'AcmeOkta' },
  adminContactEmail: 'it-admin@acme.example',
};

function renderAt(route: string) {
  return renderScreen(
    <WebAppConfigContext.Provider value={CONFIG}>
      <Routes>
        <Route path="/login/sso/helpdesk/:clientId" element={<SsoRedirectPage variant="helpdesk" />} />
        <Route path="/login/sso/:clientId" element={<SsoRedirectPage variant="normal" />} />
        <Route path="/login/callback" element={<SsoCallbackPage />} />
        <Route path="/login/redirect" element={<NoAccessRedirectPage />} />
      </Routes>
    </WebAppConfigContext.Provider>,
    { route },
  );
}

beforeEach(() => {
  mocks.leaveTo.mockReset();
  mocks.storeFederatedTokens.mockReset();
  mocks.completeSignIn.mockReset();
  mocks.completeSignIn.mockResolvedValue('signedIn');
  vi.unstubAllGlobals();
});

describe('SsoRedirectPage', () => {
  it('sends the browser to the provider of the client id, code flow', async () => {
    renderAt('/login/sso/acme');
    expect(screen.getByText("Redirecting you to your organisation's sign-in page...")).toBeVisible();
    await waitFor(() => expect(mocks.leaveTo).toHaveBeenCalledTimes(1));
    const url = new URL(mocks.leaveTo.mock.calls[0]?.[0] ?? '');
    expect(url.searchParams.get('identity_provider')).toBe('AcmeOkta');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('portal-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login/callback`);
  });

  it('uses the helpdesk client and the token flow under /login/sso/helpdesk', async () => {
    renderAt('/login/sso/helpdesk/acme');
    await waitFor(() => expect(mocks.leaveTo).toHaveBeenCalledTimes(1));
    const url = new URL(mocks.leaveTo.mock.calls[0]?.[0] ?? '');
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.get('client_id')).toBe('helpdesk-client');
  });

  it('does nothing for an unknown id, and the message stays', async () => {
    renderAt('/login/sso/nobody');
    expect(screen.getByText("Redirecting you to your organisation's sign-in page...")).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mocks.leaveTo).not.toHaveBeenCalled();
  });
});

describe('SsoCallbackPage', () => {
  it('exchanges the code, stores the tokens and hands over to the shell', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify({ access_token: 'a', id_token: 'i', refresh_token: 'r' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/login/callback?code=the-code');

    await waitFor(() => expect(mocks.completeSignIn).toHaveBeenCalledWith({ variant: 'normal', sso: true }));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://auth.example.com/oauth2/token');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(String(init?.body)).toBe(new URLSearchParams({
      grant_type: 'authorization_code', client_id: 'portal-client', code: 'the-code', redirect_uri: `${window.location.origin}/login/callback`,
    }).toString());
    expect(mocks.storeFederatedTokens).toHaveBeenCalledWith({ accessToken: 'a', idToken: 'i', refreshToken: 'r' }, 'normal');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('takes the helpdesk tokens from the address', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/login/callback#id_token=i&access_token=a&token_type=Bearer');
    await waitFor(() => expect(mocks.completeSignIn).toHaveBeenCalledWith({ variant: 'helpdesk', sso: true }));
    expect(mocks.storeFederatedTokens).toHaveBeenCalledWith({ idToken: 'i', accessToken: 'a', refreshToken: null }, 'helpdesk');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['no code', '/login/callback'],
    ['an error', '/login/callback?error=access_denied'],
  ])('goes to the no-access page with %s', async (_case, route) => {
    renderAt(route);
    expect(await screen.findByText("You don't have access to this page. Please contact your administrator to get access.")).toBeVisible();
    expect(mocks.completeSignIn).not.toHaveBeenCalled();
  });

  it('goes to the no-access page when the exchange or the sign-in fails', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 400 })));
    renderAt('/login/callback?code=bad');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeVisible();

    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify({ access_token: 'a', id_token: 'i' }), { status: 200 }),
    ));
    mocks.completeSignIn.mockResolvedValue('failed');
    renderAt('/login/callback?code=good');
    await waitFor(() => expect(mocks.completeSignIn).toHaveBeenCalled());
    expect((await screen.findAllByRole('heading', { name: 'No access' })).length).toBeGreaterThan(0);
  });
});

describe('NoAccessRedirectPage', () => {
  it('shows the message, the administrator contact, the footer links and the version', () => {
    renderAt('/login/redirect');
    expect(screen.getByText("You don't have access to this page. Please contact your administrator to get access.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'it-admin@acme.example' })).toHaveAttribute('href', 'mailto:it-admin@acme.example');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacyPolicy');
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/termsCondition');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Version 2.3.2')).toBeVisible();
  });
});
