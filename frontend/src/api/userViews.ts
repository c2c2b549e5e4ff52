import useSWR, { type SWRResponse } from 'swr';
import { userViewPageSchema, userViewSchema, type UserView, type UserViewFormValues } from '@domain/identity/user-views';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

const PAGE_SIZE = 100;

/** Every user view the caller may see, following the cursors. */
export async function listAllUserViews(): Promise<UserView[]> {
  const views: UserView[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (cursor !== undefined) query.set('cursor', cursor);
    const page = await apiFetchAs(userViewPageSchema, `/userviews?${query.toString()}`);
    views.push(...page.items);
    cursor = page.nextCursor;
    if (cursor !== undefined && seen.has(cursor)) break;
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return views;
}

export const USER_VIEWS_KEY = 'userviews';

/** `enabled` false for the roles that may not read user views (the API would refuse them). */
export function useUserViews(enabled = true): SWRResponse<UserView[], ApiError> {
  return useSWR<UserView[], ApiError, string | null>(enabled ? USER_VIEWS_KEY : null, () => listAllUserViews());
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
