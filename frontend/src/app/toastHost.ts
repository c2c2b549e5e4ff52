import type { OptionsObject, SnackbarMessage } from 'notistack';

/** Shows a toast (notistack's `enqueueSnackbar` signature, the part the app uses). */
export type ToastSink = (message: SnackbarMessage, options?: OptionsObject) => void;

const hosts: ToastSink[] = [];
const waiting: Parameters<ToastSink>[] = [];
let toasterRequested = false;

/**
 * Makes `sink` the place app-level toasts go while it is registered (the last registered wins);
 * returns its unregistration. The app's own toaster registers itself once mounted; a test's
 * wrapper registers its SnackbarProvider.
 */
export function registerToastHost(sink: ToastSink): () => void {
  hosts.push(sink);
  for (const toast of waiting.splice(0)) sink(...toast);
  return () => {
    const index = hosts.lastIndexOf(sink);
    if (index >= 0) hosts.splice(index, 1);
  };
}

/**
 * A toast from outside the signed-in screens (sign-in, session end, route guards). notistack,
 * MUI and the theme are no part of the sign-in page's first load: the first toast fetches the
 * toaster, which shows the toasts asked for meanwhile. The toaster lives in a root of its own,
 * so a toast outlives the screen that showed it (a session timeout shows on the login page).
 */
export function showToast(message: SnackbarMessage, options?: OptionsObject): void {
  const host = hosts.at(-1);
  if (host !== undefined) {
    host(message, options);
    return;
  }
  waiting.push([message, options]);
  if (toasterRequested) return;
  toasterRequested = true;
  import('./Toaster')
    .then(({ mountToaster }) => mountToaster())
    .catch((error: unknown) => {
      // Tried again by the next toast.
      toasterRequested = false;
      console.error('The toasts could not be shown', error);
    });
}
