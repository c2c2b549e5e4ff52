import useSWR, { type SWRResponse } from 'swr';
import type { HelpdeskOrganisation, HelpdeskOrganisationDetail, HelpdeskUserAction } from '@domain/organisation/helpdesk';
import { HELPDESK_ROUTES } from '@domain/api/helpdesk';
import { call, pages } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, usePagedList, type PagedList } from './pagedList';

/** The helpdesk's calls (issue 16 section 2, `/api/helpdesk/...`): the organisation is the path's, never a header. */

export const HELPDESK_ORGANISATIONS_KEY = 'helpdesk/organisations';

/** The API reads at most 25 organisations' health a page: the rows come in as each page does. */
export function useHelpdeskOrganisations(): PagedList<HelpdeskOrganisation> {
  return usePagedList(HELPDESK_ORGANISATIONS_KEY, (onPage) => fetchAllPages(pages(HELPDESK_ROUTES.getOrganisations, { pageSize: 25 }), onPage));
}

export function useHelpdeskOrganisation(customerId: string): SWRResponse<HelpdeskOrganisationDetail, ApiError> {
  return useSWR<HelpdeskOrganisationDetail, ApiError, readonly [string, string]>(
    [HELPDESK_ORGANISATIONS_KEY, customerId], ([, id]) => call(HELPDESK_ROUTES.getOrganisationsById, { params: { customerId: id } }));
}

/** One of the four support actions on a user of the organisation. */
/** Each support action's route. */
const SUPPORT_ACTIONS = {
  'reset-mfa': HELPDESK_ROUTES.resetMfa,
  'resend-invitation': HELPDESK_ROUTES.resendInvitation,
  unlock: HELPDESK_ROUTES.unlock,
  'end-sessions': HELPDESK_ROUTES.endSessions,
} satisfies Record<HelpdeskUserAction, unknown>;

export function runHelpdeskUserAction(customerId: string, accountId: string, action: HelpdeskUserAction) {
  return call(SUPPORT_ACTIONS[action], { params: { customerId, userId: accountId } });
}
