import { navbarSchema } from '../identity/account';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { corporateNodeSchema, locationExistsSchema, locationInputSchema, locationMappingSchema, locationSchema, locationShareInputSchema, locationShareListSchema, locationShareSchema, placeNamesSchema, shareAnswerSchema, userLocationsSchema } from '../organisation/location';
import { contract, SIGNED_IN } from './contract';

/** The contracts of lambdas/locations/routes.ts (docs/adding-a-route.md). */
export const LOCATION_ROUTES = {
  list: contract({
    method: 'GET', path: '/locations', roles: ORGANISATION_READERS, summary: 'The locations I see (assigned ones; every one with corporate access), with displayName', response: locationSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/locations', roles: ORGANISATION_WRITERS, summary: 'Add a location', body: locationInputSchema, response: locationSchema,
  }),
  getNames: contract({
    method: 'GET', path: '/locations/names', roles: SIGNED_IN, summary: "Names of the locations and sites I reach (a reached site's location included), for lists' Site and Location columns", response: placeNamesSchema,
  }),
  getNavbar: contract({
    method: 'GET', path: '/locations/navbar', roles: SIGNED_IN, summary: 'Locations and sites for the navbar (no location pending acceptance; sites through the access layer)', response: navbarSchema,
  }),
  getCorporate: contract({
    method: 'GET', path: '/locations/corporate', roles: ORGANISATION_READERS, summary: 'The corporate node: the organisation above its locations', response: corporateNodeSchema,
  }),
  getExistsById: contract({
    method: 'GET', path: '/locations/exists/{name}', roles: ORGANISATION_READERS, summary: 'Is this location name taken in the organisation?', response: locationExistsSchema,
  }),
  getUserById: contract({
    method: 'GET', path: '/locations/user/{idOrEmail}', roles: SIGNED_IN, summary: "A user's locations by account id or email (mine; any of the organisation for administrators); never one pending acceptance", response: userLocationsSchema,
  }),
  getUsersLocations: contract({
    method: 'GET', path: '/users/{id}/locations', roles: SIGNED_IN, summary: "A user's locations by account id (mine; any of the organisation for administrators)", response: userLocationsSchema,
  }),
  getShared: contract({
    method: 'GET', path: '/locations/shared', roles: SIGNED_IN, summary: 'Locations of other organisations shared with me and accepted', response: userLocationsSchema,
  }),
  getSharedPending: contract({
    method: 'GET', path: '/locations/shared/pending', roles: SIGNED_IN, summary: 'Locations shared with me, pending my acceptance', response: userLocationsSchema,
  }),
  putSharedById: contract({
    method: 'PUT', path: '/locations/shared/{id}', roles: SIGNED_IN, summary: 'Accept (it then counts for me) or decline a location shared with me', body: shareAnswerSchema, response: locationSchema,
  }),
  get: contract({
    method: 'GET', path: '/locations/{id}', roles: ORGANISATION_READERS, summary: 'A location, with my access level', response: locationSchema,
  }),
  update: contract({
    method: 'PUT', path: '/locations/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a location (its owner, or an administrator of a location shared with them)', body: locationInputSchema, response: locationSchema,
  }),
  putMapping: contract({
    method: 'PUT', path: '/locations/{id}/mapping', roles: ORGANISATION_WRITERS, summary: 'Update the given fields of a location (id and fields to update)', body: locationMappingSchema, response: locationSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/locations/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a location (corporate access; refused while sensors, gateways or sites are attached)',
  }),
  getShares: contract({
    method: 'GET', path: '/locations/{id}/shares', roles: ORGANISATION_WRITERS, summary: 'Who a location is shared with', response: locationShareListSchema,
  }),
  postShares: contract({
    method: 'POST', path: '/locations/{id}/shares', roles: ORGANISATION_WRITERS, summary: "Share a location with another organisation's user, by email (pending until they accept)", body: locationShareInputSchema, response: locationShareSchema,
  }),
  deleteSharesById: contract({
    method: 'DELETE', path: '/locations/{id}/shares/{accountId}', roles: ORGANISATION_WRITERS, summary: 'Stop sharing a location with a user',
  }),
} as const;
