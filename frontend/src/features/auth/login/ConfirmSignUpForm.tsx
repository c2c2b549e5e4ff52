import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmSignUpSchema, type ConfirmSignUpInput, type ConfirmSignUpValues } from '@domain/identity/login';
import type { MessageKey } from '@domain/core/messages';
import { confirmSignUpCode, startSignIn, toIdentityError } from '../../../api/identity';
import { useMessageText } from '../../../i18n/messages';
import { CodeField } from './CodeField';
import type { LoginFlow } from './useLoginFlow';
import { useNotify } from './useNotify';

const CONFIRM_FAILURES: Partial<Record<ReturnType<typeof toIdentityError>['kind'], MessageKey>> = {
  codeMismatch: 'codeMismatch',
  expiredCode: 'verificationCodeExpired',
  limitExceeded: 'attemptLimitExceeded',
};

/**
 * Mode UserNotConfirmed: the sign-up form with the account's fields filled from the sign-in
 * and locked, the code that was resent, and the terms (SPEC sections 2, 4, 5).
 */
export function ConfirmSignUpForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { notify } = useNotify();
  const { username, password } = flow.state;
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ConfirmSignUpInput, unknown, ConfirmSignUpValues>({
    resolver: zodResolver(confirmSignUpSchema),
    mode: 'all',
    // The locked fields are not inputs of the form: their values come from the sign-in.
    defaultValues: { username, newpassword: password, confirmpassword: password, verifcode: '', agree: false },
  });

  const onSubmit = async ({ verifcode }: ConfirmSignUpValues) => {
    try {
      await confirmSignUpCode(username, verifcode);
    } catch (error) {
      notify({ message: CONFIRM_FAILURES[toIdentityError(error).kind] ?? 'loginFailed', duration: 'login', variant: 'error' });
      return;
    }
    try {
      await flow.answerPassword(await startSignIn(username, password, flow.variant), username, password);
    } catch (error) {
      await flow.passwordFailed(error, username, password);
    }
  };

  const errorText = (message: string | undefined) => (message ? messageText(message) : undefined);

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Typography variant="body2">{t('login.confirmSignUpIntro')}</Typography>
      <TextField label={t('login.username')} value={username} disabled fullWidth />
      <TextField label={t('login.password')} type="password" value={password} disabled fullWidth />
      <TextField label={t('login.confirmPassword')} type="password" value={password} disabled fullWidth />
      <CodeField registration={register('verifcode')} errorText={errorText(errors.verifcode?.message)} />
      <FormControl error={errors.agree !== undefined}>
        <FormControlLabel control={<Checkbox {...register('agree')} />} label={t('login.agreeTerms')} />
        {errors.agree?.message ? <FormHelperText>{messageText(errors.agree.message)}</FormHelperText> : null}
      </FormControl>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.createUser')}
      </Button>
      <Button variant="text" disabled={isSubmitting} onClick={() => flow.dispatch({ type: 'cancel' })}>
        {t('login.cancel')}
      </Button>
    </Stack>
  );
}
