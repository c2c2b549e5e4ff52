import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginSchema, type LoginInput, type LoginValues } from '@domain/identity/login';
import { startSignIn } from '../../../api/identity';
import { useMessageText } from '../../../i18n/messages';
import { PasswordField } from './PasswordField';
import type { LoginFlow } from './useLoginFlow';

/** Mode default: username, password with its toggle, Forgot Password, Login (Loading... while signing in). */
export function DefaultLoginForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    mode: 'all',
    defaultValues: { username: flow.state.username, password: '' },
  });

  const onSubmit = async ({ username, password }: LoginValues) => {
    try {
      const step = await startSignIn(username, password, flow.variant);
      await flow.answerPassword(step, username, password);
    } catch (error) {
      await flow.passwordFailed(error, username, password);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
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
      <PasswordField
        registration={register('password')}
        label={t('login.password')}
        autoComplete="current-password"
        errorText={errors.password?.message ? messageText(errors.password.message) : undefined}
      />
      <Link
        component="button"
        type="button"
        variant="body2"
        sx={{ alignSelf: 'flex-end' }}
        // Keeps the focus where it is: a blur would show a field message above the link and
        // move it away from under the pointer before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => flow.dispatch({ type: 'forgotPasswordOpened' })}
      >
        {t('login.forgotPassword')}
      </Link>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </Stack>
  );
}
