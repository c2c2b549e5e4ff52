import { LOGIN_MESSAGES } from '../core/login-messages';

/**
 * The sign-in form's rules (SPEC section 5 "Login", mode default) as plain functions, without
 * zod: the sign-in page checks them before zod is loaded, and `login.ts`'s schemas are built
 * on them, so the browser and the schemas say the same messages. The login screen's code limits live
 * here too, for the same reason (`account.ts` re-exports them).
 */

/** SPEC section 9: SMS code attempts, resend maximum and cooldown, code length. */
export const MFA_MAX_ATTEMPTS = 3;
export const RESEND_MAX = 3;
export const RESEND_COOLDOWN_MS = 30_000;
export const CODE_LENGTH = 6;

/** The email shape zod's `z.email()` checks by default (its "practical" pattern, zod 4). */
// Verbatim from zod, escapes included, so login.test.ts can compare the two sources.
// eslint-disable-next-line no-useless-escape -- zod's pattern kept verbatim (escapes included) so the test can compare the two
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export type UsernameProblem = typeof LOGIN_MESSAGES.usernameRequired | typeof LOGIN_MESSAGES.usernameEmail;

/** What is wrong with a username as typed (it is trimmed first), or undefined. */
export function usernameProblem(username: string): UsernameProblem | undefined {
  const trimmed = username.trim();
  if (trimmed === '') return LOGIN_MESSAGES.usernameRequired;
  return EMAIL_PATTERN.test(trimmed) ? undefined : LOGIN_MESSAGES.usernameEmail;
}

/** The plain login's password is only required: the identity service judges it. */
export function loginPasswordProblem(password: string): typeof LOGIN_MESSAGES.passwordRequired | undefined {
  return password === '' ? LOGIN_MESSAGES.passwordRequired : undefined;
}
