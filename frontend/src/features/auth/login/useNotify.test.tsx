import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotify } from './useNotify';

const enqueueSnackbar = vi.hoisted(() => vi.fn<(text: string, options: { autoHideDuration: number }) => void>());
// The login's toasts go through the app's toast host (notistack loads on the first one).
vi.mock('../../../components/toastHost', () => ({ showSignInToast: enqueueSnackbar }));

const TOP_CENTRE = { vertical: 'top', horizontal: 'center' };

describe('login toasts', () => {
  beforeEach(() => enqueueSnackbar.mockReset());

  it('show login errors top centre for 5 s', () => {
    const { result } = renderHook(() => useNotify());
    result.current.notify({ message: 'invalidCredentials', duration: 'login', variant: 'error' });
    expect(enqueueSnackbar).toHaveBeenCalledWith('Username/Password is Invalid. Please Try Again.', {
      variant: 'error', autoHideDuration: 5_000, anchorOrigin: TOP_CENTRE,
    });
  });

  it('show forgot-password messages and successes for 15 s, with their values', () => {
    const { result } = renderHook(() => useNotify());
    result.current.notify({ message: 'passwordResetDone', duration: 'standard', variant: 'success' });
    result.current.notify({ message: 'codeResent', values: { count: 2 }, duration: 'standard', variant: 'success' });
    result.current.notify({ message: 'mfaCodeInvalidAttempts', values: { count: 1 }, duration: 'login', variant: 'error' });
    expect(enqueueSnackbar.mock.calls.map(([text, options]) => [text, options.autoHideDuration]))
      .toEqual([
        ['Password reset successfully. Please log in.', 15_000],
        ['Verification code resent (2/3)', 15_000],
        ['Verification Code is Invalid. You have 1 attempt(s) remaining. Please Try Again.', 5_000],
      ]);
  });

  it('show a service message as received, translated when it is one of the product messages', () => {
    const { result } = renderHook(() => useNotify());
    result.current.notifyText('Password does not conform to policy', 'standard');
    expect(enqueueSnackbar).toHaveBeenCalledWith('Password does not conform to policy', expect.objectContaining({ autoHideDuration: 15_000 }));
  });
});
