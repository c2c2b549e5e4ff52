import type { ZodType } from 'zod';
import { deviceCommandInputSchema, deviceCommandSchema } from '@domain/devices/device-commands';
import { gridSettingsSchema } from '@domain/identity/grid-settings';
import {
  SECURITY_GROUP_ROLES,
  securityGroupInputSchema,
  securityGroupSchema,
  securityGroupUserListSchema,
} from '@domain/identity/security-groups';
import { userViewInputSchema, userViewSchema } from '@domain/identity/user-views';
import { auditReportInputSchema, dashboardPreferencesSchema, translationOverridesSchema } from '@domain/identity/settings';
import { namedItemInputSchema, namedItemPatchSchema, namedItemSchema } from '@domain/organisation/named-catalog';
import { z } from 'zod';
import {
  quickRegisterInputSchema,
  quickRegisterResultSchema,
  sensorDisableInputSchema,
  sensorEnableInputSchema,
  sensorInputSchema,
  sensorSchema,
  sensorStatusInputSchema,
} from '@domain/devices/sensor';
import { calibrationCertificateSchema, calibrationInputSchema, calibrationListSchema, calibrationSchema } from '@domain/devices/calibration';
import { equipmentInputSchema, equipmentSchema } from '@domain/devices/equipment';
import {
  gatewayDataSchema,
  gatewayInputSchema,
  gatewaySchema,
  gatewaySensorsSchema,
  historyEntrySchema,
} from '@domain/devices/gateway';
import { dataLoggingProfileInputSchema, dataLoggingProfileSchema } from '@domain/devices/data-logging-profile';
import {
  deviceFileSchema,
  deviceNoteInputSchema,
  deviceNoteSchema,
  fileDownloadSchema,
  fileUploadRequestSchema,
  fileUploadTicketSchema,
  DEVICE_RECORD_OWNERS,
} from '@domain/devices/device-records';
import {
  accountPreferencesPatchSchema,
  accountPreferencesSchema,
  currentUserDetailsSchema,
  devicePushInputSchema,
  identityAttributesDeleteSchema,
  identityAttributesUpdateSchema,
  identityUserSchema,
  lastSelectedLocationSchema,
  loginSessionCreatedSchema,
  loginSessionInputSchema,
  loginSessionUpdateSchema,
  logoutInputSchema,
  navbarSchema,
  selfProfileUpdateSchema,
  userSessionListSchema,
  userSessionSchema,
} from '@domain/identity/account';
import { ORGANISATION_READERS, ORGANISATION_WRITERS, ROLES, type Role } from '@domain/identity/roles';
import { deadLetterSchema, graphDataSchema, readingRowSchema } from '@domain/telemetry/telemetry';
import {
  corporateNodeSchema,
  locationExistsSchema,
  locationInputSchema,
  locationMappingSchema,
  locationSchema,
  locationShareInputSchema,
  locationShareListSchema,
  locationShareSchema,
  shareAnswerSchema,
  userLocationsSchema,
} from '@domain/organisation/location';
import {
  siteDevicesSchema,
  siteDocumentSchema,
  siteDocumentUploadSchema,
  siteInputSchema,
  siteSchema,
  siteUsersSchema,
} from '@domain/organisation/site';
import {
  accountSummarySchema,
  customerGroupSchema,
  inviteInputSchema,
  sendOtpInputSchema,
  sendOtpResultSchema,
  userDetailSchema,
  userInputSchema,
  userMfaInputSchema,
  userRoleSchema,
  userSchema,
  userStatusInputSchema,
  verifyOtpInputSchema,
} from '@domain/identity/user';

/**
 * The one route table (ARCHITECTURE.md "Rules that keep the two runtimes one"). It drives
 * the CDK routes, the local gateway, the OpenAPI document and the permission tests.
 * Paths are API Gateway route paths; every one is served under `API_PREFIX`.
 */
export const API_PREFIX = '/api';

/**
 * The largest request body a route takes unless it says otherwise (`maxBodyBytes`): JSON of a
 * form or a list is far smaller; files go to S3 through presigned URLs. Larger bodies are
 * refused with 413 by the local gateway and by the handler middleware alike (API Gateway's
 * own limit is 10 MB, Lambda's request payload 6 MB).
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;
/** The routes that take a PDF of at most 2 MB as base64 in JSON (2.67 MB once encoded). */
const PDF_UPLOAD_BODY_BYTES = 3 * 1024 * 1024;

