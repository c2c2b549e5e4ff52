import useSWR, { type SWRResponse } from 'swr';
import { SESSION_ROUTES } from '@domain/api/sessions';
import type { DevicePushInput, LoginSessionInput, UserSession, UserSessionList } from '@domain/identity/account';
import { apiFetch } from './apiFetch';
import type { ApiError } from './ApiError';
import { call, pathOf } from './client';

/** PUT users/login: a new server session for this browser; 409 when the session limit is reached. */
export function createLoginSession(input: LoginSessionInput): Promise<{ id: string; loginid: string }> {
  return call(SESSION_ROUTES.putLogin, { body: input });
}

/** PUT users/logout: ends the server session; sent even while logout cancels every other call. */
export async function endLoginSession(body: { loginid?: string; deviceKey?: string }): Promise<void> {
  await call(SESSION_ROUTES.putLogout, { body, outlivesSession: true });
}

export const USER_SESSIONS_KEY = 'users/sessions';

/** GET users/sessions: the user's active sessions and the limit. */
export function useUserSessions(): SWRResponse<UserSessionList, ApiError> {
  return useSWR<UserSessionList, ApiError, string>(USER_SESSIONS_KEY, () => call(SESSION_ROUTES.getSessions));
}

export async function endUserSession(id: string): Promise<void> {
  await call(SESSION_ROUTES.deleteSessionsById, { params: { id } });
}

export async function endAllUserSessions(): Promise<void> {
  // The count of ended sessions is not used: the answer is not read.
  await apiFetch(pathOf(SESSION_ROUTES.deleteSessions), { method: 'DELETE' });
}

/** GET session/active/devices/push-key: the server's VAPID public key, which browsers subscribe to push with. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await call(SESSION_ROUTES.getSessionActiveDevicesPushKey)).publicKey;
}

/** PUT session/active/devices/{id}: push on (with this browser's subscription) or off for one of the user's sessions. */
export function setDevicePush(id: string, input: DevicePushInput): Promise<UserSession> {
  return call(SESSION_ROUTES.putSessionActiveDevicesById, { params: { id }, body: input });
}
