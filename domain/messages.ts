/**
 * The product's own words (SPEC.md sections 5 and 8). Every message the API returns and
 * the browser shows comes from here, so both say exactly the same thing. The front end
 * translates them by key; the English text is the catalogue's source.
 */
export const MESSAGES = {
  // Generic (SPEC section 7, 8)
  genericError: 'An error occurred',
  serverIssue: 'Apologies, but there seems to be an issue with the server. Please try again!',
  sessionTimeout: 'Session timeout.. Please login again.',
  noPageAccess: 'You do not have access to this page.',
  noAccessRedirect: "You don't have access to this page. Please contact your administrator to get access.",
  notFound: 'The requested item was not found.',
  invalidRequestBody: 'The request body is not valid JSON.',
  tenantMismatch: 'You do not have access to this organisation.',
  // Departments and divisions (SPEC section 5)
  nameRequired: 'Name is required.',
  nameMax20: 'Maximum length allowed for name is 20 characters.',
  departmentNameTaken: 'A department with this name already exists.',
  divisionNameTaken: 'A division with this name already exists.',
  departmentNotFound: 'Department not found.',
  divisionNotFound: 'Division not found.',
  invalidCursor: 'The page cursor is not valid.',
  concurrentChange: 'This item was changed by someone else. Reload it and try again.',
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
  navbarLocationsError: "An error occurred while fetching locations and sites for navbar.",
  locationExistenceError: "An error occurred while checking location existence.",
  locationNotFound: "Location not found.",
  inviteAlreadyAccepted: "This user has already accepted the invitation.",
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageText = (typeof MESSAGES)[MessageKey];

const keyByText = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** The catalogue key of a product message, so a client can show it in the user's language. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return keyByText.get(text);
}
