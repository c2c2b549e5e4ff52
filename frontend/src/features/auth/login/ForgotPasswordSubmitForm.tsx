import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSubmitSchema, type ForgotPasswordSubmitInput, type ForgotPasswordSubmitValues } from '@domain/identity/login';
import { confirmPasswordReset, toIdentityError } from '../../../api/identity';
import { useMessageText } from '../../../i18n/messages';
import { CodeField } from './CodeField';
import { forgotPasswordFailureNotice } from './loginMachine';
import { NewPasswordFields } from './NewPasswordFields';
import type { LoginFlow } from './useLoginFlow';
import { useNotify } from './useNotify';

/** Mode showForgotPasswordSubmit: code, new password, confirmation, Cancel (SPEC sections 2, 4). */
export function ForgotPasswordSubmitForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { notify, notifyText } = useNotify();
  const { username } = flow.state;
  const form = useForm<ForgotPasswordSubmitInput, unknown, ForgotPasswordSubmitValues>({
    resolver: zodResolver(forgotPasswordSubmitSchema),
    mode: 'all',
    defaultValues: { verifcode: '', newpassword: '', confirmpassword: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = form;

  const onSubmit = async ({ verifcode, newpassword }: ForgotPasswordSubmitValues) => {
    try {
      await confirmPasswordReset(username, verifcode, newpassword);
      notify({ message: 'passwordResetDone', duration: 'standard', variant: 'success' });
      flow.dispatch({ type: 'passwordReset' });
    } catch (error) {
      const identityError = toIdentityError(error);
      const notice = forgotPasswordFailureNotice(identityError.kind);
      if (notice === null) notifyText(identityError.message, 'standard');
      else notify(notice);
    }
  };

  const errorText = (message: string | undefined) => (message ? messageText(message) : undefined);

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Typography variant="body2">{t('login.forgotSubmitIntro', { email: username })}</Typography>
      <CodeField registration={register('verifcode')} errorText={errorText(errors.verifcode?.message)} />
      <NewPasswordFields form={form} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submitReset')}
      </Button>
      <Button variant="text" disabled={isSubmitting} onClick={() => flow.dispatch({ type: 'cancel' })}>
        {t('login.cancel')}
      </Button>
    </Stack>
  );
}
