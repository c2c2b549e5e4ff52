import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { verificationCodeFormSchema, type VerificationCodeInput, type VerificationCodeValues } from '@domain/identity/login';
import { requestPasswordReset } from '../../../api/identity';
import { useMessageText } from '../../../i18n/messages';
import { CodeField } from './CodeField';
import { ResendCodeButton } from './ResendCodeButton';
import type { LoginFlow } from './useLoginFlow';

/**
 * Mode showResetCodeForm (a dormant account, or a password reset required): the emailed code,
 * Reset, Resend Code with its countdown and limit (SPEC sections 2, 4).
 */
export function ResetCodeForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { state, dispatch } = flow;
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<VerificationCodeInput, unknown, VerificationCodeValues>({
    resolver: zodResolver(verificationCodeFormSchema),
    mode: 'all',
    defaultValues: { verifcode: '' },
  });

  const onSubmit = ({ verifcode }: VerificationCodeValues) => dispatch({ type: 'resetCodeEntered', code: verifcode });

  const resend = async (): Promise<boolean> => {
    await requestPasswordReset(state.username);
    return true;
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Typography variant="body2">{t('login.resetCodeIntro', { email: state.username })}</Typography>
      <CodeField registration={register('verifcode')} errorText={errors.verifcode?.message ? messageText(errors.verifcode.message) : undefined} />
      {/* Reset waits for a new code after an expired or wrong one. */}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || state.resendRequired}>
        {t('login.reset')}
      </Button>
      <ResendCodeButton
        flow="resetCode"
        username={state.username}
        onResend={resend}
        onSent={() => dispatch({ type: 'codeResent' })}
        atLimit="message"
      />
      <Button variant="text" onClick={() => dispatch({ type: 'cancel' })}>
        {t('login.cancel')}
      </Button>
    </Stack>
  );
}
