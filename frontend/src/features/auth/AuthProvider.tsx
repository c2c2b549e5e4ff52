import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { setUnauthorizedHandler } from '../../api/apiFetch';
import { currentSession, signInWithPassword, signOutOfIdentity, type SignedInUser } from '../../api/identity';
import { TOAST_DURATION_MS } from '../../components/toasts';
import { LANGUAGE_STORAGE_KEY } from '../../i18n';
import { AuthContext, type AuthContextValue, type AuthStatus } from './authContext';

/** SPEC section 4, Logout: the browser keeps nothing of the session; the language stays a device choice. */
function clearStoredState(): void {
  try {
    const language = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    window.localStorage.clear();
    window.sessionStorage.clear();
    if (language !== null) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { cache } = useSWRConfig();
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<SignedInUser | null>(null);
  const endingSession = useRef(false);

  useEffect(() => {
    let active = true;
    void currentSession().then((session) => {
      if (!active) return;
      const allowed = session !== null && session.user.portalAccess;
      setUser(allowed ? session.user : null);
      setStatus(allowed ? 'signedIn' : 'signedOut');
    });
    return () => {
      active = false;
    };
  }, []);

  const signOut = useCallback(async () => {
    // Calls still in flight will fail with 401 now; they must not announce a session timeout.
    endingSession.current = true;
    await signOutOfIdentity();
    clearStoredState();
    // Another user may sign in next on this browser: forget every cached response.
    for (const key of [...cache.keys()]) cache.delete(key);
    setUser(null);
    setStatus('signedOut');
  }, [cache]);

  const signIn = useCallback(async (username: string, password: string) => {
    const outcome = await signInWithPassword(username, password);
    if (outcome.status === 'signedIn') {
      endingSession.current = false;
      setUser(outcome.user);
      setStatus('signedIn');
    }
    return outcome;
  }, []);

  // 401 from the API: one toast and one logout however many calls failed together (SPEC section 4).
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (endingSession.current) return;
      endingSession.current = true;
      enqueueSnackbar(t('messages.sessionTimeout'), { variant: 'error', autoHideDuration: TOAST_DURATION_MS.standard });
      void signOut();
    });
    return () => setUnauthorizedHandler(undefined);
  }, [enqueueSnackbar, signOut, t]);

  const value = useMemo<AuthContextValue>(() => ({ status, user, signIn, signOut }), [status, user, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
