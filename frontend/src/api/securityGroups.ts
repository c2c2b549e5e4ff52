import useSWR, { type SWRResponse } from 'swr';
import {
  securityGroupPageSchema,
  securityGroupSchema,
  securityGroupUserListSchema,
  type SecurityGroup,
  type SecurityGroupFormValues,
  type SecurityGroupUser,
} from '@domain/identity/security-groups';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { fetchAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/** Every security group of the organisation, following the cursors (the grid sorts and pages in the browser). */
export function listAllSecurityGroups(onPage?: PageProgress<SecurityGroup>): Promise<SecurityGroup[]> {
  return fetchAllPages({ schema: securityGroupPageSchema, path: '/securitygroups' }, onPage);
}

export const SECURITY_GROUPS_KEY = 'securitygroups';
export const SECURITY_GROUP_USERS_KEY = 'securitygroups/userlist';

export function useSecurityGroups(): PagedList<SecurityGroup> {
  return usePagedList(SECURITY_GROUPS_KEY, listAllSecurityGroups);
}

/** GET securitygroups/userlist (SPEC section 7): the users a group may take. */
export function useSecurityGroupUsers(): SWRResponse<SecurityGroupUser[], ApiError> {
  return useSWR<SecurityGroupUser[], ApiError, string>(SECURITY_GROUP_USERS_KEY, async () =>
    (await apiFetchAs(securityGroupUserListSchema, '/securitygroups/userlist')).items);
}

const groupPath = (id: string) => `/securitygroups/${encodeURIComponent(id)}`;

export function createSecurityGroup(input: SecurityGroupFormValues): Promise<SecurityGroup> {
  return apiFetchAs(securityGroupSchema, '/securitygroups', { method: 'POST', body: input });
}

export function updateSecurityGroup(id: string, input: SecurityGroupFormValues): Promise<SecurityGroup> {
  return apiFetchAs(securityGroupSchema, groupPath(id), { method: 'PUT', body: input });
}

export async function deleteSecurityGroup(id: string): Promise<void> {
  await apiFetch(groupPath(id), { method: 'DELETE' });
}
