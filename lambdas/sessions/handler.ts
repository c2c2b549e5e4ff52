import {
  devicePushInputSchema,
  loginSessionInputSchema,
  loginSessionUpdateSchema,
  type UserSessionList,
} from '@domain/identity/account';
import { forbidden, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { mayManageAccount } from '@domain/identity/user';
import { AccountStore } from '../accounts/store';
import { API_PREFIX } from '../routes';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import {
  bodyOf,
  createResourceHandler,
  pathParameter,
  requireCaller,
  sessionStoreFromConfig,
  targetCustomerId,
  type ActionRequest,
  type ResourceActions,
} from '../shared/http';

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
  if (!mayManageAccount(caller.role, account.role)) throw forbidden(MESSAGES.accountOutranksYou);
}

const base = API_PREFIX;

/** Device sessions (SPEC sections 3, 4, 7): sign-in, logout, the lists and ending them. */
export const sessionActions: ResourceActions = {
  [`PUT ${base}/users/login`]: async (request) => {
    const caller = requireCaller(request);
    const session = await sessionStoreFromConfig().open(
      caller, caller.tokenId, bodyOf(request, loginSessionInputSchema), request.origin,
    );
    await accounts().recordSignIn(caller.customerId, caller.accountId);
    return { statusCode: 201, body: { id: session.id, loginid: session.id } };
  },
  [`PUT ${base}/users/login/{id}`]: async (request) => {
    const caller = requireCaller(request);
    const { loginid: _loginId, ...fields } = bodyOf(request, loginSessionUpdateSchema);
    const session = await sessionStoreFromConfig().update(caller, caller.tokenId, pathParameter(request, 'id'), fields);
    return { statusCode: 200, body: session };
  },
  [`PUT ${base}/users/logout`]: async (request) => {
    const caller = requireCaller(request);
    await sessionStoreFromConfig().endByToken(caller.customerId, caller.tokenId);
    return { statusCode: 204 };
  },
  [`GET ${base}/users/sessions`]: async (request) => ({ statusCode: 200, body: await ownSessions(request) }),
  [`DELETE ${base}/users/sessions/{id}`]: async (request) => {
    const caller = requireCaller(request);
    await sessionStoreFromConfig().end(caller.customerId, caller.accountId, pathParameter(request, 'id'));
    return { statusCode: 204 };
  },
  [`DELETE ${base}/users/sessions`]: async (request) => {
    const caller = requireCaller(request);
    const ended = await sessionStoreFromConfig().endAll(caller.customerId, caller.accountId, caller.tokenId);
    return { statusCode: 200, body: { ended } };
  },
  [`GET ${base}/session/active`]: async (request) => {
    const sessionId = await currentSessionId(request);
    const { items } = await ownSessions(request);
    const current = items.find((item) => item.id === sessionId);
    if (current === undefined) throw notFound(MESSAGES.sessionNotFound);
    return { statusCode: 200, body: current };
  },
  [`GET ${base}/session/active/devices`]: async (request) => ({ statusCode: 200, body: await ownSessions(request) }),
  [`PUT ${base}/session/active/devices/{id}`]: async (request) => {
    const caller = requireCaller(request);
    const { pushEnabled } = bodyOf(request, devicePushInputSchema);
    const session = await sessionStoreFromConfig().setPush(caller, pathParameter(request, 'id'), pushEnabled, caller.tokenId);
    return { statusCode: 200, body: session };
  },
  [`DELETE ${base}/session/active/devices/{id}`]: async (request) => {
    const caller = requireCaller(request);
    await sessionStoreFromConfig().end(caller.customerId, caller.accountId, pathParameter(request, 'id'));
    return { statusCode: 204 };
  },
  [`DELETE ${base}/session/{id}`]: async (request) => {
    const customerId = administeredCustomerId(request);
    const store = sessionStoreFromConfig();
    const sessionId = pathParameter(request, 'id');
    const owner = await store.ownerOf(customerId, sessionId);
    await requireManageable(request, customerId, owner);
    await store.end(customerId, owner, sessionId);
    return { statusCode: 204 };
  },
  [`GET ${base}/users/{id}/sessions`]: async (request) => {
    const customerId = administeredCustomerId(request);
    const accountId = pathParameter(request, 'id');
    await requireManageable(request, customerId, accountId);
    const items = await sessionStoreFromConfig().list(customerId, accountId);
    return { statusCode: 200, body: { items, maxSessions: backendConfig().maxSessions } };
  },
};

export const handler = createResourceHandler('sessions', sessionActions);
