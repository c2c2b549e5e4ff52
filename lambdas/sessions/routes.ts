import { type UserSessionList } from '@domain/identity/account';
import { forbidden, notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { isPushServiceEndpoint } from '@domain/identity/push-endpoints';
import { mayManageAccount } from '@domain/identity/user';
import { AccountStore } from '../data';
import { accountTie } from '../shared/access';
import { assertInCorporateView } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig, localPushOrigins } from '../shared/config';
import { requireCaller, targetCustomerId, type ActionRequest } from '../shared/http';
import { vapidKeys } from '../shared/vapid';
import { sessionStoreFromConfig } from '../data/repositories/sessions';
import { defineRoutes, route } from '../shared/routing';
import { SESSION_ROUTES } from '@domain/api/sessions';

const accounts = () => new AccountStore(dynamoDocumentClient(), backendConfig().tableName);

async function ownSessions(request: ActionRequest): Promise<UserSessionList> {
  const caller = requireCaller(request);
  const items = await sessionStoreFromConfig().list(caller.customerId, caller.accountId, caller.tokenId);
  return { items, maxSessions: backendConfig().maxSessions };
}

/** The caller's session, for the calls that act on "this" session. */
async function currentSessionId(request: ActionRequest): Promise<string> {
  const caller = requireCaller(request);
  const state = await sessionStoreFromConfig().tokenState(caller.customerId, caller.tokenId);
  if (state === undefined || state.revokedAt !== undefined) throw notFound(MESSAGES.sessionNotFound);
  return state.sessionId;
}

/** Administrators act within their organisation; helpdesk and superadmin in the one they name. */
function administeredCustomerId(request: ActionRequest): string {
  const caller = requireCaller(request);
  if (caller.role === 'admin') return caller.customerId;
  if (caller.role === 'helpdesk' || caller.role === 'superadmin') return targetCustomerId(request);
  throw forbidden();
}

/**
 * Another account's sessions are theirs to see and end who may manage that account: nobody
 * acts on an account whose role outranks theirs (the roles they may give). Their own are theirs.
 */
async function requireManageable(request: ActionRequest, customerId: string, accountId: string): Promise<void> {
  const caller = requireCaller(request);
  if (customerId === caller.customerId && accountId === caller.accountId) return;
  const account = await accounts().get(customerId, accountId);
  if (account === undefined) throw notFound(MESSAGES.accountNotFound);
  // Under a corporate view, another location's user is as unknown as a missing one.
  await assertInCorporateView(caller, customerId, accountTie(account), { notFoundMessage: MESSAGES.accountNotFound });
  if (!mayManageAccount(caller.role, account.role)) throw forbidden(MESSAGES.accountOutranksYou);
}

/** Device sessions (SPEC sections 3, 4, 7): sign-in, logout, the lists and ending them. */
export const sessionRoutes = defineRoutes('sessions', [
  route(SESSION_ROUTES.putLogin, {
    action: async ({ caller, body, request }) => {
      const session = await sessionStoreFromConfig().open(
        caller, caller.tokenId, body, request.origin,
      );
      await accounts().recordSignIn(caller.customerId, caller.accountId);
      return { statusCode: 201, body: { id: session.id, loginid: session.id } };
    },
  }),
  route(SESSION_ROUTES.putLoginById, {
    action: async ({ caller, body, params }) => {
      const { loginid: _loginId, ...fields } = body;
      const session = await sessionStoreFromConfig().update(caller, caller.tokenId, params.id, fields);
      return { statusCode: 200, body: session };
    },
  }),
  route(SESSION_ROUTES.putLogout, {
    action: async ({ caller }) => {
      await sessionStoreFromConfig().endByToken(caller.customerId, caller.tokenId);
      return { statusCode: 204 };
    },
  }),
  route(SESSION_ROUTES.getSessions, {
    action: async ({ request }) => ({ statusCode: 200, body: await ownSessions(request) }),
  }),
  route(SESSION_ROUTES.deleteSessionsById, {
    action: async ({ caller, params }) => {
      await sessionStoreFromConfig().end(caller.customerId, caller.accountId, params.id);
      return { statusCode: 204 };
    },
  }),
  route(SESSION_ROUTES.deleteSessions, {
    action: async ({ caller }) => {
      const ended = await sessionStoreFromConfig().endAll(caller.customerId, caller.accountId, caller.tokenId);
      return { statusCode: 200, body: { ended } };
    },
  }),
  route(SESSION_ROUTES.getSessionActive, {
    action: async ({ request }) => {
      const sessionId = await currentSessionId(request);
      const { items } = await ownSessions(request);
      const current = items.find((item) => item.id === sessionId);
      if (current === undefined) throw notFound(MESSAGES.sessionNotFound);
      return { statusCode: 200, body: current };
    },
  }),
  route(SESSION_ROUTES.getSessionActiveDevices, {
    action: async ({ request }) => ({ statusCode: 200, body: await ownSessions(request) }),
  }),
  route(SESSION_ROUTES.getSessionActiveDevicesPushKey, {
    action: async () => ({ statusCode: 200, body: { publicKey: (await vapidKeys()).publicKey } }),
  }),
  route(SESSION_ROUTES.putSessionActiveDevicesById, {
    action: async ({ caller, body, params }) => {
      const { pushEnabled, subscription } = body;
      // Pushes go to the browsers' push services only (issue 32): the sender would call whatever other URL is stored.
      if (subscription !== undefined && !isPushServiceEndpoint(subscription.endpoint, localPushOrigins())) {
        throw validationError(MESSAGES.pushEndpointNotAllowed, { 'subscription.endpoint': MESSAGES.pushEndpointNotAllowed });
      }
      const session = await sessionStoreFromConfig().setPush(caller, params.id, pushEnabled, caller.tokenId, subscription);
      return { statusCode: 200, body: session };
    },
  }),
  route(SESSION_ROUTES.deleteSessionActiveDevicesById, {
    action: async ({ caller, params }) => {
      await sessionStoreFromConfig().end(caller.customerId, caller.accountId, params.id);
      return { statusCode: 204 };
    },
  }),
  route(SESSION_ROUTES.deleteSessionById, {
    action: async ({ params, request }) => {
      const customerId = administeredCustomerId(request);
      const store = sessionStoreFromConfig();
      const sessionId = params.id;
      const owner = await store.ownerOf(customerId, sessionId);
      await requireManageable(request, customerId, owner);
      await store.end(customerId, owner, sessionId);
      return { statusCode: 204 };
    },
  }),
  route(SESSION_ROUTES.getSessions2, {
    action: async ({ params, request }) => {
      const customerId = administeredCustomerId(request);
      const accountId = params.id;
      await requireManageable(request, customerId, accountId);
      const items = await sessionStoreFromConfig().list(customerId, accountId);
      return { statusCode: 200, body: { items, maxSessions: backendConfig().maxSessions } };
    },
  }),
]);

