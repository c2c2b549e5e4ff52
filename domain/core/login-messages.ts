/**
 * The product messages the sign-in page, its guards and its toasts can show (SPEC.md sections
 * 5, 7 and 8): part of `MESSAGES` (messages.ts), kept apart so the sign-in page's first load
 * carries these ~40 texts, not every product message (docs/performance.md "First load").
 * A message goes here only when the sign-in page needs it; `MESSAGES` holds it either way.
 */
export const LOGIN_MESSAGES = {
  // Generic (SPEC section 7, 8)
  genericError: 'An error occurred',
  serverIssue: 'Apologies, but there seems to be an issue with the server. Please try again!',
  sessionTimeout: 'Session timeout.. Please login again.',
  noPageAccess: 'You do not have access to this page.',
  noAccessRedirect: "You don't have access to this page. Please contact your administrator to get access.",
  // Login (SPEC section 5)
  usernameRequired: 'Username is required!',
  usernameEmail: 'Username must be a valid email address!',
  passwordRequired: 'Password is required!',
  // Sign-in and sessions (SPEC sections 5, 8)
  passwordMin8: "Password must be at least 8 characters",
  passwordComplexity: "Password must contain at least 1 number, lowercase letter, uppercase letter and special character.",
  newPasswordMismatch: "New Password and Confirm Password do not match",
  passwordsDoNotMatch: "Passwords do not match!",
  verificationCodeRequired: "Verification code is required!",
  verificationCodeInvalid: "Please enter valid code!",
  agreeTerms: "Please Agree to our Terms Of Use & Privacy Policy.",
  noPortalAccess: "You do not have access to login portal.Please contact your Admin!!",
  codeMismatch: "Verification Code is Invalid. Please Try Again.",
  dormantAccount: "You haven't logged in for more then 60 days. You need to reset your password. Verification code has been sent to your email.",
  invalidCredentials: "Username/Password is Invalid. Please Try Again.",
  loginFailed: "Error during Login. Please Try Again.",
  mfaCodeInvalidAttempts: "Verification Code is Invalid. You have {{count}} attempt(s) remaining. Please Try Again.",
  mfaAttemptsExceeded: "You have exceeded the maximum attempts allowed for retrial. Please Try Again.",
  forgotInvalidCode: "Invalid verification code, try again!.",
  attemptLimitExceeded: "Attempt limit exceeded, please try after some time.",
  verificationCodeExpired: "Verification code expired.",
  resetCodeExpired: "Verification code is expired!",
  resetCodeIncorrect: "Verification code is incorrect.",
  passwordChanged: "Password Changed Successfully!",
  passwordResetDone: "Password reset successfully. Please log in.",
  codeResent: "Verification code resent ({{count}}/3)",
  resendMaxReached: "You've reached the maximum number of resend attempts.",
  resendError: "Error resending code: {{message}}",
  resendLimitReached: "Resend limit reached. Please wait or contact support.",
  unconfirmedForgotPassword: "Your account is not confirmed yet. Sign in with the temporary password you received to change it.",
  sessionLimitReached: "Session limit reached. End a session, or all sessions, to continue.",
  sessionNotFound: "Session not found.",
  accountNotFound: "Account not found.",
  identityUserNotFound: "User not found.",
  // A disabled organisation's user signing in, or calling the API (issue 16).
  organisationDisabled: "Your organisation's account is disabled. Please contact support.",
} as const;

export type LoginMessageKey = keyof typeof LOGIN_MESSAGES;

const loginKeyByText = new Map<string, LoginMessageKey>(
  (Object.entries(LOGIN_MESSAGES) as [LoginMessageKey, string][]).map(([key, text]) => [text, key]),
);

/** `messageKeyOf` (messages.ts) for the sign-in page's messages only. */
export function loginMessageKeyOf(text: string): LoginMessageKey | undefined {
  return loginKeyByText.get(text);
}
