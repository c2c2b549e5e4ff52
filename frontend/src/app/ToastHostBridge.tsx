import { useLayoutEffect } from 'react';
import { useSnackbar } from 'notistack';
import { registerToastHost } from './toastHost';

/**
 * Sends `showToast`'s toasts to the SnackbarProvider around it. A layout effect: registered
 * before any screen's effects run, so none of their toasts waits for a toaster.
 */
export function ToastHostBridge() {
  const { enqueueSnackbar } = useSnackbar();
  useLayoutEffect(() => registerToastHost((message, options) => void enqueueSnackbar(message, options)), [enqueueSnackbar]);
  return null;
}
