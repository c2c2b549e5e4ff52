import { randomUUID } from 'node:crypto';
import { formatUtcDateTime } from '@domain/identity/account';
import { conflict, forbidden, notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { CROSS_TENANT_ROLES } from '@domain/identity/roles';
import { assignableRoles, maskDestination, mayManageAccount, mayTurnOffMfa, OTP_TTL_MS, type OtpChannel, ROLE_IDS, type UserInput, type UserRole, userRuleIssues, withRoleRules } from '@domain/identity/user';
import type { Caller } from '../shared/caller';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { accountTie, itemsInView, placesInView, viewReaches, type CorporateView } from '../shared/access';
import { assertInCorporateView, corporateViewOf } from '../data/access';
import { endAllSessions, locationSharesWith, queryAll, toShareRecord } from '../data';
import { organisationSummaryOf } from '../data/organisations';
import { pathParameter, requireCaller, targetCustomerId, type ActionRequest } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { deliverCode } from './codes';
import { myNotificationRoutes } from './my-notifications';
import { createInvitedIdentity, deleteIdentity, findIdentity, IdentityExistsError, setIdentityEnabled, setSmsMfa, updateIdentity } from '../shared/identity';
import { inviterName } from '../data/accounts';
import { toUser, UserStore, type UserListFilter, type UserRecord } from '../data/repositories/users';
import { defineRoutes, route } from '../shared/routing';
import { USER_ROUTES } from '@domain/api/users';
const store = () => new UserStore(dynamoDocumentClient(), backendConfig().tableName);

/**
 * The user a path names, in the organisation the request acts on; under a corporate view, one
 * of its location's users only (any other answers as missing).
 */
async function namedUser(request: ActionRequest): Promise<{ customerId: string; record: UserRecord; view: CorporateView | undefined }> {
  const caller = requireCaller(request);
  const customerId = targetCustomerId(request);
  const [record, view] = await Promise.all([
    store().get(customerId, pathParameter(request, 'id'), { includeSuperadmin: caller.role === 'superadmin' }),
    corporateViewOf(caller, customerId),
  ]);
  if (view !== undefined && !viewReaches(view, accountTie(record))) throw notFound(MESSAGES.identityUserNotFound);
  return { customerId, record, view };
}

/** The users a request may list: the organisation's, or under a corporate view its location's (with only its places shown). */
async function usersInView(request: ActionRequest, records: readonly UserRecord[]): Promise<UserRecord[]> {
  const view = await corporateViewOf(requireCaller(request), targetCustomerId(request));
  return itemsInView(view, records, accountTie).map((record) => placesInView(view, record));
}

const usernameOf = (record: UserRecord) => record.identityUsername ?? record.email;

function refuseOwnAccount(caller: Caller, customerId: string, record: UserRecord): void {
  if (customerId === caller.customerId && record.accountId === caller.accountId) throw validationError(MESSAGES.notOnOwnAccount);
}

/** A role the caller may give (to a new user, or as an edited user's new role): 400 otherwise. */
function requireAssignable(caller: Caller, role: string | undefined): void {
  if (!(assignableRoles(caller.role) as readonly string[]).includes(role ?? '')) {
    throw validationError(MESSAGES.roleNotAssignable, { role: MESSAGES.roleNotAssignable });
  }
}

/**
 * An existing account the caller may act on: nobody changes an account whose role outranks
 * theirs (`mayManageAccount`; one without a known role is nobody's): 403 otherwise.
 */
function requireManageable(caller: Caller, record: UserRecord): void {
  if (!mayManageAccount(caller.role, record.role)) throw forbidden(MESSAGES.accountOutranksYou);
}

/** The rules of SPEC section 5 against what the server knows (verification is the record's, not the client's word). */
function requireRules(user: UserInput): void {
  const issues = userRuleIssues(user);
  const first = issues[0];
  if (first !== undefined) {
    throw validationError(first.message, Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
  }
}

interface Organisation { name: string; customerGroupId: string | null }

async function organisation(customerId: string): Promise<Organisation> {
  return organisationSummaryOf(dynamoDocumentClient(), backendConfig().tableName, customerId);
}

/**
 * SPEC section 8's refusals, in the order a person would read them: the email signs in for
 * another organisation; it has a pending invitation here; it is already a user here.
 */
async function refuseTakenEmail(customerId: string, email: string): Promise<void> {
  const [identity, record] = await Promise.all([findIdentity(email), store().findByEmail(customerId, email)]);
  if (identity !== undefined && identity.customerId !== customerId) throw conflict(MESSAGES.userRegisteredByAnotherClient);
  if (record !== undefined) {
    throw conflict(record.inviteDate ? MESSAGES.userAlreadyInvited : MESSAGES.emailAlreadyRegistered);
  }
  if (identity !== undefined) throw conflict(MESSAGES.emailAlreadyRegistered);
}

/**
 * Adds a user and invites them (POST users, POST users/invite): the record first (the email
 * marker makes two concurrent invitations of one email in one organisation impossible),
 * then the identity, whose temporary password the identity service emails. If the identity
 * cannot be made, the record is taken back.
 */
async function invite(request: ActionRequest, fields: Omit<UserRecord, 'accountId' | 'inviteDate' | 'identityUsername'>) {
  const caller = requireCaller(request);
  const customerId = targetCustomerId(request);
  requireAssignable(caller, fields.role);
  await refuseTakenEmail(customerId, fields.email);
  const customerGroupId = fields.customerGroupId ?? (await organisation(customerId)).customerGroupId;
  const accountId = randomUUID();
  const users = store();
  let record: UserRecord;
  try {
    record = await users.create(caller, customerId, {
      ...fields,
      accountId,
      customerGroupId,
      identityUsername: fields.email,
      inviteDate: formatUtcDateTime(new Date()),
    });
  } catch (error) {
    // The marker was taken meanwhile: say which of the refusals it is.
    if (error instanceof Error && error.message === MESSAGES.emailAlreadyRegistered) await refuseTakenEmail(customerId, fields.email);
    throw error;
  }
  try {
    await createInvitedIdentity({
      email: fields.email,
      firstName: fields.firstName ?? '',
      lastName: fields.lastName ?? '',
      role: fields.role ?? 'basicuser',
      customerId,
      accountId,
      customerGroupId,
      isPortalLogin: fields.isPortalLogin ?? true,
      inviterName: await inviterName(caller),
    });
  } catch (error) {
    await users.discard(caller, customerId, record);
    if (error instanceof IdentityExistsError) throw conflict(MESSAGES.userRegisteredByAnotherClient);
    throw error;
  }
  request.logger.info('user invited', { accountId, role: fields.role });
  return { statusCode: 201, body: toUser(record) };
}

/** The record's fields from the add/edit form (the server's own verification flags). */
function recordFields(input: UserInput): Omit<UserRecord, 'accountId' | 'inviteDate' | 'identityUsername'> {
  const { phoneVerified: _claimed, ...fields } = input;
  return { ...fields, phoneVerified: false, pagerVerified: false, isActive: true, isEmailVerified: false, mfaRequired: false };
}

function listFilter(query: Record<string, string>): UserListFilter {
  const status = query['status'];
  if (status === 'invited') return 'invited';
  if (status === 'unverifiedEmail') return 'unverifiedEmail';
  return 'all';
}

async function listPage(request: ActionRequest, filter: UserListFilter) {
  const customerId = targetCustomerId(request);
  const users = store();
  const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: users.listPartition(customerId) });
  // Under a corporate view, its location's users only, narrowed as the page is read (so pages stay full).
  const view = await corporateViewOf(requireCaller(request), customerId);
  const result = await users.list(customerId, page, filter, (record) => view === undefined || viewReaches(view, accountTie(record)));
  const items = result.items.map((record) => toUser(placesInView(view, record)));
  return { statusCode: 200, body: { items, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) } };
}

