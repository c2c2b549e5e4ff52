import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { resetPasswordSchema, type ResetPasswordInput, type ResetPasswordValues } from '@domain/login';
import { confirmPasswordReset, toIdentityError } from '../../../api/identity';
import { useMessageText } from '../../../i18n/messages';
import { clearResendRecord, resetFailureNotice } from './loginMachine';
import { PasswordField } from './PasswordField';
import type { LoginFlow } from './useLoginFlow';
import { useNotify } from './useNotify';

/**
 * Mode showResetPasswordForm: the new password and its confirmation, sent with the code of
 * the previous form. An expired or wrong code goes back there for a new one (SPEC section 4).
 */
export function ResetPasswordForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { notify, notifyText } = useNotify();
  const { state, dispatch } = flow;
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ResetPasswordInput, unknown, ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'all',
    defaultValues: { newpassword: '', confirmpassword: '' },
  });

  const onSubmit = async ({ newpassword }: ResetPasswordValues) => {
    try {
      await confirmPasswordReset(state.username, state.resetCode, newpassword);
      clearResendRecord(window.sessionStorage, 'resetCode');
      notify({ message: 'passwordResetDone', duration: 'standard', variant: 'success' });
      dispatch({ type: 'passwordReset' });
    } catch (error) {
      const identityError = toIdentityError(error);
      const { notice, codeRefused } = resetFailureNotice(identityError.kind);
      if (notice === null) notifyText(identityError.message, 'standard');
      else notify(notice);
      if (codeRefused) dispatch({ type: 'resetCodeRefused' });
    }
  };

  const errorText = (message: string | undefined) => (message ? messageText(message) : undefined);

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <PasswordField
        registration={register('newpassword', {
          onChange: () => {
            if (getValues('confirmpassword') !== '') void trigger('confirmpassword');
          },
        })}
        label={t('login.newPassword')}
        autoComplete="new-password"
        autoFocus
        errorText={errorText(errors.newpassword?.message)}
      />
      <PasswordField
        registration={register('confirmpassword')}
        label={t('login.confirmPassword')}
        autoComplete="new-password"
        errorText={errorText(errors.confirmpassword?.message)}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.reset')}
      </Button>
      <Button variant="text" disabled={isSubmitting} onClick={() => dispatch({ type: 'cancel' })}>
        {t('login.cancel')}
      </Button>
    </Stack>
  );
}
