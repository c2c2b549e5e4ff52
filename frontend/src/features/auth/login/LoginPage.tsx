import { lazy, Suspense, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginVariant } from '../../../api/identity';
import { PageLoader } from '../../../components/PageLoader';
import { DefaultLoginForm } from './DefaultLoginForm';
import { LoginFooter } from './LoginFooter';
import { LoginLanguageMenu } from './LoginLanguageMenu';
import { initialLoginState, loginReducer, restoreLoginState, saveResetState, type LoginMode } from './loginMachine';
import { loadLoginSteps } from './loginSteps';
import { useLoginFlow } from './useLoginFlow';
import './login.css';

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
 * in through the helpdesk app client; every mode of the screen is one form below. The page and
 * its first form are plain elements drawn by login.css like the MUI screens (docs/decisions/0056-first-sign-in-form-without-mui.md):
 * a phone loads it cold, without MUI; the later modes are MUI forms, fetched when needed.
 */
export default function LoginPage({ variant, prefetchSignedInShell }: {
  variant: LoginVariant;
  /** Fetches the signed-in shell's chunks: the route table's to give, as it names the screens. */
  prefetchSignedInShell: () => void;
}) {
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
    <main className="login">
      <div className="login__bar">
        <LoginLanguageMenu />
      </div>
      <div className="login__card">
        <p className="login__brand">{t('app.name')}</p>
        {/* The title changes with the form it names: both wait for a later mode's chunk together. */}
        <Suspense fallback={<PageLoader fill={false} />}>
          <h1 className="login__title">{t(title)}</h1>
          {state.mode === 'default' ? <DefaultLoginForm flow={flow} prefetchSignedInShell={prefetchSignedInShell} /> : <LoginStepForm flow={flow} />}
        </Suspense>
      </div>
      <LoginFooter />
    </main>
  );
}
