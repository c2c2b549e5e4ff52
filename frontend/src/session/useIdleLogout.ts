import { useEffect, useRef } from 'react';
import { lastActivityAt, recordActivity, type SessionState } from './clientState';

/**
 * SPEC section 4, Idle: the idle logout is not for helpdesk users. Under a proxy the stored role
 * is the organisation's administrator's, so the real user's, kept in the main-user copies, decides.
 */
export function idleLogoutApplies(state: Pick<SessionState, 'role' | 'proxyMainUser'>): boolean {
  return (state.proxyMainUser?.role ?? state.role) !== 'helpdesk';
}

/** `idle`: the timer ran out; `idleReopened`: the window came back after the timeout had passed. */
export type IdleReason = 'idle' | 'idleReopened';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** Activity is written at most this often: local storage is shared by every tab. */
const ACTIVITY_WRITE_INTERVAL_MS = 1_000;

/**
 * SPEC section 4, Idle: after `timeoutMs` without activity (mouse, keys, touch, scroll, the
 * tab shown again) `onIdle` is called once. The last activity is kept in local storage, so
 * the tabs of one browser count together: one busy tab keeps the others signed in.
 */
export function useIdleLogout({ enabled, timeoutMs, onIdle }: { enabled: boolean; timeoutMs: number; onIdle(reason: IdleReason): void }): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    let lastWrite = 0;

    const expired = (now: number): boolean => {
      const last = lastActivityAt();
      return last !== null && now - last >= timeoutMs;
    };
    const finish = (reason: IdleReason) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      onIdleRef.current(reason);
    };
    const schedule = () => {
      clearTimeout(timer);
      const last = lastActivityAt() ?? Date.now();
      timer = setTimeout(check, Math.max(last + timeoutMs - Date.now(), 0));
    };
    function check() {
      if (expired(Date.now())) finish('idle');
      // Another tab was active meanwhile, or the record was cleared: wait from the latest.
      else schedule();
    }
    const onActivity = () => {
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_WRITE_INTERVAL_MS) return;
      lastWrite = now;
      recordActivity(now);
    };
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      if (expired(Date.now())) finish('idleReopened');
      else onActivity();
    };

    // The window reopened (a new page load) after the timeout: the session is over.
    if (expired(Date.now())) {
      finish('idleReopened');
      return undefined;
    }
    onActivity();
    schedule();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, timeoutMs]);
}
