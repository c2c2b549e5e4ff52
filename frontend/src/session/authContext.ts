import { createContext } from 'react';
import type { SignedInUser } from '../api/identity';

/**
 * - `loading`: the stored session is being read at start;
 * - `signedOut`: no identity tokens;
 * - `identityOnly`: the identity service signed the user in, but the portal has no server
 *   session for them (the logged-in flag is false: session limit reached);
 * - `signedIn`: tokens, a server session and the stored client state.
 */
export type AuthStatus = 'loading' | 'signedOut' | 'identityOnly' | 'signedIn';

/** Which login screen the user came through: it decides the landing and where logout goes. */
export type LoginVariant = 'normal' | 'helpdesk';

export interface CompleteSignInOptions {
  /** Default `normal`. */
  variant?: LoginVariant;
  /** Signed in through SSO: the session page gets the user's email, and no location means /login/redirect. */
  sso?: boolean;
}

/**
 * - `signedIn`: session created, client state stored, the user navigated on;
 * - `noPortalAccess`: the error toast was shown and the user logged out;
 * - `sessionLimit`: the user was sent to /login/sessions;
 * - `failed`: no identity tokens, or the account details could not be read; whatever was
 *   started was ended again and nothing was shown: the caller says what failed. Also an SSO
 *   account without locations: its session was ended and it was sent to /login/redirect.
 */
export type CompleteSignInResult = 'signedIn' | 'noPortalAccess' | 'sessionLimit' | 'failed';

/**
 * Why the session ends: `user` (the logout button) shows nothing; `sessionTimeout` (401/403,
 * no current user or invalid refresh token during use) an error toast for 15 s;
 * `noCurrentUser` (the portal opened on a stored session whose tokens are gone) the closable
 * variant for 30 s; `idle` for 60 s; `idleReopened` (the window came back after the idle
 * timeout had passed) for 15 s.
 */
/** `organisationDisabled`: the API ended the session because a super-administrator disabled the organisation (issue 16). */
export type LogoutReason = 'user' | 'sessionTimeout' | 'noCurrentUser' | 'idle' | 'idleReopened' | 'organisationDisabled';

export interface AuthContextValue {
  status: AuthStatus;
  /** The claims of the ID token; null when signed out. */
  user: SignedInUser | null;
  /**
   * Called by the login pages once the identity service says the user is signed in (the
   * tokens are in Amplify's store): checks portal access, creates the server session,
   * loads and stores the account, applies its language and navigates (SPEC sections 2, 4).
   */
  completeSignIn(options?: CompleteSignInOptions): Promise<CompleteSignInResult>;
  /** Ends the session: exactly once however many callers ask at the same time (SPEC section 4). */
  logout(options?: { reason?: LogoutReason }): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
