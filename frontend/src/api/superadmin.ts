import useSWR, { type SWRResponse } from 'swr';
import useSWRInfinite, { type SWRInfiniteResponse } from 'swr/infinite';
import { z } from 'zod';
import {
  customerGroupSchema,
  organisationSchema,
  superadminAuditEntrySchema,
  organisationWithCountsSchema,
  type CustomerGroup,
  type CustomerGroupInput,
  type Organisation,
  type OrganisationCreateInput,
  type OrganisationInput,
  type OrganisationStatus,
  type OrganisationWithCounts,
} from '@domain/organisation/organisation';
import { apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { fetchPage } from './pagedList';

/** The super-administrator's calls (issue 16 section 1, `/api/superadmin/...`). */

const organisationPageSchema = z.object({ items: z.array(organisationWithCountsSchema), nextCursor: z.string().optional() });
const customerGroupsSchema = z.object({ items: z.array(customerGroupSchema) });

export const organisationsKey = (search: string) => ['superadmin/organisations', search] as const;

/** The first page of organisations by name (up to 100), those whose name holds `search`. */
export function useOrganisations(search: string): SWRResponse<OrganisationWithCounts[], ApiError> {
  return useSWR<OrganisationWithCounts[], ApiError, readonly [string, string]>(organisationsKey(search), async ([, text]) => {
    const query = new URLSearchParams({ limit: '100', ...(text.trim() === '' ? {} : { search: text.trim() }) });
    return (await apiFetchAs(organisationPageSchema, `/superadmin/organisations?${query.toString()}`)).items;
  });
}

export const CUSTOMER_GROUPS_KEY = 'superadmin/customergroups';

export function useCustomerGroups(): SWRResponse<CustomerGroup[], ApiError> {
  return useSWR<CustomerGroup[], ApiError, string>(CUSTOMER_GROUPS_KEY, async () =>
    (await apiFetchAs(customerGroupsSchema, '/superadmin/customergroups')).items);
}

export function createOrganisation(input: OrganisationCreateInput): Promise<Organisation> {
  return apiFetchAs(organisationSchema, '/superadmin/organisations', { method: 'POST', body: input });
}

export function setOrganisationStatus(customerId: string, status: OrganisationStatus): Promise<Organisation> {
  return apiFetchAs(organisationSchema, `/superadmin/organisations/${encodeURIComponent(customerId)}/status`, { method: 'PUT', body: { status } });
}

/** An edit of every field of the organisation (its status is set apart). */
export function updateOrganisation(customerId: string, input: OrganisationInput): Promise<Organisation> {
  return apiFetchAs(organisationSchema, `/superadmin/organisations/${encodeURIComponent(customerId)}`, { method: 'PUT', body: input });
}

export function createCustomerGroup(input: CustomerGroupInput): Promise<CustomerGroup> {
  return apiFetchAs(customerGroupSchema, '/superadmin/customergroups', { method: 'POST', body: input });
}

const auditPageSchema = z.object({ items: z.array(superadminAuditEntrySchema), nextCursor: z.string().optional() });

type AuditPage = z.output<typeof auditPageSchema>;

/**
 * The super-administrators' own audit trail, newest first, a page at a time: one more page per
 * "show more" (the trail only grows; nobody needs all of it at once).
 */
export function useSuperadminAudit(): SWRInfiniteResponse<AuditPage, ApiError> {
  return useSWRInfinite<AuditPage, ApiError>(
    (index: number, previous: AuditPage | null) => {
      if (previous !== null && previous.nextCursor === undefined) return null;
      return ['superadmin/audit', index === 0 ? '' : previous?.nextCursor ?? ''];
    },
    ([, cursor]: [string, string]) => fetchPage({ schema: auditPageSchema, path: '/superadmin/audit' }, cursor === '' ? undefined : cursor),
    { revalidateFirstPage: true },
  );
}

/** A customer group's new name (its id stays). */
export function updateCustomerGroup(id: string, input: CustomerGroupInput): Promise<CustomerGroup> {
  return apiFetchAs(customerGroupSchema, `/superadmin/customergroups/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}
