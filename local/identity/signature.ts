import { sha256Hex, verifyHeaderSignature, type Credentials, type ReceivedRequest, type SignatureFault } from '../sigv4';

/**
 * Cognito's operations that take no AWS credentials: what a browser or app calls, with an
 * access token, a session or nothing. Every other operation (the `Admin*` ones, `ListUsers`,
 * the pool and client management) is an IAM-signed call on AWS, and locally too: it must be
 * signed (Signature Version 4) with the local credentials the local runner gives the handlers.
 */
export const UNSIGNED_OPERATIONS: ReadonlySet<string> = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

export type { Credentials } from '../sigv4';

export interface SignedRequest extends ReceivedRequest {
  body: Buffer;
}

/** Why a request is refused, as AWS names it (`__type`) and says it. */
export interface SignatureProblem { code: string; message: string }

const COGNITO_CODES: Record<SignatureFault, string> = {
  missing: 'MissingAuthenticationTokenException',
  unknownKey: 'UnrecognizedClientException',
  malformed: 'IncompleteSignatureException',
  mismatch: 'InvalidSignatureException',
  skewed: 'InvalidSignatureException',
  expired: 'InvalidSignatureException',
};

/**
 * Why a request is not signed with `credentials` (Signature Version 4 in its
 * `Authorization` header, local/sigv4.ts), or undefined when it is: the signature is computed
 * again from the request as received and compared, and its time must be within 15 minutes of
 * now.
 */
export function signatureProblem(request: SignedRequest, credentials: Credentials, now = Date.now()): SignatureProblem | undefined {
  const check = verifyHeaderSignature(request, credentials, { payloadHash: sha256Hex(request.body), path: 'normalized', now });
  if (check.ok) return undefined;
  return { code: COGNITO_CODES[check.fault], message: check.message };
}

/**
 * The operations the web app (Amplify Auth) calls, the only ones the portal's `/cognito`
 * forwards to the identity service: signing in and its challenges, tokens, the user's own
 * record, codes, password changes, attribute verification and signing out.
 */
export const BROWSER_OPERATIONS: ReadonlySet<string> = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'GetUser',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'UpdateUserAttributes',
  'ChangePassword',
  'GlobalSignOut',
  'RevokeToken',
]);
