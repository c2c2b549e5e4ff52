import { CROSS_TENANT_ROLES } from '../identity/roles';
import { helpdeskOrganisationDetailSchema, helpdeskOrganisationSchema, helpdeskUserActionResultSchema } from '../organisation/helpdesk';
import { contract } from './contract';

/**
 * The helpdesk's own window on the organisations it supports (issue 16 section 2; SPEC
 * section 2 `/app/helpdesk`), all under `/helpdesk`: helpdesk users and super-administrators
 * only. The organisation is the path's, checked to exist; nothing here reads the
 * `customerid` header. Reads are read-only; the four user support actions reuse the identity
 * actions of user administration and are written in the organisation's Portal Audit and the
 * super-administrators' trail.
 */
export const SUPPORT = CROSS_TENANT_ROLES;

/** A support action on one user of an organisation (`/helpdesk/organisations/{customerId}/users/{userId}/<action>`). */
const supportAction = <const Action extends string>(action: Action, summary: string) => contract({
  method: 'POST', path: `/helpdesk/organisations/{customerId}/users/{userId}/${action}` as const, roles: SUPPORT, summary, response: helpdeskUserActionResultSchema,
});

/** The contracts of lambdas/helpdesk/routes.ts (docs/adding-a-route.md). */
export const HELPDESK_ROUTES = {
  getOrganisations: contract({
    method: 'GET', path: '/helpdesk/organisations', roles: SUPPORT, paginated: true, response: helpdeskOrganisationSchema, summary: 'Organisations by name (`search`: those whose name holds it), each with its health: sensors and gateways offline, low batteries, active and unacknowledged alarms, last data received (at most 25 a page)',
  }),
  getOrganisationsById: contract({
    method: 'GET', path: '/helpdesk/organisations/{customerId}', roles: SUPPORT, response: helpdeskOrganisationDetailSchema, summary: "An organisation with its health, its users (role, status, MFA, locked, last login; nothing secret) and its devices' troubleshooting data (online, last seen, battery, signal, firmware)",
  }),
  resetMfa: supportAction('reset-mfa', "Turn a user's MFA off (support only); audited"),
  resendInvitation: supportAction('resend-invitation', "Email a user's invitation again (not yet accepted); audited"),
  unlock: supportAction('unlock', 'Enable a locked (disabled) user again; audited'),
  endSessions: supportAction('end-sessions', "End every session of a user; audited"),
} as const;
