import { MFA_MAX_ATTEMPTS, RESEND_COOLDOWN_MS, RESEND_MAX } from '@domain/identity/login-rules';
import type { MessageKey } from '@domain/core/messages';
import type { IdentityErrorKind } from '../../../api/identity';

/**
 * The login screen's modes and their transitions (SPEC sections 2 and 4, "Sign-in"), as a
 * pure reducer: the components call the identity service and report what it answered.
 */

export const LOGIN_MODES = [
  'default',
  'NewPasswordRequired',
  'UserNotConfirmed',
  'ForgotPassword',
  'showForgotPasswordSubmit',
  'MFAVerificationRequired',
  'showResetCodeForm',
  'showResetPasswordForm',
  'verifyEmail',
] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

export interface LoginState {
  mode: LoginMode;
  /** The account the flow is about, kept from one mode to the next. */
  username: string;
  /** Kept in memory only: the SMS code's Resend signs in again, and so does a confirmed sign-up. */
  password: string;
  /** Wrong SMS codes so far (SPEC: 3 attempts). */
  mfaFailures: number;
  /** The code typed on showResetCodeForm, sent with the new password on showResetPasswordForm. */
  resetCode: string;
  /** An expired or wrong reset code: a new code must be requested before Reset. */
  resendRequired: boolean;
  /** Forgot password: false when the account still has its temporary password. */
  isUserConfirmed: boolean;
  /** Where the SMS code went (masked phone number), when the service says. */
  codeDestination: string | null;
  /** The first-login password was just set, and an SMS code follows it. */
  newPasswordSet: boolean;
  /** Changes whenever a code field must be emptied (a failed verification clears the code). */
  codeGeneration: number;
}

export const initialLoginState: LoginState = {
  mode: 'default',
  username: '',
  password: '',
  mfaFailures: 0,
  resetCode: '',
  resendRequired: false,
  isUserConfirmed: true,
  newPasswordSet: false,
  codeDestination: null,
  codeGeneration: 0,
};

/** What the identity service asked for after a password (or a new password). */
export type PasswordAnswer =
  | 'signedIn'
  | 'newPasswordRequired'
  | 'smsCode'
  | 'userNotConfirmed'
  /** Password reset required, or the dormancy refusal: the code was emailed. */
  | 'resetRequired'
  | 'verifyEmail';

export type ForgotPasswordLookup =
  /** The account is confirmed: a code was sent. */
  | 'codeSent'
  /** The account still has its temporary password. */
  | 'unconfirmed'
  /** The lookup answered 400: the submit form opens all the same. */
  | 'badRequest';

export type LoginEvent =
  | { type: 'passwordAnswered'; answer: PasswordAnswer; username: string; password: string; destination?: string | null }
  | { type: 'newPasswordAnswered'; answer: 'signedIn' | 'smsCode'; newPassword: string; destination?: string | null }
  | { type: 'smsCodeRejected' }
  | { type: 'signedIn' }
  | { type: 'forgotPasswordOpened' }
  | { type: 'forgotPasswordLookedUp'; lookup: ForgotPasswordLookup; username: string }
  | { type: 'resetCodeEntered'; code: string }
  | { type: 'resetCodeRefused' }
  | { type: 'codeResent' }
  | { type: 'passwordReset' }
  | { type: 'emailVerified' }
  | { type: 'aborted' }
  | { type: 'cancel' };

const MODE_AFTER_PASSWORD: Record<PasswordAnswer, LoginMode> = {
  signedIn: 'default',
  newPasswordRequired: 'NewPasswordRequired',
  smsCode: 'MFAVerificationRequired',
  userNotConfirmed: 'UserNotConfirmed',
  resetRequired: 'showResetCodeForm',
  verifyEmail: 'verifyEmail',
};

