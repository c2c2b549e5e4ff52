import { conflict, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { AccountStore, endAllSessions, type AccountRecord } from '../data';
import type { Caller } from '../shared/caller';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { identityStatusOf, sendInvitationAgain, setIdentityEnabled, setSmsMfa } from '../shared/identity';
import { inviterName } from '../data/accounts';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { helpdeskUserOf, HelpdeskStore } from '../data/repositories/helpdesk';
import { HELPDESK_ROUTES } from '@domain/api/helpdesk';

/** Organisations one page of the list reads the health of (each a few Queries and a newest reading per sensor). */
export const HELPDESK_PAGE_MAX = 25;

const table = () => backendConfig().tableName;
const helpdesk = () => new HelpdeskStore(dynamoDocumentClient(), table());

/** The user a path names, of the path's organisation (which must exist): 404 for one of another organisation, as for a missing one. */
async function supportedUser(customerId: string, userId: string): Promise<AccountRecord> {
  await helpdesk().organisation(customerId);
  // A superadmin account is nobody's user: as missing.
  const record = await new AccountStore(dynamoDocumentClient(), table()).getConsistent(customerId, userId);
  if (record === undefined || record.role === 'superadmin') throw notFound(MESSAGES.identityUserNotFound);
  return record;
}

const usernameOf = (record: AccountRecord) => record.identityUsername ?? record.email;

type SupportActionOutcome = { record: AccountRecord; endedSessions?: number };

/** The four support actions: each does the identity's part, then records it (audits and the account's change). */
const SUPPORT_ACTIONS: Record<'reset-mfa' | 'resend-invitation' | 'unlock' | 'end-sessions', (caller: Caller, customerId: string, record: AccountRecord) => Promise<SupportActionOutcome>> = {
  // SPEC section 4: MFA is turned off only by support; the user turns it on again from a verified phone.
  'reset-mfa': async (caller, customerId, record) => {
    await setSmsMfa(usernameOf(record), false);
    return { record: await helpdesk().recordSupportAction(caller, customerId, record, 'helpdesk.resetMfa', { mfaEnabled: false }) };
  },
  'resend-invitation': async (caller, customerId, record) => {
    if (await identityStatusOf(usernameOf(record)) !== 'FORCE_CHANGE_PASSWORD') throw conflict(MESSAGES.inviteAlreadyAccepted);
    await sendInvitationAgain(usernameOf(record), await inviterName(caller));
    return { record: await helpdesk().recordSupportAction(caller, customerId, record, 'helpdesk.resendInvitation', {}) };
  },
  // A locked account is a disabled one: it signs in again once enabled (as PUT /users/{id}/status).
  unlock: async (caller, customerId, record) => {
    await setIdentityEnabled(usernameOf(record), true);
    return { record: await helpdesk().recordSupportAction(caller, customerId, record, 'helpdesk.unlock', { isActive: true }) };
  },
  'end-sessions': async (caller, customerId, record) => {
    const endedSessions = await endAllSessions(dynamoDocumentClient(), table(), customerId, record.accountId, new Date());
    return { record: await helpdesk().recordSupportAction(caller, customerId, record, 'helpdesk.endSessions', {}, { endedSessions }), endedSessions };
  },
};

const supportActionRoute = (action: keyof typeof SUPPORT_ACTIONS, contract: (typeof HELPDESK_ROUTES)['resetMfa' | 'resendInvitation' | 'unlock' | 'endSessions']) => route(contract, {
  action: async ({ caller, params, request }) => {
    const record = await supportedUser(params.customerId, params.userId);
    const { record: after, endedSessions } = await SUPPORT_ACTIONS[action](caller, params.customerId, record);
    request.logger.info('helpdesk support action', { action, customerId: params.customerId, accountId: record.accountId });
    return { statusCode: 200, body: { user: helpdeskUserOf(after), ...(endedSessions === undefined ? {} : { endedSessions }) } };
  },
});

export const helpdeskRoutes = defineRoutes('helpdesk', [
  route(HELPDESK_ROUTES.getOrganisations, {
    action: async ({ request, query }) => {
      const health = helpdesk();
      const requested = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: health.organisationsPartition() });
      const { records, nextCursor } = await health.organisations({ ...requested, limit: Math.min(requested.limit, HELPDESK_PAGE_MAX) }, query['search']);
      const items = await Promise.all(records.map(async (record) => ({
        customerId: record.customerId, name: record.name, status: record.status, health: await health.health(record.customerId),
      })));
      return { statusCode: 200, body: { items, ...(nextCursor ? { nextCursor } : {}) } };
    },
  }),
  route(HELPDESK_ROUTES.getOrganisationsById, {
    action: async ({ params }) => {
      const store = helpdesk();
      const organisation = await store.organisation(params.customerId);
      const [users, { health, sensors, gateways }] = await Promise.all([store.users(params.customerId), store.devices(params.customerId)]);
      return { statusCode: 200, body: { organisation, health, users, sensors, gateways } };
    },
  }),
  supportActionRoute('reset-mfa', HELPDESK_ROUTES.resetMfa),
  supportActionRoute('resend-invitation', HELPDESK_ROUTES.resendInvitation),
  supportActionRoute('unlock', HELPDESK_ROUTES.unlock),
  supportActionRoute('end-sessions', HELPDESK_ROUTES.endSessions),
]);
