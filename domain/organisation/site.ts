import * as z from 'zod';
import {
  ADDRESS_MAX,
  coordinateFields,
  optionalPostalAddressFields,
  optionalText,
  PLACE_MAX,
  POSTAL_CODE_MAX,
  postalAddressSchema,
  requiredText,
  type PostalAddress,
} from './location';
import { base64Length, DATE_TEXT_MAX, EMAIL_MAX, ID_MAX, TIME_ZONE_MAX } from '../core/limits';
import { MESSAGES } from '../core/messages';
import { isValidPhone, normalisePhone } from '../identity/user';

/**
 * Sites (SPEC sections 3, 5 and 8): every field, the rules, the delete refusals and the
 * uploaded PDF. Dates are calendar dates `YYYY-MM-DD`.
 */

export const SITE_NAME_MAX = 100;
export const SITE_ID_MAX = 30;
export const PERSON_NAME_MAX = 100;
/** SPEC section 9: PDF max 2 MB. */
export const SITE_DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;
/** The locations one site may be associated with. */
export const SITE_LOCATIONS_MAX = 100;

const SITE_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'&()/#+_-]*$/u;
/** A site id: letters, digits, hyphens and underscores. */
const SITE_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'-]*$/u;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A time zone the platform knows (IANA names, and UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const optionalDate = z.preprocess(
  blankToUndefined,
  z.string({ error: MESSAGES.dateInvalid }).max(DATE_TEXT_MAX, { error: MESSAGES.dateInvalid }).trim().refine(isCalendarDate, { error: MESSAGES.dateInvalid }).optional(),
);

const optionalEmail = (message: string) =>
  z.preprocess(blankToUndefined, z.string({ error: message }).trim().max(EMAIL_MAX, { error: message }).pipe(z.email({ error: message })).optional());

/** SPEC sections 5 and 9: the users' phone rule (country code, then 10 digits), kept as the number without separators. */
const optionalPhone = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: message }).trim().max(40, { error: message }).refine(isValidPhone, { error: message }).overwrite(normalisePhone).optional(),
  );
const optionalPersonName = (message: string) => optionalText(PERSON_NAME_PATTERN, PERSON_NAME_MAX, message);

/** The billing address as a form holds it: every part may still be empty. */
const billingAddressFormSchema = z.object({
  address: z.string().max(ADDRESS_MAX, { error: MESSAGES.addressInvalid }).optional(),
  city: z.string().max(PLACE_MAX, { error: MESSAGES.cityInvalid }).optional(),
  state: z.string().max(PLACE_MAX, { error: MESSAGES.stateInvalid }).optional(),
  country: z.string().max(PLACE_MAX, { error: MESSAGES.countryInvalid }).optional(),
  postalCode: z.string().max(POSTAL_CODE_MAX, { error: MESSAGES.postalCodeInvalid }).optional(),
});

const siteFields = z.object({
  name: requiredText(SITE_NAME_PATTERN, SITE_NAME_MAX, { required: MESSAGES.siteNameRequired, invalid: MESSAGES.siteNameInvalid }),
  siteId: optionalText(SITE_ID_PATTERN, SITE_ID_MAX, MESSAGES.siteIdInvalid),
  locationIds: z
    .array(z.string().min(1).max(ID_MAX, { error: MESSAGES.siteLocationNotFound }), { error: MESSAGES.siteLocationRequired })
    .min(1, { error: MESSAGES.siteLocationRequired })
    .max(SITE_LOCATIONS_MAX, { error: MESSAGES.tooManySelected })
    .transform((ids) => [...new Set(ids)]),
  timezone: z
    .string({ error: MESSAGES.timezoneRequired })
    .trim()
    .min(1, { error: MESSAGES.timezoneRequired })
    .max(TIME_ZONE_MAX, { error: MESSAGES.timezoneInvalid })
    .refine(isTimeZone, { error: MESSAGES.timezoneInvalid }),
  ...optionalPostalAddressFields,
  ...coordinateFields,
  adminName: optionalPersonName(MESSAGES.adminNameInvalid),
  adminEmail: optionalEmail(MESSAGES.adminEmailInvalid),
  adminPhone: optionalPhone(MESSAGES.adminPhoneInvalid),
  billingName: optionalPersonName(MESSAGES.billingNameInvalid),
  billingEmail: optionalEmail(MESSAGES.billingEmailInvalid),
  billingPhone: optionalPhone(MESSAGES.billingPhoneInvalid),
  /** The billing address is the site's own address. */
  billingAddressSameAsSite: z.boolean().default(false),
  billingAddress: billingAddressFormSchema.optional(),
  haccpSubscriptionStart: optionalDate,
  haccpSubscriptionEnd: optionalDate,
  monitoringSubscriptionStart: optionalDate,
  monitoringSubscriptionEnd: optionalDate,
  installationDate: optionalDate,
  taxExempt: z.boolean().default(false),
  /** Keep the answers of a question's additional fields in checklists. */
  retainAdditionalFieldAnswers: z.boolean().default(false),
});

