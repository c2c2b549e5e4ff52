import * as z from 'zod';
import { DATE_TEXT_MAX, EMAIL_MAX, ID_MAX, TIME_ZONE_MAX } from '../core/limits';
import { MESSAGES } from '../core/messages';
import { ROLES } from './roles';
import { isTimeZone } from '../organisation/site';
import { isValidPhone, normalisePhone } from './user';

/**
 * The signed-in account and its sessions (SPEC sections 3, 4 and 7): what the API returns
 * and accepts for `account/me`, `users/login`, the session lists and the preferences.
 * One set of schemas for the handlers, the OpenAPI document and the web app.
 */

/** SPEC section 9: maximum concurrent sessions "from configuration (environment shows 30)". */
export const DEFAULT_MAX_SESSIONS = 30;
/**
 * How long a refresh token lives (days): the identity service's app clients (lib/identity.ts,
 * the local identity service) and the server sessions, which end when unused this long.
 */
export const REFRESH_TOKEN_VALIDITY_DAYS = 30;
/** SPEC section 9: idle timeout 3,600,000 ms. */
export const DEFAULT_IDLE_TIMEOUT_MS = 3_600_000;
/** SPEC section 9: "dormancy message 60 days". */
export const DORMANCY_DAYS = 60;
/** SPEC section 9: SMS code attempts, resend maximum and cooldown, code length (zod-free, for the sign-in page). */
export { CODE_LENGTH, MFA_MAX_ATTEMPTS, RESEND_COOLDOWN_MS, RESEND_MAX } from './login-rules';

/** `lastlogindate` and friends: UTC `YYYY-MM-DD HH:mm:ss` (SPEC section 4). */
export function formatUtcDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Parses `YYYY-MM-DD HH:mm:ss` (UTC); null when it is not that shape. */
export function parseUtcDateTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An account unused for 60 days must reset its password before signing in again. */
export function isDormant(lastLoginDate: string | null | undefined, now: Date): boolean {
  if (!lastLoginDate) return false;
  const last = parseUtcDateTime(lastLoginDate);
  if (last === null) return false;
  return now.getTime() - last.getTime() > DORMANCY_DAYS * 24 * 60 * 60 * 1000;
}

const flag = z.union([z.literal(0), z.literal(1)]);

