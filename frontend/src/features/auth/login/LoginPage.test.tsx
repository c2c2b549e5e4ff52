import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityError, type SignInStep } from '../../../api/identity';
import { renderScreen } from '../../../test/render';
import { enter } from '../../../test/userInput';
import type { AuthContextValue } from '../../../session/authContext';
import LoginPage from './LoginPage';

const identity = vi.hoisted(() => ({
  startSignIn: vi.fn(),
  completeNewPassword: vi.fn(),
  confirmSmsCode: vi.fn(),
  requestPasswordReset: vi.fn(),
  confirmPasswordReset: vi.fn(),
  confirmSignUpCode: vi.fn(),
  resendSignUpConfirmation: vi.fn(),
  sendEmailVerificationCode: vi.fn(),
  confirmEmailVerification: vi.fn(),
  signOutOfIdentity: vi.fn(),
}));

const account = vi.hoisted(() => ({ completeFirstLogin: vi.fn() }));
vi.mock('../../../api/account', () => account);

vi.mock('../../../api/identity', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/identity')>()),
  ...identity,
}));

const auth = vi.hoisted(() => ({ completeSignIn: vi.fn<AuthContextValue['completeSignIn']>() }));

vi.mock('../../../session/useAuth', () => ({
  useAuth: () => ({ status: 'signedOut', user: null, completeSignIn: auth.completeSignIn }) as Partial<AuthContextValue>,
}));

const USER = 'user@demo.example';
const PASSWORD = 'Demo#2026pass';
const NEW_PASSWORD = 'Fresh#2026pass';
const USER_CLAIMS = { email: USER, role: 'basicuser', customerId: 'c', accountId: 'a', portalAccess: true } as const;
const SIGNED_IN: SignInStep = { kind: 'signedIn', user: USER_CLAIMS, emailVerified: true };
/** The signed-in shell's chunks are the route table's to fetch: nothing to fetch here. */
const noPrefetch = () => undefined;

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const passwordInput = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

async function signInWith(user: ReturnType<typeof userEvent.setup>, password = PASSWORD): Promise<void> {
  await enter(user, screen.getByLabelText(/Username/), USER);
  await enter(user, passwordInput(/^Password/), password);
  await user.click(button('Login'));
}

/**
 * Date.now() moved forward on demand, and the countdown's one-second ticks (setInterval) with it:
 * the countdown shows the moved clock at once instead of at the next tick of the wall clock.
 */
function laterClock() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const realNow = Date.now.bind(Date);
  let offset = 0;
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
  return {
    advance: (ms: number) => {
      offset += ms;
      act(() => {
        vi.advanceTimersByTime(ms);
      });
    },
  };
}

function codeInput(): HTMLElement {
  return screen.getByLabelText(/Verification Code/, { selector: 'input' });
}

