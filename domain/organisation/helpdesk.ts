import * as z from 'zod';
import { ROLES } from '../identity/roles';
import { ORGANISATION_STATUSES, organisationSchema } from './organisation';

/**
 * The helpdesk's read-only window on the organisations it supports (issue 16 section 2;
 * SPEC section 2 `/app/helpdesk`): each organisation's health at a glance, its users as
 * support sees them (never a secret) and its devices' troubleshooting data.
 */

/** An organisation's health: its devices in service, those offline, low batteries, alarms, and when data last came in. */
export const organisationHealthSchema = z.object({
  sensors: z.number(),
  sensorsOffline: z.number(),
  gateways: z.number(),
  gatewaysOffline: z.number(),
  lowBatteries: z.number(),
  activeAlarms: z.number(),
  unacknowledgedAlarms: z.number(),
  /** The newest reading or gateway message (ISO), null when none ever came. */
  lastDataAt: z.string().nullable(),
  /** More devices than one answer reads: the figures are of the first ones. */
  truncated: z.boolean(),
});
export type OrganisationHealth = z.output<typeof organisationHealthSchema>;

/** A row of `GET /helpdesk/organisations`. */
export const helpdeskOrganisationSchema = z.object({
  customerId: z.string(),
  name: z.string(),
  status: z.enum(ORGANISATION_STATUSES),
  health: organisationHealthSchema,
});
export type HelpdeskOrganisation = z.output<typeof helpdeskOrganisationSchema>;

export const HELPDESK_USER_STATUSES = ['invited', 'active', 'disabled'] as const;

/** A user as support sees them: who, which role, whether they can sign in; nothing secret (no phone, codes or tokens). */
export const helpdeskUserSchema = z.object({
  accountId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  status: z.enum(HELPDESK_USER_STATUSES),
  mfaEnabled: z.boolean(),
  /** The account is disabled: it cannot sign in until unlocked. */
  locked: z.boolean(),
  /** UTC, `YYYY-MM-DD HH:mm:ss`, as the sign-in records it; null before the first. */
  lastLoginDate: z.string().nullable(),
});
export type HelpdeskUser = z.output<typeof helpdeskUserSchema>;

const deviceFields = {
  id: z.string(),
  name: z.string(),
  /** The device's serial (its id for a sensor, its MAC address for a gateway). */
  serial: z.string(),
  siteId: z.string(),
  siteName: z.string().nullable(),
  online: z.boolean(),
  /** When it was last heard (ISO), null when never. */
  lastSeenAt: z.string().nullable(),
  signal: z.number().nullable(),
};

export const helpdeskSensorSchema = z.object({ ...deviceFields, model: z.string(), battery: z.number().nullable(), lowBattery: z.boolean() });
export type HelpdeskSensor = z.output<typeof helpdeskSensorSchema>;

export const helpdeskGatewaySchema = z.object({ ...deviceFields, model: z.string(), firmware: z.string().nullable() });
export type HelpdeskGateway = z.output<typeof helpdeskGatewaySchema>;

/** `GET /helpdesk/organisations/{customerId}`. */
export const helpdeskOrganisationDetailSchema = z.object({
  organisation: organisationSchema,
  health: organisationHealthSchema,
  users: z.array(helpdeskUserSchema),
  sensors: z.array(helpdeskSensorSchema),
  gateways: z.array(helpdeskGatewaySchema),
});
export type HelpdeskOrganisationDetail = z.output<typeof helpdeskOrganisationDetailSchema>;

/** What the support actions on a user answer: the user as it now is. */
export const HELPDESK_USER_ACTIONS = ['reset-mfa', 'resend-invitation', 'unlock', 'end-sessions'] as const;
export type HelpdeskUserAction = (typeof HELPDESK_USER_ACTIONS)[number];
export const helpdeskUserActionResultSchema = z.object({ user: helpdeskUserSchema, endedSessions: z.number().optional() });
