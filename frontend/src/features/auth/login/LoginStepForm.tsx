import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../theme';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { ForgotPasswordSubmitForm } from './ForgotPasswordSubmitForm';
import { MfaCodeForm } from './MfaCodeForm';
import { NewPasswordForm } from './NewPasswordForm';
import { ResetCodeForm } from './ResetCodeForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import type { LoginFlow } from './useLoginFlow';
import { VerifyEmailForm } from './VerifyEmailForm';

/**
 * The login screen's modes after the first one, each shown after an answer of the identity
 * service or a click: a chunk of their own (with react-hook-form and zod), so the sign-in page's
 * first load carries only the first form (docs/performance.md "First load"). They are MUI forms:
 * the theme comes with them (the first form is drawn without MUI, docs/decisions/0056-first-sign-in-form-without-mui.md).
 */
export default function LoginStepForm({ flow }: { flow: LoginFlow }): ReactNode {
  return <ThemeProvider theme={theme}>{stepForm(flow)}</ThemeProvider>;
}

function stepForm(flow: LoginFlow): ReactNode {
  switch (flow.state.mode) {
    case 'default':
      return null;
    case 'NewPasswordRequired':
      return <NewPasswordForm flow={flow} />;
    case 'UserNotConfirmed':
      return <ConfirmSignUpForm flow={flow} />;
    case 'ForgotPassword':
      return <ForgotPasswordForm flow={flow} />;
    case 'showForgotPasswordSubmit':
      return <ForgotPasswordSubmitForm flow={flow} />;
    case 'MFAVerificationRequired':
      return <MfaCodeForm flow={flow} />;
    case 'showResetCodeForm':
      return <ResetCodeForm flow={flow} />;
    case 'showResetPasswordForm':
      return <ResetPasswordForm flow={flow} />;
    case 'verifyEmail':
      return <VerifyEmailForm flow={flow} />;
  }
}
