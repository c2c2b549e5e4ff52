import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { APP_VERSION } from '@domain/app-config';
import type { SignInOutcome } from '../../api/identity';
import { LanguageMenu } from '../../components/LanguageMenu';
import { TOAST_DURATION_MS } from '../../components/toasts';
import { useMessageText } from '../../i18n/messages';
import { landingAfterSignIn } from './landing';
import { loginSchema, type LoginInput, type LoginValues } from './loginSchema';
import { useAuth } from './useAuth';

const FAILURE_TEXT = {
  invalidCredentials: 'login.invalidCredentials',
  noPortalAccess: 'login.noPortalAccess',
  stepNotAvailable: 'login.stepNotAvailable',
  failed: 'login.failed',
} as const satisfies Record<Exclude<SignInOutcome['status'], 'signedIn'>, string>;

export default function SignInPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { signIn } = useAuth();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    mode: 'all',
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = async ({ username, password }: LoginValues) => {
    const outcome = await signIn(username, password);
    if (outcome.status === 'signedIn') {
      closeSnackbar(); // A failed attempt's message no longer applies.
      navigate(landingAfterSignIn(searchParams.get('redirect')), { replace: true });
      return;
    }
    enqueueSnackbar(t(FAILURE_TEXT[outcome.status]), {
      variant: 'error',
      autoHideDuration: outcome.status === 'noPortalAccess' ? TOAST_DURATION_MS.standard : TOAST_DURATION_MS.login,
    });
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', bgcolor: 'background.default' }}
    >
      <Box sx={{ alignSelf: 'stretch', display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <LanguageMenu color="primary" />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: 4, mt: { xs: 2, sm: 8 } }}>
        <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 600, mb: 1 }}>
          {t('app.name')}
        </Typography>
        <Typography variant="h6" component="h1" sx={{ mb: 3 }}>
          {t('login.title')}
        </Typography>
        <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <TextField
            {...register('username')}
            label={t('login.username')}
            type="email"
            autoComplete="username"
            autoFocus
            fullWidth
            error={errors.username !== undefined}
            helperText={errors.username?.message ? messageText(errors.username.message) : undefined}
            // Required, and said so when empty; no asterisk, so the label is the plain word.
            slotProps={{ htmlInput: { 'aria-required': true } }}
          />
          <TextField
            {...register('password')}
            label={t('login.password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            fullWidth
            error={errors.password !== undefined}
            helperText={errors.password?.message ? messageText(errors.password.message) : undefined}
            slotProps={{
              htmlInput: { 'aria-required': true },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      edge="end"
                      aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                      onClick={() => setShowPassword((shown) => !shown)}
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={!isValid || isSubmitting}>
            {isSubmitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </Stack>
      </Paper>
      <Typography component="footer" variant="body2" color="text.secondary" sx={{ mt: 'auto', py: 2 }}>
        {t('app.version', { version: APP_VERSION })}
      </Typography>
    </Box>
  );
}
