import { useLayoutEffect } from 'react';
import { useSnackbar } from 'notistack';
import { registerToastHost } from './toastHost';

/**
 * Sends `showToast`'s toasts to the SnackbarProvider around it. A layout effect: registered
 * before any screen's effects run, so none of their toasts waits for a toaster.
 */
export function ToastHostBridge() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  useLayoutEffect(
    () => registerToastHost({ show: (message, options) => void enqueueSnackbar(message, options), close: (key) => closeSnackbar(key) }),
    [closeSnackbar, enqueueSnackbar],
  );
  return null;
}
