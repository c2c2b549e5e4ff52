/** How long toasts stay (SPEC section 9): 5 s for login messages, 15 s for the others. */
export const TOAST_DURATION_MS = {
  login: 5_000,
  standard: 15_000,
} as const;