/** One Lambda per resource: the handler module each resource's routes go to. */
export const HANDLERS = {
  departments: 'lambdas/departments/handler.ts',
  divisions: 'lambdas/divisions/handler.ts',
  openapi: 'lambdas/openapi/handler.ts',
  sessions: 'lambdas/sessions/handler.ts',
  accounts: 'lambdas/accounts/handler.ts',
  identityAdmin: 'lambdas/identity-admin/handler.ts',
  locations: 'lambdas/locations/handler.ts',
  sites: 'lambdas/sites/handler.ts',
  securityGroups: 'lambdas/security-groups/handler.ts',
  userViews: 'lambdas/user-views/handler.ts',
  settings: 'lambdas/settings/handler.ts',
  users: 'lambdas/users/handler.ts',
  sensors: 'lambdas/sensors/handler.ts',
  gateways: 'lambdas/gateways/handler.ts',
  dataLoggingProfiles: 'lambdas/data-logging-profiles/handler.ts',
  deviceRecords: 'lambdas/device-records/handler.ts',
  deviceCommands: 'lambdas/device-commands/handler.ts',
  telemetry: 'lambdas/telemetry/handler.ts',
} as const;
export type HandlerName = keyof typeof HANDLERS;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** Path below the prefix, in API Gateway syntax (`/departments/{id}`). */
  path: string;
  handler: HandlerName;
  /** Roles allowed to call it; `public` routes need no token. */
  roles: readonly Role[] | 'public';
  summary: string;
  /** Request body schema, for validation and the OpenAPI document. */
  body?: ZodType;
  /** The largest body this route takes, in bytes; `MAX_REQUEST_BODY_BYTES` when not given. */
  maxBodyBytes?: number;
  /** Response body schema, for the OpenAPI document. */
  response?: ZodType;
  /** The response is a page `{ items, nextCursor }` of `response`. */
  paginated?: boolean;
  /**
   * `optional`: also serves a signed-in identity whose tokens have not opened a server
   * session yet (signing in, the session-limit page). Otherwise a live session is required.
   */
  session?: 'optional';
}

function namedCatalogRoutes(handler: 'departments' | 'divisions', noun: string): RouteDefinition[] {
  const base = `/${handler}`;
  return [
    { method: 'GET', path: base, handler, roles: ORGANISATION_READERS, summary: `List ${noun}s`, response: namedItemSchema, paginated: true },
    { method: 'POST', path: base, handler, roles: ORGANISATION_WRITERS, summary: `Add a ${noun}`, body: namedItemInputSchema, response: namedItemSchema },
    { method: 'GET', path: `${base}/{id}`, handler, roles: ORGANISATION_READERS, summary: `Get a ${noun}`, response: namedItemSchema },
    { method: 'PUT', path: `${base}/{id}`, handler, roles: ORGANISATION_WRITERS, summary: `Update a ${noun}`, body: namedItemInputSchema, response: namedItemSchema },
    { method: 'PATCH', path: `${base}/{id}`, handler, roles: ORGANISATION_WRITERS, summary: `Update some fields of a ${noun}`, body: namedItemPatchSchema, response: namedItemSchema },
    { method: 'DELETE', path: `${base}/{id}`, handler, roles: ORGANISATION_WRITERS, summary: `Delete a ${noun}` },
  ];
}

/** Every signed-in role; what each may see is then decided by the handler (own, organisation, any). */
const SIGNED_IN: readonly Role[] = ROLES;
/** Who may act on other users' sessions and identity records. */
const USER_ADMINISTRATORS: readonly Role[] = ['admin', 'helpdesk', 'superadmin'];

const sessionRoutes: RouteDefinition[] = [
  { method: 'PUT', path: '/users/login', handler: 'sessions', roles: SIGNED_IN, session: 'optional', summary: 'Open a session for these tokens (409 at the session limit)', body: loginSessionInputSchema, response: loginSessionCreatedSchema },
  { method: 'PUT', path: '/users/login/{id}', handler: 'sessions', roles: SIGNED_IN, summary: 'Update the device details of one of my sessions', body: loginSessionUpdateSchema, response: userSessionSchema },
  { method: 'PUT', path: '/users/logout', handler: 'sessions', roles: SIGNED_IN, session: 'optional', summary: 'End the session of these tokens', body: logoutInputSchema },
  { method: 'GET', path: '/users/sessions', handler: 'sessions', roles: SIGNED_IN, session: 'optional', summary: 'My active sessions and the limit', response: userSessionListSchema },
  { method: 'DELETE', path: '/users/sessions/{id}', handler: 'sessions', roles: SIGNED_IN, session: 'optional', summary: 'End one of my sessions' },
  { method: 'DELETE', path: '/users/sessions', handler: 'sessions', roles: SIGNED_IN, session: 'optional', summary: 'End all my other sessions', response: z.object({ ended: z.number().int() }) },
  { method: 'GET', path: '/session/active', handler: 'sessions', roles: SIGNED_IN, summary: 'The session of these tokens', response: userSessionSchema },
  { method: 'GET', path: '/session/active/devices', handler: 'sessions', roles: SIGNED_IN, summary: 'My sessions and devices', response: userSessionListSchema },
  { method: 'PUT', path: '/session/active/devices/{id}', handler: 'sessions', roles: SIGNED_IN, summary: 'Enable or disable push on one of my devices', body: devicePushInputSchema, response: userSessionSchema },
  { method: 'DELETE', path: '/session/active/devices/{id}', handler: 'sessions', roles: SIGNED_IN, summary: 'End one of my device sessions' },
  { method: 'DELETE', path: '/session/{id}', handler: 'sessions', roles: USER_ADMINISTRATORS, summary: "End a user's session" },
  { method: 'GET', path: '/users/{id}/sessions', handler: 'sessions', roles: USER_ADMINISTRATORS, summary: "A user's active sessions", response: userSessionListSchema },
];

const accountRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/account/me', handler: 'accounts', roles: SIGNED_IN, session: 'optional', summary: 'Current user details', response: currentUserDetailsSchema },
  { method: 'GET', path: '/account/find/{email}', handler: 'accounts', roles: SIGNED_IN, summary: 'An account by email (mine; any of the organisation for administrators)', response: currentUserDetailsSchema },
  { method: 'GET', path: '/account/preferences/{accountId}', handler: 'accounts', roles: SIGNED_IN, summary: "An account's module and feature preferences", response: accountPreferencesSchema },
  { method: 'POST', path: '/account/preferences', handler: 'accounts', roles: SIGNED_IN, summary: 'Save my preferences', body: accountPreferencesPatchSchema, response: accountPreferencesSchema },
  { method: 'PUT', path: '/account/preferences', handler: 'accounts', roles: SIGNED_IN, summary: 'Update my preferences', body: accountPreferencesPatchSchema, response: accountPreferencesSchema },
  { method: 'PUT', path: '/users/account/{email}', handler: 'accounts', roles: SIGNED_IN, session: 'optional', summary: 'Update a profile (mine; for administrators one of the organisation whose role they may give). A new email is taken once the identity verified it', body: selfProfileUpdateSchema },
  { method: 'GET', path: '/users/portallastselectedlocation', handler: 'accounts', roles: SIGNED_IN, summary: 'The location and site last selected in the portal', response: lastSelectedLocationSchema },
  { method: 'PUT', path: '/users/portallastselectedlocation', handler: 'accounts', roles: SIGNED_IN, summary: 'Save the location and site selected in the portal', body: lastSelectedLocationSchema, response: lastSelectedLocationSchema },
  { method: 'GET', path: '/account/gridsettings/{gridId}', handler: 'accounts', roles: SIGNED_IN, summary: 'My column settings of one data grid', response: gridSettingsSchema },
  { method: 'PUT', path: '/account/gridsettings/{gridId}', handler: 'accounts', roles: SIGNED_IN, summary: 'Save my column settings of one data grid', body: gridSettingsSchema, response: gridSettingsSchema },
];

const identityRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/cognito/getuser/{name}', handler: 'identityAdmin', roles: SIGNED_IN, summary: 'An identity record and its status (mine; any of the organisation for administrators)', response: identityUserSchema },
  { method: 'PUT', path: '/cognito/{name}', handler: 'identityAdmin', roles: SIGNED_IN, session: 'optional', summary: 'Update identity attributes (names, locale; a new email waits for the code sent to it, 202; email_verified is never taken). Mine, or one whose role I may give', body: identityAttributesUpdateSchema },
  { method: 'DELETE', path: '/cognito/attributes/{name}', handler: 'identityAdmin', roles: SIGNED_IN, summary: 'Delete identity attributes', body: identityAttributesDeleteSchema },
  { method: 'POST', path: '/cognito/resendinvite/{name}', handler: 'identityAdmin', roles: USER_ADMINISTRATORS, summary: 'Send the invitation again' },
];

