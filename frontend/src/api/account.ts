import { z } from 'zod';
import {
  accountPreferencesSchema,
  currentUserDetailsSchema,
  type AccountPreferences,
  type CurrentUserDetails,
} from '@domain/identity/account';
import { apiFetch, apiFetchAs } from './apiFetch';

/** GET account/me: the signed-in user's details (SPEC section 3 "Current user details"). */
export function fetchCurrentUserDetails(): Promise<CurrentUserDetails> {
  return apiFetchAs(currentUserDetailsSchema, '/account/me');
}

/** GET account/preferences/{accountId}. */
export function fetchAccountPreferences(accountId: string): Promise<AccountPreferences> {
  return apiFetchAs(accountPreferencesSchema, `/account/preferences/${encodeURIComponent(accountId)}`);
}

const ownProfilePatchSchema = z.object({ lang: z.enum(['en', 'fr', 'es']).optional() });

/** PUT users/account/{email}: the user's own profile (here: the language they chose). */
export async function saveOwnProfile(email: string, patch: z.infer<typeof ownProfilePatchSchema>): Promise<void> {
  await apiFetch(`/users/account/${encodeURIComponent(email)}`, { method: 'PUT', body: ownProfilePatchSchema.parse(patch) });
}

/**
 * After a first-login new password (SPEC section 4), the spec's two calls: the identity's email
 * attributes (`PUT cognito/{name}`) and the account marked active with its email verified
 * (`PUT users/account/{email}`). The server takes neither flag from the browser: the invitation
 * made the email verified, and the account's flags follow the identity service's state. Both
 * serve tokens that have not opened a session yet.
 */
export async function completeFirstLogin(email: string): Promise<void> {
  const name = encodeURIComponent(email);
  await apiFetch(`/cognito/${name}`, {
    method: 'PUT',
    body: { name: email, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] },
  });
  await apiFetch(`/users/account/${name}`, { method: 'PUT', body: { isactive: 1, isEmailVerified: 1 } });
}

/**
 * Settings > Profile: a new email for the signed-in user (`PUT cognito/{name}`). The identity
 * service sends a code to the new address; the old one stays the account's until the code is
 * verified (`confirmEmailVerification`). An address another account holds is refused (409).
 */
export async function requestEmailChange(currentEmail: string, newEmail: string): Promise<void> {
  await apiFetch(`/cognito/${encodeURIComponent(currentEmail)}`, {
    method: 'PUT',
    body: { UserAttributes: [{ Name: 'email', Value: newEmail }] },
  });
}

/** Once the identity service verified the new address: the account takes it (`PUT users/account/{email}`). */
export async function saveVerifiedEmail(currentEmail: string, newEmail: string): Promise<void> {
  await apiFetch(`/users/account/${encodeURIComponent(currentEmail)}`, { method: 'PUT', body: { email: newEmail } });
}
