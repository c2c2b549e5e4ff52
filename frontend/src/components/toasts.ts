import type { SnackbarOrigin } from 'notistack';

/**
 * How long toasts stay (SPEC section 9): 5 s for login messages, 15 s for the others, 30 s
 * for the closable session-timeout variant, 60 s for the idle logout.
 */
export const TOAST_DURATION_MS = {
  login: 5_000,
  standard: 15_000,
  sessionTimeoutClosable: 30_000,
  idle: 60_000,
} as const;

/** SPEC section 8: error toasts (login, session timeout) at the top centre. */
export const TOAST_POSITION: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };

/** The toasts' container at the top centre: placed under the top bar, so the bar's selectors stay usable (issue 17 item 8). */
export const TOAST_CONTAINER_CLASS = 'toasts-under-top-bar';