function summary(record: UserRecord) {
  const user = toUser(record);
  return {
    accountId: user.accountId, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role,
    isactive: user.isactive, isEmailVerified: user.isEmailVerified, locationIds: user.locationIds, siteIds: user.siteIds,
  };
}

/**
 * The locations other organisations shared with the user and the user accepted (SPEC
 * section 5: a location pending acceptance counts nowhere), from the locations' share records.
 */
async function sharedLocations(customerId: string, accountId: string): Promise<string[]> {
  const shares = await queryAll(dynamoDocumentClient(), locationSharesWith(backendConfig().tableName, customerId, accountId), toShareRecord);
  return shares.filter((share) => !share.isAcceptancePending).map((share) => share.locationId);
}

/** Whose phone or pager a code is for: the caller's own, or for user administrators any user of the organisation. */
async function otpTarget(request: ActionRequest, userId: string | undefined): Promise<{ customerId: string; record: UserRecord }> {
  const caller = requireCaller(request);
  if (userId === undefined || userId === caller.accountId) {
    return { customerId: caller.customerId, record: await store().get(caller.customerId, caller.accountId, { includeSuperadmin: true }) };
  }
  if (caller.role !== 'admin' && !CROSS_TENANT_ROLES.includes(caller.role)) throw notFound(MESSAGES.identityUserNotFound);
  const customerId = targetCustomerId(request);
  const record = await store().get(customerId, userId);
  // Under a corporate view, another location's user is as unknown as a missing one.
  await assertInCorporateView(caller, customerId, accountTie(record), { notFoundMessage: MESSAGES.identityUserNotFound });
  requireManageable(caller, record);
  return { customerId, record };
}

