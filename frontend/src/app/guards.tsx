import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from '@domain/identity/roles';
import { hasModule, type PortalModuleName } from '@domain/organisation/modules';
import { TOAST_DURATION_MS, TOAST_POSITION } from '../components/toasts';
import { DEFAULT_LANDING } from '../session/landing';
import { useAuth } from '../session/useAuth';
import { useClientState } from '../session/clientState';
import { PageLoader } from '../components/PageLoader';
import { showToast } from '../components/toastHost';
import { useModuleVisible, useRole, useSeesWholeOrganisation, type PortalModule } from '../session/access';

/**
 * An unauthenticated user goes to /login, carrying the requested address unless it is the
 * root; one whose identity has no portal session yet (the session limit) to /login/sessions.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status === 'identityOnly') return <Navigate to="/login/sessions" replace />;
  if (status === 'signedOut') {
    const requested = `${location.pathname}${location.search}`;
    // The root reaches the guard as /app (anything else redirects there): neither is carried.
    const search = requested === '/' || requested === '/app' ? '' : `?${new URLSearchParams({ redirect: requested }).toString()}`;
    return <Navigate to={`/login${search}`} replace />;
  }
  return children;
}

/** A logged-in user meeting a login-only screen goes to the dashboard. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signedIn') return <Navigate to={DEFAULT_LANDING} replace />;
  return children;
}

/** The sessions page: identity tokens, but not the logged-in flag (SPEC section 2: /login/sessions). */
export function RequireIdentityOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signedIn') return <Navigate to={DEFAULT_LANDING} replace />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return children;
}

/** A refusal goes to /app with the no-access message (SPEC sections 2 and 6). */
function RefuseToApp() {
  const { t } = useTranslation();
  useEffect(() => {
    showToast(t('messages.noAccessRedirect'), {
      variant: 'warning',
      anchorOrigin: TOAST_POSITION,
      autoHideDuration: TOAST_DURATION_MS.standard,
      preventDuplicate: true,
    });
  }, [t]);
  return <Navigate to="/app" replace />;
}

/** A failed role check goes to /app. */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const role = useRole();
  const { proxyMainUser } = useClientState();
  if (role === null || !roles.includes(role)) {
    // A page of the real user's own (the helpdesk's) re-renders once as the proxy starts,
    // before the navigation to the organisation's dashboard: it is left, without a no-access toast.
    const realRole = proxyMainUser?.role ?? null;
    if (realRole !== null && roles.includes(realRole)) return <Navigate to="/app" replace />;
    return <RefuseToApp />;
  }
  return children;
}

/** An area about the whole organisation (the Portal Audit) opens only for whoever sees it all. */
export function RequireWholeOrganisation({ children }: { children: ReactNode }) {
  if (!useSeesWholeOrganisation()) return <RefuseToApp />;
  return children;
}

/** A lazy module opens only when the stored preferences show it (audit: admin or basic user too). */
export function RequireModule({ module, children }: { module: PortalModule; children: ReactNode }) {
  const visible = useModuleVisible(module);
  if (!visible) return <RefuseToApp />;
  return children;
}

/**
 * An area of an optional module (HACCP, audit, IVR, pager) opens only where the organisation has
 * it (issue 16): an address typed in is refused as an area the user may not open, not shown.
 */
export function RequireOrganisationModule({ module, children }: { module: PortalModuleName; children: ReactNode }) {
  const { organisationModules } = useClientState();
  if (!hasModule(organisationModules, module)) return <RefuseToApp />;
  return children;
}
