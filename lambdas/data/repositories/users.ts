import { RESEND_COOLDOWN_MS, RESEND_MAX } from '@domain/identity/account';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { Page } from '@domain/organisation/named-catalog';
import { ROLE_IDS, type OtpChannel, type User } from '@domain/identity/user';
import {
  accountDeleteOnVersion,
  accountEmailMarkerKeyParams,
  accountEmailUnique,
  accountKeyParams,
  accountPut,
  accountPutOnVersion,
  accountsByEmail,
  accountsByName,
  auditEntryPut,
  claimUnique,
  createPut,
  partitionOf,
  queryAll,
  releaseUnique,
  runTransaction,
  toAccountRecord,
  toVerificationCode,
  verificationCodeKeyParams,
  verificationCodePut,
  type AccountRecord,
  type AuditAction,
  type GuardedItem,
  type PageRequest,
  type VerificationCodeRecord,
} from '..';
import type { Caller } from '../../shared/caller';
import { encodeCursor } from '../../shared/pagination';

/** The user item: the account record (lambdas/data/entities/account.ts) with the keys of its indexes. */
export type UserRecord = AccountRecord;

/** Which users a list shows. */
export type UserListFilter = 'all' | 'invited' | 'unverifiedEmail';

/** Why a code was not sent: a resend within the cooldown, or past the resend maximum. */
export type OtpRefusal = 'cooldown' | 'maximum';

const hashCode = (accountId: string, code: string) => createHash('sha256').update(`${accountId}:${code}`).digest();

/** SPEC section 9: 3 attempts per code. */
export const OTP_MAX_ATTEMPTS = 3;

const FILTERS: Record<UserListFilter, string> = {
  all: '#role <> :superadmin',
  // A cleared invitation may be stored as null: only a date (a string) is a pending one.
  invited: '#role <> :superadmin AND attribute_type(inviteDate, :string)',
  unverifiedEmail: '#role <> :superadmin AND (attribute_not_exists(isEmailVerified) OR isEmailVerified = :false)',
};

/**
 * The organisation's users on the single table: the account record the sign-in reads
 * (`C#<cid>#USER` / `USER#<accountId>`, gsi2 by email), listed by name through gsi1. An
 * email is unique in the organisation under concurrency (a marker item written in the same
 * transaction), every change is conditional on the version read, and every change writes
 * its audit entry in the same transaction. Superadmin accounts are never listed.
 */
