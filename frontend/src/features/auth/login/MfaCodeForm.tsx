import { useEffect, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { verificationCodeFormSchema, verificationCodeSchema, type VerificationCodeInput, type VerificationCodeValues } from '@domain/identity/login';
import { confirmSmsCode, signOutOfIdentity, startSignIn, toIdentityError } from '../../../api/identity';
import { useMessageText } from '../../../i18n/messages';
import { CodeField } from './CodeField';
import { loginFailureNotice, loginReducer, smsCodeFailureNotice } from './loginMachine';
import { ResendCodeButton } from './ResendCodeButton';
import type { LoginFlow } from './useLoginFlow';
import { useNotify } from './useNotify';

/**
 * Mode MFAVerificationRequired: the six-digit SMS code, sent on its sixth digit (Resend is
 * off meanwhile); a wrong code empties the field; 3 attempts (SPEC sections 4, 8).
 */
export function MfaCodeForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { notify } = useNotify();
  const { state, dispatch } = flow;
  const destination = state.codeDestination;
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isValid, isSubmitting },
  } = useForm<VerificationCodeInput, unknown, VerificationCodeValues>({
    resolver: zodResolver(verificationCodeFormSchema),
    mode: 'all',
    defaultValues: { verifcode: '' },
  });
  const code = watch('verifcode');
  const codeComplete = verificationCodeSchema.safeParse(code).success;
  const autoSubmitted = useRef(false);

  // A failed verification (or a resent code) clears the code.
  useEffect(() => {
    reset({ verifcode: '' });
    autoSubmitted.current = false;
  }, [reset, state.codeGeneration]);

  const onSubmit = async ({ verifcode }: VerificationCodeValues) => {
    try {
      const step = await confirmSmsCode(verifcode);
      if (step.kind !== 'signedIn') {
        await signOutOfIdentity();
        notify(loginFailureNotice('other'));
        dispatch({ type: 'aborted' });
        return;
      }
      if (state.newPasswordSet) await flow.newPasswordDone(state.username);
      await flow.signedIn(step, state.username);
    } catch (error) {
      const identityError = toIdentityError(error);
      if (identityError.kind === 'codeMismatch') {
        const event = { type: 'smsCodeRejected' } as const;
        notify(smsCodeFailureNotice(loginReducer(state, event)));
        dispatch(event);
        return;
      }
      // The sign-in session itself failed (expired, refused): back to the login form.
      notify(identityError.kind === 'expiredCode'
        ? { message: 'verificationCodeExpired', duration: 'login', variant: 'error' }
        : loginFailureNotice(identityError.kind));
      dispatch({ type: 'aborted' });
    }
  };

  // The sixth digit submits the code.
  useEffect(() => {
    if (!codeComplete || autoSubmitted.current || isSubmitting) return;
    autoSubmitted.current = true;
    void handleSubmit(onSubmit)();
    // onSubmit reads the current state; only a newly completed code fires this.
  }, [codeComplete]);

  // Resend Code signs in again, which sends a new code; another answer aborts the login.
  const resend = async (): Promise<boolean> => {
    const step = await startSignIn(state.username, state.password, flow.variant);
    if (step.kind === 'smsCode') return true;
    if (step.kind === 'signedIn') {
      await flow.signedIn(step, state.username);
      return false;
    }
    await signOutOfIdentity();
    notify(loginFailureNotice('other'));
    dispatch({ type: 'aborted' });
    return false;
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Typography variant="body2">
        {destination ? t('login.mfaIntroTo', { destination }) : t('login.mfaIntro')}
      </Typography>
      <CodeField
        registration={register('verifcode')}
        errorText={errors.verifcode?.message ? messageText(errors.verifcode.message) : undefined}
        readOnly={isSubmitting}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.verify')}
      </Button>
      <ResendCodeButton
        flow="mfa"
        username={state.username}
        onResend={resend}
        onSent={() => dispatch({ type: 'codeResent' })}
        disabled={isSubmitting || codeComplete}
        atLimit="toast"
      />
      <Button
        variant="text"
        disabled={isSubmitting}
        onClick={() => {
          void signOutOfIdentity();
          dispatch({ type: 'cancel' });
        }}
      >
        {t('login.cancel')}
      </Button>
    </Stack>
  );
}