beforeEach(() => {
  for (const mock of Object.values(identity)) mock.mockReset();
  auth.completeSignIn.mockReset();
  auth.completeSignIn.mockResolvedValue('signedIn');
  identity.signOutOfIdentity.mockResolvedValue(undefined);
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('LoginPage, mode default', () => {
  it('keeps Login disabled while invalid, with the spec messages, and shows the footer', async () => {
    const user = userEvent.setup();
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />, { route: '/login' });

    expect(button('Login')).toBeDisabled();
    await enter(user, screen.getByLabelText(/Username/), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Username must be a valid email address!')).toBeVisible();
    await user.clear(screen.getByLabelText(/Username/));
    expect(await screen.findByText('Username is required!')).toBeVisible();
    await user.click(passwordInput(/^Password/));
    await user.tab();
    expect(await screen.findByText('Password is required!')).toBeVisible();

    await enter(user, screen.getByLabelText(/Username/), USER);
    await enter(user, passwordInput(/^Password/), PASSWORD);
    await waitFor(() => expect(button('Login')).toBeEnabled());

    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacyPolicy');
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/termsCondition');
    expect(screen.getByText('Version 2.3.2')).toBeVisible();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    expect(passwordInput(/^Password/)).toHaveAttribute('type', 'password');
    await user.click(button('Show password'));
    expect(passwordInput(/^Password/)).toHaveAttribute('type', 'text');
    await user.click(button('Hide password'));
    expect(passwordInput(/^Password/)).toHaveAttribute('type', 'password');
  });

  it('shows Loading... while signing in, then hands over to the shell', async () => {
    let answer: (step: SignInStep) => void = () => undefined;
    identity.startSignIn.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);

    await signInWith(user);
    expect(button('Loading...')).toBeDisabled();
    expect(identity.startSignIn).toHaveBeenCalledWith(USER, PASSWORD, 'normal');
    answer(SIGNED_IN);
    await waitFor(() => expect(auth.completeSignIn).toHaveBeenCalledWith({ variant: 'normal', sso: false }));
  });

  it('signs helpdesk users in through the helpdesk client', async () => {
    identity.startSignIn.mockResolvedValue(SIGNED_IN);
    const user = userEvent.setup();
    renderScreen(<LoginPage variant="helpdesk" prefetchSignedInShell={noPrefetch} />, { route: '/login/helpdesk' });
    expect(screen.getByRole('heading', { name: 'Helpdesk sign in' })).toBeVisible();
    await signInWith(user);
    expect(identity.startSignIn).toHaveBeenCalledWith(USER, PASSWORD, 'helpdesk');
    await waitFor(() => expect(auth.completeSignIn).toHaveBeenCalledWith({ variant: 'helpdesk', sso: false }));
  });

  it.each([
    ['invalidCredentials', 'Username/Password is Invalid. Please Try Again.'],
    ['codeMismatch', 'Verification Code is Invalid. Please Try Again.'],
    ['other', 'Error during Login. Please Try Again.'],
  ] as const)('says the spec message for %s', async (kind, text) => {
    identity.startSignIn.mockRejectedValue(new IdentityError(kind, 'from the service', 'SomeException'));
    const user = userEvent.setup();
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    await signInWith(user);
    expect(await screen.findByText(text)).toBeVisible();
    await waitFor(() => expect(button('Login')).toBeEnabled());
    expect(auth.completeSignIn).not.toHaveBeenCalled();
  });

  it('says so when the shell could not complete the sign-in', async () => {
    identity.startSignIn.mockResolvedValue(SIGNED_IN);
    auth.completeSignIn.mockResolvedValue('failed');
    const user = userEvent.setup();
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    await signInWith(user);
    expect(await screen.findByText('Error during Login. Please Try Again.')).toBeVisible();
  });
});

describe('NewPasswordRequired', () => {
  async function openNewPassword(user: ReturnType<typeof userEvent.setup>) {
    identity.startSignIn.mockResolvedValue({ kind: 'newPasswordRequired' });
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    await signInWith(user);
    await screen.findByRole('heading', { name: 'Set a new password' });
  }

  it('checks the rules and the confirmation as the user types', async () => {
    const user = userEvent.setup();
    await openNewPassword(user);
    const change = button('Change Password');
    expect(change).toBeDisabled();

    await user.type(passwordInput(/^New Password/), 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeVisible();
    await user.clear(passwordInput(/^New Password/));
    await user.type(passwordInput(/^New Password/), 'lowercaseonly');
    expect(await screen.findByText('Password must contain at least 1 number, lowercase letter, uppercase letter and special character.')).toBeVisible();

    await user.clear(passwordInput(/^New Password/));
    await user.type(passwordInput(/^New Password/), NEW_PASSWORD);
    await user.type(passwordInput(/^Confirm Password/), `${NEW_PASSWORD.slice(0, 5)}`);
    expect(await screen.findByText('New Password and Confirm Password do not match')).toBeVisible();
    expect(change).toBeDisabled();
    await user.type(passwordInput(/^Confirm Password/), NEW_PASSWORD.slice(5));
    await waitFor(() => expect(screen.queryByText('New Password and Confirm Password do not match')).toBeNull());
    expect(change).toBeEnabled();
  });

  it('on success says so, verifies the email attributes and returns to plain login', async () => {
    identity.completeNewPassword.mockResolvedValue(SIGNED_IN);
    account.completeFirstLogin.mockResolvedValue(undefined);
    const user = userEvent.setup();
    await openNewPassword(user);

    await enter(user, passwordInput(/^New Password/), NEW_PASSWORD);
    await enter(user, passwordInput(/^Confirm Password/), NEW_PASSWORD);
    await user.click(button('Change Password'));

    expect(await screen.findByText('Password Changed Successfully!')).toBeVisible();
    expect(identity.completeNewPassword).toHaveBeenCalledWith(NEW_PASSWORD);
    expect(account.completeFirstLogin).toHaveBeenCalledWith(USER);
    expect(identity.signOutOfIdentity).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByLabelText(/Username/)).toHaveValue(USER);
    expect(auth.completeSignIn).not.toHaveBeenCalled();
  });

  it('goes on to the SMS code when the account has MFA', async () => {
    identity.completeNewPassword.mockResolvedValue({ kind: 'smsCode', destination: '+*******1234' });
    const user = userEvent.setup();
    await openNewPassword(user);
    await enter(user, passwordInput(/^New Password/), NEW_PASSWORD);
    await enter(user, passwordInput(/^Confirm Password/), NEW_PASSWORD);
    await user.click(button('Change Password'));
    expect(await screen.findByText('Enter the six-digit code sent to +*******1234.')).toBeVisible();
  });
});

describe('MFAVerificationRequired', () => {
  async function openMfa(user: ReturnType<typeof userEvent.setup>) {
    identity.startSignIn.mockResolvedValue({ kind: 'smsCode', destination: null });
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    await signInWith(user);
    await screen.findByRole('heading', { name: 'Verification Code' });
  }

  it('submits the code on its sixth digit and hands over to the shell', async () => {
    identity.confirmSmsCode.mockResolvedValue(SIGNED_IN);
    const user = userEvent.setup();
    await openMfa(user);
    await user.type(codeInput(), '12345');
    expect(identity.confirmSmsCode).not.toHaveBeenCalled();
    await user.type(codeInput(), '6');
    await waitFor(() => expect(identity.confirmSmsCode).toHaveBeenCalledWith('123456'));
    await waitFor(() => expect(auth.completeSignIn).toHaveBeenCalledWith({ variant: 'normal', sso: false }));
  });

  it('allows 3 attempts, clearing the code each time, then says the attempts are exceeded', async () => {
    identity.confirmSmsCode.mockRejectedValue(new IdentityError('codeMismatch', 'Invalid code', 'CodeMismatchException'));
    const user = userEvent.setup();
    await openMfa(user);

    await enter(user, codeInput(), '111111');
    expect(await screen.findByText('Verification Code is Invalid. You have 2 attempt(s) remaining. Please Try Again.')).toBeVisible();
    await waitFor(() => expect(codeInput()).toHaveValue(''));

    await enter(user, codeInput(), '222222');
    expect(await screen.findByText('Verification Code is Invalid. You have 1 attempt(s) remaining. Please Try Again.')).toBeVisible();
    await waitFor(() => expect(codeInput()).toHaveValue(''));

    await enter(user, codeInput(), '333333');
    expect(await screen.findByText('You have exceeded the maximum attempts allowed for retrial. Please Try Again.')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(identity.confirmSmsCode).toHaveBeenCalledTimes(3);
  });

  it('counts down 30 s before Resend Code', async () => {
    const user = userEvent.setup();
    await openMfa(user);
    expect(button(/^Resend Code \(30\)$/)).toBeDisabled();
  });

  it('Resend Code signs in again, clears the code and counts the resend', async () => {
    const clock = laterClock();
    const user = userEvent.setup();
    await openMfa(user);
    await enter(user, codeInput(), '12');
    clock.advance(31_000);
    await waitFor(() => expect(button('Resend Code')).toBeEnabled());
    await user.click(button('Resend Code'));

    expect(identity.startSignIn).toHaveBeenCalledTimes(2);
    expect(identity.startSignIn).toHaveBeenLastCalledWith(USER, PASSWORD, 'normal');
    expect(await screen.findByText('Verification code resent (1/3)')).toBeVisible();
    await waitFor(() => expect(codeInput()).toHaveValue(''));
    expect(button(/^Resend Code \(30\)$/)).toBeDisabled();
  });

  it('refuses a fourth resend', async () => {
    window.sessionStorage.setItem('login.resend.mfa', JSON.stringify({ username: USER, count: 3, lastSentAt: 0 }));
    const clock = laterClock();
    const user = userEvent.setup();
    await openMfa(user);
    clock.advance(31_000);
    await waitFor(() => expect(button('Resend Code')).toBeEnabled());
    await user.click(button('Resend Code'));
    expect(await screen.findByText("You've reached the maximum number of resend attempts.")).toBeVisible();
    expect(identity.startSignIn).toHaveBeenCalledTimes(1);
  });

  it('disables Resend Code while a complete code is being verified', async () => {
    identity.confirmSmsCode.mockImplementation(() => new Promise(() => undefined));
    const clock = laterClock();
    const user = userEvent.setup();
    await openMfa(user);
    clock.advance(31_000);
    await waitFor(() => expect(button('Resend Code')).toBeEnabled());
    await enter(user, codeInput(), '123456');
    expect(button('Resend Code')).toBeDisabled();
  });
});

describe('forgot password', () => {
  async function openForgot(user: ReturnType<typeof userEvent.setup>) {
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    await user.click(button('Forgot Password'));
    await screen.findByRole('heading', { name: 'Forgot Password' });
  }

  it('sends a code to a confirmed account, then resets the password with it', async () => {
    identity.requestPasswordReset.mockResolvedValue(undefined);
    identity.confirmPasswordReset.mockResolvedValue(undefined);
    const user = userEvent.setup();
    await openForgot(user);

    expect(button('Send Code')).toBeDisabled();
    await enter(user, screen.getByLabelText(/Username/), 'nobody');
    expect(await screen.findByText('Username must be a valid email address!')).toBeVisible();
    await user.clear(screen.getByLabelText(/Username/));
    await enter(user, screen.getByLabelText(/Username/), USER);
    await user.click(button('Send Code'));
    expect(identity.requestPasswordReset).toHaveBeenCalledWith(USER);

    await screen.findByRole('heading', { name: 'Reset your password' });
    await enter(user, codeInput(), '123456');
    await enter(user, passwordInput(/^New Password/), NEW_PASSWORD);
    await enter(user, passwordInput(/^Confirm Password/), 'Other#2026pass');
    expect(await screen.findByText('Passwords do not match!')).toBeVisible();
    expect(button('Submit')).toBeDisabled();
    await user.clear(passwordInput(/^Confirm Password/));
    await enter(user, passwordInput(/^Confirm Password/), NEW_PASSWORD);
    await user.click(button('Submit'));

    expect(identity.confirmPasswordReset).toHaveBeenCalledWith(USER, '123456', NEW_PASSWORD);
    expect(await screen.findByText('Password reset successfully. Please log in.')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  it('tells an account with a temporary password to sign in with it', async () => {
    identity.requestPasswordReset.mockRejectedValue(new IdentityError('resetNotAllowed', 'User password cannot be reset in the current state.', 'NotAuthorizedException'));
    const user = userEvent.setup();
    await openForgot(user);
    await enter(user, screen.getByLabelText(/Username/), USER);
    await user.click(button('Send Code'));
    expect(await screen.findByText('Your account is not confirmed yet. Sign in with the temporary password you received to change it.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  });

  it('opens the submit form after a 400 from the lookup as well', async () => {
    identity.requestPasswordReset.mockRejectedValue(new IdentityError('invalidParameter', 'no verified email', 'InvalidParameterException'));
    const user = userEvent.setup();
    await openForgot(user);
    await enter(user, screen.getByLabelText(/Username/), USER);
    await user.click(button('Send Code'));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });

  it.each([
    ['codeMismatch', 'Invalid verification code, try again!.'],
    ['limitExceeded', 'Attempt limit exceeded, please try after some time.'],
    ['expiredCode', 'Verification code expired.'],
    ['invalidCredentials', 'Username/Password is Invalid. Please Try Again.'],
    ['other', 'Something the service said.'],
  ] as const)('says the spec message for %s on submit', async (kind, text) => {
    identity.requestPasswordReset.mockResolvedValue(undefined);
    identity.confirmPasswordReset.mockRejectedValue(new IdentityError(kind, 'Something the service said.', 'X'));
    const user = userEvent.setup();
    await openForgot(user);
    await enter(user, screen.getByLabelText(/Username/), USER);
    await user.click(button('Send Code'));
    await screen.findByRole('heading', { name: 'Reset your password' });
    await enter(user, codeInput(), '123456');
    await enter(user, passwordInput(/^New Password/), NEW_PASSWORD);
    await enter(user, passwordInput(/^Confirm Password/), NEW_PASSWORD);
    await user.click(button('Submit'));
    expect(await screen.findByText(text)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });

  it('Cancel resets to plain login', async () => {
    identity.requestPasswordReset.mockResolvedValue(undefined);
    const user = userEvent.setup();
    await openForgot(user);
    await enter(user, screen.getByLabelText(/Username/), USER);
    await user.click(button('Send Code'));
    await screen.findByRole('heading', { name: 'Reset your password' });
    await user.click(button('Cancel'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});

describe('dormant account (showResetCodeForm, showResetPasswordForm)', () => {
  async function openResetCode(user: ReturnType<typeof userEvent.setup>) {
    identity.startSignIn.mockRejectedValue(new IdentityError('dormant', 'PostAuthentication failed with error ...', 'UserLambdaValidationException'));
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    await signInWith(user);
    await screen.findByRole('heading', { name: 'Reset your password' });
  }

  it('says why, then takes the emailed code and a new password', async () => {
    identity.confirmPasswordReset.mockResolvedValue(undefined);
    const user = userEvent.setup();
    await openResetCode(user);
    expect(screen.getByText(
      "You haven't logged in for more then 60 days. You need to reset your password. Verification code has been sent to your email.",
    )).toBeVisible();
    expect(button(/^Resend Code \(30\)$/)).toBeDisabled();
    expect(JSON.parse(window.sessionStorage.getItem('login.resetCodeState') ?? 'null')).toMatchObject({ username: USER });

    expect(button('Reset')).toBeDisabled();
    await enter(user, codeInput(), '123456');
    await user.click(button('Reset'));
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await enter(user, passwordInput(/^New Password/), NEW_PASSWORD);
    await enter(user, passwordInput(/^Confirm Password/), NEW_PASSWORD);
    await user.click(button('Reset'));

    expect(identity.confirmPasswordReset).toHaveBeenCalledWith(USER, '123456', NEW_PASSWORD);
    expect(await screen.findByText('Password reset successfully. Please log in.')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(window.sessionStorage.getItem('login.resetCodeState')).toBeNull();
  });

  it('an expired code goes back for a new one: Reset waits for Resend Code', async () => {
    identity.confirmPasswordReset.mockRejectedValue(new IdentityError('expiredCode', 'expired', 'ExpiredCodeException'));
    identity.requestPasswordReset.mockResolvedValue(undefined);
    const user = userEvent.setup();
    await openResetCode(user);
    await enter(user, codeInput(), '123456');
    await user.click(button('Reset'));
    await enter(user, passwordInput(/^New Password/), NEW_PASSWORD);
    await enter(user, passwordInput(/^Confirm Password/), NEW_PASSWORD);
    await user.click(button('Reset'));

    expect(await screen.findByText('Verification code is expired!')).toBeVisible();
    await screen.findByRole('heading', { name: 'Reset your password' });
    await enter(user, codeInput(), '654321');
    expect(button('Reset')).toBeDisabled();

    // The cooldown has passed: resend, and Reset may go again.
    window.sessionStorage.setItem('login.resend.resetCode', JSON.stringify({ username: USER, count: 0, lastSentAt: 0 }));
    await user.click(button('Cancel'));
  });

  it('comes back after a reload, and shows the limit once 3 codes were resent', async () => {
    window.sessionStorage.setItem('login.resetCodeState', JSON.stringify({ mode: 'showResetCodeForm', username: USER, resendRequired: false }));
    window.sessionStorage.setItem('login.resend.resetCode', JSON.stringify({ username: USER, count: 3, lastSentAt: 0 }));
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    expect(screen.getByText('Enter the verification code sent to user@demo.example.')).toBeVisible();
    expect(screen.getByText('Resend limit reached. Please wait or contact support.')).toBeVisible();
    expect(button('Resend Code')).toBeDisabled();
  });

  it('Resend Code after the cooldown sends a code and counts it', async () => {
    window.sessionStorage.setItem('login.resetCodeState', JSON.stringify({ mode: 'showResetCodeForm', username: USER, resendRequired: true }));
    window.sessionStorage.setItem('login.resend.resetCode', JSON.stringify({ username: USER, count: 1, lastSentAt: 0 }));
    identity.requestPasswordReset.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    await enter(user, codeInput(), '654321');
    expect(button('Reset')).toBeDisabled();
    await user.click(button('Resend Code'));
    expect(identity.requestPasswordReset).toHaveBeenCalledWith(USER);
    expect(await screen.findByText('Verification code resent (2/3)')).toBeVisible();
    expect(button(/^Resend Code \(30\)$/)).toBeDisabled();
    await enter(user, codeInput(), '654321');
    await waitFor(() => expect(button('Reset')).toBeEnabled());
  });

  it('says the error of a failed resend', async () => {
    window.sessionStorage.setItem('login.resetCodeState', JSON.stringify({ mode: 'showResetCodeForm', username: USER, resendRequired: false }));
    identity.requestPasswordReset.mockRejectedValue(new IdentityError('limitExceeded', 'Attempt limit exceeded', 'LimitExceededException'));
    const user = userEvent.setup();
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    await user.click(button('Resend Code'));
    expect(await screen.findByText('Error resending code: Attempt limit exceeded')).toBeVisible();
  });
});

describe('UserNotConfirmed', () => {
  it('resends the code, locks the account fields, and wants the code and the terms', async () => {
    identity.startSignIn.mockResolvedValueOnce({ kind: 'confirmSignUp' }).mockResolvedValueOnce(SIGNED_IN);
    identity.resendSignUpConfirmation.mockResolvedValue(undefined);
    identity.confirmSignUpCode.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    await signInWith(user);

    await screen.findByRole('heading', { name: 'Confirm your account' });
    expect(identity.resendSignUpConfirmation).toHaveBeenCalledWith(USER);
    expect(screen.getByLabelText(/Username/)).toBeDisabled();
    const create = button('Create User');
    expect(create).toBeDisabled();
    await enter(user, codeInput(), '123456');
    expect(create).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    expect(await screen.findByText('Please Agree to our Terms Of Use & Privacy Policy.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(create);

    expect(identity.confirmSignUpCode).toHaveBeenCalledWith(USER, '123456');
    await waitFor(() => expect(auth.completeSignIn).toHaveBeenCalled());
  });
});

describe('verifyEmail', () => {
  it('verifies an unverified email before handing over to the shell', async () => {
    identity.startSignIn.mockResolvedValue({ kind: 'signedIn', user: USER_CLAIMS, emailVerified: false });
    identity.sendEmailVerificationCode.mockResolvedValue(undefined);
    identity.confirmEmailVerification.mockRejectedValueOnce(new IdentityError('codeMismatch', 'x', 'CodeMismatchException'));
    const user = userEvent.setup();
    renderScreen(<LoginPage variant="normal" prefetchSignedInShell={noPrefetch} />);
    await signInWith(user);

    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(identity.sendEmailVerificationCode).toHaveBeenCalled();
    await enter(user, codeInput(), '111111');
    await user.click(button('Verify'));
    expect(await screen.findByText('Verification Code is Invalid. Please Try Again.')).toBeVisible();
    expect(auth.completeSignIn).not.toHaveBeenCalled();

    identity.confirmEmailVerification.mockResolvedValue(undefined);
    await enter(user, codeInput(), '222222');
    await user.click(button('Verify'));
    await waitFor(() => expect(auth.completeSignIn).toHaveBeenCalledWith({ variant: 'normal', sso: false }));
    expect(identity.confirmEmailVerification).toHaveBeenLastCalledWith('222222');
  });
});

