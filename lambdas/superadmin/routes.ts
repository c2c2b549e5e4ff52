import { DomainError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { createInvitedIdentity, findIdentity, IdentityExistsError } from '../shared/identity';
import { inviterName } from '../data/accounts';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { SuperadminStore } from '../data/repositories/superadmin';
import { SUPERADMIN_ROUTES } from '@domain/api/superadmin';

/** The first administrator's email signs in somewhere already: refused under that field of the form. */
const administratorEmailTaken = () =>
  new DomainError('conflict', MESSAGES.userRegisteredByAnotherClient, undefined, { field: 'administrator.email' });

const store = () => new SuperadminStore(dynamoDocumentClient(), backendConfig().tableName);

export const superadminRoutes = defineRoutes('superadmin', [
  route(SUPERADMIN_ROUTES.getOrganisations, {
    action: async ({ request, query }) => {
      const organisations = store();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: organisations.organisationsPartition() });
      return { statusCode: 200, body: await organisations.list(page, query['search']) };
    },
  }),
  route(SUPERADMIN_ROUTES.postOrganisations, {
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
  route(SUPERADMIN_ROUTES.getOrganisationsById, {
    action: async ({ params }) => ({ statusCode: 200, body: await store().getWithCounts(params.id) }),
  }),
  route(SUPERADMIN_ROUTES.putOrganisationsById, {
    action: async ({ caller, params, body: input }) => ({ statusCode: 200, body: await store().update(caller, params.id, input) }),
  }),
  route(SUPERADMIN_ROUTES.putOrganisationsStatus, {
    action: async ({ caller, params, body: input, request }) => {
      const { organisation, endedSessions } = await store().setStatus(caller, params.id, input.status);
      request.logger.info('organisation status set', { customerId: params.id, status: input.status, endedSessions });
      return { statusCode: 200, body: organisation };
    },
  }),
  route(SUPERADMIN_ROUTES.getCustomergroups, {
    action: async () => ({ statusCode: 200, body: { items: await store().customerGroups() } }),
  }),
  route(SUPERADMIN_ROUTES.postCustomergroups, {
    action: async ({ caller, body: input }) => ({ statusCode: 201, body: await store().createCustomerGroup(caller, input) }),
  }),
  route(SUPERADMIN_ROUTES.putCustomergroupsById, {
    action: async ({ caller, params, body: input }) => ({ statusCode: 200, body: await store().updateCustomerGroup(caller, params.id, input) }),
  }),
  route(SUPERADMIN_ROUTES.getAudit, {
    action: async ({ request }) => {
      const audit = store();
      const page = pageRequestFrom(request.query, { attribute: 'pk', value: audit.auditPartition() });
      return { statusCode: 200, body: await audit.audit(page) };
    },
  }),
]);
