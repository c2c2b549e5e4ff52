import { SECURITY_GROUP_ROLES, securityGroupInputSchema, securityGroupSchema, securityGroupUserListSchema } from '@domain/identity/security-groups';
import { assertSitesNamable } from '../shared/access';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { pageRequestFrom } from '../shared/pagination';
import { SecurityGroupStore } from './store';
import { defineRoutes, route } from '../shared/routing';

const store = () => new SecurityGroupStore(dynamoDocumentClient(), backendConfig().tableName);

/** Security groups (administrators of the organisation only; the route table says who). */
export const securityGroupRoutes = defineRoutes('securityGroups', [
  route({
    method: 'GET', path: '/securitygroups', roles: SECURITY_GROUP_ROLES, summary: "The organisation's security groups, by name", response: securityGroupSchema, paginated: true,
    action: async ({ caller, request }) => {
      const groups = store();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: groups.listPartition(caller.customerId) });
      return { statusCode: 200, body: await groups.list(caller.customerId, page) };
    },
  }),
  route({
    method: 'POST', path: '/securitygroups', roles: SECURITY_GROUP_ROLES, organisationWide: true, summary: 'Add a security group', body: securityGroupInputSchema, response: securityGroupSchema,
    action: async ({ caller, body: input }) => {
      // A site the administrator may not reach is as unknown as a missing one.
      await assertSitesNamable(caller, caller.customerId, input.siteIds);
      return { statusCode: 201, body: await store().create(caller, caller.customerId, input) };
    },
  }),
  route({
    method: 'GET', path: '/securitygroups/userlist', roles: SECURITY_GROUP_ROLES, summary: 'The users a security group may take, with the groups each is in', response: securityGroupUserListSchema,
    action: async ({ caller }) => {
      return { statusCode: 200, body: { items: await store().users(caller.customerId) } };
    },
  }),
  route({
    method: 'GET', path: '/securitygroups/{id}', roles: SECURITY_GROUP_ROLES, summary: 'Get a security group', response: securityGroupSchema,
    action: async ({ caller, params }) => {
      return { statusCode: 200, body: await store().get(caller.customerId, params.id) };
    },
  }),
  route({
    method: 'PUT', path: '/securitygroups/{id}', roles: SECURITY_GROUP_ROLES, organisationWide: true, summary: 'Update a security group (its members reach the new sites on their next call)', body: securityGroupInputSchema, response: securityGroupSchema,
    action: async ({ caller, body: input, params }) => {
      const groups = store();
      const before = await groups.get(caller.customerId, params.id);
      await assertSitesNamable(caller, caller.customerId, input.siteIds, before.siteIds);
      return { statusCode: 200, body: await groups.update(caller, caller.customerId, before.id, input) };
    },
  }),
  route({
    method: 'DELETE', path: '/securitygroups/{id}', roles: SECURITY_GROUP_ROLES, organisationWide: true, summary: 'Delete a security group (its members are no longer limited by it)',
    action: async ({ caller, params }) => {
      await store().delete(caller, caller.customerId, params.id);
      return { statusCode: 204 };
    },
  }),
]);

