import useSWR, { type SWRResponse } from 'swr';
import { z } from 'zod';
import {
  customerGroupSchema,
  organisationSchema,
  organisationWithCountsSchema,
  type CustomerGroup,
  type Organisation,
  type OrganisationCreateInput,
  type OrganisationStatus,
  type OrganisationWithCounts,
} from '@domain/organisation/organisation';
import { apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

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

export function useCustomerGroups(): SWRResponse<CustomerGroup[], ApiError> {
  return useSWR<CustomerGroup[], ApiError, string>('superadmin/customergroups', async () =>
    (await apiFetchAs(customerGroupsSchema, '/superadmin/customergroups')).items);
}

export function createOrganisation(input: OrganisationCreateInput): Promise<Organisation> {
  return apiFetchAs(organisationSchema, '/superadmin/organisations', { method: 'POST', body: input });
}

export function setOrganisationStatus(customerId: string, status: OrganisationStatus): Promise<Organisation> {
  return apiFetchAs(organisationSchema, `/superadmin/organisations/${encodeURIComponent(customerId)}/status`, { method: 'PUT', body: { status } });
}
