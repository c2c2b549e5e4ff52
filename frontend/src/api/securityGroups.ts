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

const PAGE_SIZE = 100;

/** Every security group of the organisation, following the cursors (the grid sorts and pages in the browser). */
export async function listAllSecurityGroups(): Promise<SecurityGroup[]> {
  const groups: SecurityGroup[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (cursor !== undefined) query.set('cursor', cursor);
    const page = await apiFetchAs(securityGroupPageSchema, `/securitygroups?${query.toString()}`);
    groups.push(...page.items);
    cursor = page.nextCursor;
    if (cursor !== undefined && seen.has(cursor)) break;
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return groups;
}

export const SECURITY_GROUPS_KEY = 'securitygroups';
export const SECURITY_GROUP_USERS_KEY = 'securitygroups/userlist';

export function useSecurityGroups(): SWRResponse<SecurityGroup[], ApiError> {
  return useSWR<SecurityGroup[], ApiError, string>(SECURITY_GROUPS_KEY, () => listAllSecurityGroups());
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
