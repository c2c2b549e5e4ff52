import useSWR, { type SWRResponse } from 'swr';
import { z } from 'zod';
import {
  dashboardPreferencesSchema,
  translationOverridesSchema,
  type DashboardPreferences,
  type ProfileSettings,
  type TranslationOverrides,
} from '@domain/identity/settings';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

const storedOverridesSchema = z.object({
  overrides: translationOverridesSchema,
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type StoredOverrides = z.infer<typeof storedOverridesSchema>;

export const TRANSLATIONS_KEY = 'translations';
export const DASHBOARD_PREFERENCES_KEY = 'account/dashboardpreferences';

/** GET translations: the organisation's own texts (after sign-in). */
export function useTranslationOverrides(enabled = true): SWRResponse<StoredOverrides, ApiError> {
  return useSWR<StoredOverrides, ApiError, string | null>(enabled ? TRANSLATIONS_KEY : null,
    () => apiFetchAs(storedOverridesSchema, '/translations'), { revalidateOnFocus: false });
}

export function saveTranslationOverrides(overrides: TranslationOverrides): Promise<StoredOverrides> {
  return apiFetchAs(storedOverridesSchema, '/translations', { method: 'PUT', body: overrides });
}

export function resetTranslationOverrides(): Promise<StoredOverrides> {
  return apiFetchAs(storedOverridesSchema, '/translations', { method: 'DELETE' });
}

export function useDashboardPreferences(): SWRResponse<DashboardPreferences, ApiError> {
  return useSWR<DashboardPreferences, ApiError, string>(DASHBOARD_PREFERENCES_KEY,
    () => apiFetchAs(dashboardPreferencesSchema, '/account/dashboardpreferences'));
}

export function saveDashboardPreferences(preferences: DashboardPreferences): Promise<DashboardPreferences> {
  return apiFetchAs(dashboardPreferencesSchema, '/account/dashboardpreferences', { method: 'PUT', body: preferences });
}

/** PUT users/account/{email}: the user's own profile settings. */
export async function saveProfileSettings(email: string, profile: ProfileSettings): Promise<void> {
  await apiFetch(`/users/account/${encodeURIComponent(email)}`, { method: 'PUT', body: profile });
}

/** SPEC section 7: "audit entries are posted for password update". */
export async function recordPasswordUpdate(): Promise<void> {
  await apiFetch('/auditreport', { method: 'PUT', body: { action: 'passwordUpdate' } });
}
