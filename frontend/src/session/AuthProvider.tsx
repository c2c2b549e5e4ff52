import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AccountPreferences, CurrentUserDetails } from '@domain/identity/account';
import { APP_VERSION } from '@domain/core/app-config';
import { ALL_MODULES } from '@domain/organisation/modules';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/ApiError';
import { cancelRequestsInFlight, setProxyEndedHandler, setUnauthorizedHandler } from '../api/apiFetch';
import { endProxy, restoreMainUser } from './proxySession';
import { currentSession, decodeJwtPayload, signOutOfIdentity, type SignedInUser } from '../api/identity';
import {
  clearStoredState,
  DEFAULT_SESSION_STATE,
  deviceId,
  getClientState,
  offsetOf,
  recordActivity,
  replaceClientState,
  updateClientState,
  useClientState,
  type SessionState,
} from './clientState';
import { idleLogoutApplies, useIdleLogout } from './useIdleLogout';
import { forgetCachedResponses } from './dataCache';
import { forgetOfflineReads } from './offlineCache';
import { clearSignInToasts, showToast } from '../components/toastHost';
import { useWebAppConfig } from '../config/webAppConfig';
import { TOAST_DURATION_MS, TOAST_POSITION } from '../components/toasts';
import { changeLanguage } from '../i18n';
import {
  AuthContext,
  type AuthContextValue,
  type AuthStatus,
  type CompleteSignInOptions,
  type CompleteSignInResult,
  type LogoutReason,
} from './authContext';
import { loginPageAfterLogout, NO_ACCESS_PAGE, signInDestination } from './landing';

const TIMEOUT_TOAST_MS: Record<Exclude<LogoutReason, 'user'>, number> = {
  sessionTimeout: TOAST_DURATION_MS.standard,
  noCurrentUser: TOAST_DURATION_MS.sessionTimeoutClosable,
  idle: TOAST_DURATION_MS.idle,
  idleReopened: TOAST_DURATION_MS.standard,
  organisationDisabled: TOAST_DURATION_MS.standard,
};
/** The logout call must not hold the user on a dead screen when the server does not answer. */
const LOGOUT_CALL_TIMEOUT_MS = 5_000;

/** SPEC section 3: what the browser keeps about the user, from the account details. */
export function sessionStateFrom(
  details: CurrentUserDetails,
  preferences: AccountPreferences,
  session: { sessionId: string | null; variant: SessionState['loginVariant']; sso: boolean; tokenExpiresAt: number | null },
): SessionState {
  return {
    ...DEFAULT_SESSION_STATE,
    loggedIn: true,
    loginVariant: session.variant,
    sso: session.sso,
    accountId: details.accountid,
    userName: details.email,
    profileName: `${details.firstname} ${details.lastname}`.trim() || null,
    status: 'ONLINE',
    role: details.role,
    customerId: details.customerid,
    customerGroupId: details.customergroupid,
    uom: details.uom,
    timezone: details.timezone,
    offset: offsetOf(details.timezone),
    tokenExpiresAt: session.tokenExpiresAt,
    sessionId: session.sessionId,
    tenantName: details.tenantname,
    haccpAvailable: details.isHaccapAvailable,
    locationAdmin: details.isowner === 1 || details.islocationadmin === 1,
    owner: details.isowner === 1,
    helpdeskDashboard: details.showHelpdeskDashboard,
    corporateAdmin: details.hasDefaultLocAccess,
    securityGroupIds: details.securityGroupIds,
    pagerEnabled: details.enablePager || details.isPagerEnabled,
    organisationModules: details.organisationModules ?? ALL_MODULES,
    // Hidden unless the account has the module, whatever the preference says.
    preferences: {
      module: { audit: { isVisible: preferences.module.audit.isVisible && details.enableAuditModule } },
      feature: { ivr: { isVisible: preferences.feature.ivr.isVisible && details.enableIVR } },
    },
  };
}