export class UserStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  listPartition(customerId: string): string {
    return partitionOf(accountsByName(this.tableName, customerId));
  }

  /** A page of users; `keep` narrows it further (a corporate view's), the page still filled. */
  async list(customerId: string, page: PageRequest, filter: UserListFilter = 'all', keep: (record: UserRecord) => boolean = () => true): Promise<Page<UserRecord>> {
    const items: UserRecord[] = [];
    let startKey = page.startKey;
    // A filter can leave a page short: read on until the page is full or the list ends.
    do {
      const result = await this.client.send(new QueryCommand({
        ...this.listQuery(customerId, filter),
        Limit: page.limit - items.length,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      items.push(...(result.Items ?? []).map(toAccountRecord).filter(keep));
      startKey = result.LastEvaluatedKey;
    } while (startKey !== undefined && items.length < page.limit);
    const nextCursor = encodeCursor(startKey);
    return { items, ...(nextCursor ? { nextCursor } : {}) };
  }

  /** Every listed user of the organisation (the short lists: accounts, accounts by location). */
  async all(customerId: string, filter: UserListFilter = 'all'): Promise<UserRecord[]> {
    return queryAll(this.client, this.listQuery(customerId, filter), toAccountRecord);
  }

  /** The Query of a user list: the organisation's users by name, superadmin accounts and those `filter` leaves out filtered away. */
  private listQuery(customerId: string, filter: UserListFilter) {
    const byName = accountsByName(this.tableName, customerId);
    return {
      ...byName,
      FilterExpression: FILTERS[filter],
      ExpressionAttributeNames: { ...byName.ExpressionAttributeNames, '#role': 'role' },
      ExpressionAttributeValues: {
        ...byName.ExpressionAttributeValues,
        ':superadmin': 'superadmin',
        ...(filter === 'unverifiedEmail' ? { ':false': false } : {}),
        ...(filter === 'invited' ? { ':string': 'S' } : {}),
      },
    };
  }

  /** A user of the organisation; superadmin accounts only for a superadmin. */
  async get(customerId: string, accountId: string, options: { includeSuperadmin?: boolean } = {}): Promise<UserRecord> {
    const result = await this.client.send(new GetCommand({ ...accountKeyParams(this.tableName, customerId, accountId), ConsistentRead: true }));
    if (result.Item === undefined || result.Item['type'] !== 'USER') throw notFound(MESSAGES.identityUserNotFound);
    const record = toAccountRecord(result.Item);
    if (record.role === 'superadmin' && !options.includeSuperadmin) throw notFound(MESSAGES.identityUserNotFound);
    return record;
  }

  async findByEmail(customerId: string, email: string): Promise<UserRecord | undefined> {
    const result = await this.client.send(new QueryCommand({ ...accountsByEmail(this.tableName, customerId, email), Limit: 1 }));
    const item = result.Items?.[0];
    return item === undefined ? undefined : toAccountRecord(item);
  }

  /** Is the email's marker taken in the organisation (strongly consistent, unlike the email index)? */
  async emailClaimedBy(customerId: string, email: string): Promise<string | undefined> {
    const result = await this.client.send(new GetCommand({
      ...accountEmailMarkerKeyParams(this.tableName, customerId, email), ConsistentRead: true,
    }));
    const owner = result.Item?.['ownerId'];
    return typeof owner === 'string' ? owner : undefined;
  }

  /** A new user: the record, its email marker and the audit entry, or nothing. */
  async create(caller: Caller, customerId: string, fields: Omit<UserRecord, 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy' | 'version'>): Promise<UserRecord> {
    const now = this.clock().toISOString();
    const record: UserRecord = { ...fields, createdAt: now, updatedAt: now, createdBy: caller.email, updatedBy: caller.email, version: 1 };
    await runTransaction(this.client, [
      createPut(accountPut(this.tableName, customerId, record)),
      this.claimEmail(customerId, record.email, record.accountId),
      this.audit(caller, customerId, record.accountId, 'create', undefined, record),
    ]);
    return record;
  }

  /** Replaces the record if nobody changed it since `before` was read. */
  async update(caller: Caller, customerId: string, before: UserRecord, changes: Partial<UserRecord>): Promise<UserRecord> {
    const after: UserRecord = {
      ...before,
      ...changes,
      accountId: before.accountId,
      email: before.email,
      updatedAt: this.clock().toISOString(),
      updatedBy: caller.email,
      version: (before.version ?? 0) + 1,
    };
    await runTransaction(this.client, [
      accountPutOnVersion(accountPut(this.tableName, customerId, after), before.version),
      this.audit(caller, customerId, before.accountId, 'update', before, after),
    ]);
    return after;
  }

  /** Removes the record and its email marker (only if unchanged since read), with the audit entry. */
  async delete(caller: Caller, customerId: string, before: UserRecord): Promise<void> {
    await runTransaction(this.client, [
      accountDeleteOnVersion(accountKeyParams(this.tableName, customerId, before.accountId), before.version),
      releaseUnique(this.tableName, accountEmailUnique(customerId, before.email)),
      this.audit(caller, customerId, before.accountId, 'delete', before, undefined),
    ]);
    await Promise.all((['phone', 'pager'] as const).map((channel) =>
      this.client.send(new DeleteCommand(verificationCodeKeyParams(this.tableName, customerId, before.accountId, channel)))));
  }

  /**
   * Undoes a create whose identity could not be made: the record and its marker go, and the
   * audit trail says so (its create entry stays, followed by this delete).
   */
  async discard(caller: Caller, customerId: string, record: UserRecord): Promise<void> {
    await runTransaction(this.client, [
      accountDeleteOnVersion(accountKeyParams(this.tableName, customerId, record.accountId), record.version ?? 1),
      releaseUnique(this.tableName, accountEmailUnique(customerId, record.email)),
      this.audit(caller, customerId, record.accountId, 'delete', record, undefined),
    ]);
  }

  /**
   * A new code for a destination; the previous one stops working. Returns the code. SPEC
   * section 9 (resend maximum 3, cooldown 30 s): within a code's lifetime a destination gets
   * the first code and at most 3 more, 30 s apart; the count and the write are one
   * conditional Put, so concurrent requests cannot pass it.
   */
  async issueOtp(customerId: string, accountId: string, channel: OtpChannel, destination: string, ttlMs: number):
    Promise<{ code: string; expiresAt: string } | { refused: OtpRefusal }> {
    const key = verificationCodeKeyParams(this.tableName, customerId, accountId, channel);
    const now = this.clock();
    const stored = (await this.client.send(new GetCommand({ ...key, ConsistentRead: true }))).Item;
    const previous = stored === undefined ? undefined : toVerificationCode(stored);
    const windowOpen = previous !== undefined && previous.destination === destination && previous.windowStartedAt !== undefined
      && Date.parse(previous.windowStartedAt) + ttlMs > now.getTime();
    const sends = windowOpen ? previous.sends ?? 1 : 0;
    if (windowOpen && previous.sentAt !== undefined && now.getTime() - Date.parse(previous.sentAt) < RESEND_COOLDOWN_MS) return { refused: 'cooldown' };
    if (sends > RESEND_MAX) return { refused: 'maximum' };
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expires = new Date(now.getTime() + ttlMs);
    const item: VerificationCodeRecord = {
      codeHash: hashCode(accountId, code).toString('hex'), destination, expiresAt: expires.toISOString(), attempts: 0,
      sends: sends + 1, windowStartedAt: windowOpen ? previous.windowStartedAt : now.toISOString(), sentAt: now.toISOString(),
    };
    try {
      await this.client.send(new PutCommand({
        ...verificationCodePut(this.tableName, customerId, accountId, channel, item, Math.ceil(expires.getTime() / 1000) + 3600),
        ...(previous === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'codeHash = :previous', ExpressionAttributeValues: { ':previous': previous.codeHash } }),
      }));
    } catch (error) {
      // Another request sent a code meanwhile: this one is a resend within the cooldown.
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return { refused: 'cooldown' };
      throw error;
    }
    return { code, expiresAt: item.expiresAt };
  }

  /**
   * Checks a code: `verified` (and the code is used up), `mismatch` with the attempts left,
   * `expired`, or `exceeded` after the third wrong one (the code is then gone). The code
   * must have been sent to `destination` (the number on the record now).
   */
  async checkOtp(customerId: string, accountId: string, channel: OtpChannel, destination: string, code: string):
    Promise<{ outcome: 'verified' | 'expired' | 'exceeded' | 'missing' } | { outcome: 'mismatch'; attemptsLeft: number }> {
    const key = verificationCodeKeyParams(this.tableName, customerId, accountId, channel);
    const result = await this.client.send(new GetCommand({ ...key, ConsistentRead: true }));
    const item = result.Item === undefined ? undefined : toVerificationCode(result.Item);
    if (item === undefined || item.destination !== destination) return { outcome: 'missing' };
    if (Date.parse(item.expiresAt) <= this.clock().getTime()) {
      await this.client.send(new DeleteCommand(key));
      return { outcome: 'expired' };
    }
    const expected = Buffer.from(item.codeHash, 'hex');
    const given = hashCode(accountId, code);
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      // Used once: a second request with the same code finds nothing.
      try {
        await this.client.send(new DeleteCommand({
          ...key, ConditionExpression: 'codeHash = :hash', ExpressionAttributeValues: { ':hash': item.codeHash },
        }));
      } catch (error) {
        if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return { outcome: 'missing' };
        throw error;
      }
      return { outcome: 'verified' };
    }
    const attempts = item.attempts + 1;
    if (attempts >= OTP_MAX_ATTEMPTS) {
      await this.client.send(new DeleteCommand(key));
      return { outcome: 'exceeded' };
    }
    // Counted atomically, so parallel guesses cannot each get three tries.
    const updated = await this.client.send(new UpdateCommand({
      ...key,
      UpdateExpression: 'SET attempts = attempts + :one',
      ConditionExpression: 'codeHash = :hash',
      ExpressionAttributeValues: { ':one': 1, ':hash': item.codeHash },
      ReturnValues: 'ALL_NEW',
    })).catch(() => undefined);
    const counted = Number(updated?.Attributes?.['attempts'] ?? OTP_MAX_ATTEMPTS);
    if (counted >= OTP_MAX_ATTEMPTS) {
      await this.client.send(new DeleteCommand(key));
      return { outcome: 'exceeded' };
    }
    return { outcome: 'mismatch', attemptsLeft: OTP_MAX_ATTEMPTS - counted };
  }

  /** The email's marker, claimed for `accountId`; held by another user it is refused with the spec's words (409). */
  private claimEmail(customerId: string, email: string, accountId: string): GuardedItem {
    return claimUnique(this.tableName, accountEmailUnique(customerId, email), accountId, MESSAGES.emailAlreadyRegistered);
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: UserRecord | undefined, after: UserRecord | undefined): GuardedItem {
    return auditEntryPut(this.tableName, {
      customerId, caller, entityType: 'USER', entityId: id, action,
      before: before ? { ...toAccountRecord({ ...before }) } : undefined, after: after ? { ...toAccountRecord({ ...after }) } : undefined, now: this.clock(),
    });
  }
}

