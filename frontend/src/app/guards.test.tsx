import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@domain/identity/roles';
import type { AuthStatus } from '../session/authContext';
import { renderScreen } from '../test/render';
import { DEFAULT_SESSION_STATE, replaceClientState } from '../session/clientState';
import { ALL_MODULES } from '@domain/organisation/modules';
import { RequireIdentityOnly, RequireModule, RequireOrganisationModule, RequireRole, RequireSignedIn, RequireSignedOut, RequireWholeOrganisation } from './guards';

const auth = vi.hoisted(() => ({ status: 'signedOut' as AuthStatus, role: null as Role | null }));

vi.mock('../session/useAuth', () => ({
  useAuth: () => ({
    status: auth.status,
    user: auth.role === null ? null : { email: 'someone@demo.example', role: auth.role, customerId: 'c', accountId: 'a', portalAccess: true },
  }),
}));

function WhereAmI() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

function routes() {
  return (
    <Routes>
      <Route path="/login" element={<RequireSignedOut><WhereAmI /></RequireSignedOut>} />
      <Route path="/login/sessions" element={<RequireIdentityOnly><WhereAmI /></RequireIdentityOnly>} />
      <Route path="/app" element={<RequireSignedIn><WhereAmI /></RequireSignedIn>} />
      <Route path="/app/dashboard" element={<RequireSignedIn><WhereAmI /></RequireSignedIn>} />
      <Route path="/app/helpdesk" element={<RequireSignedIn><RequireRole roles={['helpdesk']}><WhereAmI /></RequireRole></RequireSignedIn>} />
      <Route path="/app/superadmin" element={<RequireSignedIn><RequireRole roles={['superadmin']}><WhereAmI /></RequireRole></RequireSignedIn>} />
      <Route path="/app/departments" element={<RequireSignedIn><RequireRole roles={['admin', 'basicuser']}><WhereAmI /></RequireRole></RequireSignedIn>} />
      <Route path="/app/audits" element={<RequireSignedIn><RequireModule module="audit"><WhereAmI /></RequireModule></RequireSignedIn>} />
      <Route path="/app/ivr" element={<RequireSignedIn><RequireModule module="ivr"><WhereAmI /></RequireModule></RequireSignedIn>} />
      <Route path="/app/reports/portal-audit" element={<RequireSignedIn><RequireWholeOrganisation><WhereAmI /></RequireWholeOrganisation></RequireSignedIn>} />
      <Route path="/app/haccp/shifts" element={<RequireSignedIn><RequireOrganisationModule module="haccp"><WhereAmI /></RequireOrganisationModule></RequireSignedIn>} />
    </Routes>
  );
}

function signedInAs(role: Role, preferences = DEFAULT_SESSION_STATE.preferences) {
  auth.status = 'signedIn';
  auth.role = role;
  replaceClientState({ ...DEFAULT_SESSION_STATE, loggedIn: true, role, preferences });
}

const visible = (audit: boolean, ivr: boolean) => ({ module: { audit: { isVisible: audit } }, feature: { ivr: { isVisible: ivr } } });

