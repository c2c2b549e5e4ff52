import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { DATE_TEXT_MAX, EMAIL_MAX, TIME_ZONE_MAX } from '../core/limits';
import { LANGUAGES, UNITS_OF_MEASURE } from '../identity/user';
import { optionalPostalAddressFields } from './location';
import { isCalendarDate, isTimeZone } from './site';

/**
 * Organisations (tenants) as the super-administrator keeps them (issue 16 section 1): who the
 * customer is, its defaults for new users, its customer group, its modules and feature flags
 * (SPEC section 3, "Current user details": isHaccapAvailable, enableAuditModule, enableIVR,
 * enablePager) and its subscription. One set of schemas for the API and the console's forms.
 */

export const ORGANISATION_NAME_MAX = 100;
export const CUSTOMER_GROUP_NAME_MAX = 100;
const ID_TEXT_MAX = 100;

export const ORGANISATION_STATUSES = ['active', 'disabled'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const requiredName = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: MESSAGES.fieldTooLong });

const optionalDate = z.preprocess(
  blankToUndefined,
  z.string({ error: MESSAGES.dateInvalid }).max(DATE_TEXT_MAX, { error: MESSAGES.dateInvalid }).trim().refine(isCalendarDate, { error: MESSAGES.dateInvalid }).optional(),
);

/** The modules and features an organisation has (the flags its users' details carry). */
export const organisationModulesSchema = z.object({
  isHaccapAvailable: z.boolean().default(false),
  enableAuditModule: z.boolean().default(false),
  enableIVR: z.boolean().default(false),
  enablePager: z.boolean().default(false),
});
export type OrganisationModules = z.output<typeof organisationModulesSchema>;

const organisationFields = z.object({
  name: requiredName(MESSAGES.organisationNameRequired, ORGANISATION_NAME_MAX),
  ...optionalPostalAddressFields,
  timezone: z
    .string({ error: MESSAGES.timezoneRequired })
    .trim()
    .min(1, { error: MESSAGES.timezoneRequired })
    .max(TIME_ZONE_MAX, { error: MESSAGES.timezoneInvalid })
    .refine(isTimeZone, { error: MESSAGES.timezoneInvalid }),
  lang: z.enum(LANGUAGES).default('en'),
  uom: z.enum(UNITS_OF_MEASURE).default('C'),
  customerGroupId: z.string({ error: MESSAGES.customerGroupRequired }).trim().min(1, { error: MESSAGES.customerGroupRequired }).max(ID_TEXT_MAX, { error: MESSAGES.customerGroupNotFound }),
  modules: organisationModulesSchema.default({ isHaccapAvailable: false, enableAuditModule: false, enableIVR: false, enablePager: false }),
  subscriptionStart: optionalDate,
  subscriptionEnd: optionalDate,
});

/** A subscription ends on or after the day it starts (dates `YYYY-MM-DD` compare as text). */
export function subscriptionIssue(fields: { subscriptionStart?: string | undefined; subscriptionEnd?: string | undefined }): string | undefined {
  const { subscriptionStart: start, subscriptionEnd: end } = fields;
  return start !== undefined && end !== undefined && end < start ? MESSAGES.subscriptionEndBeforeStart : undefined;
}

const withSubscriptionRule = <T extends z.ZodType<{ subscriptionStart?: string | undefined; subscriptionEnd?: string | undefined }>>(schema: T) =>
  schema.superRefine((fields, context) => {
    const issue = subscriptionIssue(fields);
    if (issue !== undefined) context.addIssue({ code: 'custom', path: ['subscriptionEnd'], message: issue });
  });

/** An edit of an organisation: every field of it. */
export const organisationInputSchema = withSubscriptionRule(organisationFields);
export type OrganisationInput = z.output<typeof organisationInputSchema>;
export type OrganisationFormValues = z.input<typeof organisationInputSchema>;

/** The first administrator, invited with the organisation. */
export const firstAdministratorSchema = z.object({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, { error: MESSAGES.emailRequired })
    .max(EMAIL_MAX, { error: MESSAGES.emailInvalid })
    .pipe(z.email({ error: MESSAGES.emailInvalid }))
    .transform((email) => email.toLowerCase()),
  firstName: requiredName(MESSAGES.firstNameRequired, 100),
  lastName: requiredName(MESSAGES.lastNameRequired, 100),
});
export type FirstAdministrator = z.output<typeof firstAdministratorSchema>;

/** A new organisation and who administers it. */
export const organisationCreateSchema = withSubscriptionRule(organisationFields.extend({ administrator: firstAdministratorSchema }));
export type OrganisationCreateInput = z.output<typeof organisationCreateSchema>;
export type OrganisationCreateFormValues = z.input<typeof organisationCreateSchema>;

export const organisationStatusInputSchema = z.object({ status: z.enum(ORGANISATION_STATUSES) });

/** The counts a super-administrator sees beside each organisation. */
export const organisationCountsSchema = z.object({ sites: z.number(), users: z.number(), sensors: z.number(), gateways: z.number(), activeAlarms: z.number() });
export type OrganisationCounts = z.output<typeof organisationCountsSchema>;

export const organisationSchema = z.object({
  customerId: z.string(),
  name: z.string(),
  address: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  postalCode: z.string().optional(),
  timezone: z.string(),
  lang: z.enum(LANGUAGES),
  uom: z.enum(UNITS_OF_MEASURE),
  customerGroupId: z.string().nullable(),
  modules: organisationModulesSchema,
  subscriptionStart: z.string().optional(),
  subscriptionEnd: z.string().optional(),
  status: z.enum(ORGANISATION_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  version: z.number(),
});
export type Organisation = z.output<typeof organisationSchema>;

export const organisationWithCountsSchema = organisationSchema.extend({ counts: organisationCountsSchema });
export type OrganisationWithCounts = z.output<typeof organisationWithCountsSchema>;

export const customerGroupInputSchema = z.object({ name: requiredName(MESSAGES.customerGroupNameRequired, CUSTOMER_GROUP_NAME_MAX) });
export type CustomerGroupInput = z.output<typeof customerGroupInputSchema>;
export const customerGroupSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export type CustomerGroup = z.output<typeof customerGroupSchema>;

/** One entry of the super-administrators' own audit trail. */
export const superadminAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ userId: z.string(), email: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).optional(),
  after: z.record(z.string(), z.unknown()).optional(),
  /** The name, as it is now, of the organisation the entry is about (none for a customer group or a discarded organisation). */
  organisationName: z.string().optional(),
});
export type SuperadminAuditEntry = z.output<typeof superadminAuditEntrySchema>;