/** The table item of a user: the account record with the keys of its indexes (also used by the local demo seed). */
export function userItem(customerId: string, record: UserRecord): Record<string, unknown> {
  // Only the item is used: the table's name is the caller's (ElectroDB wants one to build the request).
  return accountPut('table', customerId, toAccountRecord({ ...record })).Item;
}

/** The API's user (SPEC section 3), with defaults for records written before user administration. */
export function toUser(record: UserRecord): User {
  const role = record.role === 'admin' || record.role === 'helpdesk' ? record.role : 'basicuser';
  return {
    id: record.accountId,
    accountId: record.accountId,
    firstName: record.firstName ?? '',
    lastName: record.lastName ?? '',
    email: record.email,
    phone: record.phone ?? '',
    role,
    roleid: record.role === 'superadmin' ? ROLE_IDS.superadmin : ROLE_IDS[role],
    employeeId: record.employeeId ?? '',
    timezone: record.timezone ?? 'UTC',
    lang: record.lang ?? 'en',
    uom: record.uom ?? 'C',
    locationIds: record.locationIds ?? [],
    siteIds: record.siteIds ?? [],
    departmentIds: record.departmentIds ?? [],
    divisionIds: record.divisionIds ?? [],
    isPortalLogin: record.isPortalLogin ?? true,
    isHaccpAvailable: record.isHaccpAvailable ?? false,
    isMobileLogin: record.isMobileLogin ?? false,
    isLocationAdmin: record.isLocationAdmin ?? false,
    notificationsEnabled: record.notificationsEnabled ?? true,
    smsEnabled: record.smsEnabled ?? false,
    mfaEnabled: record.mfaEnabled ?? false,
    mfaRequired: record.mfaRequired ?? false,
    enablePager: record.enablePager ?? false,
    pagerType: record.pagerType ?? null,
    pagerNumber: record.pagerNumber ?? '',
    pagerVerified: record.pagerVerified ?? false,
    phoneVerified: record.phoneVerified ?? false,
    enableAuditModule: record.enableAuditModule ?? false,
    enableIVR: record.enableIVR ?? false,
    customerGroupId: record.customerGroupId ?? null,
    isactive: record.isActive ?? true,
    isEmailVerified: record.isEmailVerified ?? false,
    invitedate: record.inviteDate ?? null,
    lastlogindate: record.lastLoginDate ?? null,
    createdAt: record.createdAt ?? '',
    updatedAt: record.updatedAt ?? record.createdAt ?? '',
    version: record.version ?? 0,
  };
}
