import { accountSummarySchema, customerGroupSchema, inviteInputSchema, sendOtpInputSchema, sendOtpResultSchema, userDetailSchema, userInputSchema, userMfaInputSchema, userRoleSchema, userSchema, userStatusInputSchema, verifyOtpInputSchema } from '../identity/user';
import { contract, SIGNED_IN, USER_ADMINISTRATORS } from './contract';
import * as z from 'zod';

/** The contracts of lambdas/users/routes.ts (docs/adding-a-route.md). */
export const USER_ROUTES = {
  list: contract({
    method: 'GET', path: '/users', roles: USER_ADMINISTRATORS, summary: "The organisation's users (never superadmin accounts); status=invited or unverifiedEmail narrows it", response: userSchema, paginated: true,
  }),
  getInvitations: contract({
    method: 'GET', path: '/users/invitations', roles: USER_ADMINISTRATORS, summary: 'Pending invitations', response: userSchema, paginated: true,
  }),
  getListwithunverifiedemail: contract({
    method: 'GET', path: '/users/listwithunverifiedemail', roles: USER_ADMINISTRATORS, summary: 'Users whose email is not verified', response: userSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/users', roles: USER_ADMINISTRATORS, organisationWide: true, summary: 'Add a user (the identity service emails the invitation with a temporary password)', body: userInputSchema, response: userSchema,
  }),
  postInvite: contract({
    method: 'POST', path: '/users/invite', roles: USER_ADMINISTRATORS, organisationWide: true, summary: 'Invite a user: user type, customer group, sites and module flags', body: inviteInputSchema, response: userSchema,
  }),
  get: contract({
    method: 'GET', path: '/users/{id}', roles: USER_ADMINISTRATORS, summary: 'A user; fetchSharedLocs=true adds the shared locations (accepted ones)', response: userDetailSchema,
  }),
  update: contract({
    method: 'PUT', path: '/users/{id}', roles: USER_ADMINISTRATORS, organisationWide: true, summary: 'Update a user', body: userInputSchema, response: userSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/users/{id}', roles: USER_ADMINISTRATORS, organisationWide: true, summary: 'Delete a user (identity, record, sessions)',
  }),
  putStatus: contract({
    method: 'PUT', path: '/users/{id}/status', roles: USER_ADMINISTRATORS, organisationWide: true, summary: 'Enable or disable a user (a disabled user cannot sign in; their sessions end)', body: userStatusInputSchema, response: userSchema,
  }),
  putMfa: contract({
    method: 'PUT', path: '/users/{id}/mfa', roles: USER_ADMINISTRATORS, organisationWide: true, summary: 'Turn SMS MFA on (verified phone) or off (support only)', body: userMfaInputSchema, response: userSchema,
  }),
  postSendOTP: contract({
    method: 'POST', path: '/users/sendOTP', roles: SIGNED_IN, summary: "Send a code to the phone or pager on a user's record (mine; any of the organisation for administrators)", body: sendOtpInputSchema, response: sendOtpResultSchema,
  }),
  postVerifyOTP: contract({
    method: 'POST', path: '/users/verifyOTP', roles: SIGNED_IN, summary: 'Verify a phone or pager with its code', body: verifyOtpInputSchema, response: userSchema,
  }),
  getAccounts: contract({
    method: 'GET', path: '/accounts', roles: SIGNED_IN, summary: "The organisation's accounts, short form", response: z.object({ items: z.array(accountSummarySchema) }),
  }),
  getAccountsBylocations: contract({
    method: 'GET', path: '/accounts/bylocations', roles: SIGNED_IN, summary: "The organisation's accounts by location", response: z.object({ items: z.array(z.object({ locationId: z.string(), accounts: z.array(accountSummarySchema) })) }),
  }),
  getRolesUserroles: contract({
    method: 'GET', path: '/roles/userroles', roles: USER_ADMINISTRATORS, summary: 'The roles the caller may give', response: z.object({ items: z.array(userRoleSchema) }),
  }),
  getAccountCustomergroups: contract({
    method: 'GET', path: '/account/customergroups', roles: USER_ADMINISTRATORS, summary: "The organisation's customer groups", response: z.object({ items: z.array(customerGroupSchema) }),
  }),
} as const;
