import { lazy, Suspense, useEffect, useReducer } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LoginVariant } from '../../../api/identity';
import { LanguageMenu } from '../../../components/LanguageMenu';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { DefaultLoginForm } from './DefaultLoginForm';
import { LoginFooter } from './LoginFooter';
import { initialLoginState, loginReducer, restoreLoginState, saveResetState, type LoginMode } from './loginMachine';
import { loadLoginSteps } from './loginSteps';
import { useLoginFlow } from './useLoginFlow';

// Every mode but the first comes after an answer of the identity service: fetched then, not with the page.
const LoginStepForm = lazy(loadLoginSteps);

export type { LoginVariant };

type TitleKey =
  | 'login.title'
  | 'login.helpdeskTitle'
  | 'login.newPasswordTitle'
  | 'login.confirmSignUpTitle'
  | 'login.forgotTitle'
  | 'login.forgotSubmitTitle'
  | 'login.mfaTitle'
  | 'login.resetCodeTitle'
  | 'login.resetPasswordTitle'
  | 'login.verifyEmailTitle';

const TITLES: Record<Exclude<LoginMode, 'default'>, TitleKey> = {
  NewPasswordRequired: 'login.newPasswordTitle',
  UserNotConfirmed: 'login.confirmSignUpTitle',
  ForgotPassword: 'login.forgotTitle',
  showForgotPasswordSubmit: 'login.forgotSubmitTitle',
  MFAVerificationRequired: 'login.mfaTitle',
  showResetCodeForm: 'login.resetCodeTitle',
  showResetPasswordForm: 'login.resetPasswordTitle',
  verifyEmail: 'login.verifyEmailTitle',
};

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The login screen (SPEC section 2: /login and /login/helpdesk). The helpdesk variant signs
 * in through the helpdesk app client; every mode of the screen is one form below.
 */
export default function LoginPage({ variant }: { variant: LoginVariant }) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(loginReducer, undefined, () => {
    const storage = sessionStore();
    return storage === null ? initialLoginState : restoreLoginState(storage);
  });
  const flow = useLoginFlow(variant, state, dispatch);

  // The reset-code state survives a reload (SPEC section 4).
  useEffect(() => {
    const storage = sessionStore();
    if (storage !== null) saveResetState(storage, state);
  }, [state]);

  const title = state.mode === 'default' ? (variant === 'helpdesk' ? 'login.helpdeskTitle' : 'login.title') : TITLES[state.mode];

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', bgcolor: 'background.default' }}
    >
      <Box sx={{ alignSelf: 'stretch', display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <LanguageMenu color="primary" />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: 4, mt: { xs: 2, sm: 8 } }}>
        <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 600, mb: 1 }}>
          {t('app.name')}
        </Typography>
        {/* The title changes with the form it names: both wait for a later mode's chunk together. */}
        <Suspense fallback={<FullPageLoader fill={false} />}>
          <Typography variant="h6" component="h1" sx={{ mb: 3 }}>
            {t(title)}
          </Typography>
          {state.mode === 'default' ? <DefaultLoginForm flow={flow} /> : <LoginStepForm flow={flow} />}
        </Suspense>
      </Paper>
      <LoginFooter />
    </Box>
  );
}
