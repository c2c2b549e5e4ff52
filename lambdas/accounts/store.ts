import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_ACCOUNT_PREFERENCES,
  formatUtcDateTime,
  type AccountPreferences,
  type CurrentUserDetails,
  type LastSelectedLocation,
} from '@domain/identity/account';
import { isRole, type Role } from '@domain/identity/roles';
import type { Caller } from '../shared/caller';
import { accountKey, accountPreferencesKey, tenantPrefix } from '../shared/keys';

/**
 * The account record (the user item of the organisation, SPEC section 3 "User"). Issue 4's
 * user administration writes it; this module reads it for the signed-in user and keeps the
 * sign-in bookkeeping (last login, invitation accepted). Field names are the stored ones.
 */
export interface AccountRecord {
  accountId: string;
  email: string;
  role?: string;
  firstName?: string;
  lastName?: string;
  uom?: 'C' | 'F';
  lang?: 'en' | 'fr' | 'es';
  timezone?: string;
  isActive?: boolean;
  isEmailVerified?: boolean;
  isHaccpAvailable?: boolean;
  isOwner?: boolean;
  isLocationAdmin?: boolean;
  showHelpdeskDashboard?: boolean;
  hasDefaultLocAccess?: boolean;
  securityGroupIds?: string[];
  enablePager?: boolean;
  enableAuditModule?: boolean;
  enableIVR?: boolean;
  inviteDate?: string | null;
  lastLoginDate?: string | null;
  /** When a dormant account was sent its reset code (the password reset makes it usable again). */
  dormancyResetAt?: string;
  locationIds?: string[];
  siteIds?: string[];
  // User administration (lambdas/users, domain/identity/user.ts) keeps these too.
  phone?: string;
  phoneVerified?: boolean;
  employeeId?: string;
  departmentIds?: string[];
  divisionIds?: string[];
  isPortalLogin?: boolean;
  isMobileLogin?: boolean;
  notificationsEnabled?: boolean;
  smsEnabled?: boolean;
  mfaEnabled?: boolean;
  /** Invited with MFA: SMS MFA is turned on once the phone is verified. */
  mfaRequired?: boolean;
  pagerType?: 'email' | 'phone' | null;
  pagerNumber?: string;
  pagerVerified?: boolean;
  customerGroupId?: string | null;
  /** The identity service's user name (the email it was created with). */
  identityUsername?: string;
  createdAt?: string;
  updatedAt?: string;
  createdBy?: string;
  updatedBy?: string;
  /** Optimistic lock of user administration; records written before it have none (0). */
  version?: number;
}

/** The email lookup of the user items (gsi2), within one organisation. */
export const accountEmailPartition = (customerId: string, email: string) =>
  `${tenantPrefix(customerId)}#USER#EMAIL#${encodeURIComponent(email.trim().toLowerCase())}`;

interface PreferencesItem extends AccountPreferences {
  lastSelectedLocation?: LastSelectedLocation;
}

