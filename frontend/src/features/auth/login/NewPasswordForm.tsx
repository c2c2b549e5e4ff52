import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newPasswordRequiredSchema, type NewPasswordRequiredInput, type NewPasswordRequiredValues } from '@domain/identity/login';
import { completeNewPassword, signOutOfIdentity, toIdentityError } from '../../../api/identity';
import { loginFailureNotice } from './loginMachine';
import { NewPasswordFields } from './NewPasswordFields';
import type { LoginFlow } from './useLoginFlow';
import { useNotify } from './useNotify';

/** Mode NewPasswordRequired: the first-login password and its confirmation (SPEC section 4). */
export function NewPasswordForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const { notify, notifyText } = useNotify();
  const form = useForm<NewPasswordRequiredInput, unknown, NewPasswordRequiredValues>({
    resolver: zodResolver(newPasswordRequiredSchema),
    mode: 'all',
    defaultValues: { newpassword: '', confirmpassword: '' },
  });
  const {
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = form;
  const { username } = flow.state;

  const onSubmit = async ({ newpassword }: NewPasswordRequiredValues) => {
    try {
      const step = await completeNewPassword(newpassword);
      if (step.kind === 'smsCode') {
        flow.startResendCooldown('mfa', username);
        flow.dispatch({ type: 'newPasswordAnswered', answer: 'smsCode', newPassword: newpassword, destination: step.destination });
        return;
      }
      if (step.kind === 'signedIn') {
        await flow.newPasswordDone(username);
        // Back to plain login: the user signs in with the new password.
        await signOutOfIdentity();
        flow.dispatch({ type: 'newPasswordAnswered', answer: 'signedIn', newPassword: newpassword });
        return;
      }
      await signOutOfIdentity();
      notify(loginFailureNotice('other'));
      flow.dispatch({ type: 'aborted' });
    } catch (error) {
      const identityError = toIdentityError(error);
      // The pool's password policy speaks for itself.
      if (identityError.kind === 'invalidPassword') notifyText(identityError.message, 'login');
      else notify(loginFailureNotice(identityError.kind));
      // The sign-in session is gone (expired or refused): start again.
      if (identityError.kind === 'invalidCredentials') flow.dispatch({ type: 'aborted' });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Typography variant="body2">{t('login.newPasswordIntro')}</Typography>
      <NewPasswordFields form={form} autoFocus />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.changePassword')}
      </Button>
      <Button
        variant="text"
        disabled={isSubmitting}
        onClick={() => {
          void signOutOfIdentity();
          flow.dispatch({ type: 'cancel' });
        }}
      >
        {t('login.cancel')}
      </Button>
    </Stack>
  );
}
