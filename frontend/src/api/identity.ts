import type { JWT, SignInOutput } from 'aws-amplify/auth';
import type { WebAppConfig } from '@domain/core/app-config';
import { LOGIN_MESSAGES } from '@domain/core/login-messages';
import { isRole, type Role } from '@domain/identity/roles';

/**
 * The identity service (Cognito, or its emulator locally), through Amplify Auth. The rest
 * of the app sees only these functions and `SignedInUser`, never Amplify itself.
 */

/** Who is signed in, from the claims of the ID token (SPEC section 3: claims read). */
export interface SignedInUser {
  email: string;
  /** `custom:role`; null when the claim is missing or not a known role. */
  role: Role | null;
  customerId: string | null;
  accountId: string | null;
  /** `custom:isPortalLogin`: only such accounts may use the portal (SPEC section 4). */
  portalAccess: boolean;
}

export interface IdentitySession {
  /** The API wants the ID token (its claims carry the role and the organisation). */
  idToken: string;
  user: SignedInUser;
}

/** Which login screen, hence which app client, a sign-in goes through (SPEC section 2). */
export type LoginVariant = 'normal' | 'helpdesk';

/** What the identity service wants next after a password, a new password or a code (SPEC section 4). */
export type SignInStep =
  | {
    kind: 'signedIn';
    user: SignedInUser | null;
    /** The `email_verified` claim: false only when the token says so. */
    emailVerified: boolean;
  }
  | { kind: 'newPasswordRequired' }
  | { kind: 'smsCode'; destination: string | null }
  /** The account was never confirmed (UserNotConfirmedException). */
  | { kind: 'confirmSignUp' }
  /** PasswordResetRequiredException: the password must be reset with an emailed code. */
  | { kind: 'resetPassword' }
  | { kind: 'unsupported'; step: string };

/** Cognito's errors, grouped by what the login screen does about them (SPEC section 8). */
export type IdentityErrorKind =
  | 'invalidCredentials'
  | 'codeMismatch'
  | 'expiredCode'
  | 'limitExceeded'
  /** Unused for 60 days: a pre-authentication refusal (SPEC section 4). */
  | 'dormant'
  /** The organisation was disabled by a super-administrator (issue 16): a post-authentication refusal. */
  | 'organisationDisabled'
  | 'userNotConfirmed'
  /** A new password the pool's policy refuses. */
  | 'invalidPassword'
  /** The user is in a state that cannot reset its password (temporary password not yet changed). */
  | 'resetNotAllowed'
  /** A 400 from the service about the request itself (no verified email, ...). */
  | 'invalidParameter'
  | 'other';

