import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import type { Role } from './roles';

/**
 * The User of SPEC section 3 ("User (administration)") and every rule of section 5 "User".
 * One set of schemas for the API (route validation), the OpenAPI document and the web app's
 * forms, so the browser and the API refuse with the same words.
 */

/** SPEC section 3: roleid 3 is the super-administrator. */
export const ROLE_IDS = { admin: 1, basicuser: 2, superadmin: 3, helpdesk: 4 } as const satisfies Record<Role, number>;
export const SUPERADMIN_ROLE_ID = ROLE_IDS.superadmin;

/** Roles a user administration form can give; superadmin accounts live on their own server (SPEC section 6). */
export const USER_ROLES = ['admin', 'basicuser', 'helpdesk'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Who may give which role: an organisation's administrator its own roles; support
 * (helpdesk) and the super-administrator also helpdesk users.
 */
export function assignableRoles(callerRole: Role): readonly UserRole[] {
  if (callerRole === 'helpdesk' || callerRole === 'superadmin') return USER_ROLES;
  if (callerRole === 'admin') return ['admin', 'basicuser'];
  return [];
}

/**
 * Whether the caller may act on another account (edit it, its identity, its sessions): only
 * on one whose role they may give, so nobody changes an account whose role outranks theirs.
 * An account without a known role is nobody's to change.
 */
export function mayManageAccount(callerRole: Role, accountRole: string | undefined): boolean {
  return (assignableRoles(callerRole) as readonly string[]).includes(accountRole ?? '');
}

/** SPEC section 4: "MFA can only be turned off by support". */
export function mayTurnOffMfa(callerRole: Role): boolean {
  return callerRole === 'helpdesk';
}

export const PAGER_TYPES = ['email', 'phone'] as const;
export type PagerType = (typeof PAGER_TYPES)[number];
export const LANGUAGES = ['en', 'fr', 'es'] as const;
export const UNITS_OF_MEASURE = ['C', 'F'] as const;

/** SPEC sections 5 and 9: a phone number with its country code, then 10 digits (E.164 as stored). */
const PHONE_PATTERN = /^\+[1-9]\d{0,2}\d{10}$/;
/** SPEC section 5: "pager email format digits@domain". */
const PAGER_EMAIL_PATTERN = /^\d+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

/** Spaces, dashes, dots and brackets people type in phone numbers are not part of the number. */
export function normalisePhone(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(normalisePhone(value));
}

export function isValidPagerEmail(value: string): boolean {
  return PAGER_EMAIL_PATTERN.test(value.trim());
}

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: MESSAGES.fieldTooLong });
const optionalText = (max: number) => z.string().trim().max(max, { error: MESSAGES.fieldTooLong }).default('');
const ids = z.array(z.string().min(1).max(100)).max(500).default([]);

const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: MESSAGES.emailRequired })
  .max(254, { error: MESSAGES.fieldTooLong })
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

/**
 * The fields an administrator edits. Flags keep the account record's names
 * (`isHaccpAvailable`, `isLocationAdmin`, `enablePager`, ...), which the me call reads.
 */
export const userFieldsSchema = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  email: emailField,
  phone: z.string().trim().overwrite(normalisePhone).pipe(z.string().max(40, { error: MESSAGES.fieldTooLong })).default(''),
  role: z.enum(USER_ROLES, { error: MESSAGES.roleRequired }),
  employeeId: optionalText(50),
  timezone: z.string().trim().min(1).max(64).default('UTC'),
  lang: z.enum(LANGUAGES).default('en'),
  uom: z.enum(UNITS_OF_MEASURE).default('C'),
  locationIds: ids,
  siteIds: z.array(z.string().min(1).max(100), { error: MESSAGES.siteSelectionRequired }).max(500),
  departmentIds: ids,
  divisionIds: ids,
  /** Portal, HACCP and mobile access. */
  isPortalLogin: z.boolean().default(true),
  isHaccpAvailable: z.boolean().default(false),
  isMobileLogin: z.boolean().default(false),
  isLocationAdmin: z.boolean().default(false),
  /** Receives notifications at all. */
  notificationsEnabled: z.boolean().default(true),
  /** Receives notifications by text (SMS). */
  smsEnabled: z.boolean().default(false),
  /** SMS multi-factor sign-in. */
  mfaEnabled: z.boolean().default(false),
  enablePager: z.boolean().default(false),
  pagerType: z.enum(PAGER_TYPES).nullable().default(null),
  /** A phone number, or an email of the shape digits@domain, by pager type. */
  pagerNumber: optionalText(254),
  /** Module flags (SPEC section 6: invitations carry them). */
  enableAuditModule: z.boolean().default(false),
  enableIVR: z.boolean().default(false),
  customerGroupId: z.string().trim().max(100).nullable().default(null),
  /**
   * What the form was shown (the server keeps the truth and checks the rules against its
   * own): whether the phone on the record has been verified by code.
   */
  phoneVerified: z.boolean().default(false),
});
export type UserFields = z.output<typeof userFieldsSchema>;
export type UserFieldsInput = z.input<typeof userFieldsSchema>;

