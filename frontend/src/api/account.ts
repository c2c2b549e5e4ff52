import { z } from 'zod';
import { ACCOUNT_ROUTES } from '@domain/api/accounts';
import { IDENTITY_ADMIN_ROUTES } from '@domain/api/identity-admin';
import type { AccountPreferences, CurrentUserDetails } from '@domain/identity/account';
import { call } from './client';

/** GET account/me: the signed-in user's details (SPEC section 3 "Current user details"). */
export function fetchCurrentUserDetails(): Promise<CurrentUserDetails> {
  return call(ACCOUNT_ROUTES.getMe);
}

/** GET account/preferences/{accountId}. */
export function fetchAccountPreferences(accountId: string): Promise<AccountPreferences> {
  return call(ACCOUNT_ROUTES.getPreferencesById, { params: { accountId } });
}

const ownProfilePatchSchema = z.object({ lang: z.enum(['en', 'fr', 'es']).optional() });

/** PUT users/account/{email}: the user's own profile (here: the language they chose). */
export async function saveOwnProfile(email: string, patch: z.infer<typeof ownProfilePatchSchema>): Promise<void> {
  await call(ACCOUNT_ROUTES.putUsersAccountById, { params: { email }, body: ownProfilePatchSchema.parse(patch) });
}

/**
 * After a first-login new password (SPEC section 4), the spec's two calls: the identity's email
 * attributes (`PUT cognito/{name}`) and the account marked active with its email verified
 * (`PUT users/account/{email}`). The server takes neither flag from the browser: the invitation
 * made the email verified, and the account's flags follow the identity service's state. Both
 * serve tokens that have not opened a session yet.
 */
export async function completeFirstLogin(email: string): Promise<void> {
  await call(IDENTITY_ADMIN_ROUTES.update, {
    params: { name: email },
    body: { name: email, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] },
  });
  await call(ACCOUNT_ROUTES.putUsersAccountById, { params: { email }, body: { isactive: 1, isEmailVerified: 1 } });
}

/**
 * Settings > Profile: a new email for the signed-in user (`PUT cognito/{name}`). The identity
 * service sends a code to the new address; the old one stays the account's until the code is
 * verified (`confirmEmailVerification`). An address another account holds is refused (409).
 */
export async function requestEmailChange(currentEmail: string, newEmail: string): Promise<void> {
  await call(IDENTITY_ADMIN_ROUTES.update, {
    params: { name: currentEmail },
    body: { UserAttributes: [{ Name: 'email', Value: newEmail }] },
  });
}

/** Once the identity service verified the new address: the account takes it (`PUT users/account/{email}`). */
export async function saveVerifiedEmail(currentEmail: string, newEmail: string): Promise<void> {
  await call(ACCOUNT_ROUTES.putUsersAccountById, { params: { email: currentEmail }, body: { email: newEmail } });
}
