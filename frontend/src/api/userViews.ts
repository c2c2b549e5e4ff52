import type { SWRResponse } from 'swr';
import type { UserView, UserViewFormValues } from '@domain/identity/user-views';
import { USER_VIEW_ROUTES } from '@domain/api/user-views';
import { call, pages } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/** Every user view the caller may see, following the cursors. */
export function listAllUserViews(onPage?: PageProgress<UserView>): Promise<UserView[]> {
  return fetchAllPages(pages(USER_VIEW_ROUTES.list), onPage);
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

export function createUserView(input: UserViewFormValues): Promise<UserView> {
  return call(USER_VIEW_ROUTES.create, { body: input });
}

export function updateUserView(id: string, input: UserViewFormValues): Promise<UserView> {
  return call(USER_VIEW_ROUTES.update, { params: { id }, body: input });
}

export async function deleteUserView(id: string): Promise<void> {
  await call(USER_VIEW_ROUTES.remove, { params: { id } });
}
