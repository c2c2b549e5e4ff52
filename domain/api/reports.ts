import { Role } from '../identity/roles';
import { portalAuditEntrySchema } from '../reports/portal-audit';
import { contract } from './contract';

/**
 * The organisation's reports (SPEC section 2 "Reports"). The Portal Audit (issue 16 section 3:
 * the organisation's administrators see each proxy session, who, why, when, what was changed)
 * is the administrators' only: SPEC section 6 names no Portal Audit for a basic user, and the
 * trail holds every user's changes to the organisation.
 */
export const PORTAL_AUDIT_READERS: readonly Role[] = ['admin'];

/** The contracts of lambdas/reports/routes.ts (docs/adding-a-route.md). */
export const REPORT_ROUTES = {
  getPortalAudit: contract({
    method: 'GET', path: '/reports/portal-audit', roles: PORTAL_AUDIT_READERS, response: portalAuditEntrySchema, paginated: true, summary: "The organisation's Portal Audit between `from` and `to` (ISO dates; default the last 7 days, at most 31), newest first: who, when, what changed, and each proxy session (who acted, why, how)",
  }),
} as const;
