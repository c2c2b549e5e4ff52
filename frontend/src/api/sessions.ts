import useSWR, { type SWRResponse } from 'swr';
import {
  loginSessionCreatedSchema,
  pushPublicKeySchema,
  userSessionListSchema,
  userSessionSchema,
  type DevicePushInput,
  type LoginSessionInput,
  type UserSession,
  type UserSessionList,
} from '@domain/identity/account';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

/** PUT users/login: a new server session for this browser; 409 when the session limit is reached. */
export function createLoginSession(input: LoginSessionInput): Promise<{ id: string; loginid: string }> {
  return apiFetchAs(loginSessionCreatedSchema, '/users/login', { method: 'PUT', body: input });
}

/** PUT users/logout: ends the server session; sent even while logout cancels every other call. */
export async function endLoginSession(body: { loginid?: string; deviceKey?: string }): Promise<void> {
  await apiFetch('/users/logout', { method: 'PUT', body, outlivesSession: true });
}

export const USER_SESSIONS_KEY = 'users/sessions';

/** GET users/sessions: the user's active sessions and the limit. */
export function useUserSessions(): SWRResponse<UserSessionList, ApiError> {
  return useSWR<UserSessionList, ApiError, string>(USER_SESSIONS_KEY, () => apiFetchAs(userSessionListSchema, '/users/sessions'));
}

export async function endUserSession(id: string): Promise<void> {
  await apiFetch(`/users/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function endAllUserSessions(): Promise<void> {
  await apiFetch('/users/sessions', { method: 'DELETE' });
}

/** GET session/active/devices/push-key: the server's VAPID public key, which browsers subscribe to push with. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await apiFetchAs(pushPublicKeySchema, '/session/active/devices/push-key')).publicKey;
}

/** PUT session/active/devices/{id}: push on (with this browser's subscription) or off for one of the user's sessions. */
export function setDevicePush(id: string, input: DevicePushInput): Promise<UserSession> {
  return apiFetchAs(userSessionSchema, `/session/active/devices/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}
