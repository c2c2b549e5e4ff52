import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { resetPasswordSchema, type ResetPasswordInput, type ResetPasswordValues } from '@domain/identity/login';
import { confirmPasswordReset, toIdentityError } from '../../../api/identity';
import { clearResendRecord, resetFailureNotice } from './loginMachine';
import { NewPasswordFields } from './NewPasswordFields';
import type { LoginFlow } from './useLoginFlow';
import { useNotify } from './useNotify';

/**
 * Mode showResetPasswordForm: the new password and its confirmation, sent with the code of
 * the previous form. An expired or wrong code goes back there for a new one (SPEC section 4).
 */
export function ResetPasswordForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const { notify, notifyText } = useNotify();
  const { state, dispatch } = flow;
  const form = useForm<ResetPasswordInput, unknown, ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'all',
    defaultValues: { newpassword: '', confirmpassword: '' },
  });
  const {
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = form;

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

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <NewPasswordFields form={form} autoFocus />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.reset')}
      </Button>
      <Button variant="text" disabled={isSubmitting} onClick={() => dispatch({ type: 'cancel' })}>
        {t('login.cancel')}
      </Button>
    </Stack>
  );
}
