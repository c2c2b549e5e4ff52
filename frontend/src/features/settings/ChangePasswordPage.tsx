import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@domain/core/messages';
import { changePasswordSchema, type ChangePasswordInput } from '@domain/identity/settings';
import { changeOwnPassword, IdentityError, type IdentityErrorKind } from '../../api/identity';
import { recordPasswordUpdate } from '../../api/settings';
import { TOAST_DURATION_MS } from '../../components/toasts';
import { useMessageText } from '../../i18n/messages';
import { PasswordField } from '../auth';

/** What the identity service's refusals mean here (SPEC section 8: "Current password invalid"). */
const REFUSALS: Partial<Record<IdentityErrorKind, { field: keyof ChangePasswordInput; message: string }>> = {
  invalidCredentials: { field: 'currentPassword', message: MESSAGES.currentPasswordInvalid },
  invalidPassword: { field: 'newPassword', message: MESSAGES.passwordComplexity },
  limitExceeded: { field: 'currentPassword', message: MESSAGES.attemptLimitExceeded },
};

/** Settings > Change Password: current password checked by the identity service; min 8; confirmation matches. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const text = (message: string | undefined) => (message ? messageText(message) : undefined);

  const change = async ({ currentPassword, newPassword }: ChangePasswordInput) => {
    try {
      await changeOwnPassword(currentPassword, newPassword);
    } catch (failure) {
      const refusal = failure instanceof IdentityError ? REFUSALS[failure.kind] : undefined;
      const message = refusal?.message ?? (failure instanceof Error && failure.message !== '' ? failure.message : MESSAGES.genericError);
      if (refusal) setError(refusal.field, { message: refusal.message });
      enqueueSnackbar(messageText(message), { variant: 'error', autoHideDuration: TOAST_DURATION_MS.standard });
      return;
    }
    reset();
    enqueueSnackbar(t('messages.passwordChanged'), { variant: 'success', autoHideDuration: TOAST_DURATION_MS.standard });
    // The change is done; recording it must not make it look failed.
    await recordPasswordUpdate().catch(() => undefined);
  };

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('settings.password.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 480 }}>
        <form noValidate onSubmit={(event) => void handleSubmit(change)(event)} aria-label={t('settings.password.title')}>
          <Stack sx={{ gap: 1 }}>
            <PasswordField registration={register('currentPassword')} label={t('settings.password.current')}
              autoComplete="current-password" autoFocus errorText={text(errors.currentPassword?.message)} />
            <PasswordField registration={register('newPassword')} label={t('login.newPassword')}
              autoComplete="new-password" errorText={text(errors.newPassword?.message)} />
            <PasswordField registration={register('confirmPassword')} label={t('login.confirmPassword')}
              autoComplete="new-password" errorText={text(errors.confirmPassword?.message)} />
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>{t('login.changePassword')}</Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
