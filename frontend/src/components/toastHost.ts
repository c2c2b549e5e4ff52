import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

/** Shows a toast (notistack's `enqueueSnackbar` signature, the part the app uses). */
export type ToastSink = (message: SnackbarMessage, options?: OptionsObject) => void;

/** Where toasts go: shown, and closed by their key. */
export interface ToastHost {
  show: ToastSink;
  close(key: SnackbarKey): void;
}

const hosts: ToastHost[] = [];
const waiting: Parameters<ToastSink>[] = [];
let toasterRequested = false;
/** The sign-in screen's toasts still shown: a successful sign-in closes them (issue 17 item 8). */
const signInToastKeys = new Set<SnackbarKey>();
let signInToastCount = 0;

/**
 * Makes `sink` the place app-level toasts go while it is registered (the last registered wins);
 * returns its unregistration. The app's own toaster registers itself once mounted; a test's
 * wrapper registers its SnackbarProvider.
 */
export function registerToastHost(host: ToastHost): () => void {
  hosts.push(host);
  for (const toast of waiting.splice(0)) host.show(...toast);
  return () => {
    const index = hosts.lastIndexOf(host);
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
    host.show(message, options);
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

/**
 * A toast of the sign-in screen (a refused password, a wrong code): shown as `showToast` shows
 * it, and closed by `clearSignInToasts` once a sign-in succeeds, so it does not stay on the dashboard.
 */
export function showSignInToast(message: SnackbarMessage, options?: OptionsObject): void {
  signInToastCount += 1;
  const key = options?.key ?? `sign-in-${signInToastCount}`;
  signInToastKeys.add(key);
  showToast(message, {
    ...options,
    key,
    onExited: (node, exitedKey) => {
      signInToastKeys.delete(exitedKey);
      options?.onExited?.(node, exitedKey);
    },
  });
}

/** Closes the sign-in screen's toasts, shown or still waiting for the toaster. */
export function clearSignInToasts(): void {
  for (let index = waiting.length - 1; index >= 0; index -= 1) {
    const key = waiting[index]?.[1]?.key;
    if (key !== undefined && signInToastKeys.has(key)) waiting.splice(index, 1);
  }
  const host = hosts.at(-1);
  for (const key of signInToastKeys) host?.close(key);
  signInToastKeys.clear();
}