/** Back to the plain login; the username stays typed in, nothing else is kept. */
function plainLogin(state: LoginState): LoginState {
  return { ...initialLoginState, username: state.username, codeGeneration: state.codeGeneration + 1 };
}

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'passwordAnswered': {
      const mode = MODE_AFTER_PASSWORD[event.answer];
      const base = { ...initialLoginState, codeGeneration: state.codeGeneration + 1, username: event.username };
      if (mode === 'default') return base;
      // Only the modes that sign in again keep the password.
      const keepsPassword = mode === 'MFAVerificationRequired' || mode === 'UserNotConfirmed';
      return { ...base, mode, password: keepsPassword ? event.password : '', codeDestination: event.destination ?? null };
    }
    case 'newPasswordAnswered':
      if (state.mode !== 'NewPasswordRequired') return state;
      // Success: back to plain login, where the user signs in with the new password.
      return event.answer === 'signedIn'
        ? plainLogin(state)
        : {
          ...state,
          mode: 'MFAVerificationRequired',
          // A resend signs in again, now with the new password.
          password: event.newPassword,
          newPasswordSet: true,
          codeDestination: event.destination ?? null,
          mfaFailures: 0,
          codeGeneration: state.codeGeneration + 1,
        };
    case 'smsCodeRejected': {
      if (state.mode !== 'MFAVerificationRequired') return state;
      const mfaFailures = state.mfaFailures + 1;
      if (mfaFailures >= MFA_MAX_ATTEMPTS) return plainLogin(state);
      return { ...state, mfaFailures, codeGeneration: state.codeGeneration + 1 };
    }
    case 'signedIn':
    case 'emailVerified':
    case 'aborted':
      return plainLogin(state);
    case 'forgotPasswordOpened':
      return { ...initialLoginState, mode: 'ForgotPassword', username: state.username, codeGeneration: state.codeGeneration + 1 };
    case 'forgotPasswordLookedUp':
      if (state.mode !== 'ForgotPassword') return state;
      return event.lookup === 'unconfirmed'
        ? { ...state, username: event.username, isUserConfirmed: false }
        : { ...state, mode: 'showForgotPasswordSubmit', username: event.username, isUserConfirmed: true };
    case 'resetCodeEntered':
      if (state.mode !== 'showResetCodeForm' || state.resendRequired) return state;
      return { ...state, mode: 'showResetPasswordForm', resetCode: event.code };
    case 'resetCodeRefused':
      if (state.mode !== 'showResetPasswordForm' && state.mode !== 'showResetCodeForm') return state;
      return { ...state, mode: 'showResetCodeForm', resetCode: '', resendRequired: true, codeGeneration: state.codeGeneration + 1 };
    case 'codeResent':
      return { ...state, resendRequired: false, codeGeneration: state.codeGeneration + 1 };
    case 'passwordReset':
      return plainLogin(state);
    case 'cancel':
      return { ...initialLoginState, codeGeneration: state.codeGeneration + 1 };
  }
}

// ---------------------------------------------------------------------------------------------
// The reset-code state survives a reload of the page (SPEC: "state and user saved in session storage").

export const RESET_STATE_STORAGE_KEY = 'login.resetCodeState';

interface SavedResetState {
  mode: 'showResetCodeForm' | 'showResetPasswordForm';
  username: string;
  resendRequired: boolean;
}

/** What to keep for the current state, or null when nothing must survive a reload. */
export function resetStateToSave(state: LoginState): SavedResetState | null {
  if (state.mode !== 'showResetCodeForm' && state.mode !== 'showResetPasswordForm') return null;
  // The code itself is not kept: after a reload the user types it again.
  return { mode: 'showResetCodeForm', username: state.username, resendRequired: state.resendRequired };
}

export function saveResetState(storage: Storage, state: LoginState): void {
  const saved = resetStateToSave(state);
  if (saved === null) storage.removeItem(RESET_STATE_STORAGE_KEY);
  else storage.setItem(RESET_STATE_STORAGE_KEY, JSON.stringify(saved));
}

/** The state a login page starts in: the saved reset-code form, else plain login. */
export function restoreLoginState(storage: Storage): LoginState {
  try {
    const raw = storage.getItem(RESET_STATE_STORAGE_KEY);
    if (raw === null) return initialLoginState;
    const saved = JSON.parse(raw) as Partial<SavedResetState>;
    if (typeof saved.username !== 'string' || saved.username === '') return initialLoginState;
    return { ...initialLoginState, mode: 'showResetCodeForm', username: saved.username, resendRequired: saved.resendRequired === true };
  } catch {
    return initialLoginState;
  }
}

// ---------------------------------------------------------------------------------------------
// Resend Code: at most 3 resends, 30 s apart, counted in session storage (SPEC section 9).

export type ResendFlow = 'mfa' | 'resetCode';

export interface ResendRecord {
  username: string;
  /** Resends so far (the first code is not one). */
  count: number;
  /** When the last code went out (first or resent), ms since the epoch. */
  lastSentAt: number;
}

export type ResendCheck =
  | { allowed: true }
  | { allowed: false; reason: 'cooldown'; secondsLeft: number }
  | { allowed: false; reason: 'limit' };

const resendKey = (flow: ResendFlow) => `login.resend.${flow}`;

