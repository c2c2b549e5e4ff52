import { createContext } from 'react';
import type { SignedInUser, SignInOutcome } from '../../api/identity';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  user: SignedInUser | null;
  signIn(username: string, password: string): Promise<SignInOutcome>;
  /** Ends the session and clears what the browser stored for it. */
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