export class IdentityError extends Error {
  constructor(
    readonly kind: IdentityErrorKind,
    /** The service's own words, for the toasts that show "the message" (SPEC section 8). */
    message: string,
    /** The service's error name (CodeMismatchException, ...). */
    readonly code: string,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

const ERROR_KINDS: Record<string, IdentityErrorKind> = {
  NotAuthorizedException: 'invalidCredentials',
  UserNotFoundException: 'invalidCredentials',
  CodeMismatchException: 'codeMismatch',
  ExpiredCodeException: 'expiredCode',
  LimitExceededException: 'limitExceeded',
  TooManyRequestsException: 'limitExceeded',
  TooManyFailedAttemptsException: 'limitExceeded',
  PasswordResetRequiredException: 'dormant',
  UserNotConfirmedException: 'userNotConfirmed',
  InvalidPasswordException: 'invalidPassword',
  InvalidParameterException: 'invalidParameter',
};

// A pre-authentication trigger refuses a dormant account with UserLambdaValidationException;
// its message carries the spec's text (or at least says why).
const DORMANT_TEXT = /dormant|60 days|reset your password/i;

/** Cognito's answer, as an `IdentityError` the screens can act on. */
export function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error && error.message !== '' ? error.message : LOGIN_MESSAGES.genericError;
  if (name === 'UserLambdaValidationException') {
    if (message.includes(LOGIN_MESSAGES.organisationDisabled)) return new IdentityError('organisationDisabled', message, name);
    return new IdentityError(DORMANT_TEXT.test(message) ? 'dormant' : 'other', message, name);
  }
  // Resetting the password of a user who still holds a temporary one.
  if (name === 'NotAuthorizedException' && /current state|temporary/i.test(message)) {
    return new IdentityError('resetNotAllowed', message, name);
  }
  return new IdentityError(ERROR_KINDS[name] ?? 'other', message, name);
}

// ---------------------------------------------------------------------------------------------
// Configuration: both app clients, the one in use remembered across reloads.

type IdentityConfig = Pick<WebAppConfig, 'userPoolId' | 'portalClientId' | 'userPoolEndpoint'>
  & Partial<Pick<WebAppConfig, 'helpdeskClientId'>>;

/** Which app client the stored tokens belong to, so a reload finds them (cleared with the rest at logout). */
export const IDENTITY_CLIENT_STORAGE_KEY = 'identityClient';
const AUTH_KEY_PREFIX = 'CognitoIdentityServiceProvider';

let configured: IdentityConfig | null = null;
let activeVariant: LoginVariant = 'normal';

type AmplifyAuth = typeof import('aws-amplify/auth');
let amplifyCore: typeof import('aws-amplify') | null = null;
let amplifyAuth: Promise<AmplifyAuth> | null = null;

/**
 * Amplify is fetched when first needed (a sign-in, a stored session), not with the page: the
 * sign-in page shows without it (docs/performance.md). A failed fetch is tried again next time.
 */
function auth(): Promise<AmplifyAuth> {
  amplifyAuth ??= Promise.all([import('aws-amplify'), import('aws-amplify/auth')]).then(
    ([core, authModule]) => {
      amplifyCore = core;
      configureAmplify();
      return authModule;
    },
    (error: unknown) => {
      amplifyAuth = null;
      throw error;
    },
  );
  return amplifyAuth;
}

/** Points Amplify at the app client in use, once it is loaded (until then there is nothing to point). */
function configureAmplify(): void {
  if (amplifyCore === null || configured === null) return;
  amplifyCore.Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: configured.userPoolId,
        userPoolClientId: clientIdFor(configured, activeVariant),
        ...(configured.userPoolEndpoint ? { userPoolEndpoint: configured.userPoolEndpoint } : {}),
      },
    },
  });
}

/** Whether Amplify's token store holds anything for the app client in use (read without Amplify). */
function hasStoredTokens(): boolean {
  if (configured === null) return false;
  const prefix = `${AUTH_KEY_PREFIX}.${clientIdFor(configured, activeVariant)}.`;
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      if (window.localStorage.key(index)?.startsWith(prefix) === true) return true;
    }
    return false;
  } catch {
    // Storage unavailable: let Amplify decide.
    return true;
  }
}

function storedVariant(): LoginVariant {
  try {
    return window.localStorage.getItem(IDENTITY_CLIENT_STORAGE_KEY) === 'helpdesk' ? 'helpdesk' : 'normal';
  } catch {
    return 'normal';
  }
}

function clientIdFor(config: IdentityConfig, variant: LoginVariant): string {
  // A deployment without a helpdesk client signs helpdesk users in through the portal client.
  return variant === 'helpdesk' && config.helpdeskClientId ? config.helpdeskClientId : config.portalClientId;
}

function applyClient(variant: LoginVariant): string {
  if (configured === null) throw new Error('configureIdentity must run before any sign-in.');
  const userPoolClientId = clientIdFor(configured, variant);
  activeVariant = variant;
  configureAmplify();
  return userPoolClientId;
}

function rememberVariant(variant: LoginVariant): void {
  try {
    if (variant === 'helpdesk') window.localStorage.setItem(IDENTITY_CLIENT_STORAGE_KEY, variant);
    else window.localStorage.removeItem(IDENTITY_CLIENT_STORAGE_KEY);
  } catch {
    // Storage unavailable: the session then lasts for this page only.
  }
}

export function configureIdentity(config: IdentityConfig): void {
  configured = config;
  applyClient(storedVariant());
}

/** The app client the current (or last) sign-in went through. */
export function identityVariant(): LoginVariant {
  return activeVariant;
}

// ---------------------------------------------------------------------------------------------
// Tokens and the signed-in user.

