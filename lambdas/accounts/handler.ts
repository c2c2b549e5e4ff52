import {
  accountPreferencesPatchSchema,
  lastSelectedLocationSchema,
  selfProfileUpdateSchema,
  type AccountPreferences,
} from '@domain/identity/account';
import { CROSS_TENANT_ROLES } from '@domain/identity/roles';
import { conflict, forbidden, notFound, validationError } from '@domain/core/errors';
import { mayManageAccount } from '@domain/identity/user';
import { MESSAGES } from '@domain/core/messages';
import { API_PREFIX } from '../routes';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import {
  bodyOf,
  createResourceHandler,
  pathParameter,
  requireCaller,
  targetCustomerId,
  type ActionRequest,
  type ResourceActions,
} from '../shared/http';
import { membershipGrants } from '../shared/access';
import { findIdentity } from '../users/identity';
import { UserStore } from '../users/store';
import { gridSettingsActions } from './grid-settings';
import { AccountStore, currentUserDetails, type AccountRecord } from './store';

const store = () => new AccountStore(dynamoDocumentClient(), backendConfig().tableName);
const base = API_PREFIX;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whose account a request may touch: the caller's own; an administrator, any in the
 * organisation; helpdesk and superadmin, any in the organisation they name.
 */
function mayActOnOthers(request: ActionRequest): boolean {
  const caller = requireCaller(request);
  return caller.role === 'admin' || CROSS_TENANT_ROLES.includes(caller.role);
}

async function accountByEmail(request: ActionRequest, email: string): Promise<{ customerId: string; account: AccountRecord }> {
  const caller = requireCaller(request);
  const self = sameEmail(email, caller.email);
  if (!self && !mayActOnOthers(request)) throw forbidden();
  const customerId = self ? caller.customerId : targetCustomerId(request);
  const account = self
    ? await store().get(caller.customerId, caller.accountId)
    : await store().findByEmail(customerId, email);
  if (account === undefined) throw notFound(MESSAGES.accountNotFound);
  return { customerId, account };
}

/**
 * Whether the identity signing in with this email has it verified (the identity service's
 * word); with an owner, only if that identity is the owner's account.
 */
async function identityEmailVerified(email: string, owner?: { customerId: string; accountId: string }): Promise<boolean> {
  const identity = await findIdentity(email);
  return identity !== undefined && identity.emailVerified && sameEmail(identity.email ?? '', email)
    && (owner === undefined || (identity.customerId === owner.customerId && identity.accountId === owner.accountId));
}

/**
 * The account's email follows its identity's: the new address is taken only once the identity
 * service verified it for this very account (the code sent to it, `VerifyUserAttribute`);
 * an address another account holds is refused.
 */
async function changeAccountEmail(request: ActionRequest, customerId: string, account: AccountRecord, email: string): Promise<void> {
  const caller = requireCaller(request);
  const users = new UserStore(dynamoDocumentClient(), backendConfig().tableName);
  const [identity, holder] = await Promise.all([findIdentity(email), users.findByEmail(customerId, email)]);
  const identityIsTheAccount = identity !== undefined && identity.customerId === customerId && identity.accountId === account.accountId;
  if ((identity !== undefined && !identityIsTheAccount) || (holder !== undefined && holder.accountId !== account.accountId)) {
    throw conflict(MESSAGES.emailAlreadyRegistered);
  }
  if (!identityIsTheAccount || !identity.emailVerified || !sameEmail(identity.email ?? '', email)) {
    throw validationError(MESSAGES.emailNotVerified, { email: MESSAGES.emailNotVerified });
  }
  const before = await users.get(customerId, account.accountId, { includeSuperadmin: true });
  await users.changeEmail(caller, customerId, before, email);
}

/** Modules stay hidden unless the account has them (SPEC section 3: preferences). */
function allowedPreferences(preferences: AccountPreferences, account: AccountRecord | undefined): AccountPreferences {
  return {
    module: { audit: { isVisible: preferences.module.audit.isVisible && (account?.enableAuditModule ?? false) } },
    feature: { ivr: { isVisible: preferences.feature.ivr.isVisible && (account?.enableIVR ?? false) } },
  };
}

async function savePreferences(request: ActionRequest) {
  const caller = requireCaller(request);
  const patch = bodyOf(request, accountPreferencesPatchSchema);
  const accounts = store();
  const [current, account] = await Promise.all([
    accounts.preferences(caller.customerId, caller.accountId),
    accounts.get(caller.customerId, caller.accountId),
  ]);
  const next = allowedPreferences({ module: patch.module ?? current.module, feature: patch.feature ?? current.feature }, account);
  await accounts.savePreferences(caller.customerId, caller.accountId, { ...current, ...next });
  return { statusCode: 200, body: next };
}