describe('route guards', () => {
  beforeEach(() => {
    auth.status = 'signedOut';
    auth.role = null;
  });

  it('sends a signed-out user to /login, carrying the requested address', () => {
    renderScreen(routes(), { route: '/app/departments?tab=2' });
    expect(screen.getByText('at /login?redirect=%2Fapp%2Fdepartments%3Ftab%3D2')).toBeInTheDocument();
  });

  it('does not carry the root', () => {
    renderScreen(routes(), { route: '/app' });
    expect(screen.getByText('at /login')).toBeInTheDocument();
  });

  it('sends a logged-in user away from a login-only screen to the dashboard', () => {
    signedInAs('admin');
    renderScreen(routes(), { route: '/login' });
    expect(screen.getByText('at /app/dashboard')).toBeInTheDocument();
  });

  it('opens /login/sessions only with identity tokens and without the logged-in flag', () => {
    auth.status = 'identityOnly';
    const { unmount } = renderScreen(routes(), { route: '/login/sessions' });
    expect(screen.getByText('at /login/sessions')).toBeInTheDocument();
    unmount();

    auth.status = 'signedOut';
    renderScreen(routes(), { route: '/login/sessions' }).unmount();
    signedInAs('admin');
    renderScreen(routes(), { route: '/login/sessions' });
    expect(screen.getByText('at /app/dashboard')).toBeInTheDocument();
  });

  it('sends a user whose sign-in stopped at the session limit from /app to /login/sessions', () => {
    auth.status = 'identityOnly';
    renderScreen(routes(), { route: '/app/dashboard' });
    expect(screen.getByText('at /login/sessions')).toBeInTheDocument();
  });

  it('sends a failed role check to /app', () => {
    signedInAs('helpdesk');
    renderScreen(routes(), { route: '/app/departments' });
    expect(screen.getByText('at /app')).toBeInTheDocument();
  });

  it("leaves the real user's own page without the no-access toast as a proxy starts, still refusing the others", async () => {
    signedInAs('helpdesk');
    // startProxy's stored values: the organisation's administrator, the helpdesk user's kept aside.
    replaceClientState({ ...DEFAULT_SESSION_STATE, loggedIn: true, role: 'admin', proxyMainUser: { ...DEFAULT_SESSION_STATE, role: 'helpdesk' } });
    const noAccess = /You don't have access to this page/;
    const helpdeskPage = renderScreen(routes(), { route: '/app/helpdesk' });
    expect(await screen.findByText('at /app')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(noAccess)).not.toBeInTheDocument());
    helpdeskPage.unmount();
    renderScreen(routes(), { route: '/app/superadmin' });
    expect(await screen.findByText(noAccess)).toBeInTheDocument();
    expect(screen.getByText('at /app')).toBeInTheDocument();
  });

  it('lets a role the route allows through', () => {
    signedInAs('basicuser');
    renderScreen(routes(), { route: '/app/departments' });
    expect(screen.getByText('at /app/departments')).toBeInTheDocument();
  });

  it('opens a lazy module only when the preferences show it; audit also needs admin or basicuser', () => {
    signedInAs('admin', visible(false, false));
    renderScreen(routes(), { route: '/app/audits' }).unmount();
    expect(screen.queryByText('at /app/audits')).not.toBeInTheDocument();

    signedInAs('admin', visible(true, false));
    renderScreen(routes(), { route: '/app/audits' }).unmount();

    signedInAs('helpdesk', visible(true, true));
    renderScreen(routes(), { route: '/app/audits' });
    expect(screen.getByText('at /app')).toBeInTheDocument();
  });

  it('opens the IVR feature for any role once shown', () => {
    signedInAs('helpdesk', visible(false, true));
    renderScreen(routes(), { route: '/app/ivr' });
    expect(screen.getByText('at /app/ivr')).toBeInTheDocument();
  });

  it("refuses a HACCP address typed in where the organisation has not got HACCP, and opens it where it has", () => {
    signedInAs('admin');
    replaceClientState({ ...DEFAULT_SESSION_STATE, loggedIn: true, role: 'admin', organisationModules: { ...ALL_MODULES, isHaccapAvailable: false } });
    const refused = renderScreen(routes(), { route: '/app/haccp/shifts' });
    expect(screen.getByText('at /app')).toBeInTheDocument();
    refused.unmount();

    replaceClientState({ ...DEFAULT_SESSION_STATE, loggedIn: true, role: 'admin', organisationModules: ALL_MODULES });
    renderScreen(routes(), { route: '/app/haccp/shifts' });
    expect(screen.getByText('at /app/haccp/shifts')).toBeInTheDocument();
  });

  it('opens the Portal Audit to an administrator with corporate access or a proxy for the organisation, not to one of some locations nor a corporate view', () => {
    const proxy = { sessionId: 's', token: 't', expiresAt: Date.now() + 60_000, customerId: 'c', organisationName: 'Demo Foods', mode: 'read' as const, actorEmail: 'a@demo.example' };
    const at = (state: Partial<typeof DEFAULT_SESSION_STATE>) => {
      signedInAs('admin');
      replaceClientState({ ...DEFAULT_SESSION_STATE, loggedIn: true, role: 'admin', ...state });
      const view = renderScreen(routes(), { route: '/app/reports/portal-audit' });
      const where = screen.getByText(/^at /).textContent;
      view.unmount();
      return where;
    };
    expect(at({ corporateAdmin: true })).toBe('at /app/reports/portal-audit');
    expect(at({ corporateAdmin: false })).toBe('at /app');
    expect(at({ corporateAdmin: false, proxy })).toBe('at /app/reports/portal-audit');
    expect(at({ corporateAdmin: true, proxy: { ...proxy, locationId: 'loc-1', locationName: 'HQ' } })).toBe('at /app');
  });
});
