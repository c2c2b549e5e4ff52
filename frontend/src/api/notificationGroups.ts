import type { SWRResponse } from 'swr';
import type { NotificationGroup, NotificationGroupRequest } from '@domain/notifications/notification-group';
import { NOTIFICATION_GROUP_ROUTES } from '@domain/api/notification-groups';
import { call, pages } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

export const NOTIFICATION_GROUPS_KEY = 'notificationgroups';

const listAllGroups = (onPage: PageProgress<NotificationGroup>) =>
  fetchAllPages(pages(NOTIFICATION_GROUP_ROUTES.list), onPage);

/** The organisation's notification groups, every page, for choosing them (a sensor's, a gateway's). */
export function useNotificationGroups(): SWRResponse<NotificationGroup[], ApiError> {
  return useAllPages(NOTIFICATION_GROUPS_KEY, listAllGroups);
}

/** The Notification groups screen's list: the first page at once, the rest as it comes. */
export function useNotificationGroupList(): PagedList<NotificationGroup> {
  return usePagedList(NOTIFICATION_GROUPS_KEY, listAllGroups);
}

/** `overwrite` gives a default group to its sites' existing sensors and gateways too. */
export function createNotificationGroup(input: NotificationGroupRequest): Promise<NotificationGroup> {
  return call(NOTIFICATION_GROUP_ROUTES.create, { body: input });
}

export function updateNotificationGroup(id: string, input: NotificationGroupRequest): Promise<NotificationGroup> {
  return call(NOTIFICATION_GROUP_ROUTES.update, { params: { id }, body: input });
}

/** Refused (`notificationGroupInUse`, with the counts) while sensors or gateways use the group. */
export async function deleteNotificationGroup(id: string): Promise<void> {
  await call(NOTIFICATION_GROUP_ROUTES.remove, { params: { id } });
}
