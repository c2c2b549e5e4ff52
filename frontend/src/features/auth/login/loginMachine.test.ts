import { describe, expect, it } from 'vitest';
import { RESEND_COOLDOWN_MS } from '@domain/identity/account';
import {
  checkResend,
  codeResent,
  codeSent,
  forgotPasswordFailureNotice,
  initialLoginState,
  loadResendRecord,
  loginFailureNotice,
  loginReducer,
  resetFailureNotice,
  restoreLoginState,
  saveResendRecord,
  saveResetState,
  secondsLeftInCooldown,
  smsCodeFailureNotice,
  type LoginEvent,
  type LoginState,
} from './loginMachine';

const USER = 'user@demo.example';
const PASSWORD = 'Demo#2026pass';

function run(events: LoginEvent[], from: LoginState = initialLoginState): LoginState {
  return events.reduce(loginReducer, from);
}

const answered = (answer: Extract<LoginEvent, { type: 'passwordAnswered' }>['answer']): LoginEvent =>
  ({ type: 'passwordAnswered', answer, username: USER, password: PASSWORD });

describe('sign-in with a password', () => {
  it.each([
    ['signedIn', 'default'],
    ['newPasswordRequired', 'NewPasswordRequired'],
    ['smsCode', 'MFAVerificationRequired'],
    ['userNotConfirmed', 'UserNotConfirmed'],
    ['resetRequired', 'showResetCodeForm'],
    ['verifyEmail', 'verifyEmail'],
  ] as const)('%s opens mode %s for that user', (answer, mode) => {
    const state = run([answered(answer)]);
    expect(state.mode).toBe(mode);
    expect(state.username).toBe(USER);
  });

  it('keeps the password only where the flow signs in again (SMS resend, confirmed sign-up)', () => {
    expect(run([answered('smsCode')]).password).toBe(PASSWORD);
    expect(run([answered('userNotConfirmed')]).password).toBe(PASSWORD);
    expect(run([answered('newPasswordRequired')]).password).toBe('');
    expect(run([answered('resetRequired')]).password).toBe('');
  });
});

describe('NewPasswordRequired', () => {
  it('returns to plain login once the new password is set', () => {
    const state = run([answered('newPasswordRequired'), { type: 'newPasswordAnswered', answer: 'signedIn', newPassword: 'New#2026pass' }]);
    expect(state).toMatchObject({ mode: 'default', username: USER, password: '' });
  });

  it('may be followed by an SMS code, whose resend signs in with the new password', () => {
    const state = run([answered('newPasswordRequired'), { type: 'newPasswordAnswered', answer: 'smsCode', newPassword: 'New#2026pass' }]);
    expect(state).toMatchObject({ mode: 'MFAVerificationRequired', password: 'New#2026pass', newPasswordSet: true, mfaFailures: 0 });
  });
});

describe('MFAVerificationRequired', () => {
  it('allows 3 attempts, clearing the code after each failure, then returns to login', () => {
    let state = run([answered('smsCode')]);
    const generation = state.codeGeneration;

    state = loginReducer(state, { type: 'smsCodeRejected' });
    expect(state).toMatchObject({ mode: 'MFAVerificationRequired', mfaFailures: 1 });
    expect(state.codeGeneration).toBeGreaterThan(generation);
    expect(smsCodeFailureNotice(state)).toEqual({
      message: 'mfaCodeInvalidAttempts', values: { count: 2 }, duration: 'login', variant: 'error',
    });

    state = loginReducer(state, { type: 'smsCodeRejected' });
    expect(smsCodeFailureNotice(state).values).toEqual({ count: 1 });

    state = loginReducer(state, { type: 'smsCodeRejected' });
    expect(state).toMatchObject({ mode: 'default', mfaFailures: 0, password: '', username: USER });
    expect(smsCodeFailureNotice(state)).toMatchObject({ message: 'mfaAttemptsExceeded', duration: 'login' });
  });

  it('ignores a late rejection once the flow has left the mode', () => {
    const state = run([answered('smsCode'), { type: 'cancel' }, { type: 'smsCodeRejected' }]);
    expect(state.mode).toBe('default');
  });

  it('a signed-in answer or an aborted retry returns to plain login', () => {
    expect(run([answered('smsCode'), { type: 'signedIn' }]).mode).toBe('default');
    expect(run([answered('smsCode'), { type: 'aborted' }]).mode).toBe('default');
  });
});

describe('forgot password', () => {
  it('opens the email form, then the submit form when the account is confirmed', () => {
    const state = run([{ type: 'forgotPasswordOpened' }, { type: 'forgotPasswordLookedUp', lookup: 'codeSent', username: USER }]);
    expect(state).toMatchObject({ mode: 'showForgotPasswordSubmit', username: USER, isUserConfirmed: true });
  });

  it('stays on the email form with isUserConfirmed false for a temporary password', () => {
    const state = run([{ type: 'forgotPasswordOpened' }, { type: 'forgotPasswordLookedUp', lookup: 'unconfirmed', username: USER }]);
    expect(state).toMatchObject({ mode: 'ForgotPassword', isUserConfirmed: false });
  });

  it('opens the submit form after a lookup answered 400 as well', () => {
    const state = run([{ type: 'forgotPasswordOpened' }, { type: 'forgotPasswordLookedUp', lookup: 'badRequest', username: USER }]);
    expect(state.mode).toBe('showForgotPasswordSubmit');
  });

  it('returns to the start after success, and Cancel resets everything', () => {
    const opened = run([{ type: 'forgotPasswordOpened' }, { type: 'forgotPasswordLookedUp', lookup: 'codeSent', username: USER }]);
    expect(loginReducer(opened, { type: 'passwordReset' }).mode).toBe('default');
    expect(loginReducer(opened, { type: 'cancel' })).toMatchObject({ ...initialLoginState, codeGeneration: expect.any(Number) });
  });

  it('says the spec message for each failure, 15 s, else the service message', () => {
    expect(forgotPasswordFailureNotice('codeMismatch')).toMatchObject({ message: 'forgotInvalidCode', duration: 'standard' });
    expect(forgotPasswordFailureNotice('limitExceeded')?.message).toBe('attemptLimitExceeded');
    expect(forgotPasswordFailureNotice('expiredCode')?.message).toBe('verificationCodeExpired');
    expect(forgotPasswordFailureNotice('invalidCredentials')?.message).toBe('invalidCredentials');
    expect(forgotPasswordFailureNotice('other')).toBeNull();
  });
});