/** The signed-in account: details, lookup, preferences, self-profile, last selected location. */
export const accountActions: ResourceActions = {
  [`GET ${base}/account/me`]: async (request) => {
    const caller = requireCaller(request);
    const accounts = store();
    const [account, tenantName, memberships] = await Promise.all([
      accounts.get(caller.customerId, caller.accountId),
      accounts.organisationName(caller.customerId),
      membershipGrants(caller.customerId, caller.accountId),
    ]);
    // The groups the access layer limits this user by (their memberships), not a copy.
    const details = currentUserDetails(caller, account, tenantName);
    return { statusCode: 200, body: { ...details, securityGroupIds: memberships.map((grant) => grant.groupId) } };
  },
  [`GET ${base}/account/find/{email}`]: async (request) => {
    const caller = requireCaller(request);
    const { customerId, account } = await accountByEmail(request, pathParameter(request, 'email'));
    const accounts = store();
    const who = { ...caller, accountId: account.accountId, customerId, email: account.email };
    return { statusCode: 200, body: currentUserDetails(who, account, await accounts.organisationName(customerId)) };
  },
  [`GET ${base}/account/preferences/{accountId}`]: async (request) => {
    const caller = requireCaller(request);
    const accountId = pathParameter(request, 'accountId');
    if (accountId !== caller.accountId && !mayActOnOthers(request)) throw forbidden();
    const customerId = accountId === caller.accountId ? caller.customerId : targetCustomerId(request);
    const accounts = store();
    const [preferences, account] = await Promise.all([accounts.preferences(customerId, accountId), accounts.get(customerId, accountId)]);
    if (account === undefined && accountId !== caller.accountId) throw notFound(MESSAGES.accountNotFound);
    return { statusCode: 200, body: allowedPreferences(preferences, account) };
  },
  [`POST ${base}/account/preferences`]: savePreferences,
  [`PUT ${base}/account/preferences`]: savePreferences,
  [`PUT ${base}/users/account/{email}`]: async (request) => {
    const caller = requireCaller(request);
    const { customerId, account } = await accountByEmail(request, pathParameter(request, 'email'));
    const self = customerId === caller.customerId && account.accountId === caller.accountId;
    // Nobody changes an account whose role outranks theirs (the roles they may give).
    if (!self && !mayManageAccount(caller.role, account.role)) throw forbidden(MESSAGES.accountOutranksYou);
    const input = bodyOf(request, selfProfileUpdateSchema);
    const phoneChanges = input.phone !== undefined && input.phone !== (account.phone ?? '');
    // SPEC section 5: MFA needs a verified phone, and only support turns MFA off; so while MFA
    // is on, the number its codes go to is support's to change, not the profile's.
    if (phoneChanges && account.mfaEnabled === true && caller.role !== 'helpdesk') {
      throw validationError(MESSAGES.mfaPhoneChangeSupportOnly, { phone: MESSAGES.mfaPhoneChangeSupportOnly });
    }
    const newEmail = input.email !== undefined && !sameEmail(input.email, account.email) ? input.email.trim() : undefined;
    if (newEmail !== undefined) await changeAccountEmail(request, customerId, account, newEmail);
    // Nobody's word is taken for the account's state, their own or an administrator's:
    // `isactive` is ignored (active is the status route's to say, which also disables the
    // identity and ends the sessions), and the email is verified when the identity says so.
    const isEmailVerified = input.isEmailVerified === undefined ? undefined
      : self ? await identityEmailVerified(caller.email)
      : await identityEmailVerified(newEmail ?? account.email, { customerId, accountId: account.accountId });
    const updated = await store().updateProfile(customerId, account.accountId, {
      // `lastlogindate` is accepted for the spec's client but not taken: the server records
      // the sign-in time itself (PUT users/login), a client clock is not trusted.
      isEmailVerified,
      inviteDate: input.invitedate,
      lang: input.lang,
      uom: input.uom,
      timezone: input.timezone,
      firstName: input.firstname,
      lastName: input.lastname,
      phone: input.phone,
      // Verification belongs to a number: a changed phone must be verified again.
      ...(phoneChanges ? { phoneVerified: false } : {}),
    });
    if (updated === undefined) throw notFound(MESSAGES.accountNotFound);
    return { statusCode: 200, body: { accountId: updated.accountId, email: updated.email } };
  },
  [`GET ${base}/users/portallastselectedlocation`]: async (request) => {
    const caller = requireCaller(request);
    const preferences = await store().preferences(caller.customerId, caller.accountId);
    return { statusCode: 200, body: preferences.lastSelectedLocation ?? { locationId: null, siteId: null } };
  },
  [`PUT ${base}/users/portallastselectedlocation`]: async (request) => {
    const caller = requireCaller(request);
    const selection = bodyOf(request, lastSelectedLocationSchema);
    const accounts = store();
    const preferences = await accounts.preferences(caller.customerId, caller.accountId);
    await accounts.savePreferences(caller.customerId, caller.accountId, { ...preferences, lastSelectedLocation: selection });
    return { statusCode: 200, body: selection };
  },
  ...gridSettingsActions,
};

export const handler = createResourceHandler('accounts', accountActions);
