import { z } from 'zod';
import { DomainError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import {
  customerGroupInputSchema,
  customerGroupSchema,
  organisationCreateSchema,
  organisationInputSchema,
  organisationSchema,
  organisationStatusInputSchema,
  organisationWithCountsSchema,
  superadminAuditEntrySchema,
} from '@domain/organisation/organisation';
import type { Role } from '@domain/identity/roles';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { createInvitedIdentity, findIdentity, IdentityExistsError } from '../shared/identity';
import { inviterName } from '../data/accounts';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { SuperadminStore } from '../data/repositories/superadmin';

/**
 * The super-administrator's separate calls (SPEC section 6, issue 16 section 1), all under
 * `/superadmin`: organisations (tenants) with their counts, their first administrator's
 * invitation, disabling and enabling them, customer groups, and the super-administrators'
 * own audit trail. Only the superadmin role: nobody of an organisation reaches them.
 */
const SUPERADMIN: readonly Role[] = ['superadmin'];

/** The first administrator's email signs in somewhere already: refused under that field of the form. */
const administratorEmailTaken = () =>
  new DomainError('conflict', MESSAGES.userRegisteredByAnotherClient, undefined, { field: 'administrator.email' });

const store = () => new SuperadminStore(dynamoDocumentClient(), backendConfig().tableName);

export const superadminRoutes = defineRoutes('superadmin', [
  route({
    method: 'GET', path: '/superadmin/organisations', roles: SUPERADMIN, paginated: true, response: organisationWithCountsSchema,
    summary: 'Organisations by name (`search`: those whose name holds it), each with its counts of sites, users, sensors and gateways',
    action: async ({ request, query }) => {
      const organisations = store();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: organisations.organisationsPartition() });
      return { statusCode: 200, body: await organisations.list(page, query['search']) };
    },
  }),
  route({
    method: 'POST', path: '/superadmin/organisations', roles: SUPERADMIN, body: organisationCreateSchema,
    response: organisationSchema.extend({ administratorAccountId: z.string() }),
    summary: 'Add an organisation and invite its first administrator (the invitation is emailed)',
    action: async ({ caller, body: input, request }) => {
      // The pool's user names are unique across organisations: an email that signs in anywhere is taken.
      if (await findIdentity(input.administrator.email) !== undefined) throw administratorEmailTaken();
      const organisations = store();
      const { organisation, administrator } = await organisations.create(caller, input);
      try {
        await createInvitedIdentity({
          email: administrator.email, firstName: administrator.firstName ?? '', lastName: administrator.lastName ?? '', role: 'admin',
          customerId: organisation.customerId, accountId: administrator.accountId, customerGroupId: input.customerGroupId,
          isPortalLogin: true, inviterName: await inviterName(caller),
        });
      } catch (error) {
        await organisations.discard(caller, organisation, administrator);
        if (error instanceof IdentityExistsError) throw administratorEmailTaken();
        throw error;
      }
      request.logger.info('organisation created', { customerId: organisation.customerId, administratorAccountId: administrator.accountId });
      return { statusCode: 201, body: { ...organisation, administratorAccountId: administrator.accountId } };
    },
  }),
  route({
    method: 'GET', path: '/superadmin/organisations/{id}', roles: SUPERADMIN, response: organisationWithCountsSchema,
    summary: 'An organisation with its counts',
    action: async ({ params }) => ({ statusCode: 200, body: await store().getWithCounts(params.id) }),
  }),
  route({
    method: 'PUT', path: '/superadmin/organisations/{id}', roles: SUPERADMIN, body: organisationInputSchema, response: organisationSchema,
    summary: "Edit an organisation's details, defaults, customer group, modules and subscription",
    action: async ({ caller, params, body: input }) => ({ statusCode: 200, body: await store().update(caller, params.id, input) }),
  }),
  route({
    method: 'PUT', path: '/superadmin/organisations/{id}/status', roles: SUPERADMIN, body: organisationStatusInputSchema, response: organisationSchema,
    summary: 'Disable an organisation (its users cannot sign in, their sessions end, its devices are not heard; nothing is deleted) or enable it again',
    action: async ({ caller, params, body: input, request }) => {
      const { organisation, endedSessions } = await store().setStatus(caller, params.id, input.status);
      request.logger.info('organisation status set', { customerId: params.id, status: input.status, endedSessions });
      return { statusCode: 200, body: organisation };
    },
  }),
  route({
    method: 'GET', path: '/superadmin/customergroups', roles: SUPERADMIN, response: z.object({ items: z.array(customerGroupSchema) }),
    summary: 'Every customer group',
    action: async () => ({ statusCode: 200, body: { items: await store().customerGroups() } }),
  }),
  route({
    method: 'POST', path: '/superadmin/customergroups', roles: SUPERADMIN, body: customerGroupInputSchema, response: customerGroupSchema,
    summary: 'Add a customer group',
    action: async ({ caller, body: input }) => ({ statusCode: 201, body: await store().createCustomerGroup(caller, input) }),
  }),
  route({
    method: 'PUT', path: '/superadmin/customergroups/{id}', roles: SUPERADMIN, body: customerGroupInputSchema, response: customerGroupSchema,
    summary: 'Rename a customer group (its id, which organisations hold, stays)',
    action: async ({ caller, params, body: input }) => ({ statusCode: 200, body: await store().updateCustomerGroup(caller, params.id, input) }),
  }),
  route({
    method: 'GET', path: '/superadmin/audit', roles: SUPERADMIN, paginated: true, response: superadminAuditEntrySchema,
    summary: "The super-administrators' own audit trail, newest first",
    action: async ({ request }) => {
      const audit = store();
      const page = pageRequestFrom(request.query, { attribute: 'pk', value: audit.auditPartition() });
      return { statusCode: 200, body: await audit.audit(page) };
    },
  }),
]);
