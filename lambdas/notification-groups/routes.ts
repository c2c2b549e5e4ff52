import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { type LocationTie } from '../shared/access';
import { assertInCorporateView, narrowToCorporateView, reachedByCorporateView } from '../data/access';
import { groupFieldsOf } from '@domain/notifications/notification-group';
import type { Caller } from '../shared/caller';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { NotificationGroupStore } from '../data/repositories/notification-groups';
import { NOTIFICATION_GROUP_ROUTES } from '@domain/api/notification-groups';

const groups = () => new NotificationGroupStore(dynamoDocumentClient(), backendConfig().tableName);
const notFoundMessage = MESSAGES.notificationGroupNotFound;

/** A group is tied to its location and its sites (a corporate view reaches those of its location only). */
const tieOf = (group: { locationId: string; siteIds: readonly string[] }): LocationTie => ({ kind: 'place', locationIds: [group.locationId], siteIds: group.siteIds });

/** A group read, or refused as missing when a corporate view does not reach it. */
async function reachedGroup(caller: Caller, customerId: string, id: string) {
  const group = await groups().get(customerId, id);
  await assertInCorporateView(caller, customerId, tieOf(group), { notFoundMessage });
  return group;
}

/** A group saved under a corporate view stays on its location: another answers as an unknown one. */
async function assertLocationNamable(caller: Caller, customerId: string, locationId: string): Promise<void> {
  if (!(await reachedByCorporateView(caller, customerId, { kind: 'place', locationIds: [locationId] }))) {
    throw validationError(MESSAGES.siteLocationNotFound, { locationId: MESSAGES.siteLocationNotFound });
  }
}

/**
 * Notification groups (SPEC sections 3 and 5; issue 14 section 1): the organisation's. A
 * save with `overwrite` gives a default group to the existing sensors and gateways of its
 * sites too, after the group is written (the answer is the group as saved).
 */
export const notificationGroupRoutes = defineRoutes('notificationGroups', [
  route(NOTIFICATION_GROUP_ROUTES.list, {
    action: async ({ caller, request }) => {
      const customerId = targetCustomerId(request);
      const store = groups();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      const found = await store.list(customerId, page);
      return { statusCode: 200, body: { ...found, items: await narrowToCorporateView(caller, customerId, found.items, tieOf) } };
    },
  }),
  route(NOTIFICATION_GROUP_ROUTES.create, {
    action: async ({ caller, body, request }) => {
      const customerId = targetCustomerId(request);
      await assertLocationNamable(caller, customerId, body.locationId);
      const store = groups();
      const record = await store.create(caller, customerId, groupFieldsOf(body));
      if (body.overwrite) await store.assignToExistingDevices(caller, customerId, record);
      return { statusCode: 201, body: body.overwrite ? await store.get(customerId, record.id) : record };
    },
  }),
  route(NOTIFICATION_GROUP_ROUTES.get, {
    action: async ({ caller, params, request }) => ({
      statusCode: 200,
      body: await reachedGroup(caller, targetCustomerId(request), params.id),
    }),
  }),
  route(NOTIFICATION_GROUP_ROUTES.update, {
    action: async ({ caller, body, params, request }) => {
      const customerId = targetCustomerId(request);
      await reachedGroup(caller, customerId, params.id);
      await assertLocationNamable(caller, customerId, body.locationId);
      const store = groups();
      const record = await store.update(caller, customerId, params.id, groupFieldsOf(body));
      if (body.overwrite) await store.assignToExistingDevices(caller, customerId, record);
      return { statusCode: 200, body: body.overwrite ? await store.get(customerId, record.id) : record };
    },
  }),
  route(NOTIFICATION_GROUP_ROUTES.remove, {
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      await reachedGroup(caller, customerId, params.id);
      await groups().delete(caller, customerId, params.id);
      return { statusCode: 204 };
    },
  }),
]);
