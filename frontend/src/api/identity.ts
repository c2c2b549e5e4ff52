import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut, type JWT, type SignInOutput } from 'aws-amplify/auth';
import type { WebAppConfig } from '@domain/app-config';
import { isRole, type Role } from '@domain/roles';

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

export type SignInOutcome =
  | { status: 'signedIn'; user: SignedInUser }
  | { status: 'invalidCredentials' }
  | { status: 'noPortalAccess' }
  /** A challenge (new password, SMS code, ...) that this version of the portal does not offer yet. */
  | { status: 'stepNotAvailable'; step: string }
  | { status: 'failed' };

export function configureIdentity(
  config: Pick<WebAppConfig, 'userPoolId' | 'portalClientId' | 'userPoolEndpoint'>,
): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.portalClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
}

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
  try {
    const { tokens } = await fetchAuthSession();
    const idToken = tokens?.idToken;
    if (idToken === undefined) return null;
    const user = userFromIdToken(idToken.payload);
    return user === null ? null : { idToken: idToken.toString(), user };
  } catch {
    return null;
  }
}

// Cognito answers a wrong password or an unknown user with NotAuthorizedException (or
// UserNotFoundException); the local emulator answers a wrong password with
// InvalidPasswordException, which sign-in never meets otherwise.
const INVALID_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);

async function passwordSignIn(username: string, password: string): Promise<SignInOutput> {
  // The emulator has no SRP, so both runtimes use USER_PASSWORD_AUTH (ARCHITECTURE.md).
  return signIn({ username, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
}

export async function signInWithPassword(username: string, password: string): Promise<SignInOutcome> {
  try {
    let result: SignInOutput;
    try {
      result = await passwordSignIn(username, password);
    } catch (error) {
      // A session left behind (another tab, an aborted sign-in) must not block a new one.
      if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
      await signOutOfIdentity();
      result = await passwordSignIn(username, password);
    }
    if (!result.isSignedIn) return { status: 'stepNotAvailable', step: result.nextStep.signInStep };
    const session = await currentSession();
    if (session === null) return { status: 'failed' };
    if (!session.user.portalAccess) {
      await signOutOfIdentity();
      return { status: 'noPortalAccess' };
    }
    return { status: 'signedIn', user: session.user };
  } catch (error) {
    if (error instanceof Error && INVALID_CREDENTIALS.has(error.name)) return { status: 'invalidCredentials' };
    return { status: 'failed' };
  }
}

/** Ends the session with the identity service; the local tokens are dropped even if that call fails. */
export async function signOutOfIdentity(): Promise<void> {
  try {
    await signOut();
  } catch {
    // Amplify clears its token store before revoking; nothing more to do offline.
  }
}
