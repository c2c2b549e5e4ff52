import type { SWRResponse } from 'swr';
import { userViewPageSchema, userViewSchema, type UserView, type UserViewFormValues } from '@domain/identity/user-views';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/** Every user view the caller may see, following the cursors. */
export function listAllUserViews(onPage?: PageProgress<UserView>): Promise<UserView[]> {
  return fetchAllPages({ schema: userViewPageSchema, path: '/userviews' }, onPage);
}

export const USER_VIEWS_KEY = 'userviews';

/** The User views screen's list: the first page at once, the rest as it comes. */
export function useUserViewList(): PagedList<UserView> {
  return usePagedList(USER_VIEWS_KEY, listAllUserViews);
}

/** Every user view, for choosing one; `enabled` false for the roles that may not read them (the API would refuse them). */
export function useUserViews(enabled = true): SWRResponse<UserView[], ApiError> {
  return useAllPages(enabled ? USER_VIEWS_KEY : null, listAllUserViews);
}

const viewPath = (id: string) => `/userviews/${encodeURIComponent(id)}`;

export function createUserView(input: UserViewFormValues): Promise<UserView> {
  return apiFetchAs(userViewSchema, '/userviews', { method: 'POST', body: input });
}

export function updateUserView(id: string, input: UserViewFormValues): Promise<UserView> {
  return apiFetchAs(userViewSchema, viewPath(id), { method: 'PUT', body: input });
}

export async function deleteUserView(id: string): Promise<void> {
  await apiFetch(viewPath(id), { method: 'DELETE' });
}