describe('dormant account: reset code, then new password', () => {
  it('goes code form → password form → plain login', () => {
    let state = run([answered('resetRequired')]);
    expect(state.mode).toBe('showResetCodeForm');
    state = loginReducer(state, { type: 'resetCodeEntered', code: '123456' });
    expect(state).toMatchObject({ mode: 'showResetPasswordForm', resetCode: '123456' });
    state = loginReducer(state, { type: 'passwordReset' });
    expect(state.mode).toBe('default');
  });

  it('an expired or wrong code returns to the code form, which then wants a new code', () => {
    let state = run([answered('resetRequired'), { type: 'resetCodeEntered', code: '123456' }, { type: 'resetCodeRefused' }]);
    expect(state).toMatchObject({ mode: 'showResetCodeForm', resendRequired: true, resetCode: '' });
    // Reset stays refused until a code is resent.
    expect(loginReducer(state, { type: 'resetCodeEntered', code: '654321' }).mode).toBe('showResetCodeForm');
    state = loginReducer(state, { type: 'codeResent' });
    expect(state.resendRequired).toBe(false);
    expect(loginReducer(state, { type: 'resetCodeEntered', code: '654321' }).mode).toBe('showResetPasswordForm');
  });

  it('maps the reset failures to the spec texts', () => {
    expect(resetFailureNotice('expiredCode')).toEqual({ notice: expect.objectContaining({ message: 'resetCodeExpired' }), codeRefused: true });
    expect(resetFailureNotice('codeMismatch')).toEqual({ notice: expect.objectContaining({ message: 'resetCodeIncorrect' }), codeRefused: true });
    expect(resetFailureNotice('other')).toEqual({ notice: null, codeRefused: false });
  });

  it('survives a reload through session storage, and forgets it once done', () => {
    const storage = window.sessionStorage;
    const state = run([answered('resetRequired'), { type: 'resetCodeEntered', code: '123456' }]);
    saveResetState(storage, state);
    expect(restoreLoginState(storage)).toMatchObject({ mode: 'showResetCodeForm', username: USER, resetCode: '' });
    saveResetState(storage, loginReducer(state, { type: 'passwordReset' }));
    expect(restoreLoginState(storage)).toEqual(initialLoginState);
  });

  it('starts in plain login when the saved state is unreadable', () => {
    window.sessionStorage.setItem('login.resetCodeState', '{not json');
    expect(restoreLoginState(window.sessionStorage)).toEqual(initialLoginState);
    window.sessionStorage.clear();
  });
});

describe('login failures', () => {
  it.each([
    ['invalidCredentials', 'invalidCredentials'],
    ['codeMismatch', 'codeMismatch'],
    ['dormant', 'dormantAccount'],
    ['limitExceeded', 'attemptLimitExceeded'],
    ['organisationDisabled', 'organisationDisabled'],
    ['other', 'loginFailed'],
  ] as const)('%s shows %s for 5 s', (kind, message) => {
    expect(loginFailureNotice(kind)).toMatchObject({ message, duration: 'login' });
  });
});

describe('Resend Code', () => {
  const t0 = 1_000_000;

  it('waits 30 s after a code went out', () => {
    const record = codeSent(null, USER, t0);
    expect(checkResend(record, t0)).toEqual({ allowed: false, reason: 'cooldown', secondsLeft: 30 });
    expect(secondsLeftInCooldown(record, t0 + 12_500)).toBe(18);
    expect(checkResend(record, t0 + RESEND_COOLDOWN_MS)).toEqual({ allowed: true });
  });

  it('allows 3 resends, then refuses', () => {
    let record = codeSent(null, USER, t0);
    for (let n = 1; n <= 3; n += 1) {
      const now = t0 + n * RESEND_COOLDOWN_MS;
      expect(checkResend(record, now)).toEqual({ allowed: true });
      record = codeResent(record, USER, now);
      expect(record.count).toBe(n);
    }
    expect(checkResend(record, t0 + 10 * RESEND_COOLDOWN_MS)).toEqual({ allowed: false, reason: 'limit' });
  });

  it('counts per user, in session storage', () => {
    const storage = window.sessionStorage;
    saveResendRecord(storage, 'mfa', codeResent(codeSent(null, USER, t0), USER, t0));
    expect(loadResendRecord(storage, 'mfa', USER)).toEqual({ username: USER, count: 1, lastSentAt: t0 });
    expect(loadResendRecord(storage, 'mfa', 'other@demo.example')).toBeNull();
    expect(loadResendRecord(storage, 'resetCode', USER)).toBeNull();
    // A new first code for the same user keeps the count; another user starts again.
    expect(codeSent(loadResendRecord(storage, 'mfa', USER), USER, t0 + 5).count).toBe(1);
    expect(codeSent(null, 'other@demo.example', t0).count).toBe(0);
    storage.clear();
  });
});
