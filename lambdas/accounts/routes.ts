import { type AccountPreferences, accountPreferencesPatchSchema } from '@domain/identity/account';
import { CROSS_TENANT_ROLES } from '@domain/identity/roles';
import { conflict, forbidden, notFound, validationError } from '@domain/core/errors';
import { mayManageAccount } from '@domain/identity/user';
import { MESSAGES } from '@domain/core/messages';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import type { z } from 'zod';
import type { Caller } from '../shared/caller';
import { requireCaller, targetCustomerId, type ActionRequest } from '../shared/http';
import { accountTie, placesInView } from '../shared/access';
import { assertInCorporateView, corporateViewOf, membershipGrants } from '../data/access';
import { findIdentity } from '../shared/identity';
import { gridSettingsRoutes } from './grid-settings';
import { AccountStore, currentUserDetails, type AccountRecord } from './store';
import { defineRoutes, route } from '../shared/routing';
import { ACCOUNT_ROUTES } from '@domain/api/accounts';

const store = () => new AccountStore(dynamoDocumentClient(), backendConfig().tableName);

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
  // Under a corporate view, another location's user is as unknown as a missing one.
  if (!self) await assertInCorporateView(caller, customerId, accountTie(account), { notFoundMessage: MESSAGES.accountNotFound });
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
  const accounts = store();
  const [identity, holder] = await Promise.all([findIdentity(email), accounts.findByEmail(customerId, email)]);
  const identityIsTheAccount = identity !== undefined && identity.customerId === customerId && identity.accountId === account.accountId;
  if ((identity !== undefined && !identityIsTheAccount) || (holder !== undefined && holder.accountId !== account.accountId)) {
    throw conflict(MESSAGES.emailAlreadyRegistered);
  }
  if (!identityIsTheAccount || !identity.emailVerified || !sameEmail(identity.email ?? '', email)) {
    throw validationError(MESSAGES.emailNotVerified, { email: MESSAGES.emailNotVerified });
  }
  const before = await accounts.getConsistent(customerId, account.accountId);
  if (before === undefined) throw notFound(MESSAGES.identityUserNotFound);
  await accounts.changeEmail(caller, customerId, before, email);
}

/** Modules stay hidden unless the account has them (SPEC section 3: preferences). */
function allowedPreferences(preferences: AccountPreferences, account: AccountRecord | undefined): AccountPreferences {
  return {
    module: { audit: { isVisible: preferences.module.audit.isVisible && (account?.enableAuditModule ?? false) } },
    feature: { ivr: { isVisible: preferences.feature.ivr.isVisible && (account?.enableIVR ?? false) } },
  };
}

async function savePreferences(caller: Caller, patch: z.output<typeof accountPreferencesPatchSchema>) {
  const accounts = store();
  // Under a proxy the actor has no account in the organisation acted for: nothing is stored (routing.ts, personalSetting).
  if (caller.proxy !== undefined) {
    const current = await accounts.preferences(caller.customerId, caller.accountId);
    return { statusCode: 200, body: allowedPreferences({ module: patch.module ?? current.module, feature: patch.feature ?? current.feature }, undefined) };
  }
  const [current, account] = await Promise.all([
    accounts.preferences(caller.customerId, caller.accountId),
    accounts.get(caller.customerId, caller.accountId),
  ]);
  const next = allowedPreferences({ module: patch.module ?? current.module, feature: patch.feature ?? current.feature }, account);
  await accounts.savePreferences(caller.customerId, caller.accountId, { ...current, ...next });
  return { statusCode: 200, body: next };
}

