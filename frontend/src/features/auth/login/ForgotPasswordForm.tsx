import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema, type ForgotPasswordInput, type ForgotPasswordValues } from '@domain/identity/login';
import { requestPasswordReset, toIdentityError } from '../../../api/identity';
import { useMessageText } from '../../../i18n/messages';
import { forgotPasswordFailureNotice } from './loginMachine';
import type { LoginFlow } from './useLoginFlow';
import { useNotify } from './useNotify';

/**
 * Mode ForgotPassword: the account's email. A confirmed account gets a code and the submit
 * form; one that still has its temporary password is told to sign in with it (SPEC section 4).
 */
export function ForgotPasswordForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { notify, notifyText } = useNotify();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'all',
    defaultValues: { username: flow.state.username },
  });

  const onSubmit = async ({ username }: ForgotPasswordValues) => {
    try {
      await requestPasswordReset(username);
      flow.dispatch({ type: 'forgotPasswordLookedUp', lookup: 'codeSent', username });
    } catch (error) {
      const identityError = toIdentityError(error);
      if (identityError.kind === 'resetNotAllowed') {
        flow.dispatch({ type: 'forgotPasswordLookedUp', lookup: 'unconfirmed', username });
        return;
      }
      if (identityError.kind === 'invalidParameter') {
        flow.dispatch({ type: 'forgotPasswordLookedUp', lookup: 'badRequest', username });
        return;
      }
      const notice = forgotPasswordFailureNotice(identityError.kind);
      if (notice === null) notifyText(identityError.message, 'standard');
      else notify(notice);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Typography variant="body2">{t('login.forgotIntro')}</Typography>
      {flow.state.isUserConfirmed ? null : <Alert severity="info">{t('messages.unconfirmedForgotPassword')}</Alert>}
      <TextField
        {...register('username')}
        label={t('login.username')}
        type="email"
        autoComplete="username"
        autoFocus
        fullWidth
        error={errors.username !== undefined}
        helperText={errors.username?.message ? messageText(errors.username.message) : ' '}
        slotProps={{ htmlInput: { 'aria-required': true } }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.sendCode')}
      </Button>
      <Button variant="text" disabled={isSubmitting} onClick={() => flow.dispatch({ type: 'cancel' })}>
        {t('login.backToLogin')}
      </Button>
    </Stack>
  );
}