/** The signed-in user's session in the browser: sign-in, logout, idle logout (SPEC section 4). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const config = useWebAppConfig();
  const clientState = useClientState();
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<SignedInUser | null>(null);

  const statusRef = useRef(status);
  const searchRef = useRef(location.search);
  /** The logout under way: every later caller gets the same one (SPEC section 4: a single logout). */
  const loggingOut = useRef<Promise<void> | null>(null);
  /** A sign-in is completing: its own failures are its to handle, not the 401 handler's. */
  const signingIn = useRef(false);
  useEffect(() => {
    statusRef.current = status;
  }, [status]);
  useEffect(() => {
    searchRef.current = location.search;
  }, [location.search]);

  const endSession = useCallback(
    async (reason: LogoutReason, destination?: string) => {
      // Leaving during a proxy: the server's proxy session is ended first (its Portal Audit records
      // the end), then the main user's stored values come back (SPEC section 3), so the logout below
      // is the real user's own and goes to their login page. A failed or slow end does not hold the
      // logout up: the session ends by itself at its expiry.
      if (getClientState().proxy !== null) {
        await Promise.race([endProxy(), new Promise((resolve) => setTimeout(resolve, LOGOUT_CALL_TIMEOUT_MS))]);
      }
      restoreMainUser();
      const stored = getClientState();
      const helpdesk = stored.role === 'helpdesk' || stored.loginVariant === 'helpdesk';
      if (reason !== 'user') {
        showToast(t(reason === 'organisationDisabled' ? 'messages.organisationDisabled' : 'messages.sessionTimeout'), {
          variant: 'error',
          anchorOrigin: TOAST_POSITION,
          autoHideDuration: TIMEOUT_TOAST_MS[reason],
          preventDuplicate: true,
        });
      }
      cancelRequestsInFlight();
      if (stored.sessionId !== null) {
        try {
          const { endLoginSession } = await import('../api/sessions');
          await Promise.race([
            endLoginSession({ loginid: stored.sessionId, deviceKey: stored.deviceKey }),
            new Promise((resolve) => setTimeout(resolve, LOGOUT_CALL_TIMEOUT_MS)),
          ]);
        } catch (error) {
          // The session may be gone already (that is often why we are here).
          console.warn('The server session could not be ended', error);
        }
      }
      await signOutOfIdentity();
      clearStoredState();
      forgetCachedResponses();
      // And the service worker's offline copies of this user's checklists (a shared tablet).
      await forgetOfflineReads().catch((error: unknown) => console.warn('The offline copies could not be cleared', error));
      // Screens (and their dialogs) unmount as the guards see the user signed out. One
      // transition with the navigation: were the status rendered first, the signed-in guard
      // would send the page to /login (with a redirect) before the logout's own target.
      startTransition(() => {
        setUser(null);
        setStatus('signedOut');
        navigate(destination ?? loginPageAfterLogout(helpdesk), { replace: true });
      });
    },
    [navigate, t],
  );

  const logout = useCallback(
    ({ reason = 'user' }: { reason?: LogoutReason } = {}) => {
      loggingOut.current ??= endSession(reason);
      return loggingOut.current;
    },
    [endSession],
  );

  // At start, once: the stored session, if its tokens are still good and belong to the stored user.
  const logoutAtStart = useRef(logout);
  useEffect(() => {
    let active = true;
    const logout = logoutAtStart.current;
    void currentSession().then((session) => {
      if (!active) return;
      const stored = getClientState();
      if (session === null || !session.user.portalAccess) {
        // SPEC section 4: no current user (or an invalid refresh token) ends the session with a toast.
        if (stored.loggedIn) void logout({ reason: 'noCurrentUser' });
        else startTransition(() => setStatus('signedOut'));
        return;
      }
      const loggedIn = stored.loggedIn && stored.sessionId !== null && stored.userName === session.user.email;
      // The first screen is built in a transition, in short slices (the loader stays meanwhile):
      // a plain update here built the whole shell in one long task (docs/performance.md).
      startTransition(() => {
        setUser(session.user);
        setStatus(loggedIn ? 'signedIn' : 'identityOnly');
      });
    });
    return () => {
      active = false;
    };
  }, []);

  // The role this tab was signed in with: another tab's logout clears it from the shared storage.
  const signedInRole = useRef<string | null>(null);
  useEffect(() => {
    if (clientState.role !== null) signedInRole.current = clientState.role;
  }, [clientState.role]);

  // Another tab logged out (it cleared the shared storage): this one follows, without a second call.
  useEffect(() => {
    if (status === 'signedIn' && !clientState.loggedIn && loggingOut.current === null && !signingIn.current) {
      forgetCachedResponses();
      const helpdesk = signedInRole.current === 'helpdesk';
      startTransition(() => {
        setUser(null);
        setStatus('signedOut');
        navigate(loginPageAfterLogout(helpdesk), { replace: true });
      });
    }
  }, [clientState.loggedIn, navigate, status]);

  const completeSignIn = useCallback(
    async ({ variant = 'normal', sso = false }: CompleteSignInOptions = {}): Promise<CompleteSignInResult> => {
      const session = await currentSession();
      if (session === null) return 'failed';
      if (!session.user.portalAccess) {
        showToast(t('messages.noPortalAccess'), {
          variant: 'error',
          anchorOrigin: TOAST_POSITION,
          autoHideDuration: TOAST_DURATION_MS.standard,
        });
        // SPEC section 4: no portal access signs the user out again, back to the same login screen.
        loggingOut.current = null;
        await endSession('user', loginPageAfterLogout(variant === 'helpdesk'));
        return 'noPortalAccess';
      }
      // A refused attempt's toast does not follow the user onto the dashboard.
      clearSignInToasts();
      signingIn.current = true;
      loggingOut.current = null;
      cancelRequestsInFlight();
      try {
        const [{ createLoginSession }, { fetchAccountPreferences, fetchCurrentUserDetails }, { describeBrowser }] = await Promise.all([
          import('../api/sessions'),
          import('../api/account'),
          import('../api/device'),
        ]);
        const deviceKey = getClientState().deviceKey;
        replaceClientState({
          ...DEFAULT_SESSION_STATE,
          loginVariant: variant,
          sso,
          deviceKey,
          userName: session.user.email,
          role: session.user.role,
          accountId: session.user.accountId,
          customerId: session.user.customerId,
        });

        let sessionId: string | null = null;
        try {
          const created = await createLoginSession({
            deviceKey,
            appVersion: APP_VERSION,
            ...(await describeBrowser()),
            platformName: 'browser',
            deviceId: deviceId(),
          });
          sessionId = created.loginid;
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            // The logged-in flag stays false: the user ends sessions first (SPEC section 4).
            setUser(session.user);
            setStatus('identityOnly');
            const query = sso ? `?${new URLSearchParams({ user: session.user.email }).toString()}` : '';
            navigate(`/login/sessions${query}`, { replace: true });
            return 'sessionLimit';
          }
          // SPEC section 7: session-creation failures are only logged.
          console.error('The login session could not be created', error);
        }

        let details: CurrentUserDetails;
        try {
          details = await fetchCurrentUserDetails();
        } catch (error) {
          console.error('The account details could not be read', error);
          signingIn.current = false;
          // Kept so the logout below ends the server session just opened.
          updateClientState({ sessionId });
          await logout();
          return 'failed';
        }
        const preferences = await fetchAccountPreferences(details.accountid).catch((error: unknown) => {
          console.warn('The account preferences could not be read; modules stay hidden', error);
          return DEFAULT_SESSION_STATE.preferences;
        });
        replaceClientState({
          ...sessionStateFrom(details, preferences, { sessionId, variant, sso, tokenExpiresAt: idTokenExpiry(session.idToken) }),
          deviceKey,
        });
        recordActivity();
        await changeLanguage(details.lang);

        const destination = signInDestination({ role: details.role, search: searchRef.current, sso, locationIds: details.locationids });
        if (destination === NO_ACCESS_PAGE) {
          // An SSO account without locations cannot use the portal: no session is left open.
          signingIn.current = false;
          await endSession('user', NO_ACCESS_PAGE);
          return 'failed';
        }
        setUser(session.user);
        setStatus('signedIn');
        navigate(destination, { replace: true });
        return 'signedIn';
      } finally {
        signingIn.current = false;
      }
    },
    [endSession, logout, navigate, t],
  );

  // 401/403 from the API, no current user: one toast and one logout however many calls fail together.
  useEffect(() => {
    setUnauthorizedHandler((reason) => {
      if (signingIn.current) return;
      if (statusRef.current !== 'signedIn' && statusRef.current !== 'identityOnly') return;
      void logout({ reason: reason ?? 'sessionTimeout' });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [logout]);

  // The API says the proxy session is over (expired, ended, its organisation disabled): the
  // main user's stored values come back (SPEC section 3); the user stays signed in.
  useEffect(() => {
    setProxyEndedHandler(() => {
      // A logout under way restores the main user itself and goes to the login page.
      if (loggingOut.current !== null) return;
      restoreMainUser();
      navigate(getClientState().role === 'helpdesk' ? '/app/helpdesk' : '/app/dashboard');
    });
    return () => setProxyEndedHandler(undefined);
  }, [navigate]);

  // SPEC section 4, Idle: not for helpdesk (the real user's role, under a proxy too), not on a login page.
  const onIdle = useCallback((reason: 'idle' | 'idleReopened') => void logout({ reason }), [logout]);
  useIdleLogout({
    enabled: status === 'signedIn' && idleLogoutApplies(clientState) && !location.pathname.startsWith('/login'),
    timeoutMs: config.idleTimeoutMs,
    onIdle,
  });

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, completeSignIn, logout }),
    [status, user, completeSignIn, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** When the ID token expires (epoch ms), from its `exp` claim; null when it cannot be read. */
function idTokenExpiry(idToken: string): number | null {
  const exp = decodeJwtPayload(idToken)?.['exp'];
  return typeof exp === 'number' ? exp * 1000 : null;
}