function stringClaim(payload: JWT['payload'], name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

export function userFromIdToken(payload: JWT['payload']): SignedInUser | null {
  const email = stringClaim(payload, 'email');
  if (email === null) return null;
  const role = stringClaim(payload, 'custom:role');
  return {
    email,
    role: isRole(role) ? role : null,
    customerId: stringClaim(payload, 'custom:customerid'),
    accountId: stringClaim(payload, 'custom:accountinfoid'),
    portalAccess: stringClaim(payload, 'custom:isPortalLogin') === 'true',
  };
}

/** The current session, refreshed by Amplify when its tokens are due; null when signed out. */
export async function currentSession(): Promise<IdentitySession | null> {
  // Signed out with nothing stored: no need to fetch Amplify to say so.
  if (!hasStoredTokens()) return null;
  try {
    const { tokens } = await (await auth()).fetchAuthSession();
    const idToken = tokens?.idToken;
    if (idToken === undefined) return null;
    const user = userFromIdToken(idToken.payload);
    return user === null ? null : { idToken: idToken.toString(), user };
  } catch {
    return null;
  }
}

async function signedInStep(): Promise<SignInStep> {
  const { tokens } = await (await auth()).fetchAuthSession();
  const payload = tokens?.idToken?.payload;
  if (payload === undefined) return { kind: 'signedIn', user: null, emailVerified: true };
  const verified = payload['email_verified'];
  return {
    kind: 'signedIn',
    user: userFromIdToken(payload),
    emailVerified: verified !== false && verified !== 'false',
  };
}

async function stepOf(output: SignInOutput): Promise<SignInStep> {
  const { nextStep } = output;
  switch (nextStep.signInStep) {
    case 'DONE':
      return signedInStep();
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { kind: 'newPasswordRequired' };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return { kind: 'smsCode', destination: nextStep.codeDeliveryDetails?.destination ?? null };
    case 'CONFIRM_SIGN_UP':
      return { kind: 'confirmSignUp' };
    case 'RESET_PASSWORD':
      return { kind: 'resetPassword' };
    default:
      return { kind: 'unsupported', step: nextStep.signInStep };
  }
}

async function passwordSignIn(username: string, password: string): Promise<SignInOutput> {
  // The emulator has no SRP, so both runtimes use USER_PASSWORD_AUTH (ARCHITECTURE.md).
  return (await auth()).signIn({ username, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
}

async function signInAgainIfNeeded(username: string, password: string): Promise<SignInOutput> {
  try {
    return await passwordSignIn(username, password);
  } catch (error) {
    // A session left behind (another tab, an aborted sign-in) must not block a new one.
    if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
    await signOutOfIdentity();
    return passwordSignIn(username, password);
  }
}

/**
 * Username and password through the app client of the login screen (portal or helpdesk).
 * Throws an `IdentityError`; a wrong password is `invalidCredentials`.
 */
export async function startSignIn(username: string, password: string, variant: LoginVariant): Promise<SignInStep> {
  try {
    if (activeVariant !== variant) await signOutOfIdentity();
    applyClient(variant);
    rememberVariant(variant);
    return await stepOf(await signInAgainIfNeeded(username, password));
  } catch (error) {
    const identityError = toIdentityError(error);
    // The local emulator answers a wrong password with InvalidPasswordException, which
    // Cognito never sends to a sign-in.
    if (identityError.kind === 'invalidPassword') {
      throw new IdentityError('invalidCredentials', identityError.message, identityError.code);
    }
    throw identityError;
  }
}

/** NEW_PASSWORD_REQUIRED: the first-login password; may be followed by an SMS code. */
export async function completeNewPassword(newPassword: string): Promise<SignInStep> {
  try {
    return await stepOf(await (await auth()).confirmSignIn({ challengeResponse: newPassword }));
  } catch (error) {
    throw toIdentityError(error);
  }
}

/** SMS_MFA: the six-digit code sent by text. A wrong code is `codeMismatch` and may be retried. */
export async function confirmSmsCode(code: string): Promise<SignInStep> {
  try {
    return await stepOf(await (await auth()).confirmSignIn({ challengeResponse: code }));
  } catch (error) {
    throw toIdentityError(error);
  }
}

/** Forgot password and dormant accounts: emails a code to reset the password with. */
export async function requestPasswordReset(username: string): Promise<void> {
  try {
    await (await auth()).resetPassword({ username });
  } catch (error) {
    throw toIdentityError(error);
  }
}

export async function confirmPasswordReset(username: string, code: string, newPassword: string): Promise<void> {
  try {
    await (await auth()).confirmResetPassword({ username, confirmationCode: code, newPassword });
  } catch (error) {
    throw toIdentityError(error);
  }
}

/** UserNotConfirmed: the sign-up confirmation code. */
export async function confirmSignUpCode(username: string, code: string): Promise<void> {
  try {
    await (await auth()).confirmSignUp({ username, confirmationCode: code });
  } catch (error) {
    throw toIdentityError(error);
  }
}

export async function resendSignUpConfirmation(username: string): Promise<void> {
  try {
    await (await auth()).resendSignUpCode({ username });
  } catch (error) {
    throw toIdentityError(error);
  }
}

/** verifyEmail: sends a code to the signed-in user's email. */
export async function sendEmailVerificationCode(): Promise<void> {
  try {
    await (await auth()).sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
  } catch (error) {
    throw toIdentityError(error);
  }
}

export async function confirmEmailVerification(code: string): Promise<void> {
  try {
    await (await auth()).confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
  } catch (error) {
    throw toIdentityError(error);
  }
}

/**
 * Settings > Change Password: the identity service checks the current password (a wrong one
 * is `invalidCredentials`) and the pool's policy on the new one (`invalidPassword`).
 */
export async function changeOwnPassword(currentPassword: string, newPassword: string): Promise<void> {
  try {
    await (await auth()).updatePassword({ oldPassword: currentPassword, newPassword });
  } catch (error) {
    throw toIdentityError(error);
  }
}

// ---------------------------------------------------------------------------------------------
// SSO: tokens from the hosted sign-in, kept where Amplify's token store reads them.

export interface FederatedTokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string | null;
}

/** The claims of a JWT, without checking it (the API and Amplify check what they use). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (part === undefined) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Stores the tokens of an SSO sign-in as Amplify's default token store would
 * (`CognitoIdentityServiceProvider.<clientId>.<username>.<token>` and `.LastAuthUser` in
 * localStorage; Amplify v6 has no public setter), so `currentSession()` and token refresh
 * work as after a password sign-in. The username is the access token's `username` claim, as
 * Amplify's own OAuth completion uses.
 */
export function storeFederatedTokens(tokens: FederatedTokens, variant: LoginVariant = 'normal'): void {
  const clientId = applyClient(variant);
  rememberVariant(variant);
  const access = decodeJwtPayload(tokens.accessToken);
  const id = decodeJwtPayload(tokens.idToken);
  const claim = (payload: Record<string, unknown> | null, name: string) =>
    typeof payload?.[name] === 'string' && payload[name] !== '' ? (payload[name] as string) : null;
  const username = claim(access, 'username') ?? claim(id, 'cognito:username') ?? 'username';
  const issuedAt = typeof access?.['iat'] === 'number' ? access['iat'] * 1000 : 0;
  const clockDrift = issuedAt > 0 ? issuedAt - Date.now() : 0;
  const prefix = `${AUTH_KEY_PREFIX}.${clientId}`;
  const storage = window.localStorage;
  storage.setItem(`${prefix}.LastAuthUser`, username);
  storage.setItem(`${prefix}.${username}.accessToken`, tokens.accessToken);
  storage.setItem(`${prefix}.${username}.idToken`, tokens.idToken);
  if (tokens.refreshToken) storage.setItem(`${prefix}.${username}.refreshToken`, tokens.refreshToken);
  else storage.removeItem(`${prefix}.${username}.refreshToken`);
  storage.setItem(`${prefix}.${username}.clockDrift`, String(clockDrift));
}

/** Ends the session with the identity service; the local tokens are dropped even if that call fails. */
export async function signOutOfIdentity(): Promise<void> {
  try {
    await (await auth()).signOut();
  } catch {
    // Amplify clears its token store before revoking; nothing more to do offline.
  }
}