function otpDestination(record: UserRecord, channel: OtpChannel): { kind: 'sms' | 'email'; to: string } {
  if (channel === 'phone') {
    if (!record.phone) throw validationError(MESSAGES.verifyNoPhone);
    return { kind: 'sms', to: record.phone };
  }
  if (!record.pagerNumber || !record.pagerType) throw validationError(MESSAGES.verifyNoPager);
  return { kind: record.pagerType === 'email' ? 'email' : 'sms', to: record.pagerNumber };
}

async function syncIdentity(record: UserRecord): Promise<void> {
  await updateIdentity(usernameOf(record), {
    firstName: record.firstName ?? '',
    lastName: record.lastName ?? '',
    role: record.role ?? 'basicuser',
    isPortalLogin: record.isPortalLogin ?? true,
    customerGroupId: record.customerGroupId ?? null,
    phone: { number: record.phone ?? '', verified: record.phoneVerified ?? false },
  });
}

/** User management, invitations, and the user calls of SPEC section 7. */
export const userRoutes = defineRoutes('users', [
  route(USER_ROUTES.list, {
    action: ({ request }) => listPage(request, listFilter(request.query)),
  }),
  route(USER_ROUTES.getInvitations, {
    action: ({ request }) => listPage(request, 'invited'),
  }),
  route(USER_ROUTES.getListwithunverifiedemail, {
    action: ({ request }) => listPage(request, 'unverifiedEmail'),
  }),
  route(USER_ROUTES.create, {
    action: ({ body, request }) => {
      // A new user's phone is not verified yet, whatever the form said.
      const input: UserInput = { ...withRoleRules(body), phoneVerified: false };
      requireRules(input);
      return invite(request, recordFields(input));
    },
  }),
  route(USER_ROUTES.postInvite, {
    action: ({ body: input, request }) => {
      const { mfaRequired, ...fields } = input;
      return invite(request, withRoleRules({
        ...fields,
        phone: '', employeeId: '', timezone: 'UTC', uom: 'C' as const, departmentIds: [], divisionIds: [],
        isPortalLogin: true, isMobileLogin: false, isLocationAdmin: false, notificationsEnabled: true, smsEnabled: false,
        mfaEnabled: false, mfaRequired, pagerType: null, pagerNumber: '', phoneVerified: false, pagerVerified: false,
        isActive: true, isEmailVerified: false,
      }));
    },
  }),
  route(USER_ROUTES.get, {
    action: async ({ request }) => {
      const { customerId, record, view } = await namedUser(request);
      const user = toUser(placesInView(view, record));
      if (request.query['fetchSharedLocs'] !== 'true') return { statusCode: 200, body: user };
      // Other organisations' locations are not the view's.
      return { statusCode: 200, body: { ...user, sharedLocationIds: view === undefined ? await sharedLocations(customerId, user.accountId) : [] } };
    },
  }),
  route(USER_ROUTES.update, {
    action: async ({ caller, body, request }) => {
      const { customerId, record: before } = await namedUser(request);
      const input = withRoleRules(body);
      const self = customerId === caller.customerId && before.accountId === caller.accountId;
      if (self && input.role !== before.role) throw validationError(MESSAGES.notOnOwnAccount, { role: MESSAGES.notOnOwnAccount });
      if (!self) {
        requireManageable(caller, before);
        requireAssignable(caller, input.role);
      }
      // Verification belongs to a number: a changed phone or pager must be verified again.
      const phoneVerified = (before.phoneVerified ?? false) && (before.phone ?? '') === input.phone;
      const pagerVerified = (before.pagerVerified ?? false) && before.pagerType === input.pagerType && (before.pagerNumber ?? '') === input.pagerNumber;
      const checked: UserInput = { ...input, phoneVerified };
      requireRules(checked);
      const mfaWas = before.mfaEnabled ?? false;
      if (mfaWas && !input.mfaEnabled && !mayTurnOffMfa(caller.role)) {
        throw validationError(MESSAGES.mfaOffSupportOnly, { mfaEnabled: MESSAGES.mfaOffSupportOnly });
      }
      const { email: _email, phoneVerified: _claimed, ...fields } = checked;
      const after = await store().update(caller, customerId, before, { ...fields, phoneVerified, pagerVerified });
      await syncIdentity(after);
      if (mfaWas !== after.mfaEnabled) await setSmsMfa(usernameOf(after), after.mfaEnabled ?? false);
      return { statusCode: 200, body: toUser(after) };
    },
  }),
  route(USER_ROUTES.remove, {
    action: async ({ caller, request }) => {
      const { customerId, record } = await namedUser(request);
      refuseOwnAccount(caller, customerId, record);
      requireManageable(caller, record);
      await store().delete(caller, customerId, record);
      await deleteIdentity(usernameOf(record));
      await endAllSessions(dynamoDocumentClient(), backendConfig().tableName, customerId, record.accountId, new Date());
      return { statusCode: 204 };
    },
  }),
  route(USER_ROUTES.putStatus, {
    action: async ({ caller, body, request }) => {
      const { customerId, record } = await namedUser(request);
      refuseOwnAccount(caller, customerId, record);
      requireManageable(caller, record);
      const { isactive } = body;
      const after = await store().update(caller, customerId, record, { isActive: isactive });
      // A disabled user can no longer sign in, and what they are signed in with stops working.
      await setIdentityEnabled(usernameOf(after), isactive);
      if (!isactive) await endAllSessions(dynamoDocumentClient(), backendConfig().tableName, customerId, record.accountId, new Date());
      return { statusCode: 200, body: toUser(after) };
    },
  }),
  route(USER_ROUTES.putMfa, {
    action: async ({ caller, body, request }) => {
      const { customerId, record } = await namedUser(request);
      if (!(customerId === caller.customerId && record.accountId === caller.accountId)) requireManageable(caller, record);
      const { enabled } = body;
      const current = record.mfaEnabled ?? false;
      if (enabled === current) return { statusCode: 200, body: toUser(record) };
      if (!enabled && !mayTurnOffMfa(caller.role)) throw validationError(MESSAGES.mfaOffSupportOnly, { mfaEnabled: MESSAGES.mfaOffSupportOnly });
      if (enabled && !(record.phone && record.phoneVerified)) throw validationError(MESSAGES.mfaNeedsVerifiedPhone, { mfaEnabled: MESSAGES.mfaNeedsVerifiedPhone });
      const after = await store().update(caller, customerId, record, { mfaEnabled: enabled });
      await setSmsMfa(usernameOf(after), enabled);
      return { statusCode: 200, body: toUser(after) };
    },
  }),
  route(USER_ROUTES.postSendOTP, {
    action: async ({ body, request }) => {
      const { userId, channel } = body;
      const { customerId, record } = await otpTarget(request, userId);
      const destination = otpDestination(record, channel);
      const issued = await store().issueOtp(customerId, record.accountId, channel, destination.to, OTP_TTL_MS);
      if ('refused' in issued) {
        throw validationError(issued.refused === 'maximum' ? MESSAGES.resendMaxReached : MESSAGES.resendLimitReached);
      }
      const { code, expiresAt } = issued;
      await deliverCode(destination, code, { language: record.lang, firstName: record.firstName ?? '', organisation: (await organisation(customerId)).name });
      return { statusCode: 200, body: { destination: maskDestination(destination.to), expiresAt } };
    },
  }),
  route(USER_ROUTES.postVerifyOTP, {
    action: async ({ caller, body, request }) => {
      const { userId, channel, code } = body;
      const { customerId, record } = await otpTarget(request, userId);
      const destination = otpDestination(record, channel);
      const result = await store().checkOtp(customerId, record.accountId, channel, destination.to, code);
      if (result.outcome === 'expired') throw validationError(MESSAGES.verificationCodeExpired);
      if (result.outcome === 'exceeded') throw validationError(MESSAGES.mfaAttemptsExceeded);
      if (result.outcome === 'mismatch') throw validationError(MESSAGES.codeMismatch, { attemptsLeft: String(result.attemptsLeft) });
      if (result.outcome === 'missing') throw validationError(MESSAGES.codeMismatch);
      const turnMfaOn = channel === 'phone' && (record.mfaRequired ?? false) && !(record.mfaEnabled ?? false);
      const after = await store().update(caller, customerId, record, channel === 'phone'
        ? { phoneVerified: true, ...(turnMfaOn ? { mfaEnabled: true, mfaRequired: false } : {}) }
        : { pagerVerified: true });
      if (channel === 'phone') {
        await syncIdentity(after);
        if (turnMfaOn) await setSmsMfa(usernameOf(after), true);
      }
      return { statusCode: 200, body: toUser(after) };
    },
  }),
  route(USER_ROUTES.getAccounts, {
    action: async ({ request }) => {
      const records = await usersInView(request, await store().all(targetCustomerId(request)));
      return { statusCode: 200, body: { items: records.map(summary) } };
    },
  }),
  route(USER_ROUTES.getAccountsBylocations, {
    action: async ({ request }) => {
      const records = await usersInView(request, await store().all(targetCustomerId(request)));
      const byLocation = new Map<string, ReturnType<typeof summary>[]>();
      for (const record of records) {
        for (const locationId of record.locationIds ?? []) {
          const list = byLocation.get(locationId) ?? [];
          list.push(summary(record));
          byLocation.set(locationId, list);
        }
      }
      return { statusCode: 200, body: { items: [...byLocation].map(([locationId, accounts]) => ({ locationId, accounts })) } };
    },
  }),
  route(USER_ROUTES.getRolesUserroles, {
    action: async ({ caller }) => {
      const roles: readonly UserRole[] = assignableRoles(caller.role);
      return { statusCode: 200, body: { items: roles.map((role) => ({ roleid: ROLE_IDS[role], role })) } };
    },
  }),
  route(USER_ROUTES.getAccountCustomergroups, {
    action: async ({ request }) => {
      const customerId = targetCustomerId(request);
      const { name, customerGroupId } = await organisation(customerId);
      return { statusCode: 200, body: { items: customerGroupId === null ? [] : [{ id: customerGroupId, name }] } };
    },
  }),
  ...myNotificationRoutes,
]);