/** The signed-in account: details, lookup, preferences, self-profile, last selected location. */
export const accountRoutes = defineRoutes('accounts', [
  route(ACCOUNT_ROUTES.getMe, {
    action: async ({ caller }) => {
      const accounts = store();
      // Under a proxy: the organisation acted for, its administrator's rights, the actor named
      // (their email), and nothing of the actor's own account, even when it is in that organisation.
      const proxied = caller.proxy !== undefined;
      const [account, organisation, memberships] = await Promise.all([
        proxied ? Promise.resolve(undefined) : accounts.get(caller.customerId, caller.accountId),
        accounts.organisation(caller.customerId),
        proxied ? Promise.resolve([]) : membershipGrants(caller.customerId, caller.accountId),
      ]);
      // The groups the access layer limits this user by (their memberships), not a copy.
      const details = currentUserDetails(caller, account, organisation.name, organisation.modules);
      // A corporate view names its one location as the user's.
      const locationId = caller.proxy?.locationId;
      return { statusCode: 200, body: { ...details, ...(locationId === undefined ? {} : { locationids: [locationId] }), securityGroupIds: memberships.map((grant) => grant.groupId) } };
    },
  }),
  route(ACCOUNT_ROUTES.getFindById, {
    action: async ({ caller, params, request }) => {
      const { customerId, account } = await accountByEmail(request, params.email);
      const accounts = store();
      const who = { ...caller, accountId: account.accountId, customerId, email: account.email };
      const [organisation, view] = await Promise.all([accounts.organisation(customerId), corporateViewOf(caller, customerId)]);
      return { statusCode: 200, body: currentUserDetails(who, placesInView(view, account), organisation.name, organisation.modules) };
    },
  }),
  route(ACCOUNT_ROUTES.getPreferencesById, {
    action: async ({ caller, params, request }) => {
      const accountId = params.accountId;
      if (accountId !== caller.accountId && !mayActOnOthers(request)) throw forbidden();
      const customerId = accountId === caller.accountId ? caller.customerId : targetCustomerId(request);
      const accounts = store();
      const [preferences, account] = await Promise.all([accounts.preferences(customerId, accountId), accounts.get(customerId, accountId)]);
      if (account === undefined && accountId !== caller.accountId) throw notFound(MESSAGES.accountNotFound);
      if (account !== undefined && accountId !== caller.accountId) {
        await assertInCorporateView(caller, customerId, accountTie(account), { notFoundMessage: MESSAGES.accountNotFound });
      }
      return { statusCode: 200, body: allowedPreferences(preferences, account) };
    },
  }),
  route(ACCOUNT_ROUTES.postPreferences, {
    action: ({ caller, body }) => savePreferences(caller, body),
  }),
  route(ACCOUNT_ROUTES.putPreferences, {
    action: ({ caller, body }) => savePreferences(caller, body),
  }),
  route(ACCOUNT_ROUTES.putUsersAccountById, {
    action: async ({ caller, body: input, params, request }) => {
      const { customerId, account } = await accountByEmail(request, params.email);
      const self = customerId === caller.customerId && account.accountId === caller.accountId;
      // Nobody changes an account whose role outranks theirs (the roles they may give).
      if (!self && !mayManageAccount(caller.role, account.role)) throw forbidden(MESSAGES.accountOutranksYou);
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
  }),
  route(ACCOUNT_ROUTES.getUsersPortallastselectedlocation, {
    action: async ({ caller }) => {
      const preferences = await store().preferences(caller.customerId, caller.accountId);
      return { statusCode: 200, body: preferences.lastSelectedLocation ?? { locationId: null, siteId: null } };
    },
  }),
  route(ACCOUNT_ROUTES.putUsersPortallastselectedlocation, {
    action: async ({ caller, body: selection }) => {
      // Not stored under a proxy (routing.ts, personalSetting).
      if (caller.proxy !== undefined) return { statusCode: 200, body: selection };
      const accounts = store();
      const preferences = await accounts.preferences(caller.customerId, caller.accountId);
      await accounts.savePreferences(caller.customerId, caller.accountId, { ...preferences, lastSelectedLocation: selection });
      return { statusCode: 200, body: selection };
    },
  }),
  ...gridSettingsRoutes,
]);

