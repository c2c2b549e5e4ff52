import { useContext } from 'react';
import type { SignedInUser } from '../api/identity';
import { AuthContext, type AuthContextValue } from './authContext';

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth needs an <AuthProvider> above it.');
  return value;
}

/** The signed-in user and their claims; only for screens behind the sign-in guard. */
export function useCurrentUser(): SignedInUser {
  const { user } = useAuth();
  if (user === null) throw new Error('useCurrentUser is only for screens behind the sign-in guard.');
  return user;
}
