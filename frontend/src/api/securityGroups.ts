import useSWR, { type SWRResponse } from 'swr';
import type { SecurityGroup, SecurityGroupFormValues, SecurityGroupUser } from '@domain/identity/security-groups';
import { SECURITY_GROUP_ROUTES } from '@domain/api/security-groups';
import { call, pages } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/** Every security group of the organisation, following the cursors (the grid sorts and pages in the browser). */
export function listAllSecurityGroups(onPage?: PageProgress<SecurityGroup>): Promise<SecurityGroup[]> {
  return fetchAllPages(pages(SECURITY_GROUP_ROUTES.list), onPage);
}

export const SECURITY_GROUPS_KEY = 'securitygroups';
export const SECURITY_GROUP_USERS_KEY = 'securitygroups/userlist';

export function useSecurityGroups(): PagedList<SecurityGroup> {
  return usePagedList(SECURITY_GROUPS_KEY, listAllSecurityGroups);
}

/** GET securitygroups/userlist (SPEC section 7): the users a group may take. */
export function useSecurityGroupUsers(): SWRResponse<SecurityGroupUser[], ApiError> {
  return useSWR<SecurityGroupUser[], ApiError, string>(SECURITY_GROUP_USERS_KEY, async () =>
    (await call(SECURITY_GROUP_ROUTES.getUserlist)).items);
}

export function createSecurityGroup(input: SecurityGroupFormValues): Promise<SecurityGroup> {
  return call(SECURITY_GROUP_ROUTES.create, { body: input });
}

export function updateSecurityGroup(id: string, input: SecurityGroupFormValues): Promise<SecurityGroup> {
  return call(SECURITY_GROUP_ROUTES.update, { params: { id }, body: input });
}

export async function deleteSecurityGroup(id: string): Promise<void> {
  await call(SECURITY_GROUP_ROUTES.remove, { params: { id } });
}
