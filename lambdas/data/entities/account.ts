import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { ITEM_ONLY, nameKeyOf, SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import { uniqueMarker } from './unique-marker';
import type { KeyParams, PutParams } from '../writes';

/**
 * The account record (the user item of the organisation, SPEC section 3 "User"): what user
 * administration writes and the sign-in reads. Field names are the stored ones.
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

const optionalString = { type: 'string' } as const;
const optionalFlag = { type: 'boolean' } as const;
const optionalIds = { type: 'list', items: { type: 'string' } } as const;
// Stored as null once cleared (an accepted invitation, a pager turned off): ElectroDB's 'any' keeps the null.
const nullable = { type: 'any' } as const;

/** The email inside the email index's key: trimmed, lower-cased, URI-encoded. */
export const emailKeyOf = (email: string): string => encodeURIComponent(email.trim().toLowerCase());

/**
 * The user item (docs/data-model.md "Users"): by id; the organisation's users by last name,
 * first name and email on gsi1 (`byName`, superadmin accounts kept out: a sparse index); by
 * email on gsi2 (`byEmail`, the sign-in's and the invitation's lookup).
 */
export const account = new Entity({
  model: { entity: 'account', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    role: optionalString,
    firstName: optionalString,
    lastName: optionalString,
    uom: optionalString,
    lang: optionalString,
    timezone: optionalString,
    isActive: optionalFlag,
    isEmailVerified: optionalFlag,
    isHaccpAvailable: optionalFlag,
    isOwner: optionalFlag,
    isLocationAdmin: optionalFlag,
    showHelpdeskDashboard: optionalFlag,
    hasDefaultLocAccess: optionalFlag,
    securityGroupIds: optionalIds,
    enablePager: optionalFlag,
    enableAuditModule: optionalFlag,
    enableIVR: optionalFlag,
    inviteDate: nullable,
    lastLoginDate: nullable,
    dormancyResetAt: optionalString,
    locationIds: optionalIds,
    siteIds: optionalIds,
    phone: optionalString,
    phoneVerified: optionalFlag,
    employeeId: optionalString,
    departmentIds: optionalIds,
    divisionIds: optionalIds,
    isPortalLogin: optionalFlag,
    isMobileLogin: optionalFlag,
    notificationsEnabled: optionalFlag,
    smsEnabled: optionalFlag,
    mfaEnabled: optionalFlag,
    mfaRequired: optionalFlag,
    pagerType: nullable,
    pagerNumber: optionalString,
    pagerVerified: optionalFlag,
    customerGroupId: nullable,
    identityUsername: optionalString,
    createdAt: optionalString,
    updatedAt: optionalString,
    createdBy: optionalString,
    updatedBy: optionalString,
    version: { type: 'number' },
    /** The list order inside gsi1's sort key: last name, first name, then email. */
    listNameKey: {
      type: 'string',
      hidden: true,
      watch: ['lastName', 'firstName', 'email'],
      set: (_value: unknown, item: { lastName?: unknown; firstName?: unknown; email?: unknown }) =>
        nameKeyOf(`${String(item.lastName ?? '')} ${String(item.firstName ?? '')} ${String(item.email ?? '')}`),
    },
    emailKey: {
      type: 'string',
      hidden: true,
      watch: ['email'],
      set: (_value: unknown, item: { email?: unknown }) => emailKeyOf(String(item.email ?? '')),
    },
    type: { type: 'string', default: 'USER' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#USER', casing: 'none' },
      sk: { field: 'sk', composite: ['accountId'], template: 'USER#${accountId}', casing: 'none' },
    },
    byName: {
      index: 'gsi1',
      // Superadmin accounts are kept out of the organisation's list index altogether.
      condition: (attributes) => attributes['role'] !== 'superadmin',
      pk: { field: 'gsi1pk', composite: ['customerId'], template: 'C#${customerId}#USER', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['listNameKey', 'accountId'], template: 'NAME#${listNameKey}#${accountId}', casing: 'none' },
    },
    byEmail: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['customerId', 'emailKey'], template: 'C#${customerId}#USER#EMAIL#${emailKey}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: [], template: 'USER', casing: 'none' },
    },
  },
});
export type AccountItem = EntityItem<typeof account>;

/** The user item of a record (every field of the record, and the keys of its indexes). */
export const accountPut = (tableName: string, customerId: string, record: AccountRecord): PutParams =>
  account.put({ customerId, ...record }).params<PutParams>({ table: tableName });

