import useSWR, { type SWRResponse } from 'swr';
import { z } from 'zod';
import {
  helpdeskOrganisationDetailSchema,
  helpdeskOrganisationSchema,
  helpdeskUserActionResultSchema,
  type HelpdeskOrganisation,
  type HelpdeskOrganisationDetail,
  type HelpdeskUserAction,
} from '@domain/organisation/helpdesk';
import { apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { fetchAllPages, usePagedList, type PagedList } from './pagedList';

/** The helpdesk's calls (issue 16 section 2, `/api/helpdesk/...`): the organisation is the path's, never a header. */

const organisationPageSchema = z.object({ items: z.array(helpdeskOrganisationSchema), nextCursor: z.string().optional() });

export const HELPDESK_ORGANISATIONS_KEY = 'helpdesk/organisations';

/** The API reads at most 25 organisations' health a page: the rows come in as each page does. */
export function useHelpdeskOrganisations(): PagedList<HelpdeskOrganisation> {
  return usePagedList(HELPDESK_ORGANISATIONS_KEY, (onPage) => fetchAllPages({ schema: organisationPageSchema, path: '/helpdesk/organisations', pageSize: 25 }, onPage));
}

const organisationPath = (customerId: string) => `/helpdesk/organisations/${encodeURIComponent(customerId)}`;

export function useHelpdeskOrganisation(customerId: string): SWRResponse<HelpdeskOrganisationDetail, ApiError> {
  return useSWR<HelpdeskOrganisationDetail, ApiError, readonly [string, string]>(
    [HELPDESK_ORGANISATIONS_KEY, customerId], ([, id]) => apiFetchAs(helpdeskOrganisationDetailSchema, organisationPath(id)));
}

/** One of the four support actions on a user of the organisation. */
export function runHelpdeskUserAction(customerId: string, accountId: string, action: HelpdeskUserAction) {
  return apiFetchAs(helpdeskUserActionResultSchema, `${organisationPath(customerId)}/users/${encodeURIComponent(accountId)}/${action}`, { method: 'POST' });
}
