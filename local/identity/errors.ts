import { cognitoLocal } from './cognito-local';

/**
 * Errors as Cognito answers them: cognito-local's server turns a `CognitoError` into a 400
 * with `{"__type": <code>, "message": <message>}`, which the AWS SDK raises as an exception
 * named `<code>`. Messages are the ones Cognito sends, where known.
 */
export function cognitoError(code: string, message: string): Error {
  const { CognitoError } = cognitoLocal().errors;
  return new CognitoError(code, message);
}

export const MESSAGES = {
  incorrectCredentials: 'Incorrect username or password.',
  userDisabled: 'User is disabled.',
  userNotConfirmed: 'User is not confirmed.',
  passwordResetRequired: 'Password reset required for the user',
  invalidSession: 'Invalid session for the user.',
  expiredSession: 'Invalid session for the user, session is expired.',
  invalidRefreshToken: 'Invalid Refresh Token',
  revokedRefreshToken: 'Refresh Token has been revoked',
  expiredRefreshToken: 'Refresh Token has expired',
  invalidAccessToken: 'Invalid Access Token',
  revokedAccessToken: 'Access Token has been revoked',
  expiredAccessToken: 'Access Token has expired',
  mfaCodeMismatch: 'Invalid code or auth state for the user.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  expiredCode: 'Invalid code provided, please request a code again.',
  userDoesNotExist: 'User does not exist.',
  usernameClientNotFound: 'Username/client id combination not found.',
} as const;

export const notAuthorized = (message: string) => cognitoError('NotAuthorizedException', message);
export const invalidParameter = (message: string) => cognitoError('InvalidParameterException', message);
export const userNotFound = (message: string = MESSAGES.userDoesNotExist) => cognitoError('UserNotFoundException', message);
export const codeMismatch = (message: string = MESSAGES.codeMismatch) => cognitoError('CodeMismatchException', message);
export const expiredCode = () => cognitoError('ExpiredCodeException', MESSAGES.expiredCode);
export const missingParameter = (name: string) => invalidParameter(`Missing required parameter ${name}`);
