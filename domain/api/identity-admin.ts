import { identityAttributesDeleteSchema, identityAttributesUpdateSchema, identityUserSchema } from '../identity/account';
import { contract, SIGNED_IN, USER_ADMINISTRATORS } from './contract';

/** The contracts of lambdas/identity-admin/routes.ts (docs/adding-a-route.md). */
export const IDENTITY_ADMIN_ROUTES = {
  getGetuserById: contract({
    method: 'GET', path: '/cognito/getuser/{name}', roles: SIGNED_IN, summary: 'An identity record and its status (mine; any of the organisation for administrators)', response: identityUserSchema,
  }),
  update: contract({
    method: 'PUT', path: '/cognito/{name}', roles: SIGNED_IN, session: 'optional', summary: 'Update identity attributes (names, locale; a new email waits for the code sent to it, 202; email_verified is never taken). Mine, or one whose role I may give', body: identityAttributesUpdateSchema,
  }),
  deleteAttributesById: contract({
    method: 'DELETE', path: '/cognito/attributes/{name}', roles: SIGNED_IN, summary: 'Delete identity attributes', body: identityAttributesDeleteSchema,
  }),
  postResendinviteById: contract({
    method: 'POST', path: '/cognito/resendinvite/{name}', roles: USER_ADMINISTRATORS, summary: 'Send the invitation again',
  }),
} as const;
