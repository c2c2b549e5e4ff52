import type { SWRResponse } from 'swr';
import {
  notificationGroupPageSchema,
  notificationGroupSchema,
  type NotificationGroup,
  type NotificationGroupRequest,
} from '@domain/notifications/notification-group';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

export const NOTIFICATION_GROUPS_KEY = 'notificationgroups';

const listAllGroups = (onPage: PageProgress<NotificationGroup>) =>
  fetchAllPages({ schema: notificationGroupPageSchema, path: '/notificationgroups' }, onPage);

/** The organisation's notification groups, every page, for choosing them (a sensor's, a gateway's). */
export function useNotificationGroups(): SWRResponse<NotificationGroup[], ApiError> {
  return useAllPages(NOTIFICATION_GROUPS_KEY, listAllGroups);
}

/** The Notification groups screen's list: the first page at once, the rest as it comes. */
export function useNotificationGroupList(): PagedList<NotificationGroup> {
  return usePagedList(NOTIFICATION_GROUPS_KEY, listAllGroups);
}

const groupPath = (id: string) => `/notificationgroups/${encodeURIComponent(id)}`;

/** `overwrite` gives a default group to its sites' existing sensors and gateways too. */
export function createNotificationGroup(input: NotificationGroupRequest): Promise<NotificationGroup> {
  return apiFetchAs(notificationGroupSchema, '/notificationgroups', { method: 'POST', body: input });
}

export function updateNotificationGroup(id: string, input: NotificationGroupRequest): Promise<NotificationGroup> {
  return apiFetchAs(notificationGroupSchema, groupPath(id), { method: 'PUT', body: input });
}

/** Refused (`notificationGroupInUse`, with the counts) while sensors or gateways use the group. */
export async function deleteNotificationGroup(id: string): Promise<void> {
  await apiFetch(groupPath(id), { method: 'DELETE' });
}