/** SPEC section 3 "Current user details": the me call and the account lookup by email. */
export const currentUserDetailsSchema = z.object({
  accountid: z.string(),
  customerid: z.string(),
  customergroupid: z.string().nullable(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role: z.enum(ROLES),
  /** Unit of measure: C or F. */
  uom: z.enum(['C', 'F']),
  lang: z.enum(['en', 'fr', 'es']),
  timezone: z.string(),
  isHaccapAvailable: z.boolean(),
  isowner: flag,
  islocationadmin: flag,
  showHelpdeskDashboard: z.boolean(),
  /** Corporate admin. */
  hasDefaultLocAccess: z.boolean(),
  securityGroupIds: z.array(z.string()),
  tenantname: z.string(),
  enablePager: z.boolean(),
  isPagerEnabled: z.boolean(),
  enableAuditModule: z.boolean(),
  enableIVR: z.boolean(),
  isactive: z.boolean(),
  invitedate: z.string().nullable(),
  lastlogindate: z.string().nullable(),
  isEmailVerified: z.boolean(),
  locationids: z.array(z.string()),
  /**
   * The organisation's modules (issue 16): its HACCP, audit, IVR and pager areas are hidden, and
   * refused by the API, without them. The account's flags above already count them.
   */
  organisationModules: z.object({ isHaccapAvailable: z.boolean(), enableAuditModule: z.boolean(), enableIVR: z.boolean(), enablePager: z.boolean() }).optional(),
  /** Profile settings: the user's phone (empty when none) and whether it was verified by code. */
  phone: z.string().optional(),
  phoneVerified: z.boolean().optional(),
});
export type CurrentUserDetails = z.infer<typeof currentUserDetailsSchema>;

/** SPEC section 3 "Login session"; `platformName` is always `browser` from the portal. */
export const loginSessionInputSchema = z.object({
  deviceKey: z.string().max(200).default(''),
  appVersion: z.string().max(40).default(''),
  deviceModel: z.string().max(200).default(''),
  deviceName: z.string().max(200).default(''),
  osVersion: z.string().max(100).default(''),
  platformName: z.string().max(40).default('browser'),
  deviceId: z.string().max(200).default(''),
});
export type LoginSessionInput = z.infer<typeof loginSessionInputSchema>;

/** PUT users/login/{id}: "loginid plus fields". */
export const loginSessionUpdateSchema = loginSessionInputSchema.partial().extend({ loginid: z.string().max(ID_MAX, { error: MESSAGES.fieldTooLong }).optional() });

/** PUT users/logout. */
export const logoutInputSchema = z.object({
  loginid: z.string().max(ID_MAX, { error: MESSAGES.fieldTooLong }).optional(),
  deviceKey: z.string().max(200, { error: MESSAGES.fieldTooLong }).optional(),
});

/** PUT users/login answers with the session id. */
export const loginSessionCreatedSchema = z.object({ id: z.string(), loginid: z.string() });

/** SPEC section 3 "User session (listed)": id, last seen, device, platform, IP, interface, login time. */
export const userSessionSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  email: z.string(),
  lastSeen: z.string(),
  device: z.string(),
  platform: z.string(),
  ip: z.string(),
  /** Which client made it: `portal` (browser) or `mobile`. */
  interface: z.string(),
  loginTime: z.string(),
  /** Push messages enabled for this device (session/active/devices). */
  pushEnabled: z.boolean(),
  /** The session the listing request itself was made from. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** The session lists carry the limit, so the sessions page can say how many must end. */
export const userSessionListSchema = z.object({
  items: z.array(userSessionSchema),
  maxSessions: z.number().int().positive(),
});
export type UserSessionList = z.infer<typeof userSessionListSchema>;

/** The longest push service endpoint taken (browsers' are a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 2000;
/** A P-256 public key is 65 bytes (87 base64url characters); the auth secret 16 (22). */
export const PUSH_KEY_MAX = 128;
export const PUSH_AUTH_MAX = 64;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** An https URL (a push service endpoint: the Web Push protocol is https only). */
export function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

const pushKeySchema = (max: number) => z.string()
  .max(max, { error: MESSAGES.fieldTooLong })
  .regex(BASE64URL, { error: MESSAGES.pushSubscriptionInvalid });

/**
 * A browser's push subscription (`PushSubscription.toJSON()`, RFC 8030/8291): where the push
 * service takes messages for this device, and the keys its messages are encrypted with.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string()
    .max(PUSH_ENDPOINT_MAX, { error: MESSAGES.fieldTooLong })
    .refine(isHttpsUrl, { error: MESSAGES.pushSubscriptionInvalid }),
  keys: z.object({ p256dh: pushKeySchema(PUSH_KEY_MAX), auth: pushKeySchema(PUSH_AUTH_MAX) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/**
 * PUT session/active/devices/{id}: enable push on a device. The portal sends its browser's
 * subscription with `pushEnabled: true`; turning push off forgets the subscription.
 */
export const devicePushInputSchema = z.object({ pushEnabled: z.boolean(), subscription: pushSubscriptionSchema.optional() });
export type DevicePushInput = z.infer<typeof devicePushInputSchema>;

/** GET session/active/devices/push-key: the VAPID public key browsers subscribe with (base64url). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** SPEC section 3: module audit and feature ivr, hidden until enabled by the user details. */
export const accountPreferencesSchema = z.object({
  module: z.object({ audit: z.object({ isVisible: z.boolean() }) }),
  feature: z.object({ ivr: z.object({ isVisible: z.boolean() }) }),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;
export const DEFAULT_ACCOUNT_PREFERENCES: AccountPreferences = {
  module: { audit: { isVisible: false } },
  feature: { ivr: { isVisible: false } },
};
export const accountPreferencesPatchSchema = z.object({
  module: z.object({ audit: z.object({ isVisible: z.boolean() }) }).optional(),
  feature: z.object({ ivr: z.object({ isVisible: z.boolean() }) }).optional(),
});

/**
 * PUT users/account/{email} (self-profile). The spec's client also sends `password`; the
 * API never takes or keeps a password (the identity service owns it), so it is not here.
 */
export const selfProfileUpdateSchema = z.object({
  lastlogindate: z.string().max(DATE_TEXT_MAX, { error: MESSAGES.dateTimeInvalid }).optional(),
  isactive: z.union([z.boolean(), flag]).optional(),
  isEmailVerified: z.union([z.boolean(), flag]).optional(),
  email: z.string().max(EMAIL_MAX, { error: MESSAGES.fieldTooLong }).pipe(z.email({ error: MESSAGES.emailInvalid })).optional(),
  invitedate: z.string().max(DATE_TEXT_MAX, { error: MESSAGES.dateTimeInvalid }).nullable().optional(),
  lang: z.enum(['en', 'fr', 'es']).optional(),
  uom: z.enum(['C', 'F']).optional(),
  timezone: z.string().max(TIME_ZONE_MAX, { error: MESSAGES.timezoneInvalid }).refine(isTimeZone, { error: MESSAGES.timezoneInvalid }).optional(),
  firstname: z.string().max(100, { error: MESSAGES.fieldTooLong }).optional(),
  lastname: z.string().max(100, { error: MESSAGES.fieldTooLong }).optional(),
  /** Profile settings: empty, or a phone with its country code and 10 digits; a changed phone must be verified again. */
  phone: z.string().max(40, { error: MESSAGES.phoneInvalid }).trim().overwrite(normalisePhone).refine((phone) => phone === '' || isValidPhone(phone), { error: MESSAGES.phoneInvalid }).optional(),
});

/** Locations and sites for the navbar (SPEC section 7, node backend). */
export const navbarSchema = z.object({
  locations: z.array(z.object({
    id: z.string(),
    name: z.string(),
    displayName: z.string(),
    sites: z.array(z.object({ id: z.string(), name: z.string() })),
  })),
});
export type Navbar = z.infer<typeof navbarSchema>;

/** GET, PUT users/portallastselectedlocation. */
export const lastSelectedLocationSchema = z.object({
  locationId: z.string().max(ID_MAX, { error: MESSAGES.fieldTooLong }).nullable(),
  siteId: z.string().max(ID_MAX, { error: MESSAGES.fieldTooLong }).nullable(),
});
export type LastSelectedLocation = z.infer<typeof lastSelectedLocationSchema>;

/** The custom attributes of the user pool: the claims the portal reads from the ID token. */
export const IDENTITY_CUSTOM_ATTRIBUTES = ['role', 'accountinfoid', 'customerid', 'customergroupid', 'isPortalLogin'] as const;

/**
 * What the app clients (portal, helpdesk) may read about the signed-in user: the Cognito
 * clients' `ReadAttributes` (lib/identity.ts) and the local identity service's, one list.
 */
export const IDENTITY_CLIENT_READ_ATTRIBUTES = [
  'email', 'email_verified', 'phone_number', 'phone_number_verified', 'given_name', 'family_name',
  ...IDENTITY_CUSTOM_ATTRIBUTES.map((name) => `custom:${name}` as const),
] as const;

/**
 * What a signed-in user may write about themself with their own access token
 * (UpdateUserAttributes): the clients' `WriteAttributes`, on AWS and locally. Not the role, the
 * organisation, the portal access or any `*_verified` flag: those only the back end writes,
 * with admin calls. Not the phone either: it carries SMS MFA, which user administration and
 * the profile keep in step with the account record. A new email is only taken once the code
 * sent to it is verified (the pool keeps the original until then).
 */
export const IDENTITY_CLIENT_WRITE_ATTRIBUTES = ['email', 'given_name', 'family_name'] as const;

/**
 * The identity attributes the API lets a caller change through `PUT cognito/{name}`. An
 * email change is not taken at once: the identity service sends a code to the new address and
 * the old one keeps working until the account's owner verifies it.
 */
export const EDITABLE_IDENTITY_ATTRIBUTES = ['email', 'given_name', 'family_name', 'locale'] as const;
/**
 * Accepted for the spec's call shape (SPEC section 4: the first login sends `email_verified`
 * true) and never passed on: only the identity service's own verification marks an email verified.
 */
export const IGNORED_IDENTITY_ATTRIBUTES = ['email_verified'] as const;
/** And delete through the attribute delete call. */
export const DELETABLE_IDENTITY_ATTRIBUTES = ['given_name', 'family_name', 'locale'] as const;

export const identityAttributesUpdateSchema = z.object({
  name: z.string().max(256).optional(),
  UserAttributes: z.array(z.object({
    Name: z.enum([...EDITABLE_IDENTITY_ATTRIBUTES, ...IGNORED_IDENTITY_ATTRIBUTES]),
    Value: z.string().max(2048),
  })).min(1).max(10),
});
export const identityAttributesDeleteSchema = z.object({
  UserAttributeNames: z.array(z.enum(DELETABLE_IDENTITY_ATTRIBUTES)).min(1).max(10),
});

/** GET cognito/getuser/{name}: the identity record, without anything secret. */
export const identityUserSchema = z.object({
  Username: z.string(),
  UserStatus: z.string(),
  Enabled: z.boolean(),
  UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string() })),
  MFAOptions: z.array(z.object({ DeliveryMedium: z.string(), AttributeName: z.string() })),
});