/** An account's key (GetItem, Update, Delete). */
export const accountKeyParams = (tableName: string, customerId: string, accountId: string): KeyParams =>
  account.get({ customerId, accountId }).params<KeyParams>({ table: tableName });

/** The organisation's user partition (every account's item and its own records: preferences, codes). */
export const accountPartition = (customerId: string): string => String(accountKeyParams('item-only', customerId, '-').Key['pk']);

/**
 * The list index keys (gsi1) of an account with these names, as the entity files it (what a
 * test that plants an account item beside the API writes).
 */
export function accountListKeys(customerId: string, names: { accountId: string; email: string; firstName?: string; lastName?: string }): { gsi1pk: string; gsi1sk: string } {
  const { Item } = account.put({ customerId, ...names }).params<PutParams>({ table: ITEM_ONLY });
  return { gsi1pk: String(Item['gsi1pk']), gsi1sk: String(Item['gsi1sk']) };
}

/** The organisation's users by name (gsi1): the Query, to be paged or read whole. */
export const accountsByName = (tableName: string, customerId: string) =>
  account.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** The user with this email in the organisation (gsi2, eventually consistent). */
export const accountsByEmail = (tableName: string, customerId: string, email: string) =>
  account.query.byEmail({ customerId, emailKey: emailKeyOf(email) }).params<QueryParams>({ table: tableName });

/** The partition of the email index (what tests and the demo seed look users up by). */
export const accountEmailPartition = (customerId: string, email: string): string =>
  `C#${customerId}#USER#EMAIL#${emailKeyOf(email)}`;

/** The email's uniqueness marker within the organisation (docs/data-model.md pattern 3). */
export const accountEmailUnique = (customerId: string, email: string) =>
  ({ customerId, entityType: 'USER' as const, field: 'email', value: email });

/** The key of the email's marker (who holds an address, read strongly consistent). */
export const accountEmailMarkerKeyParams = (tableName: string, customerId: string, email: string): KeyParams =>
  uniqueMarker.get({ customerId, entityType: 'USER', field: 'email', valueKey: nameKeyOf(email) }).params<KeyParams>({ table: tableName });

const versionCondition = (version: number | undefined) => (version === undefined
  // Records written before user administration have no version: they must still have none.
  ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(version)' }
  : { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': version } });

/** The whole record again, if nobody changed it since `version` was read ("changed by someone else" otherwise). */
export const accountPutOnVersion = ({ TableName, Item }: PutParams, version: number | undefined): GuardedItem =>
  ({ item: { Put: { TableName, Item, ...versionCondition(version) } } });

/** The record's delete, if nobody changed it since `version` was read. */
export const accountDeleteOnVersion = ({ TableName, Key }: KeyParams, version: number | undefined): GuardedItem =>
  ({ item: { Delete: { TableName, Key, ...versionCondition(version) } } });

const ACCOUNT_FIELDS = [
  'role', 'firstName', 'lastName', 'uom', 'lang', 'timezone', 'isActive', 'isEmailVerified', 'isHaccpAvailable', 'isOwner',
  'isLocationAdmin', 'showHelpdeskDashboard', 'hasDefaultLocAccess', 'securityGroupIds', 'enablePager', 'enableAuditModule',
  'enableIVR', 'inviteDate', 'lastLoginDate', 'dormancyResetAt', 'locationIds', 'siteIds', 'phone', 'phoneVerified', 'employeeId',
  'departmentIds', 'divisionIds', 'isPortalLogin', 'isMobileLogin', 'notificationsEnabled', 'smsEnabled', 'mfaEnabled',
  'mfaRequired', 'pagerType', 'pagerNumber', 'pagerVerified', 'customerGroupId', 'identityUsername', 'createdAt', 'updatedAt',
  'createdBy', 'updatedBy', 'version',
] as const satisfies readonly (keyof AccountRecord)[];

/**
 * The record, picked field by field: the fields the item has, as stored (records written
 * before user administration lack many; readers give the defaults). Keys, `customerId`,
 * `type` and `__edb_*` never come through.
 */
export function toAccountRecord(item: Record<string, unknown>): AccountRecord {
  const record: Record<string, unknown> = {};
  for (const field of ['accountId', 'email', ...ACCOUNT_FIELDS] as const) {
    if (item[field] !== undefined) record[field] = item[field];
  }
  return record as unknown as AccountRecord;
}