/** User management and invitations (SPEC sections 2, 7: People). */
const userRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/users', handler: 'users', roles: USER_ADMINISTRATORS, summary: "The organisation's users (never superadmin accounts); status=invited or unverifiedEmail narrows it", response: userSchema, paginated: true },
  { method: 'GET', path: '/users/invitations', handler: 'users', roles: USER_ADMINISTRATORS, summary: 'Pending invitations', response: userSchema, paginated: true },
  { method: 'GET', path: '/users/listwithunverifiedemail', handler: 'users', roles: USER_ADMINISTRATORS, summary: 'Users whose email is not verified', response: userSchema, paginated: true },
  { method: 'POST', path: '/users', handler: 'users', roles: USER_ADMINISTRATORS, summary: 'Add a user (the identity service emails the invitation with a temporary password)', body: userInputSchema, response: userSchema },
  { method: 'POST', path: '/users/invite', handler: 'users', roles: USER_ADMINISTRATORS, summary: 'Invite a user: user type, customer group, sites and module flags', body: inviteInputSchema, response: userSchema },
  { method: 'GET', path: '/users/{id}', handler: 'users', roles: USER_ADMINISTRATORS, summary: 'A user; fetchSharedLocs=true adds the shared locations (accepted ones)', response: userDetailSchema },
  { method: 'PUT', path: '/users/{id}', handler: 'users', roles: USER_ADMINISTRATORS, summary: 'Update a user', body: userInputSchema, response: userSchema },
  { method: 'DELETE', path: '/users/{id}', handler: 'users', roles: USER_ADMINISTRATORS, summary: 'Delete a user (identity, record, sessions)' },
  { method: 'PUT', path: '/users/{id}/status', handler: 'users', roles: USER_ADMINISTRATORS, summary: 'Enable or disable a user (a disabled user cannot sign in; their sessions end)', body: userStatusInputSchema, response: userSchema },
  { method: 'PUT', path: '/users/{id}/mfa', handler: 'users', roles: USER_ADMINISTRATORS, summary: 'Turn SMS MFA on (verified phone) or off (support only)', body: userMfaInputSchema, response: userSchema },
  { method: 'POST', path: '/users/sendOTP', handler: 'users', roles: SIGNED_IN, summary: "Send a code to the phone or pager on a user's record (mine; any of the organisation for administrators)", body: sendOtpInputSchema, response: sendOtpResultSchema },
  { method: 'POST', path: '/users/verifyOTP', handler: 'users', roles: SIGNED_IN, summary: 'Verify a phone or pager with its code', body: verifyOtpInputSchema, response: userSchema },
  { method: 'GET', path: '/accounts', handler: 'users', roles: SIGNED_IN, summary: "The organisation's accounts, short form", response: z.object({ items: z.array(accountSummarySchema) }) },
  { method: 'GET', path: '/accounts/bylocations', handler: 'users', roles: SIGNED_IN, summary: "The organisation's accounts by location", response: z.object({ items: z.array(z.object({ locationId: z.string(), accounts: z.array(accountSummarySchema) })) }) },
  { method: 'GET', path: '/roles/userroles', handler: 'users', roles: USER_ADMINISTRATORS, summary: 'The roles the caller may give', response: z.object({ items: z.array(userRoleSchema) }) },
  // SPEC section 7 writes it `/account/customergroups/`; an API Gateway route cannot end with `/`.
  { method: 'GET', path: '/account/customergroups', handler: 'users', roles: USER_ADMINISTRATORS, summary: "The organisation's customer groups", response: z.object({ items: z.array(customerGroupSchema) }) },
];

/** Security groups (SPEC sections 3, 6, 7): administrators only. */
const securityGroupRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/securitygroups', handler: 'securityGroups', roles: SECURITY_GROUP_ROLES, summary: "The organisation's security groups, by name", response: securityGroupSchema, paginated: true },
  { method: 'POST', path: '/securitygroups', handler: 'securityGroups', roles: SECURITY_GROUP_ROLES, summary: 'Add a security group', body: securityGroupInputSchema, response: securityGroupSchema },
  { method: 'GET', path: '/securitygroups/userlist', handler: 'securityGroups', roles: SECURITY_GROUP_ROLES, summary: 'The users a security group may take, with the groups each is in', response: securityGroupUserListSchema },
  { method: 'GET', path: '/securitygroups/{id}', handler: 'securityGroups', roles: SECURITY_GROUP_ROLES, summary: 'Get a security group', response: securityGroupSchema },
  { method: 'PUT', path: '/securitygroups/{id}', handler: 'securityGroups', roles: SECURITY_GROUP_ROLES, summary: 'Update a security group (its members reach the new sites on their next call)', body: securityGroupInputSchema, response: securityGroupSchema },
  { method: 'DELETE', path: '/securitygroups/{id}', handler: 'securityGroups', roles: SECURITY_GROUP_ROLES, summary: 'Delete a security group (its members are no longer limited by it)' },
];

/** User views (SPEC sections 3, 5): the organisation reads them, administrators write them. */
const userViewRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/userviews', handler: 'userViews', roles: ORGANISATION_READERS, summary: "The organisation's user views, by name (only the sites the caller's security groups reach)", response: userViewSchema, paginated: true },
  { method: 'POST', path: '/userviews', handler: 'userViews', roles: ORGANISATION_WRITERS, summary: 'Add a user view', body: userViewInputSchema, response: userViewSchema },
  { method: 'GET', path: '/userviews/{id}', handler: 'userViews', roles: ORGANISATION_READERS, summary: 'Get a user view', response: userViewSchema },
  { method: 'PUT', path: '/userviews/{id}', handler: 'userViews', roles: ORGANISATION_WRITERS, summary: 'Update a user view', body: userViewInputSchema, response: userViewSchema },
  { method: 'DELETE', path: '/userviews/{id}', handler: 'userViews', roles: ORGANISATION_WRITERS, summary: 'Delete a user view' },
];

