import { vi } from 'vitest';
import type { Role } from '@domain/identity/roles';
import type { ApiRequest } from '../api/apiFetch';
import type { SignedInUser } from '../api/identity';
import type { AuthContextValue } from '../session/authContext';

/**
 * The API and the signed-in user a page test stands in for: a test sets `fake.role` and
 * answers calls through `fake.api`. A test file takes them with
 *
 *   vi.mock('../auth/useAuth', () => import('../../test/fakeApi'));
 *   vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));
 *
 * and imports `fake` from this module (the same instance the mocks read).
 */
export const fake = {
  role: 'admin' as Role,
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
};

/** Stands in for `session/useAuth`: a user of `fake.role` in the organisation c-1. */
export function useCurrentUser(): SignedInUser {
  return { email: `${fake.role}@demo.example`, role: fake.role, customerId: 'c-1', accountId: 'a-1', portalAccess: true };
}

/** Stands in for `session/useAuth`'s context: signed in as `useCurrentUser` (what `useRole` reads when the stored state names no role). */
export function useAuth(): Pick<AuthContextValue, 'status' | 'user'> {
  return { status: 'signedIn', user: useCurrentUser() };
}

/** Stands in for `api/apiFetch`: every call goes to `fake.api`. */
export async function apiFetch(path: string, request?: ApiRequest): Promise<unknown> {
  return fake.api(path, request);
}

export async function apiFetchAs(schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest): Promise<unknown> {
  return schema.parse(await fake.api(path, request));
}

/** Stands in for `api/apiFetch`'s public calls (no session): they go to `fake.api` too. */
export async function publicFetchAs(schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest): Promise<unknown> {
  return schema.parse(await fake.api(path, request));
}
