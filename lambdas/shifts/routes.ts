import { shiftInputSchema, shiftSchema } from '@domain/haccp/shift';
import { MESSAGES } from '@domain/core/messages';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { filterBySite } from '../shared/access';
import { accessibleSiteIds, assertSiteAccess, assertSitesNamable } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { shiftFieldsOf, ShiftStore } from '../data/repositories/shifts';

const shifts = () => new ShiftStore(dynamoDocumentClient(), backendConfig().tableName);
const notFoundMessage = MESSAGES.shiftNotFound;

/**
 * HACCP shifts (SPEC sections 3, 5, 8; issue 15 section 1): the organisation's, built by its
 * administrators and read by its users. A shift on a site the caller may not reach (a user
 * limited to some sites or locations) is as unknown as a missing one, as checklists are.
 */
export const shiftRoutes = defineRoutes('shifts', [
  route({
    method: 'GET', path: '/shifts', roles: ORGANISATION_READERS, summary: "The organisation's HACCP shifts on the caller's sites, by name", response: shiftSchema, paginated: true,
    action: async ({ caller, request }) => {
      const customerId = targetCustomerId(request);
      const store = shifts();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      const [found, access] = await Promise.all([store.list(customerId, page), accessibleSiteIds(caller, customerId)]);
      return { statusCode: 200, body: { ...found, items: filterBySite(found.items, (shift) => shift.siteId, access) } };
    },
  }),
  route({
    method: 'POST', path: '/shifts', roles: ORGANISATION_WRITERS, summary: 'Add a HACCP shift with its schedules', body: shiftInputSchema, response: shiftSchema,
    action: async ({ caller, body, request }) => {
      const customerId = targetCustomerId(request);
      await assertSitesNamable(caller, customerId, [body.siteId]);
      return { statusCode: 201, body: await shifts().create(caller, customerId, shiftFieldsOf(body)) };
    },
  }),
  route({
    method: 'GET', path: '/shifts/{id}', roles: ORGANISATION_READERS, summary: 'A HACCP shift', response: shiftSchema,
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const shift = await shifts().get(customerId, params.id);
      await assertSiteAccess(caller, customerId, shift.siteId, { notFoundMessage });
      return { statusCode: 200, body: shift };
    },
  }),
  route({
    method: 'PUT', path: '/shifts/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a HACCP shift (schedules sent without an id are new)', body: shiftInputSchema, response: shiftSchema,
    action: async ({ caller, body, params, request }) => {
      const customerId = targetCustomerId(request);
      const store = shifts();
      const before = await store.get(customerId, params.id);
      await assertSiteAccess(caller, customerId, before.siteId, { notFoundMessage });
      await assertSitesNamable(caller, customerId, [body.siteId], [before.siteId]);
      return { statusCode: 200, body: await store.update(caller, customerId, params.id, shiftFieldsOf(body)) };
    },
  }),
  route({
    method: 'DELETE', path: '/shifts/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a HACCP shift (409 while checklists are linked to it)',
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const store = shifts();
      const before = await store.get(customerId, params.id);
      await assertSiteAccess(caller, customerId, before.siteId, { notFoundMessage });
      await store.delete(caller, customerId, params.id);
      return { statusCode: 204 };
    },
  }),
], { module: 'haccp' });
