import { SECURITY_GROUP_ROLES, securityGroupInputSchema, securityGroupSchema, securityGroupUserListSchema } from '../identity/security-groups';
import { contract } from './contract';

/** The contracts of lambdas/security-groups/routes.ts (docs/adding-a-route.md). */
export const SECURITY_GROUP_ROUTES = {
  list: contract({
    method: 'GET', path: '/securitygroups', roles: SECURITY_GROUP_ROLES, summary: "The organisation's security groups, by name", response: securityGroupSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/securitygroups', roles: SECURITY_GROUP_ROLES, organisationWide: true, summary: 'Add a security group', body: securityGroupInputSchema, response: securityGroupSchema,
  }),
  getUserlist: contract({
    method: 'GET', path: '/securitygroups/userlist', roles: SECURITY_GROUP_ROLES, summary: 'The users a security group may take, with the groups each is in', response: securityGroupUserListSchema,
  }),
  get: contract({
    method: 'GET', path: '/securitygroups/{id}', roles: SECURITY_GROUP_ROLES, summary: 'Get a security group', response: securityGroupSchema,
  }),
  update: contract({
    method: 'PUT', path: '/securitygroups/{id}', roles: SECURITY_GROUP_ROLES, organisationWide: true, summary: 'Update a security group (its members reach the new sites on their next call)', body: securityGroupInputSchema, response: securityGroupSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/securitygroups/{id}', roles: SECURITY_GROUP_ROLES, organisationWide: true, summary: 'Delete a security group (its members are no longer limited by it)',
  }),
} as const;