export class AccountStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async get(customerId: string, accountId: string): Promise<AccountRecord | undefined> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: accountKey(customerId, accountId) }));
    return result.Item as AccountRecord | undefined;
  }

  async findByEmail(customerId: string, email: string): Promise<AccountRecord | undefined> {
    const result = await this.client.send(new QueryCommand({
      TableName: this.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': accountEmailPartition(customerId, email) },
      Limit: 1,
    }));
    return result.Items?.[0] as AccountRecord | undefined;
  }

  async organisationName(customerId: string): Promise<string> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: { pk: `${tenantPrefix(customerId)}#ORGANISATION`, sk: 'ORGANISATION' },
    }));
    const name = result.Item?.['name'];
    return typeof name === 'string' ? name : customerId;
  }

  /**
   * A successful sign-in (PUT users/login): last login now (UTC `YYYY-MM-DD HH:mm:ss`); an
   * invited user's first sign-in clears the invitation and marks the email verified.
   * Identities without an account record (not provisioned yet) are left alone.
   */
  async recordSignIn(customerId: string, accountId: string): Promise<void> {
    const account = await this.get(customerId, accountId);
    if (account === undefined) return;
    const invited = account.inviteDate !== undefined && account.inviteDate !== null && account.inviteDate !== '';
    await this.client.send(new UpdateCommand({
      TableName: this.tableName,
      Key: accountKey(customerId, accountId),
      UpdateExpression: invited
        ? 'SET lastLoginDate = :now, isEmailVerified = :true, isActive = :true REMOVE inviteDate'
        : 'SET lastLoginDate = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': formatUtcDateTime(this.clock()), ...(invited ? { ':true': true } : {}) },
    })).catch((error: unknown) => {
      if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
    });
  }

  /** Self-profile fields (PUT users/account/{email}); undefined fields are left as they are. */
  async updateProfile(customerId: string, accountId: string, changes: Partial<AccountRecord>): Promise<AccountRecord | undefined> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return this.get(customerId, accountId);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    const removes: string[] = [];
    entries.forEach(([name, value], index) => {
      names[`#f${index}`] = name;
      if (value === null) {
        removes.push(`#f${index}`);
      } else {
        values[`:f${index}`] = value;
        sets.push(`#f${index} = :f${index}`);
      }
    });
    const expression = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : '']
      .filter(Boolean).join(' ');
    try {
      const result = await this.client.send(new UpdateCommand({
        TableName: this.tableName,
        Key: accountKey(customerId, accountId),
        UpdateExpression: expression,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }));
      return result.Attributes as AccountRecord;
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return undefined;
      throw error;
    }
  }

  /** Marks a dormant account as sent its reset code, once per dormancy (conditional). */
  async markDormancyReset(customerId: string, accountId: string, lastLoginDate: string): Promise<boolean> {
    try {
      await this.client.send(new UpdateCommand({
        TableName: this.tableName,
        Key: accountKey(customerId, accountId),
        UpdateExpression: 'SET dormancyResetAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND lastLoginDate = :last AND (attribute_not_exists(dormancyResetAt) OR dormancyResetAt < :last)',
        ExpressionAttributeValues: { ':now': formatUtcDateTime(this.clock()), ':last': lastLoginDate },
      }));
      return true;
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async preferences(customerId: string, accountId: string): Promise<PreferencesItem> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: accountPreferencesKey(customerId, accountId) }));
    const item = result.Item as Partial<PreferencesItem> | undefined;
    return {
      module: item?.module ?? DEFAULT_ACCOUNT_PREFERENCES.module,
      feature: item?.feature ?? DEFAULT_ACCOUNT_PREFERENCES.feature,
      ...(item?.lastSelectedLocation ? { lastSelectedLocation: item.lastSelectedLocation } : {}),
    };
  }

  async savePreferences(customerId: string, accountId: string, preferences: PreferencesItem): Promise<void> {
    await this.client.send(new PutCommand({
      TableName: this.tableName,
      Item: { ...accountPreferencesKey(customerId, accountId), type: 'PREFERENCES', ...preferences },
    }));
  }
}

const asFlag = (value: boolean | undefined): 0 | 1 => (value ? 1 : 0);

/**
 * SPEC section 3 "Current user details". An identity without an account record yet (for
 * instance a federated user's first sign-in) gets what its token says and safe defaults:
 * no locations, no optional modules.
 */
export function currentUserDetails(caller: Caller, account: AccountRecord | undefined, tenantName: string): CurrentUserDetails {
  const role: Role = isRole(account?.role) ? account.role : caller.role;
  const pager = account?.enablePager ?? false;
  return {
    accountid: caller.accountId,
    customerid: caller.customerId,
    customergroupid: caller.customerGroupId ?? null,
    email: account?.email ?? caller.email,
    firstname: account?.firstName ?? '',
    lastname: account?.lastName ?? '',
    role,
    uom: account?.uom ?? 'C',
    lang: account?.lang ?? 'en',
    timezone: account?.timezone ?? 'UTC',
    isHaccapAvailable: account?.isHaccpAvailable ?? false,
    isowner: asFlag(account?.isOwner),
    islocationadmin: asFlag(account?.isLocationAdmin),
    showHelpdeskDashboard: account?.showHelpdeskDashboard ?? role === 'helpdesk',
    hasDefaultLocAccess: account?.hasDefaultLocAccess ?? false,
    securityGroupIds: account?.securityGroupIds ?? [],
    tenantname: tenantName,
    enablePager: pager,
    isPagerEnabled: pager,
    enableAuditModule: account?.enableAuditModule ?? false,
    enableIVR: account?.enableIVR ?? false,
    isactive: account?.isActive ?? true,
    invitedate: account?.inviteDate ?? null,
    lastlogindate: account?.lastLoginDate ?? null,
    isEmailVerified: account?.isEmailVerified ?? false,
    locationids: account?.locationIds ?? [],
    phone: account?.phone ?? '',
    phoneVerified: account?.phoneVerified ?? false,
  };
}
