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
import { fetchAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/** The user lists: everyone, or the pending invitations. */
export type UserListKind = 'all' | 'invitations';

const pageSchema = z.object({ items: z.array(userSchema), nextCursor: z.string().optional() });

/** Every user of the list, following the cursors (the grid sorts and pages in the browser). */
export function listAllUsers(kind: UserListKind, onPage?: PageProgress<User>): Promise<User[]> {
  return fetchAllPages({ schema: pageSchema, path: kind === 'invitations' ? '/users/invitations' : '/users' }, onPage);
}

export const usersKey = (kind: UserListKind) => ['users', kind] as const;

/** The users screens' list: the first page at once, the rest as it comes. */
export function useUsers(kind: UserListKind): PagedList<User> {
  return usePagedList(usersKey(kind), (onPage) => listAllUsers(kind, onPage));
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
