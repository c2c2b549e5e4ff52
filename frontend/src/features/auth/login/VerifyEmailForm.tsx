import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { verificationCodeFormSchema, type VerificationCodeInput, type VerificationCodeValues } from '@domain/identity/login';
import { confirmEmailVerification, signOutOfIdentity, toIdentityError } from '../../../api/identity';
import { useMessageText } from '../../../i18n/messages';
import { CodeField } from './CodeField';
import type { LoginFlow } from './useLoginFlow';
import { useNotify } from './useNotify';

/** Mode verifyEmail: the code emailed to a signed-in user whose email is not verified yet. */
export function VerifyEmailForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { notify } = useNotify();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm<VerificationCodeInput, unknown, VerificationCodeValues>({
    resolver: zodResolver(verificationCodeFormSchema),
    mode: 'all',
    defaultValues: { verifcode: '' },
  });

  const onSubmit = async ({ verifcode }: VerificationCodeValues) => {
    try {
      await confirmEmailVerification(verifcode);
    } catch (error) {
      const { kind } = toIdentityError(error);
      notify({
        message: kind === 'codeMismatch' ? 'codeMismatch' : kind === 'expiredCode' ? 'verificationCodeExpired' : 'loginFailed',
        duration: 'login',
        variant: 'error',
      });
      reset({ verifcode: '' });
      return;
    }
    await flow.finish();
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Typography variant="body2">{t('login.verifyEmailIntro', { email: flow.state.username })}</Typography>
      <CodeField registration={register('verifcode')} errorText={errors.verifcode?.message ? messageText(errors.verifcode.message) : undefined} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.verify')}
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
