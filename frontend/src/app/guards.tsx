import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageLoader } from '../components/FullPageLoader';
import { DEFAULT_LANDING } from '../features/auth/landing';
import { useAuth } from '../features/auth/useAuth';

/** An unauthenticated user goes to /login, carrying the requested address unless it is the root. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'signedOut') {
    const requested = `${location.pathname}${location.search}`;
    const search = requested === '/' ? '' : `?${new URLSearchParams({ redirect: requested }).toString()}`;
    return <Navigate to={`/login${search}`} replace />;
  }
  return children;
}

/** A signed-in user meeting a login-only screen goes to the dashboard. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'signedIn') return <Navigate to={DEFAULT_LANDING} replace />;
  return children;
}
