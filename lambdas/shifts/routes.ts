import { MESSAGES } from '@domain/core/messages';
import { filterBySite } from '../shared/access';
import { accessibleSiteIds, assertSiteAccess, assertSitesNamable } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { shiftFieldsOf, ShiftStore } from '../data/repositories/shifts';
import { SHIFT_ROUTES } from '@domain/api/shifts';

const shifts = () => new ShiftStore(dynamoDocumentClient(), backendConfig().tableName);
const notFoundMessage = MESSAGES.shiftNotFound;

/**
 * HACCP shifts (SPEC sections 3, 5, 8; issue 15 section 1): the organisation's, built by its
 * administrators and read by its users. A shift on a site the caller may not reach (a user
 * limited to some sites or locations) is as unknown as a missing one, as checklists are.
 */
export const shiftRoutes = defineRoutes('shifts', [
  route(SHIFT_ROUTES.list, {
    action: async ({ caller, request }) => {
      const customerId = targetCustomerId(request);
      const store = shifts();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      const [found, access] = await Promise.all([store.list(customerId, page), accessibleSiteIds(caller, customerId)]);
      return { statusCode: 200, body: { ...found, items: filterBySite(found.items, (shift) => shift.siteId, access) } };
    },
  }),
  route(SHIFT_ROUTES.create, {
    action: async ({ caller, body, request }) => {
      const customerId = targetCustomerId(request);
      await assertSitesNamable(caller, customerId, [body.siteId]);
      return { statusCode: 201, body: await shifts().create(caller, customerId, shiftFieldsOf(body)) };
    },
  }),
  route(SHIFT_ROUTES.get, {
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const shift = await shifts().get(customerId, params.id);
      await assertSiteAccess(caller, customerId, shift.siteId, { notFoundMessage });
      return { statusCode: 200, body: shift };
    },
  }),
  route(SHIFT_ROUTES.update, {
    action: async ({ caller, body, params, request }) => {
      const customerId = targetCustomerId(request);
      const store = shifts();
      const before = await store.get(customerId, params.id);
      await assertSiteAccess(caller, customerId, before.siteId, { notFoundMessage });
      await assertSitesNamable(caller, customerId, [body.siteId], [before.siteId]);
      return { statusCode: 200, body: await store.update(caller, customerId, params.id, shiftFieldsOf(body)) };
    },
  }),
  route(SHIFT_ROUTES.remove, {
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
