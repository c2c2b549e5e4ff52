import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { alarmProfileInputSchema, alarmProfileSchema } from '@domain/alarms/alarm-profile';
import { MESSAGES } from '@domain/core/messages';
import { assertProfileInCorporateView, narrowProfilesToCorporateView } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { AlarmProfileStore } from '../data/repositories/alarm-profiles';

const profiles = () => new AlarmProfileStore(dynamoDocumentClient(), backendConfig().tableName);

/** Alarm profiles (SPEC sections 3 and 5; issue 13 section 1): the organisation's, not limited by site; a corporate view reads those in use on its sites or in use nowhere (templates its first sensor needs) and changes none. */
export const alarmProfileRoutes = defineRoutes('alarmProfiles', [
  route({
    method: 'GET', path: '/alarmprofiles', roles: ORGANISATION_READERS, summary: "The organisation's alarm profiles, by name", response: alarmProfileSchema, paginated: true,
    action: async ({ caller, request }) => {
      const customerId = targetCustomerId(request);
      const store = profiles();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      const found = await store.list(customerId, page);
      return { statusCode: 200, body: { ...found, items: await narrowProfilesToCorporateView(caller, customerId, 'alarm', found.items) } };
    },
  }),
  route({
    method: 'POST', path: '/alarmprofiles', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add an alarm profile (limits given in °F are kept in °C)', body: alarmProfileInputSchema, response: alarmProfileSchema,
    action: async ({ caller, body, request }) => {
      const record = await profiles().create(caller, targetCustomerId(request), body);
      return { statusCode: 201, body: record };
    },
  }),
  route({
    method: 'GET', path: '/alarmprofiles/{id}', roles: ORGANISATION_READERS, summary: 'An alarm profile', response: alarmProfileSchema,
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const profile = await profiles().get(customerId, params.id);
      await assertProfileInCorporateView(caller, customerId, 'alarm', profile.id, { notFoundMessage: MESSAGES.alarmProfileNotFound });
      return { statusCode: 200, body: profile };
    },
  }),
  route({
    method: 'PUT', path: '/alarmprofiles/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update an alarm profile', body: alarmProfileInputSchema, response: alarmProfileSchema,
    action: async ({ caller, body, params, request }) => {
      const record = await profiles().update(caller, targetCustomerId(request), params.id, body);
      return { statusCode: 200, body: record };
    },
  }),
  route({
    method: 'DELETE', path: '/alarmprofiles/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete an alarm profile (409 naming how many sensors and gateways use it)',
    action: async ({ caller, params, request }) => {
      await profiles().delete(caller, targetCustomerId(request), params.id);
      return { statusCode: 204 };
    },
  }),
]);
