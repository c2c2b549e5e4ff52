import { useCallback, useMemo, type Dispatch } from 'react';
import {
  IdentityError,
  resendSignUpConfirmation,
  sendEmailVerificationCode,
  signOutOfIdentity,
  toIdentityError,
  type LoginVariant,
  type SignInStep,
} from '../../../api/identity';
import { useAuth } from '../../../session/useAuth';
import {
  codeSent,
  loadResendRecord,
  loginFailureNotice,
  saveResendRecord,
  type LoginEvent,
  type LoginState,
  type ResendFlow,
} from './loginMachine';
import { useNotify } from './useNotify';

export interface LoginFlow {
  variant: LoginVariant;
  state: LoginState;
  dispatch: Dispatch<LoginEvent>;
  /** Acts on what the identity service answered to a username and password. */
  answerPassword(step: SignInStep, username: string, password: string): Promise<void>;
  /** A password sign-in that failed. */
  passwordFailed(error: unknown, username: string, password: string): Promise<void>;
  /** The identity service says the user is signed in: verify the email if needed, then hand over to the shell. */
  signedIn(step: Extract<SignInStep, { kind: 'signedIn' }>, username: string): Promise<void>;
  /** Hands the signed-in user over to the shell (session, account, landing). */
  finish(): Promise<void>;
  /** The first-login password is set and the user is signed in: the spec's follow-ups. */
  newPasswordDone(username: string): Promise<void>;
  /** A code went out: the resend cooldown starts (SPEC section 9). */
  startResendCooldown(flow: ResendFlow, username: string): void;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function useLoginFlow(variant: LoginVariant, state: LoginState, dispatch: Dispatch<LoginEvent>): LoginFlow {
  const { completeSignIn } = useAuth();
  const { notify, notifyText } = useNotify();

  const startResendCooldown = useCallback((flow: ResendFlow, username: string) => {
    const storage = sessionStore();
    if (storage === null) return;
    saveResendRecord(storage, flow, codeSent(loadResendRecord(storage, flow, username), username, Date.now()));
  }, []);

  const finish = useCallback(async () => {
    const result = await completeSignIn({ variant, sso: false });
    // The shell tells of no portal access and of the session limit itself; a failure is ours to say.
    if (result === 'failed') notify({ message: 'loginFailed', duration: 'login', variant: 'error' });
    dispatch({ type: 'signedIn' });
  }, [completeSignIn, dispatch, notify, variant]);

  const signedIn = useCallback<LoginFlow['signedIn']>(async (step, username) => {
    // An unverified email is verified first (mode verifyEmail), unless the account may not use the portal anyway.
    if (!step.emailVerified && step.user?.portalAccess === true) {
      try {
        await sendEmailVerificationCode();
        dispatch({ type: 'passwordAnswered', answer: 'verifyEmail', username, password: '' });
        return;
      } catch (error) {
        console.warn('The email verification code could not be sent; signing in without it.', error);
      }
    }
    await finish();
  }, [dispatch, finish]);

  const dormant = useCallback((username: string) => {
    // The identity service emailed the code when it refused the sign-in (SPEC section 4).
    notify(loginFailureNotice('dormant'));
    startResendCooldown('resetCode', username);
    dispatch({ type: 'passwordAnswered', answer: 'resetRequired', username, password: '' });
  }, [dispatch, notify, startResendCooldown]);

  const notConfirmed = useCallback(async (username: string, password: string) => {
    dispatch({ type: 'passwordAnswered', answer: 'userNotConfirmed', username, password });
    try {
      await resendSignUpConfirmation(username);
    } catch (error) {
      notify({ message: 'resendError', values: { message: toIdentityError(error).message }, duration: 'standard', variant: 'error' });
    }
  }, [dispatch, notify]);

  const answerPassword = useCallback<LoginFlow['answerPassword']>(async (step, username, password) => {
    switch (step.kind) {
      case 'signedIn':
        await signedIn(step, username);
        return;
      case 'newPasswordRequired':
        dispatch({ type: 'passwordAnswered', answer: 'newPasswordRequired', username, password });
        return;
      case 'smsCode':
        startResendCooldown('mfa', username);
        dispatch({ type: 'passwordAnswered', answer: 'smsCode', username, password, destination: step.destination });
        return;
      case 'confirmSignUp':
        await notConfirmed(username, password);
        return;
      case 'resetPassword':
        dormant(username);
        return;
      case 'unsupported':
        await signOutOfIdentity();
        notify(loginFailureNotice('other'));
    }
  }, [dispatch, dormant, notConfirmed, notify, signedIn, startResendCooldown]);

  const passwordFailed = useCallback<LoginFlow['passwordFailed']>(async (error, username, password) => {
    const identityError = error instanceof IdentityError ? error : toIdentityError(error);
    if (identityError.kind === 'dormant') return dormant(username);
    if (identityError.kind === 'userNotConfirmed') return notConfirmed(username, password);
    if (identityError.kind === 'other' && identityError.code === 'UserLambdaValidationException') {
      // A trigger's refusal says why in its own words.
      notifyText(identityError.message.replace(/^\w+ failed with error /, ''), 'login');
      return;
    }
    notify(loginFailureNotice(identityError.kind));
  }, [dormant, notConfirmed, notify, notifyText]);

  const newPasswordDone = useCallback(async (username: string) => {
    notify({ message: 'passwordChanged', duration: 'standard', variant: 'success' });
    try {
      // SPEC section 4: email attributes updated (email, email_verified true), account active and verified.
      // Imported here: the account API and its schemas are no part of the sign-in page's first load.
      const { completeFirstLogin } = await import('../../../api/account');
      await completeFirstLogin(username);
    } catch (error) {
      console.warn('The email attributes could not be updated after the first-login password.', error);
    }
  }, [notify]);

  return useMemo(
    () => ({ variant, state, dispatch, answerPassword, passwordFailed, signedIn, finish, newPasswordDone, startResendCooldown }),
    [variant, state, dispatch, answerPassword, passwordFailed, signedIn, finish, newPasswordDone, startResendCooldown],
  );
}
