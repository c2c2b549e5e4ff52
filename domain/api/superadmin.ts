import { Role } from '../identity/roles';
import { customerGroupInputSchema, customerGroupSchema, organisationCreateSchema, organisationInputSchema, organisationSchema, organisationStatusInputSchema, organisationWithCountsSchema, superadminAuditEntrySchema } from '../organisation/organisation';
import { contract } from './contract';
import * as z from 'zod';

/**
 * The super-administrator's separate calls (SPEC section 6, issue 16 section 1), all under
 * `/superadmin`: organisations (tenants) with their counts, their first administrator's
 * invitation, disabling and enabling them, customer groups, and the super-administrators'
 * own audit trail. Only the superadmin role: nobody of an organisation reaches them.
 */
export const SUPERADMIN: readonly Role[] = ['superadmin'];

/** The contracts of lambdas/superadmin/routes.ts (docs/adding-a-route.md). */
export const SUPERADMIN_ROUTES = {
  getOrganisations: contract({
    method: 'GET', path: '/superadmin/organisations', roles: SUPERADMIN, paginated: true, response: organisationWithCountsSchema, summary: 'Organisations by name (`search`: those whose name holds it), each with its counts of sites, users, sensors and gateways',
  }),
  postOrganisations: contract({
    method: 'POST', path: '/superadmin/organisations', roles: SUPERADMIN, body: organisationCreateSchema, response: organisationSchema.extend({ administratorAccountId: z.string() }), summary: 'Add an organisation and invite its first administrator (the invitation is emailed)',
  }),
  getOrganisationsById: contract({
    method: 'GET', path: '/superadmin/organisations/{id}', roles: SUPERADMIN, response: organisationWithCountsSchema, summary: 'An organisation with its counts',
  }),
  putOrganisationsById: contract({
    method: 'PUT', path: '/superadmin/organisations/{id}', roles: SUPERADMIN, body: organisationInputSchema, response: organisationSchema, summary: "Edit an organisation's details, defaults, customer group, modules and subscription",
  }),
  putOrganisationsStatus: contract({
    method: 'PUT', path: '/superadmin/organisations/{id}/status', roles: SUPERADMIN, body: organisationStatusInputSchema, response: organisationSchema, summary: 'Disable an organisation (its users cannot sign in, their sessions end, its devices are not heard; nothing is deleted) or enable it again',
  }),
  getCustomergroups: contract({
    method: 'GET', path: '/superadmin/customergroups', roles: SUPERADMIN, response: z.object({ items: z.array(customerGroupSchema) }), summary: 'Every customer group',
  }),
  postCustomergroups: contract({
    method: 'POST', path: '/superadmin/customergroups', roles: SUPERADMIN, body: customerGroupInputSchema, response: customerGroupSchema, summary: 'Add a customer group',
  }),
  putCustomergroupsById: contract({
    method: 'PUT', path: '/superadmin/customergroups/{id}', roles: SUPERADMIN, body: customerGroupInputSchema, response: customerGroupSchema, summary: 'Rename a customer group (its id, which organisations hold, stays)',
  }),
  getAudit: contract({
    method: 'GET', path: '/superadmin/audit', roles: SUPERADMIN, paginated: true, response: superadminAuditEntrySchema, summary: "The super-administrators' own audit trail, newest first",
  }),
} as const;