/** Locations (SPEC section 7, node backend) and sharing them with other organisations' users. */
const locationRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/locations', handler: 'locations', roles: ORGANISATION_READERS, summary: 'The locations I see (assigned ones; every one with corporate access), with displayName', response: locationSchema, paginated: true },
  { method: 'POST', path: '/locations', handler: 'locations', roles: ORGANISATION_WRITERS, summary: 'Add a location', body: locationInputSchema, response: locationSchema },
  { method: 'GET', path: '/locations/navbar', handler: 'locations', roles: SIGNED_IN, summary: 'Locations and sites for the navbar (no location pending acceptance; sites through the access layer)', response: navbarSchema },
  { method: 'GET', path: '/locations/corporate', handler: 'locations', roles: ORGANISATION_READERS, summary: 'The corporate node: the organisation above its locations', response: corporateNodeSchema },
  { method: 'GET', path: '/locations/exists/{name}', handler: 'locations', roles: ORGANISATION_READERS, summary: 'Is this location name taken in the organisation?', response: locationExistsSchema },
  { method: 'GET', path: '/locations/user/{idOrEmail}', handler: 'locations', roles: SIGNED_IN, summary: "A user's locations by account id or email (mine; any of the organisation for administrators); never one pending acceptance", response: userLocationsSchema },
  { method: 'GET', path: '/users/{id}/locations', handler: 'locations', roles: SIGNED_IN, summary: "A user's locations by account id (mine; any of the organisation for administrators)", response: userLocationsSchema },
  { method: 'GET', path: '/locations/shared', handler: 'locations', roles: SIGNED_IN, summary: 'Locations of other organisations shared with me and accepted', response: userLocationsSchema },
  { method: 'GET', path: '/locations/shared/pending', handler: 'locations', roles: SIGNED_IN, summary: 'Locations shared with me, pending my acceptance', response: userLocationsSchema },
  { method: 'PUT', path: '/locations/shared/{id}', handler: 'locations', roles: SIGNED_IN, summary: 'Accept (it then counts for me) or decline a location shared with me', body: shareAnswerSchema, response: locationSchema },
  { method: 'GET', path: '/locations/{id}', handler: 'locations', roles: ORGANISATION_READERS, summary: 'A location, with my access level', response: locationSchema },
  { method: 'PUT', path: '/locations/{id}', handler: 'locations', roles: ORGANISATION_WRITERS, summary: 'Update a location (its owner, or an administrator of a location shared with them)', body: locationInputSchema, response: locationSchema },
  { method: 'PUT', path: '/locations/{id}/mapping', handler: 'locations', roles: ORGANISATION_WRITERS, summary: 'Update the given fields of a location (id and fields to update)', body: locationMappingSchema, response: locationSchema },
  { method: 'DELETE', path: '/locations/{id}', handler: 'locations', roles: ORGANISATION_WRITERS, summary: 'Delete a location (corporate access; refused while sensors, gateways or sites are attached)' },
  { method: 'GET', path: '/locations/{id}/shares', handler: 'locations', roles: ORGANISATION_WRITERS, summary: 'Who a location is shared with', response: locationShareListSchema },
  { method: 'POST', path: '/locations/{id}/shares', handler: 'locations', roles: ORGANISATION_WRITERS, summary: "Share a location with another organisation's user, by email (pending until they accept)", body: locationShareInputSchema, response: locationShareSchema },
  { method: 'DELETE', path: '/locations/{id}/shares/{accountId}', handler: 'locations', roles: ORGANISATION_WRITERS, summary: 'Stop sharing a location with a user' },
];

/** Sites (SPEC sections 2, 3, 5, 8), with their devices, users and uploaded PDF. */
const siteRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/sites', handler: 'sites', roles: ORGANISATION_READERS, summary: 'The sites I see (of my locations, through the access layer)', response: siteSchema, paginated: true },
  { method: 'POST', path: '/sites', handler: 'sites', roles: ORGANISATION_WRITERS, summary: 'Add a site', body: siteInputSchema, response: siteSchema },
  { method: 'GET', path: '/sites/{id}', handler: 'sites', roles: ORGANISATION_READERS, summary: 'A site, with its active device and user counts', response: siteSchema },
  { method: 'PUT', path: '/sites/{id}', handler: 'sites', roles: ORGANISATION_WRITERS, summary: 'Update a site', body: siteInputSchema, response: siteSchema },
  { method: 'DELETE', path: '/sites/{id}', handler: 'sites', roles: ORGANISATION_WRITERS, summary: 'Delete a site (corporate access; refused with the reason of SPEC section 8)' },
  { method: 'GET', path: '/sites/{id}/users', handler: 'sites', roles: ORGANISATION_READERS, summary: "A site's users", response: siteUsersSchema },
  { method: 'GET', path: '/sites/{id}/devices', handler: 'sites', roles: ORGANISATION_READERS, summary: "A site's sensors and gateways", response: siteDevicesSchema },
  { method: 'PUT', path: '/sites/{id}/document', handler: 'sites', roles: ORGANISATION_WRITERS, summary: "Upload the site's PDF (base64, at most 2 MB)", body: siteDocumentUploadSchema, maxBodyBytes: PDF_UPLOAD_BODY_BYTES, response: siteSchema },
  { method: 'GET', path: '/sites/{id}/document', handler: 'sites', roles: ORGANISATION_READERS, summary: "The site's uploaded PDF (base64)", response: siteDocumentSchema },
  { method: 'DELETE', path: '/sites/{id}/document', handler: 'sites', roles: ORGANISATION_WRITERS, summary: "Remove the site's uploaded PDF" },
];