type SiteFields = z.infer<typeof siteFields>;

const ADDRESS_PARTS = ['address', 'city', 'state', 'country', 'postalCode'] as const;
/** What a missing part of the billing address says; its first line is "the billing address". */
const BILLING_REQUIRED = {
  address: MESSAGES.billingAddressRequired,
  city: MESSAGES.cityRequired,
  state: MESSAGES.stateRequired,
  country: MESSAGES.countryRequired,
  postalCode: MESSAGES.postalCodeRequired,
} as const satisfies Record<(typeof ADDRESS_PARTS)[number], string>;

/**
 * SPEC section 5 "Site": name, location, time zone required; site id valid; admin and billing
 * names, emails, phones valid; billing address required (the site's own when the same-as
 * flag is set); HACCP end date after start date (and the monitoring subscription's too).
 */
export const siteInputSchema = siteFields.superRefine((site, context) => {
  if (site.billingAddressSameAsSite) {
    // The site's own address becomes the billing address, so it must be complete.
    for (const part of ADDRESS_PARTS) {
      if (site[part] === undefined) context.addIssue({ code: 'custom', path: [part], message: BILLING_REQUIRED[part] });
    }
  } else {
    const parsed = postalAddressSchema.safeParse(site.billingAddress ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const part = issue.path[0];
        const message = part === 'address' && issue.message === MESSAGES.addressRequired ? MESSAGES.billingAddressRequired : issue.message;
        context.addIssue({ code: 'custom', path: ['billingAddress', ...issue.path.map(String)], message });
      }
    }
  }
  if (site.haccpSubscriptionStart && site.haccpSubscriptionEnd && site.haccpSubscriptionEnd <= site.haccpSubscriptionStart) {
    context.addIssue({ code: 'custom', path: ['haccpSubscriptionEnd'], message: MESSAGES.haccpEndBeforeStart });
  }
  if (
    site.monitoringSubscriptionStart && site.monitoringSubscriptionEnd &&
    site.monitoringSubscriptionEnd <= site.monitoringSubscriptionStart
  ) {
    context.addIssue({ code: 'custom', path: ['monitoringSubscriptionEnd'], message: MESSAGES.monitoringEndBeforeStart });
  }
});
export type SiteInput = z.infer<typeof siteInputSchema>;
export type SiteFormValues = z.input<typeof siteInputSchema>;

/** The billing address a site is billed at: its own address when the same-as flag is set. */
export function billingAddressOf(site: Pick<SiteFields, 'billingAddressSameAsSite' | 'billingAddress' | (typeof ADDRESS_PARTS)[number]>): PostalAddress | undefined {
  const source = site.billingAddressSameAsSite ? site : site.billingAddress;
  const parsed = postalAddressSchema.safeParse(source ?? {});
  return parsed.success ? parsed.data : undefined;
}

/** The uploaded PDF's details (the file itself is in the files bucket). */
export const siteDocumentInfoSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});
export type SiteDocumentInfo = z.infer<typeof siteDocumentInfoSchema>;

/** A site as the API returns it. */
export const siteSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  siteId: z.string().optional(),
  locationIds: z.array(z.string()),
  timezone: z.string(),
  address: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  postalCode: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  adminName: z.string().optional(),
  adminEmail: z.string().optional(),
  adminPhone: z.string().optional(),
  billingName: z.string().optional(),
  billingEmail: z.string().optional(),
  billingPhone: z.string().optional(),
  billingAddressSameAsSite: z.boolean(),
  billingAddress: postalAddressSchema.optional(),
  haccpSubscriptionStart: z.string().optional(),
  haccpSubscriptionEnd: z.string().optional(),
  monitoringSubscriptionStart: z.string().optional(),
  monitoringSubscriptionEnd: z.string().optional(),
  installationDate: z.string().optional(),
  taxExempt: z.boolean(),
  retainAdditionalFieldAnswers: z.boolean(),
  document: siteDocumentInfoSchema.optional(),
  /** On a single site's read: its active devices and users (SPEC section 3). */
  activeDeviceCount: z.number().int().optional(),
  userCount: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type Site = z.infer<typeof siteSchema>;