export function secondsLeftInCooldown(record: ResendRecord | null, now: number): number {
  if (record === null) return 0;
  return Math.max(0, Math.ceil((record.lastSentAt + RESEND_COOLDOWN_MS - now) / 1000));
}

export function checkResend(record: ResendRecord | null, now: number): ResendCheck {
  if (record !== null && record.count >= RESEND_MAX) return { allowed: false, reason: 'limit' };
  const secondsLeft = secondsLeftInCooldown(record, now);
  return secondsLeft > 0 ? { allowed: false, reason: 'cooldown', secondsLeft } : { allowed: true };
}

/** A first code went out: the cooldown starts; the count carries on for the same user. */
export function codeSent(record: ResendRecord | null, username: string, now: number): ResendRecord {
  return { username, count: record?.username === username ? record.count : 0, lastSentAt: now };
}

/** A code was resent: one more, and the cooldown starts again. */
export function codeResent(record: ResendRecord | null, username: string, now: number): ResendRecord {
  const previous = record?.username === username ? record.count : 0;
  return { username, count: previous + 1, lastSentAt: now };
}

export function loadResendRecord(storage: Storage, flow: ResendFlow, username: string): ResendRecord | null {
  try {
    const raw = storage.getItem(resendKey(flow));
    if (raw === null) return null;
    const record = JSON.parse(raw) as Partial<ResendRecord>;
    if (record.username !== username || typeof record.count !== 'number' || typeof record.lastSentAt !== 'number') return null;
    return { username, count: record.count, lastSentAt: record.lastSentAt };
  } catch {
    return null;
  }
}

export function saveResendRecord(storage: Storage, flow: ResendFlow, record: ResendRecord): void {
  storage.setItem(resendKey(flow), JSON.stringify(record));
}

export function clearResendRecord(storage: Storage, flow: ResendFlow): void {
  storage.removeItem(resendKey(flow));
}

// ---------------------------------------------------------------------------------------------
// Which message each failure shows (SPEC section 8).

export interface Notice {
  message: MessageKey;
  /** Interpolation values of the messages that have them. */
  values?: { count?: number; message?: string };
  /** `login`: 5 s; `standard`: 15 s (SPEC section 9). */
  duration: 'login' | 'standard';
  variant: 'error' | 'success' | 'info';
}

/** A failed password sign-in (mode default): toast top-centre, 5 s. */
export function loginFailureNotice(kind: IdentityErrorKind): Notice {
  const message: MessageKey = kind === 'invalidCredentials'
    ? 'invalidCredentials'
    : kind === 'codeMismatch'
      ? 'codeMismatch'
      : kind === 'dormant'
        ? 'dormantAccount'
        : kind === 'limitExceeded'
          ? 'attemptLimitExceeded'
          : kind === 'organisationDisabled'
            ? 'organisationDisabled'
            : 'loginFailed';
  return { message, duration: 'login', variant: kind === 'dormant' ? 'info' : 'error' };
}

/** A wrong SMS code, given the state after the failure was counted. */
export function smsCodeFailureNotice(after: LoginState): Notice {
  if (after.mode !== 'MFAVerificationRequired') return { message: 'mfaAttemptsExceeded', duration: 'login', variant: 'error' };
  return {
    message: 'mfaCodeInvalidAttempts',
    values: { count: MFA_MAX_ATTEMPTS - after.mfaFailures },
    duration: 'login',
    variant: 'error',
  };
}

/**
 * Forgot password (15 s): wrong code, attempt limit, expired code, unknown user; otherwise
 * the service's own message (`null` message key: show `serverMessage`).
 */
export function forgotPasswordFailureNotice(kind: IdentityErrorKind): Notice | null {
  const message: MessageKey | null = kind === 'codeMismatch'
    ? 'forgotInvalidCode'
    : kind === 'limitExceeded'
      ? 'attemptLimitExceeded'
      : kind === 'expiredCode'
        ? 'verificationCodeExpired'
        : kind === 'invalidCredentials'
          ? 'invalidCredentials'
          : null;
  return message === null ? null : { message, duration: 'standard', variant: 'error' };
}

/** The dormant reset: an expired or wrong code sends the user back for a new code. */
export function resetFailureNotice(kind: IdentityErrorKind): { notice: Notice | null; codeRefused: boolean } {
  if (kind === 'expiredCode') return { notice: { message: 'resetCodeExpired', duration: 'standard', variant: 'error' }, codeRefused: true };
  if (kind === 'codeMismatch') return { notice: { message: 'resetCodeIncorrect', duration: 'standard', variant: 'error' }, codeRefused: true };
  return { notice: forgotPasswordFailureNotice(kind), codeRefused: false };
}
