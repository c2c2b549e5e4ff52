import { devicePushInputSchema, loginSessionCreatedSchema, loginSessionInputSchema, loginSessionUpdateSchema, logoutInputSchema, pushPublicKeySchema, userSessionListSchema, userSessionSchema } from '../identity/account';
import { contract, SIGNED_IN, USER_ADMINISTRATORS } from './contract';
import * as z from 'zod';

/** The contracts of lambdas/sessions/routes.ts (docs/adding-a-route.md). */
export const SESSION_ROUTES = {
  putLogin: contract({
    method: 'PUT', path: '/users/login', roles: SIGNED_IN, session: 'optional', summary: 'Open a session for these tokens (409 at the session limit)', body: loginSessionInputSchema, response: loginSessionCreatedSchema,
  }),
  putLoginById: contract({
    method: 'PUT', path: '/users/login/{id}', roles: SIGNED_IN, summary: 'Update the device details of one of my sessions', body: loginSessionUpdateSchema, response: userSessionSchema,
  }),
  putLogout: contract({
    method: 'PUT', path: '/users/logout', roles: SIGNED_IN, session: 'optional', summary: 'End the session of these tokens', body: logoutInputSchema,
  }),
  getSessions: contract({
    method: 'GET', path: '/users/sessions', roles: SIGNED_IN, session: 'optional', summary: 'My active sessions and the limit', response: userSessionListSchema,
  }),
  deleteSessionsById: contract({
    method: 'DELETE', path: '/users/sessions/{id}', roles: SIGNED_IN, session: 'optional', summary: 'End one of my sessions',
  }),
  deleteSessions: contract({
    method: 'DELETE', path: '/users/sessions', roles: SIGNED_IN, session: 'optional', summary: 'End all my other sessions', response: z.object({ ended: z.number().int() }),
  }),
  getSessionActive: contract({
    method: 'GET', path: '/session/active', roles: SIGNED_IN, summary: 'The session of these tokens', response: userSessionSchema,
  }),
  getSessionActiveDevices: contract({
    method: 'GET', path: '/session/active/devices', roles: SIGNED_IN, summary: 'My sessions and devices', response: userSessionListSchema,
  }),
  getSessionActiveDevicesPushKey: contract({
    method: 'GET', path: '/session/active/devices/push-key', roles: SIGNED_IN, summary: 'The public key push subscriptions are made with', response: pushPublicKeySchema,
  }),
  putSessionActiveDevicesById: contract({
    method: 'PUT', path: '/session/active/devices/{id}', roles: SIGNED_IN, summary: 'Enable or disable push on one of my devices', body: devicePushInputSchema, response: userSessionSchema,
  }),
  deleteSessionActiveDevicesById: contract({
    method: 'DELETE', path: '/session/active/devices/{id}', roles: SIGNED_IN, summary: 'End one of my device sessions',
  }),
  deleteSessionById: contract({
    method: 'DELETE', path: '/session/{id}', roles: USER_ADMINISTRATORS, summary: "End a user's session",
  }),
  getSessions2: contract({
    method: 'GET', path: '/users/{id}/sessions', roles: USER_ADMINISTRATORS, summary: "A user's active sessions", response: userSessionListSchema,
  }),
} as const;