/** Settings (SPEC section 2): dashboard preferences, the organisation's interface texts, the portal's audit posts. */
const translationsResponse = z.object({ overrides: translationOverridesSchema, version: z.number().int(), updatedAt: z.string().nullable(), updatedBy: z.string().nullable() });
const settingsRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/account/dashboardpreferences', handler: 'settings', roles: SIGNED_IN, summary: 'My dashboard preferences', response: dashboardPreferencesSchema },
  { method: 'PUT', path: '/account/dashboardpreferences', handler: 'settings', roles: SIGNED_IN, summary: 'Save my dashboard preferences', body: dashboardPreferencesSchema, response: dashboardPreferencesSchema },
  { method: 'GET', path: '/translations', handler: 'settings', roles: SIGNED_IN, summary: "The organisation's overrides of the interface texts (loaded after sign-in)", response: translationsResponse },
  { method: 'PUT', path: '/translations', handler: 'settings', roles: ORGANISATION_WRITERS, summary: 'Replace the overrides with an imported translation.csv', body: translationOverridesSchema, response: translationsResponse },
  { method: 'DELETE', path: '/translations', handler: 'settings', roles: ORGANISATION_WRITERS, summary: "Go back to the product's texts", response: translationsResponse },
  { method: 'PUT', path: '/auditreport', handler: 'settings', roles: SIGNED_IN, summary: 'Record an audit entry for an action the portal did (password update)', body: auditReportInputSchema },
];

/** Gateways (SPEC sections 2, 3, 5, 8; issue 5 section 2): through the access layer, by their site. */
const gatewayRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/gateways', handler: 'gateways', roles: ORGANISATION_READERS, summary: 'Active gateways I reach, by name; siteId or locationId narrows it', response: gatewaySchema, paginated: true },
  { method: 'GET', path: '/gateways/inactive', handler: 'gateways', roles: ORGANISATION_READERS, summary: 'Inactive gateways I reach, by name; siteId or locationId narrows it', response: gatewaySchema, paginated: true },
  { method: 'POST', path: '/gateways', handler: 'gateways', roles: ORGANISATION_WRITERS, summary: "Add a gateway (its id is its EUI; 409 'Gateway already added!' for a known EUI or MAC id)", body: gatewayInputSchema, response: gatewaySchema },
  { method: 'GET', path: '/gateways/{id}', handler: 'gateways', roles: ORGANISATION_READERS, summary: 'A gateway, with its live state', response: gatewaySchema },
  { method: 'PUT', path: '/gateways/{id}', handler: 'gateways', roles: ORGANISATION_WRITERS, summary: 'Update a gateway (its EUI, hence its id, stays)', body: gatewayInputSchema, response: gatewaySchema },
  { method: 'DELETE', path: '/gateways/{id}', handler: 'gateways', roles: ORGANISATION_WRITERS, summary: 'Delete a gateway (409 naming it and its sensor count while it has sensors or notes)' },
  { method: 'GET', path: '/gateways/{id}/sensors', handler: 'gateways', roles: ORGANISATION_READERS, summary: 'The sensors on a gateway (those I reach)', response: gatewaySensorsSchema },
  { method: 'GET', path: '/gateways/{id}/history', handler: 'gateways', roles: ORGANISATION_READERS, summary: "A gateway's audit trail, newest first", response: historyEntrySchema, paginated: true },
  { method: 'GET', path: '/gateways/{id}/data', handler: 'gateways', roles: ORGANISATION_READERS, summary: "A gateway's live state and its sensors' latest states", response: gatewayDataSchema },
];

/** Data logging profiles (SPEC section 3; issue 5 section 3). */
const dataLoggingProfileRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/dataloggingprofiles', handler: 'dataLoggingProfiles', roles: ORGANISATION_READERS, summary: "The organisation's data logging profiles, by name", response: dataLoggingProfileSchema, paginated: true },
  { method: 'POST', path: '/dataloggingprofiles', handler: 'dataLoggingProfiles', roles: ORGANISATION_WRITERS, summary: 'Add a data logging profile', body: dataLoggingProfileInputSchema, response: dataLoggingProfileSchema },
  { method: 'GET', path: '/dataloggingprofiles/{id}', handler: 'dataLoggingProfiles', roles: ORGANISATION_READERS, summary: 'A data logging profile', response: dataLoggingProfileSchema },
  { method: 'PUT', path: '/dataloggingprofiles/{id}', handler: 'dataLoggingProfiles', roles: ORGANISATION_WRITERS, summary: 'Update a data logging profile', body: dataLoggingProfileInputSchema, response: dataLoggingProfileSchema },
  { method: 'DELETE', path: '/dataloggingprofiles/{id}', handler: 'dataLoggingProfiles', roles: ORGANISATION_WRITERS, summary: 'Delete a data logging profile (refused while sensors use it)' },
];

