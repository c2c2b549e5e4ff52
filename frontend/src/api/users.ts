import useSWR, { type SWRResponse } from 'swr';
import { z } from 'zod';
import {
  customerGroupSchema,
  sendOtpResultSchema,
  userSchema,
  type InviteFormInput,
  type OtpChannel,
  type User,
  type UserFieldsInput,
} from '@domain/identity/user';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

/** The user lists: everyone, or the pending invitations. */
export type UserListKind = 'all' | 'invitations';

const pageSchema = z.object({ items: z.array(userSchema), nextCursor: z.string().optional() });
const PAGE_SIZE = 100;

/** Every user of the list, following the cursors (the grid sorts and pages in the browser). */
export async function listAllUsers(kind: UserListKind): Promise<User[]> {
  const path = kind === 'invitations' ? '/users/invitations' : '/users';
  const users: User[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (cursor !== undefined) query.set('cursor', cursor);
    const page = await apiFetchAs(pageSchema, `${path}?${query.toString()}`);
    users.push(...page.items);
    cursor = page.nextCursor;
    if (cursor !== undefined && seen.has(cursor)) break;
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return users;
}

export const usersKey = (kind: UserListKind) => ['users', kind] as const;

export function useUsers(kind: UserListKind): SWRResponse<User[], ApiError> {
  return useSWR<User[], ApiError, ReturnType<typeof usersKey>>(usersKey(kind), ([, which]) => listAllUsers(which));
}

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export function createUser(input: UserFieldsInput): Promise<User> {
  return apiFetchAs(userSchema, '/users', { method: 'POST', body: input });
}

export function inviteUser(input: InviteFormInput): Promise<User> {
  return apiFetchAs(userSchema, '/users/invite', { method: 'POST', body: input });
}

export function updateUser(id: string, input: UserFieldsInput): Promise<User> {
  return apiFetchAs(userSchema, userPath(id), { method: 'PUT', body: input });
}

export async function deleteUser(id: string): Promise<void> {
  await apiFetch(userPath(id), { method: 'DELETE' });
}

export function setUserActive(id: string, isactive: boolean): Promise<User> {
  return apiFetchAs(userSchema, `${userPath(id)}/status`, { method: 'PUT', body: { isactive } });
}

/** The invitation again (a new temporary password), for a user who has not signed in yet. */
export async function resendInvitation(email: string): Promise<void> {
  await apiFetch(`/cognito/resendinvite/${encodeURIComponent(email)}`, { method: 'POST' });
}

export function sendVerificationCode(userId: string, channel: OtpChannel): Promise<z.infer<typeof sendOtpResultSchema>> {
  return apiFetchAs(sendOtpResultSchema, '/users/sendOTP', { method: 'POST', body: { userId, channel } });
}

export function verifyCode(userId: string, channel: OtpChannel, code: string): Promise<User> {
  return apiFetchAs(userSchema, '/users/verifyOTP', { method: 'POST', body: { userId, channel, code } });
}

const customerGroupsSchema = z.object({ items: z.array(customerGroupSchema) });

/** GET account/customergroups. */
export function useCustomerGroups(): SWRResponse<z.infer<typeof customerGroupsSchema>['items'], ApiError> {
  return useSWR('account/customergroups', async () => (await apiFetchAs(customerGroupsSchema, '/account/customergroups')).items);
}