export interface RuleIssue {
  path: keyof UserFields;
  message: string;
}

/**
 * SPEC section 5 "User", the rules between fields: phone with country code and 10 digits;
 * at least one site; MFA and SMS need a verified phone; a pager needs its type and number;
 * a pager email is digits@domain (a pager phone is a phone number).
 */
export function userRuleIssues(user: UserFields): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (user.phone !== '' && !isValidPhone(user.phone)) issues.push({ path: 'phone', message: MESSAGES.phoneInvalid });
  if (user.siteIds.length === 0) issues.push({ path: 'siteIds', message: MESSAGES.siteSelectionRequired });
  const verifiedPhone = user.phone !== '' && user.phoneVerified;
  if (user.mfaEnabled && !verifiedPhone) issues.push({ path: 'mfaEnabled', message: MESSAGES.mfaNeedsVerifiedPhone });
  if (user.smsEnabled && !verifiedPhone) issues.push({ path: 'smsEnabled', message: MESSAGES.smsNeedsVerifiedPhone });
  if (user.enablePager) {
    if (user.pagerType === null) issues.push({ path: 'pagerType', message: MESSAGES.pagerTypeRequired });
    if (user.pagerNumber === '') {
      issues.push({ path: 'pagerNumber', message: MESSAGES.pagerNumberRequired });
    } else if (user.pagerType === 'email' && !isValidPagerEmail(user.pagerNumber)) {
      issues.push({ path: 'pagerNumber', message: MESSAGES.pagerEmailInvalid });
    } else if (user.pagerType === 'phone' && !isValidPhone(user.pagerNumber)) {
      issues.push({ path: 'pagerNumber', message: MESSAGES.phoneInvalid });
    }
  }
  return issues;
}

/**
 * SPEC section 5: "Helpdesk user: portal access forced on; HACCP, mobile, location admin,
 * notifications forced off." Applied before the rules and before saving.
 */
export function withRoleRules<T extends Pick<UserFields, 'role' | 'isPortalLogin' | 'isHaccpAvailable' | 'isMobileLogin' | 'isLocationAdmin' | 'notificationsEnabled'>>(user: T): T {
  if (user.role !== 'helpdesk') return user;
  return { ...user, isPortalLogin: true, isHaccpAvailable: false, isMobileLogin: false, isLocationAdmin: false, notificationsEnabled: false };
}

/** A pager phone number is kept as the phone is, without the separators people type. */
function normalisedPager(user: UserFields): UserFields {
  return user.pagerType === 'phone' ? { ...user, pagerNumber: normalisePhone(user.pagerNumber) } : user;
}

