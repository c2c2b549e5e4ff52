import useSWR, { type SWRResponse } from 'swr';
import type { z } from 'zod';
import { ACCOUNT_ROUTES } from '@domain/api/accounts';
import { SETTINGS_ROUTES, type translationsResponse } from '@domain/api/settings';
import type { DashboardPreferences, ProfileSettings, TranslationOverrides } from '@domain/identity/settings';
import type { ApiError } from './ApiError';
import { call } from './client';

export type StoredOverrides = z.infer<typeof translationsResponse>;

export const TRANSLATIONS_KEY = 'translations';
export const DASHBOARD_PREFERENCES_KEY = 'account/dashboardpreferences';

/** GET translations: the organisation's own texts (after sign-in). */
export function useTranslationOverrides(enabled = true): SWRResponse<StoredOverrides, ApiError> {
  return useSWR<StoredOverrides, ApiError, string | null>(enabled ? TRANSLATIONS_KEY : null,
    () => call(SETTINGS_ROUTES.get), { revalidateOnFocus: false });
}

export function saveTranslationOverrides(overrides: TranslationOverrides): Promise<StoredOverrides> {
  return call(SETTINGS_ROUTES.put, { body: overrides });
}

export function resetTranslationOverrides(): Promise<StoredOverrides> {
  return call(SETTINGS_ROUTES.remove);
}

export function useDashboardPreferences(): SWRResponse<DashboardPreferences, ApiError> {
  return useSWR<DashboardPreferences, ApiError, string>(DASHBOARD_PREFERENCES_KEY,
    () => call(SETTINGS_ROUTES.getAccountDashboardpreferences));
}

export function saveDashboardPreferences(preferences: DashboardPreferences): Promise<DashboardPreferences> {
  return call(SETTINGS_ROUTES.putAccountDashboardpreferences, { body: preferences });
}

/** PUT users/account/{email}: the user's own profile settings. */
export async function saveProfileSettings(email: string, profile: ProfileSettings): Promise<void> {
  await call(ACCOUNT_ROUTES.putUsersAccountById, { params: { email }, body: profile });
}

/** SPEC section 7: "audit entries are posted for password update". */
export async function recordPasswordUpdate(): Promise<void> {
  await call(SETTINGS_ROUTES.putAuditreport, { body: { action: 'passwordUpdate' } });
}
