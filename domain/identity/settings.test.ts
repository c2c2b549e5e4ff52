import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selfProfileUpdateSchema } from './account';
import { MESSAGES } from '../core/messages';
import {
  changePasswordSchema,
  dashboardPreferencesSchema,
  placeholdersOf,
  profileSettingsSchema,
  translationFileProblem,
  translationOverridesSchema,
} from './settings';

const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('change password (SPEC section 5: min 8, confirmation matches, current password valid)', () => {
  const valid = { currentPassword: 'Old#2026pass', newPassword: 'New#2026pass', confirmPassword: 'New#2026pass' };

  it('takes a current password and a new one confirmed', () => {
    expect(changePasswordSchema.safeParse(valid).success).toBe(true);
  });

  it('asks for the current password', () => {
    expect(messages(changePasswordSchema.safeParse({ ...valid, currentPassword: '' }))).toEqual({ currentPassword: MESSAGES.currentPasswordRequired });
  });

  it('refuses fewer than 8 characters, and a password without the required kinds of characters', () => {
    expect(messages(changePasswordSchema.safeParse({ ...valid, newPassword: 'N#1a', confirmPassword: 'N#1a' })).newPassword).toBe(MESSAGES.passwordMin8);
    expect(messages(changePasswordSchema.safeParse({ ...valid, newPassword: 'newpassword', confirmPassword: 'newpassword' })).newPassword)
      .toBe(MESSAGES.passwordComplexity);
  });

  it('refuses a confirmation that differs, on the confirmation', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }), (confirm) => {
      fc.pre(confirm !== valid.newPassword);
      expect(messages(changePasswordSchema.safeParse({ ...valid, confirmPassword: confirm })).confirmPassword).toBe(MESSAGES.newPasswordMismatch);
    }));
  });

  it('refuses the current password as the new one', () => {
    expect(messages(changePasswordSchema.safeParse({ ...valid, currentPassword: valid.newPassword })).newPassword).toBe(MESSAGES.samePassword);
  });
});

describe('profile settings', () => {
  const valid = { firstname: 'Ada', lastname: 'Lovelace', phone: '', timezone: 'Europe/Paris', lang: 'fr', uom: 'F' } as const;

  it('takes a name, an optional phone kept without separators, a known time zone, a language and a unit', () => {
    expect(profileSettingsSchema.parse({ ...valid, phone: '+1 (555) 123-4567' })).toEqual({ ...valid, phone: '+15551234567' });
    expect(profileSettingsSchema.parse(valid).phone).toBe('');
  });

  it('refuses an invalid phone, an unknown time zone and a missing name with the messages', () => {
    expect(messages(profileSettingsSchema.safeParse({ ...valid, phone: '12345' }))).toEqual({ phone: MESSAGES.phoneInvalid });
    expect(messages(profileSettingsSchema.safeParse({ ...valid, timezone: 'Mars/Olympus' }))).toEqual({ timezone: MESSAGES.timezoneInvalid });
    expect(messages(profileSettingsSchema.safeParse({ ...valid, firstname: ' ' }))).toEqual({ firstname: MESSAGES.firstNameRequired });
  });

  it('is what the self-profile call accepts too', () => {
    expect(selfProfileUpdateSchema.safeParse({ phone: '+44 12345' }).success).toBe(false);
    expect(selfProfileUpdateSchema.parse({ phone: '+44 7700900123' }).phone).toBe('+447700900123');
    expect(selfProfileUpdateSchema.safeParse({ timezone: 'Nowhere/Land' }).success).toBe(false);
  });
});

describe('dashboard preferences', () => {
  it('takes known panels, each once, and a default view or none', () => {
    expect(dashboardPreferencesSchema.parse({ panels: ['systemHealth', 'systemHealth'], defaultUserViewId: null }))
      .toEqual({ panels: ['systemHealth'], defaultUserViewId: null });
    expect(dashboardPreferencesSchema.safeParse({ panels: ['unknown'], defaultUserViewId: null }).success).toBe(false);
    expect(dashboardPreferencesSchema.parse({ panels: ['checklistExceptions', 'repeatAlarms'], defaultUserViewId: null }))
      .toEqual({ panels: ['checklistExceptions', 'repeatAlarms'], defaultUserViewId: null });
  });
});

describe('translation CSV', () => {
  it('accepts only .csv files (SPEC section 5)', () => {
    expect(translationFileProblem({ name: 'translation.csv', size: 10 })).toBeUndefined();
    expect(translationFileProblem({ name: 'TRANSLATION.CSV', size: 10 })).toBeUndefined();
    for (const name of ['translation.xlsx', 'translation.csv.txt', 'translation', 'csv']) {
      expect(translationFileProblem({ name, size: 10 })).toBe(MESSAGES.translationCsvOnly);
    }
    expect(translationFileProblem({ name: 'big.csv', size: 2 * 1024 * 1024 })).toBe(MESSAGES.translationCsvTooLarge);
  });

  it('keeps overrides keyed by catalogue paths only', () => {
    expect(translationOverridesSchema.parse({ fr: { 'nav.dashboard': 'Accueil' } })).toEqual({ en: {}, fr: { 'nav.dashboard': 'Accueil' }, es: {} });
    expect(translationOverridesSchema.safeParse({ fr: { 'not a key': 'x' } }).success).toBe(false);
    expect(translationOverridesSchema.safeParse({ fr: { nav: 'x' } }).success).toBe(false);
  });

  it('finds the placeholders a text must keep', () => {
    expect(placeholdersOf('Delete {{name}} from {{ site }}?')).toEqual(['name', 'site']);
    expect(placeholdersOf('No placeholder')).toEqual([]);
  });
});