/** Add and edit a user (POST /users, PUT /users/{id}): the fields and every rule between them. */
export const userInputSchema = userFieldsSchema.transform(normalisedPager).superRefine((user, context) => {
  for (const issue of userRuleIssues(withRoleRules(user))) {
    context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
});
export type UserInput = z.output<typeof userInputSchema>;

/**
 * Invite (SPEC section 6): the user type, the customer group, the sites (every user has at
 * least one) and the module flags HACCP, audits, IVR, pager and MFA. The invited user adds
 * a phone and pager later; an MFA flag given at invitation turns SMS MFA on once their
 * phone is verified.
 */
export const inviteInputSchema = z.object({
  email: emailField,
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  role: z.enum(USER_ROLES, { error: MESSAGES.roleRequired }),
  customerGroupId: z.string().trim().max(100).nullable().default(null),
  siteIds: z.array(z.string().min(1).max(100), { error: MESSAGES.siteSelectionRequired }).min(1, { error: MESSAGES.siteSelectionRequired }).max(500),
  locationIds: ids,
  isHaccpAvailable: z.boolean().default(false),
  enableAuditModule: z.boolean().default(false),
  enableIVR: z.boolean().default(false),
  enablePager: z.boolean().default(false),
  mfaRequired: z.boolean().default(false),
  lang: z.enum(LANGUAGES).default('en'),
});
export type InviteInput = z.output<typeof inviteInputSchema>;
export type InviteFormInput = z.input<typeof inviteInputSchema>;

/** A user as the API returns it: the fields, their state and the record's bookkeeping. Never a password. */
export const userSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(USER_ROLES),
  roleid: z.number().int(),
  employeeId: z.string(),
  timezone: z.string(),
  lang: z.enum(LANGUAGES),
  uom: z.enum(UNITS_OF_MEASURE),
  locationIds: z.array(z.string()),
  siteIds: z.array(z.string()),
  departmentIds: z.array(z.string()),
  divisionIds: z.array(z.string()),
  isPortalLogin: z.boolean(),
  isHaccpAvailable: z.boolean(),
  isMobileLogin: z.boolean(),
  isLocationAdmin: z.boolean(),
  notificationsEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  mfaEnabled: z.boolean(),
  mfaRequired: z.boolean(),
  enablePager: z.boolean(),
  pagerType: z.enum(PAGER_TYPES).nullable(),
  pagerNumber: z.string(),
  pagerVerified: z.boolean(),
  phoneVerified: z.boolean(),
  enableAuditModule: z.boolean(),
  enableIVR: z.boolean(),
  customerGroupId: z.string().nullable(),
  isactive: z.boolean(),
  isEmailVerified: z.boolean(),
  /** Set while the invitation is pending (UTC `YYYY-MM-DD HH:mm:ss`); null once accepted. */
  invitedate: z.string().nullable(),
  lastlogindate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

/** GET /users/{id}?fetchSharedLocs=true also carries the locations shared with the user. */
export const userDetailSchema = userSchema.extend({
  sharedLocationIds: z.array(z.string()).optional(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** Whether an invitation is still waiting to be accepted. */
export function isInvitationPending(user: Pick<User, 'invitedate'>): boolean {
  return user.invitedate !== null && user.invitedate !== '';
}

/** Enable or disable (PUT /users/{id}/status). */
export const userStatusInputSchema = z.object({ isactive: z.boolean() });
/** Turn SMS MFA on or off (PUT /users/{id}/mfa); off only by support. */
export const userMfaInputSchema = z.object({ enabled: z.boolean() });

/** What a phone or pager code verifies. */
export const OTP_CHANNELS = ['phone', 'pager'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];
/** SPEC section 9: codes of 6 digits, 3 attempts. Codes last 10 minutes. */
export const OTP_TTL_MS = 10 * 60 * 1000;

/** POST /users/sendOTP: a code to the number (or pager email) saved on the user's record. */
export const sendOtpInputSchema = z.object({
  /** The account; the caller's own when left out. */
  userId: z.string().min(1).max(100).optional(),
  channel: z.enum(OTP_CHANNELS),
});
export const sendOtpResultSchema = z.object({ destination: z.string(), expiresAt: z.string() });

/** POST /users/verifyOTP. */
export const verifyOtpInputSchema = sendOtpInputSchema.extend({
  code: z.string({ error: MESSAGES.verificationCodeRequired }).trim()
    .min(1, { error: MESSAGES.verificationCodeRequired })
    .max(20, { error: MESSAGES.verificationCodeInvalid })
    .regex(/^\d{6}$/, { error: MESSAGES.verificationCodeInvalid }),
});

/** `a***@e***` and `+*******0123`: where a code went, without showing the whole destination. */
export function maskDestination(destination: string): string {
  if (destination.includes('@')) {
    const [local = '', domain = ''] = destination.split('@');
    return `${local.charAt(0)}***@${domain}`;
  }
  return `${destination.slice(0, 2)}${'*'.repeat(Math.max(0, destination.length - 6))}${destination.slice(-4)}`;
}

/** GET /roles/userroles. */
export const userRoleSchema = z.object({ roleid: z.number().int(), role: z.enum(USER_ROLES) });
/** GET /account/customergroups/. */
export const customerGroupSchema = z.object({ id: z.string(), name: z.string() });
/** GET /accounts, /accounts/bylocations, /users/listwithunverifiedemail: the short form of a user. */
export const accountSummarySchema = z.object({
  accountId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
  isactive: z.boolean(),
  isEmailVerified: z.boolean(),
  locationIds: z.array(z.string()),
  siteIds: z.array(z.string()),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
