import { ORGANISATION_WRITERS, ROLES, type Role } from '@domain/identity/roles';

export type SettingsPageId = 'profile' | 'dashboard' | 'password' | 'translations' | 'sessions' | 'help';

/** The pages of Settings and who may open them (the routes' guards read the same list). */
export const SETTINGS_PAGES: readonly { id: SettingsPageId; path: string; roles: readonly Role[] }[] = [
  { id: 'profile', path: '/app/settings/profile', roles: ROLES },
  { id: 'dashboard', path: '/app/settings/dashboard', roles: ROLES },
  { id: 'password', path: '/app/settings/password', roles: ROLES },
  { id: 'translations', path: '/app/settings/translations', roles: ORGANISATION_WRITERS },
  { id: 'sessions', path: '/app/sessions', roles: ROLES },
  { id: 'help', path: '/app/help', roles: ROLES },
];
