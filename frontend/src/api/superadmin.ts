import useSWR, { type SWRResponse } from 'swr';
import useSWRInfinite, { type SWRInfiniteResponse } from 'swr/infinite';
import { SUPERADMIN_ROUTES } from '@domain/api/superadmin';
import {
  organisationSchema,
  type CustomerGroup,
  type CustomerGroupInput,
  type Organisation,
  type OrganisationCreateInput,
  type OrganisationInput,
  type OrganisationStatus,
  type OrganisationWithCounts,
  type SuperadminAuditEntry,
} from '@domain/organisation/organisation';
import { apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { call, pages, pathOf } from './client';
import { fetchPage, type Page } from './pagedList';

/** The super-administrator's calls (issue 16 section 1, `/api/superadmin/...`). */

export const organisationsKey = (search: string) => ['superadmin/organisations', search] as const;

/** The first page of organisations by name (up to 100), those whose name holds `search`. */
export function useOrganisations(search: string): SWRResponse<OrganisationWithCounts[], ApiError> {
  return useSWR<OrganisationWithCounts[], ApiError, readonly [string, string]>(organisationsKey(search), async ([, text]) => {
    const query = { limit: '100', ...(text.trim() === '' ? {} : { search: text.trim() }) };
    return (await call(SUPERADMIN_ROUTES.getOrganisations, { query })).items;
  });
}

export const CUSTOMER_GROUPS_KEY = 'superadmin/customergroups';

export function useCustomerGroups(): SWRResponse<CustomerGroup[], ApiError> {
  return useSWR<CustomerGroup[], ApiError, string>(CUSTOMER_GROUPS_KEY, async () =>
    (await call(SUPERADMIN_ROUTES.getCustomergroups)).items);
}

export function createOrganisation(input: OrganisationCreateInput): Promise<Organisation> {
  // The answer read as the organisation alone, as before (its first administrator's id is not used).
  return apiFetchAs(organisationSchema, pathOf(SUPERADMIN_ROUTES.postOrganisations), { method: 'POST', body: input });
}

export function setOrganisationStatus(customerId: string, status: OrganisationStatus): Promise<Organisation> {
  return call(SUPERADMIN_ROUTES.putOrganisationsStatus, { params: { id: customerId }, body: { status } });
}

/** An edit of every field of the organisation (its status is set apart). */
export function updateOrganisation(customerId: string, input: OrganisationInput): Promise<Organisation> {
  return call(SUPERADMIN_ROUTES.putOrganisationsById, { params: { id: customerId }, body: input });
}

export function createCustomerGroup(input: CustomerGroupInput): Promise<CustomerGroup> {
  return call(SUPERADMIN_ROUTES.postCustomergroups, { body: input });
}

type AuditPage = Page<SuperadminAuditEntry>;

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
    ([, cursor]: [string, string]) => fetchPage(pages(SUPERADMIN_ROUTES.getAudit), cursor === '' ? undefined : cursor),
    { revalidateFirstPage: true },
  );
}

/** A customer group's new name (its id stays). */
export function updateCustomerGroup(id: string, input: CustomerGroupInput): Promise<CustomerGroup> {
  return call(SUPERADMIN_ROUTES.putCustomergroupsById, { params: { id }, body: input });
}
