import { historyEntrySchema } from '../core/readable-changes';
import { gatewayDataSchema, gatewayInputSchema, gatewaySchema, gatewaySensorsSchema } from '../devices/gateway';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/gateways/routes.ts (docs/adding-a-route.md). */
export const GATEWAY_ROUTES = {
  list: contract({
    method: 'GET', path: '/gateways', roles: ORGANISATION_READERS, summary: 'Active gateways I reach, by name; siteId or locationId narrows it', response: gatewaySchema, paginated: true,
  }),
  getInactive: contract({
    method: 'GET', path: '/gateways/inactive', roles: ORGANISATION_READERS, summary: 'Inactive gateways I reach, by name; siteId or locationId narrows it', response: gatewaySchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/gateways', roles: ORGANISATION_WRITERS, summary: "Add a gateway (its id is its EUI; 409 'Gateway already added!' for a known EUI or MAC id)", body: gatewayInputSchema, response: gatewaySchema,
  }),
  get: contract({
    method: 'GET', path: '/gateways/{id}', roles: ORGANISATION_READERS, summary: 'A gateway, with its live state', response: gatewaySchema,
  }),
  update: contract({
    method: 'PUT', path: '/gateways/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a gateway (its EUI, hence its id, stays)', body: gatewayInputSchema, response: gatewaySchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/gateways/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a gateway (409 naming it and its sensor count while it has sensors or notes)',
  }),
  getSensors: contract({
    method: 'GET', path: '/gateways/{id}/sensors', roles: ORGANISATION_READERS, summary: 'The sensors on a gateway (those I reach)', response: gatewaySensorsSchema,
  }),
  getHistory: contract({
    method: 'GET', path: '/gateways/{id}/history', roles: ORGANISATION_READERS, summary: "A gateway's audit trail, newest first", response: historyEntrySchema, paginated: true,
  }),
  getData: contract({
    method: 'GET', path: '/gateways/{id}/data', roles: ORGANISATION_READERS, summary: "A gateway's live state and its sensors' latest states", response: gatewayDataSchema,
  }),
} as const;