/** A device's notes and files (issue 5 sections 2, 3), the same under /sensors/{id} and /gateways/{id}. */
const deviceRecordRoutes: RouteDefinition[] = DEVICE_RECORD_OWNERS.flatMap((owner): RouteDefinition[] => {
  const base = `/${owner}/{id}`;
  const noun = owner === 'sensors' ? 'sensor' : 'gateway';
  return [
    { method: 'GET', path: `${base}/notes`, handler: 'deviceRecords', roles: ORGANISATION_READERS, summary: `A ${noun}'s notes`, response: deviceNoteSchema, paginated: true },
    { method: 'POST', path: `${base}/notes`, handler: 'deviceRecords', roles: ORGANISATION_WRITERS, summary: `Add a note to a ${noun} (names unique per ${noun})`, body: deviceNoteInputSchema, response: deviceNoteSchema },
    { method: 'PUT', path: `${base}/notes/{noteId}`, handler: 'deviceRecords', roles: ORGANISATION_WRITERS, summary: `Edit a ${noun}'s note`, body: deviceNoteInputSchema, response: deviceNoteSchema },
    { method: 'DELETE', path: `${base}/notes/{noteId}`, handler: 'deviceRecords', roles: ORGANISATION_WRITERS, summary: `Delete a ${noun}'s note` },
    { method: 'GET', path: `${base}/files`, handler: 'deviceRecords', roles: ORGANISATION_READERS, summary: `A ${noun}'s files (kind=file or image narrows it)`, response: deviceFileSchema, paginated: true },
    { method: 'POST', path: `${base}/files`, handler: 'deviceRecords', roles: ORGANISATION_WRITERS, summary: `Start a file upload to a ${noun}: a pending file and a presigned PUT URL (15 minutes)`, body: fileUploadRequestSchema, response: fileUploadTicketSchema },
    { method: 'PUT', path: `${base}/files/{fileId}/complete`, handler: 'deviceRecords', roles: ORGANISATION_WRITERS, summary: 'Confirm an upload (the stored object must have the announced size)', response: deviceFileSchema },
    { method: 'GET', path: `${base}/files/{fileId}/download`, handler: 'deviceRecords', roles: ORGANISATION_READERS, summary: 'A presigned URL downloading the file as an attachment (15 minutes)', response: fileDownloadSchema },
    { method: 'DELETE', path: `${base}/files/{fileId}`, handler: 'deviceRecords', roles: ORGANISATION_WRITERS, summary: `Delete a ${noun}'s file` },
  ];
});

/**
 * Device commands (SPEC sections 3 and 5; issue 5 section 3): sent to the device over MQTT
 * through the IoT data plane; the device's acknowledgement sets the status (docs/devices.md).
 */
const deviceCommandRoutes: RouteDefinition[] = DEVICE_RECORD_OWNERS.flatMap((owner): RouteDefinition[] => {
  const noun = owner === 'sensors' ? 'sensor' : 'gateway';
  return [
    { method: 'GET', path: `/${owner}/{id}/commands`, handler: 'deviceCommands', roles: ORGANISATION_READERS, summary: `A ${noun}'s commands, newest first: status, response, sent and executed times`, response: deviceCommandSchema, paginated: true },
    { method: 'POST', path: `/${owner}/{id}/commands`, handler: 'deviceCommands', roles: ORGANISATION_WRITERS, summary: `Send a ${noun} a command of the catalogue (published on its MQTT commands topic; a radio sensor's through its gateway)`, body: deviceCommandInputSchema, response: deviceCommandSchema },
  ];
});

/**
 * Sensors (SPEC sections 3, 4, 5, 8, 9; issue 5 section 3): through the access layer, by their
 * site (and the sensors a security group lists). The organisation reads them; administrators
 * write them. The history is `historyEntrySchema` of domain/devices/gateway.ts (one audit-trail shape).
 */
const sensorRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/sensors', handler: 'sensors', roles: ORGANISATION_READERS, summary: 'The sensors I reach with their live state, by id (limit up to 1000); siteId, locationId, gatewayId, status narrow it', response: sensorSchema, paginated: true },
  { method: 'GET', path: '/sensors/inactive', handler: 'sensors', roles: ORGANISATION_READERS, summary: 'Inactive sensors I reach (status Inactive, or disabled)', response: sensorSchema, paginated: true },
  { method: 'POST', path: '/sensors', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: "Add a sensor (409 'Sensor already added!' or 'Sensor already added to another site!' for a known id)", body: sensorInputSchema, response: sensorSchema },
  { method: 'POST', path: '/sensors/quickregister', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: 'Register up to 200 sensors from a pasted or scanned list onto a site, location and gateway; a result per line', body: quickRegisterInputSchema, response: quickRegisterResultSchema },
  { method: 'GET', path: '/sensors/{id}', handler: 'sensors', roles: ORGANISATION_READERS, summary: 'A sensor, with its live state', response: sensorSchema },
  { method: 'PUT', path: '/sensors/{id}', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: 'Update a sensor (its id stays)', body: sensorInputSchema, response: sensorSchema },
  { method: 'DELETE', path: '/sensors/{id}', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: 'Delete a sensor (409 naming it while it has notes: message, sensorName, noteCount); its live state, calibrations, equipment and files go with it, its readings expire' },
  { method: 'PUT', path: '/sensors/{id}/status', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: 'Set the device status: active, inactive or inTransit', body: sensorStatusInputSchema, response: sensorSchema },
  { method: 'POST', path: '/sensors/{id}/disable', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: 'Disable a sensor now, or at disableAt (within one hour); enableOn schedules it back on', body: sensorDisableInputSchema, response: sensorSchema },
  { method: 'POST', path: '/sensors/{id}/enable', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: 'Enable a sensor now, or at enableAt (within one hour)', body: sensorEnableInputSchema, response: sensorSchema },
  { method: 'DELETE', path: '/sensors/{id}/scheduledchanges/{changeId}', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: 'Cancel a scheduled disable or enable', response: sensorSchema },
  { method: 'GET', path: '/sensors/{id}/history', handler: 'sensors', roles: ORGANISATION_READERS, summary: "A sensor's audit trail, newest first", response: historyEntrySchema, paginated: true },
  { method: 'GET', path: '/sensors/{id}/calibrations', handler: 'sensors', roles: ORGANISATION_READERS, summary: "A sensor's calibration certificates, latest issue first", response: calibrationListSchema },
  { method: 'POST', path: '/sensors/{id}/calibrations', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: 'Add a calibration: issue date, renewal after it, the certificate PDF (base64, at most 2 MB)', body: calibrationInputSchema, maxBodyBytes: PDF_UPLOAD_BODY_BYTES, response: calibrationSchema },
  { method: 'DELETE', path: '/sensors/{id}/calibrations/{calibrationId}', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: 'Delete a calibration and its certificate' },
  { method: 'GET', path: '/sensors/{id}/calibrations/{calibrationId}/certificate', handler: 'sensors', roles: ORGANISATION_READERS, summary: "A calibration's certificate PDF (base64)", response: calibrationCertificateSchema },
  { method: 'GET', path: '/sensors/{id}/equipment', handler: 'sensors', roles: ORGANISATION_READERS, summary: 'The equipment a sensor watches: type, make, model, refrigerant', response: equipmentSchema },
  { method: 'PUT', path: '/sensors/{id}/equipment', handler: 'sensors', roles: ORGANISATION_WRITERS, summary: 'Save the equipment a sensor watches', body: equipmentInputSchema, response: equipmentSchema },
];

/**
 * Device data (SPEC section 7 "graph data"; issue 5 section 4): the sensor's graph (at most
 * MAX_GRAPH_POINTS points per channel), its readings table, and the device messages the
 * ingest refused. Sensors are reached through the access layer (404 otherwise).
 */
const telemetryRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/graphdata', handler: 'telemetry', roles: ORGANISATION_READERS, summary: 'Graph data of a sensor: queryId (the sensor id), startDate and endDate (ISO or epoch ms; default the last 24 hours), dataformat auto|raw|hourly; raw readings for short ranges, hourly rollups (merged into n-hour buckets past 2,000 hours) for long ones', response: graphDataSchema },
  { method: 'GET', path: '/sensors/{id}/readings', handler: 'telemetry', roles: ORGANISATION_READERS, summary: "A sensor's stored readings between startDate and endDate (default the last 24 hours), newest first", response: readingRowSchema, paginated: true },
  { method: 'GET', path: '/devices/deadletters', handler: 'telemetry', roles: USER_ADMINISTRATORS, summary: "Device messages the ingest refused in the last 30 days, with the reason, newest first", response: deadLetterSchema, paginated: true },
];

export const ROUTES: readonly RouteDefinition[] = [
  { method: 'GET', path: '/openapi.json', handler: 'openapi', roles: 'public', summary: 'This API, as an OpenAPI 3.1 document' },
  ...namedCatalogRoutes('departments', 'department'),
  ...namedCatalogRoutes('divisions', 'division'),
  ...sessionRoutes,
  ...accountRoutes,
  ...identityRoutes,
  ...locationRoutes,
  ...siteRoutes,
  ...securityGroupRoutes,
  ...userViewRoutes,
  ...settingsRoutes,
  ...userRoutes,
  ...sensorRoutes,
  ...gatewayRoutes,
  ...dataLoggingProfileRoutes,
  ...deviceRecordRoutes,
  ...deviceCommandRoutes,
  ...telemetryRoutes,
];

/** The API Gateway route key of a route: `GET /api/departments/{id}`. */
export function routeKeyOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${API_PREFIX}${route.path}`;
}

const routesByKey = new Map(ROUTES.map((route) => [routeKeyOf(route), route]));

/** The largest body `route` takes, in bytes. */
export function maxBodyBytesOf(route: Pick<RouteDefinition, 'maxBodyBytes'>): number {
  return route.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
}

export function findRouteByKey(routeKey: string): RouteDefinition | undefined {
  return routesByKey.get(routeKey);
}
