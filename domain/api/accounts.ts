import { accountPreferencesPatchSchema, accountPreferencesSchema, currentUserDetailsSchema, lastSelectedLocationSchema, selfProfileUpdateSchema } from '../identity/account';
import { contract, SIGNED_IN } from './contract';

/** The contracts of lambdas/accounts/routes.ts (docs/adding-a-route.md). */
export const ACCOUNT_ROUTES = {
  getMe: contract({
    method: 'GET', path: '/account/me', roles: SIGNED_IN, session: 'optional', summary: 'Current user details', response: currentUserDetailsSchema,
  }),
  getFindById: contract({
    method: 'GET', path: '/account/find/{email}', roles: SIGNED_IN, summary: 'An account by email (mine; any of the organisation for administrators)', response: currentUserDetailsSchema,
  }),
  getPreferencesById: contract({
    method: 'GET', path: '/account/preferences/{accountId}', roles: SIGNED_IN, summary: "An account's module and feature preferences", response: accountPreferencesSchema,
  }),
  postPreferences: contract({
    method: 'POST', path: '/account/preferences', roles: SIGNED_IN, personalSetting: true, summary: 'Save my preferences', body: accountPreferencesPatchSchema, response: accountPreferencesSchema,
  }),
  putPreferences: contract({
    method: 'PUT', path: '/account/preferences', roles: SIGNED_IN, personalSetting: true, summary: 'Update my preferences', body: accountPreferencesPatchSchema, response: accountPreferencesSchema,
  }),
  putUsersAccountById: contract({
    method: 'PUT', path: '/users/account/{email}', roles: SIGNED_IN, organisationWide: true, session: 'optional', summary: 'Update a profile (mine; for administrators one of the organisation whose role they may give). A new email is taken once the identity verified it', body: selfProfileUpdateSchema,
  }),
  getUsersPortallastselectedlocation: contract({
    method: 'GET', path: '/users/portallastselectedlocation', roles: SIGNED_IN, summary: 'The location and site last selected in the portal', response: lastSelectedLocationSchema,
  }),
  putUsersPortallastselectedlocation: contract({
    method: 'PUT', path: '/users/portallastselectedlocation', roles: SIGNED_IN, personalSetting: true, summary: 'Save the location and site selected in the portal', body: lastSelectedLocationSchema, response: lastSelectedLocationSchema,
  }),
} as const;
