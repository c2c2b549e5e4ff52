import useSWR, { type SWRResponse } from 'swr';
import { z } from 'zod';
import {
  customerGroupSchema,
  sendOtpResultSchema,
  type InviteFormInput,
  type OtpChannel,
  type User,
  type UserFieldsInput,
} from '@domain/identity/user';
import { IDENTITY_ADMIN_ROUTES } from '@domain/api/identity-admin';
import { USER_ROUTES } from '@domain/api/users';
import { call, pages } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/** The user lists: everyone, or the pending invitations. */
export type UserListKind = 'all' | 'invitations';

/** Every user of the list, following the cursors (the grid sorts and pages in the browser). */
export function listAllUsers(kind: UserListKind, onPage?: PageProgress<User>): Promise<User[]> {
  return fetchAllPages(pages(kind === 'invitations' ? USER_ROUTES.getInvitations : USER_ROUTES.list), onPage);
}

export const usersKey = (kind: UserListKind) => ['users', kind] as const;

/** The users screens' list: the first page at once, the rest as it comes. */
export function useUsers(kind: UserListKind): PagedList<User> {
  return usePagedList(usersKey(kind), (onPage) => listAllUsers(kind, onPage));
}

export function createUser(input: UserFieldsInput): Promise<User> {
  return call(USER_ROUTES.create, { body: input });
}

export function inviteUser(input: InviteFormInput): Promise<User> {
  return call(USER_ROUTES.postInvite, { body: input });
}

export function updateUser(id: string, input: UserFieldsInput): Promise<User> {
  return call(USER_ROUTES.update, { params: { id }, body: input });
}

export async function deleteUser(id: string): Promise<void> {
  await call(USER_ROUTES.remove, { params: { id } });
}

export function setUserActive(id: string, isactive: boolean): Promise<User> {
  return call(USER_ROUTES.putStatus, { params: { id }, body: { isactive } });
}

/** The invitation again (a new temporary password), for a user who has not signed in yet. */
export async function resendInvitation(email: string): Promise<void> {
  await call(IDENTITY_ADMIN_ROUTES.postResendinviteById, { params: { name: email } });
}

export function sendVerificationCode(userId: string, channel: OtpChannel): Promise<z.infer<typeof sendOtpResultSchema>> {
  return call(USER_ROUTES.postSendOTP, { body: { userId, channel } });
}

export function verifyCode(userId: string, channel: OtpChannel, code: string): Promise<User> {
  return call(USER_ROUTES.postVerifyOTP, { body: { userId, channel, code } });
}

/** GET account/customergroups. */
export function useCustomerGroups(): SWRResponse<z.infer<typeof customerGroupSchema>[], ApiError> {
  return useSWR('account/customergroups', async () => (await call(USER_ROUTES.getAccountCustomergroups)).items);
}
