import { z } from 'zod';
import {
  accountPreferencesSchema,
  currentUserDetailsSchema,
  type AccountPreferences,
  type CurrentUserDetails,
} from '@domain/account';
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
