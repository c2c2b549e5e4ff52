import { MESSAGES } from '@domain/core/messages';
import { assertProfileInCorporateView, narrowProfilesToCorporateView } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { DataLoggingProfileStore } from '../data/repositories/data-logging-profiles';
import { defineRoutes, route } from '../shared/routing';
import { DATA_LOGGING_PROFILE_ROUTES } from '@domain/api/data-logging-profiles';

const profiles = () => new DataLoggingProfileStore(dynamoDocumentClient(), backendConfig().tableName);

/** Data logging profiles (SPEC section 3): the organisation's, not limited by site; a corporate view reads those in use on its sites or in use nowhere (templates its first sensor needs) and changes none. */
export const dataLoggingProfileRoutes = defineRoutes('dataLoggingProfiles', [
  route(DATA_LOGGING_PROFILE_ROUTES.list, {
    action: async ({ caller, request }) => {
      const customerId = targetCustomerId(request);
      const store = profiles();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      const found = await store.list(customerId, page);
      return { statusCode: 200, body: { ...found, items: await narrowProfilesToCorporateView(caller, customerId, 'dataLogging', found.items) } };
    },
  }),
  route(DATA_LOGGING_PROFILE_ROUTES.create, {
    action: async ({ caller, body, request }) => {
      const record = await profiles().create(caller, targetCustomerId(request), body);
      return { statusCode: 201, body: record };
    },
  }),
  route(DATA_LOGGING_PROFILE_ROUTES.get, {
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const profile = await profiles().get(customerId, params.id);
      await assertProfileInCorporateView(caller, customerId, 'dataLogging', profile.id, { notFoundMessage: MESSAGES.dataLoggingProfileNotFound });
      return { statusCode: 200, body: profile };
    },
  }),
  route(DATA_LOGGING_PROFILE_ROUTES.update, {
    action: async ({ caller, body, params, request }) => {
      const record = await profiles().update(caller, targetCustomerId(request), params.id, body);
      return { statusCode: 200, body: record };
    },
  }),
  route(DATA_LOGGING_PROFILE_ROUTES.remove, {
    action: async ({ caller, params, request }) => {
      await profiles().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
]);

