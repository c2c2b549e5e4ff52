import * as z from 'zod';
import { newPasswordSchema } from './login';
import { MESSAGES } from '../core/messages';
import { isTimeZone } from '../organisation/site';
import { isValidPhone, normalisePhone } from './user';

/**
 * Settings (SPEC section 2: Settings, Profile Settings, Dashboard Preferences, Change
 * Password; section 5: password change rules; section 9: the translation CSV).
 */

/** Profile settings: the user's own name, phone, time zone, language and unit of measure. */
export const profileSettingsSchema = z.object({
  firstname: z.string().trim().min(1, { error: MESSAGES.firstNameRequired }).max(100, { error: MESSAGES.fieldTooLong }),
  lastname: z.string().trim().min(1, { error: MESSAGES.lastNameRequired }).max(100, { error: MESSAGES.fieldTooLong }),
  /** Empty, or a phone number with its country code and 10 digits (stored without separators). */
  phone: z.string().trim().overwrite(normalisePhone).refine((phone) => phone === '' || isValidPhone(phone), { error: MESSAGES.phoneInvalid }),
  timezone: z.string().refine(isTimeZone, { error: MESSAGES.timezoneInvalid }),
  lang: z.enum(['en', 'fr', 'es']),
  uom: z.enum(['C', 'F']),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
export type ProfileSettingsFormValues = z.input<typeof profileSettingsSchema>;

/**
 * Change password (SPEC section 5: "min 8, confirmation matches, current password valid"):
 * the current password is checked by the identity service; the new one follows the same
 * rules as every password the user chooses, and must differ from the current one.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: MESSAGES.currentPasswordRequired }),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, { error: MESSAGES.passwordRequired }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: MESSAGES.newPasswordMismatch,
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | undefined;
      return typeof value?.newPassword === 'string' && typeof value.confirmPassword === 'string' && value.confirmPassword !== '';
    },
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    error: MESSAGES.samePassword,
    path: ['newPassword'],
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; currentPassword?: unknown } | undefined;
      return typeof value?.newPassword === 'string' && typeof value.currentPassword === 'string' && value.currentPassword !== '';
    },
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * Dashboard preferences (SPEC section 2, the dashboard of section 2: system health, alarm
 * dashboard, insight dashboard, top assets in alarm, repeat-alarm and checklist exception
 * views, user views): which panels the dashboard shows, and the user view it opens with.
 */
export const DASHBOARD_PANELS = [
  'systemHealth',
  'alarmDashboard',
  'insightDashboard',
  'topAssetsInAlarm',
  'repeatAlarms',
  'checklistExceptions',
] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];

export const dashboardPreferencesSchema = z.object({
  panels: z.array(z.enum(DASHBOARD_PANELS)).max(DASHBOARD_PANELS.length).transform((panels) => [...new Set(panels)]),
  /** The user view the dashboard opens with; null for all the user's sites. */
  defaultUserViewId: z.string().min(1).max(100).nullable(),
});
export type DashboardPreferences = z.infer<typeof dashboardPreferencesSchema>;
export const DEFAULT_DASHBOARD_PREFERENCES: DashboardPreferences = { panels: [...DASHBOARD_PANELS], defaultUserViewId: null };

/** SPEC section 9: the exported catalogue is named translation.csv. */
export const TRANSLATION_CSV_NAME = 'translation.csv';
export const TRANSLATION_CSV_COLUMNS = ['key', 'en', 'fr', 'es'] as const;
export const TRANSLATION_CSV_MAX_BYTES = 1024 * 1024;
export const TRANSLATION_TEXT_MAX = 2000;
export const TRANSLATION_MAX_KEYS = 5000;

/** SPEC section 5: "translation CSV import accepts only .csv files". */
export function translationFileProblem(file: { name: string; size: number }): string | undefined {
  if (!/\.csv$/i.test(file.name.trim())) return MESSAGES.translationCsvOnly;
  if (file.size > TRANSLATION_CSV_MAX_BYTES) return MESSAGES.translationCsvTooLarge;
  return undefined;
}

/** A catalogue key: dotted path of names (`securityGroups.title`). */
const catalogueKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/).max(200);
const overridesOfLanguage = z.record(catalogueKey, z.string().max(TRANSLATION_TEXT_MAX))
  .refine((texts) => Object.keys(texts).length <= TRANSLATION_MAX_KEYS, { error: MESSAGES.translationCsvTooLarge })
  .meta({ maxProperties: TRANSLATION_MAX_KEYS });

/** The organisation's overrides of the catalogue texts, per language (what an import saves). */
export const translationOverridesSchema = z.object({
  en: overridesOfLanguage.default({}),
  fr: overridesOfLanguage.default({}),
  es: overridesOfLanguage.default({}),
});
export type TranslationOverrides = z.infer<typeof translationOverridesSchema>;
export const EMPTY_TRANSLATION_OVERRIDES: TranslationOverrides = { en: {}, fr: {}, es: {} };

/** `{{name}}`-style placeholders of a text, sorted: an override must keep the catalogue's. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** PUT auditreport (SPEC section 7: "audit entries are posted for password update, ..."): the actions the portal records. */
export const AUDIT_REPORT_ACTIONS = ['passwordUpdate'] as const;
export const auditReportInputSchema = z.object({ action: z.enum(AUDIT_REPORT_ACTIONS) });
