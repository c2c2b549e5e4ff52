import { MESSAGES } from '@domain/core/messages';
import { assertProfileInCorporateView, narrowProfilesToCorporateView } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { AlarmProfileStore } from '../data/repositories/alarm-profiles';
import { ALARM_PROFILE_ROUTES } from '@domain/api/alarm-profiles';

const profiles = () => new AlarmProfileStore(dynamoDocumentClient(), backendConfig().tableName);

/** Alarm profiles (SPEC sections 3 and 5; issue 13 section 1): the organisation's, not limited by site; a corporate view reads those in use on its sites or in use nowhere (templates its first sensor needs) and changes none. */
export const alarmProfileRoutes = defineRoutes('alarmProfiles', [
  route(ALARM_PROFILE_ROUTES.list, {
    action: async ({ caller, request }) => {
      const customerId = targetCustomerId(request);
      const store = profiles();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      const found = await store.list(customerId, page);
      return { statusCode: 200, body: { ...found, items: await narrowProfilesToCorporateView(caller, customerId, 'alarm', found.items) } };
    },
  }),
  route(ALARM_PROFILE_ROUTES.create, {
    action: async ({ caller, body, request }) => {
      const record = await profiles().create(caller, targetCustomerId(request), body);
      return { statusCode: 201, body: record };
    },
  }),
  route(ALARM_PROFILE_ROUTES.get, {
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const profile = await profiles().get(customerId, params.id);
      await assertProfileInCorporateView(caller, customerId, 'alarm', profile.id, { notFoundMessage: MESSAGES.alarmProfileNotFound });
      return { statusCode: 200, body: profile };
    },
  }),
  route(ALARM_PROFILE_ROUTES.update, {
    action: async ({ caller, body, params, request }) => {
      const record = await profiles().update(caller, targetCustomerId(request), params.id, body);
      return { statusCode: 200, body: record };
    },
  }),
  route(ALARM_PROFILE_ROUTES.remove, {
    action: async ({ caller, params, request }) => {
      await profiles().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
]);
