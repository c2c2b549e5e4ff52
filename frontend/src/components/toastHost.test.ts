import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { clearSignInToasts, registerToastHost, showSignInToast, showToast } from './toastHost';

describe('toast host', () => {
  it('closes the sign-in toasts once a sign-in succeeds, and no other toast', () => {
    const shown: { message: SnackbarMessage; options: OptionsObject | undefined }[] = [];
    const close = vi.fn<(key: SnackbarKey) => void>();
    const unregister = registerToastHost({ show: (message, options) => shown.push({ message, options }), close });
    try {
      showSignInToast('Username/Password is Invalid. Please Try Again.', { variant: 'error' });
      showToast('Session timeout.. Please login again.', { variant: 'error' });
      showSignInToast('Verification Code is Invalid. Please Try Again.', { variant: 'error' });
      const signInKeys = [shown[0]?.options?.key, shown[2]?.options?.key];
      expect(signInKeys.every((key) => key !== undefined)).toBe(true);
      expect(shown[1]?.options?.key).toBeUndefined();

      // The first one went away by itself: only the one still shown is closed.
      shown[0]?.options?.onExited?.(document.createElement('div'), signInKeys[0] as SnackbarKey);
      clearSignInToasts();
      expect(close.mock.calls).toEqual([[signInKeys[1]]]);
      close.mockClear();
      clearSignInToasts();
      expect(close).not.toHaveBeenCalled();
    } finally {
      unregister();
    }
  });
});