export const sitePageSchema = z.object({ items: z.array(siteSchema), nextCursor: z.string().optional() });

/** A PDF sent as base64 in JSON (at most 2 MB once decoded). */
export const siteDocumentUploadSchema = z
  .object({
    fileName: z
      .string({ error: MESSAGES.documentNotPdf })
      .trim()
      .min(1, { error: MESSAGES.documentNotPdf })
      .max(200, { error: MESSAGES.documentNotPdf })
      .refine((name) => name.toLowerCase().endsWith('.pdf'), { error: MESSAGES.documentNotPdf }),
    data: z.string({ error: MESSAGES.documentNotPdf }).min(1, { error: MESSAGES.documentNotPdf })
      .max(base64Length(SITE_DOCUMENT_MAX_BYTES), { error: MESSAGES.documentTooLarge }),
  })
  .superRefine((upload, context) => {
    if (base64DecodedLength(upload.data) > SITE_DOCUMENT_MAX_BYTES) {
      context.addIssue({ code: 'custom', path: ['data'], message: MESSAGES.documentTooLarge });
    } else if (!/^[A-Za-z0-9+/]*={0,2}$/.test(upload.data) || !upload.data.startsWith(PDF_MAGIC_BASE64)) {
      context.addIssue({ code: 'custom', path: ['data'], message: MESSAGES.documentNotPdf });
    }
  });
export type SiteDocumentUpload = z.infer<typeof siteDocumentUploadSchema>;

/** `%PDF-` in base64: every PDF starts with it. */
const PDF_MAGIC_BASE64 = 'JVBERi';

export function base64DecodedLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** A file chosen in the browser, checked before it is read: the same messages as the API's. */
export function fileProblem(file: { name: string; size: number; type: string }): string | undefined {
  if (!file.name.toLowerCase().endsWith('.pdf') || (file.type !== '' && file.type !== 'application/pdf')) return MESSAGES.documentNotPdf;
  if (file.size > SITE_DOCUMENT_MAX_BYTES) return MESSAGES.documentTooLarge;
  return undefined;
}

/** The uploaded PDF, as the API returns it. */
export const siteDocumentSchema = siteDocumentInfoSchema.extend({ contentType: z.literal('application/pdf'), data: z.string() });
export type SiteDocument = z.infer<typeof siteDocumentSchema>;

/** What hangs off a site or a location and stops its deletion (SPEC section 8). */
export const REFERENCE_KINDS = ['SITE', 'SENSOR', 'GATEWAY', 'SHIFT', 'CHECKLIST'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** What is attached to a site, as the delete rule reads it. */
export interface SiteAttachments {
  shifts: number;
  checklists: number;
  sensors: number;
  gateways: number;
  /** How many locations the site is associated with. */
  locations: number;
  /** How many users are assigned to the site. */
  users: number;
}

/**
 * SPEC section 8: a site is not deleted while it has shifts, checklists, sensors or
 * gateways, several associations (more than one location) or more than one user. The first
 * reason found, in that order; undefined when it may go.
 */
export function siteDeleteRefusal(attached: SiteAttachments): string | undefined {
  if (attached.shifts > 0) return MESSAGES.siteHasShifts;
  if (attached.checklists > 0) return MESSAGES.siteHasChecklists;
  if (attached.sensors > 0) return MESSAGES.siteHasSensors;
  if (attached.gateways > 0) return MESSAGES.siteHasGateways;
  if (attached.locations > 1) return MESSAGES.siteHasSeveralLocations;
  if (attached.users > 1) return MESSAGES.siteHasUsers;
  return undefined;
}

/** SPEC section 8: a location is not deleted while sensors or gateways are attached (nor while sites are). */
export function locationDeleteRefusal(attached: { sensors: number; gateways: number; sites: number }): string | undefined {
  if (attached.sensors > 0 || attached.gateways > 0) return MESSAGES.locationHasDevices;
  if (attached.sites > 0) return MESSAGES.locationHasSites;
  return undefined;
}

/** A site's devices (SPEC section 2: "Sites (with devices and users)"). */
export const siteDevicesSchema = z.object({
  sensors: z.array(z.object({ id: z.string(), name: z.string() })),
  gateways: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SiteDevices = z.infer<typeof siteDevicesSchema>;

/** A site's users. */
export const siteUserSchema = z.object({
  accountId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
});
export const siteUsersSchema = z.object({ items: z.array(siteUserSchema) });
export type SiteUser = z.infer<typeof siteUserSchema>;
