import { alarmProfileInputSchema, alarmProfileSchema } from '../alarms/alarm-profile';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/alarm-profiles/routes.ts (docs/adding-a-route.md). */
export const ALARM_PROFILE_ROUTES = {
  list: contract({
    method: 'GET', path: '/alarmprofiles', roles: ORGANISATION_READERS, summary: "The organisation's alarm profiles, by name", response: alarmProfileSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/alarmprofiles', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add an alarm profile (limits given in °F are kept in °C)', body: alarmProfileInputSchema, response: alarmProfileSchema,
  }),
  get: contract({
    method: 'GET', path: '/alarmprofiles/{id}', roles: ORGANISATION_READERS, summary: 'An alarm profile', response: alarmProfileSchema,
  }),
  update: contract({
    method: 'PUT', path: '/alarmprofiles/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update an alarm profile', body: alarmProfileInputSchema, response: alarmProfileSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/alarmprofiles/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete an alarm profile (409 naming how many sensors and gateways use it)',
  }),
} as const;
