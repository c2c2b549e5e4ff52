import * as z from 'zod';
import { validationError } from '../core/errors';
import { MESSAGES } from '../core/messages';
import { historyEntrySchema } from '../core/readable-changes';

/**
 * The Portal Audit report (SPEC section 2 "Reports: Portal Audit (changelog)"; issue 16
 * section 3): the organisation's audit trail between two dates, newest first. SPEC section 5
 * "Reports": portal audit max 31 days. The page opens on the last 7 days.
 */
export const PORTAL_AUDIT_MAX_DAYS = 31;
export const PORTAL_AUDIT_DEFAULT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a proxy session's start or end entry says of it: who, why, how, for which organisation, when. */
export const portalAuditProxySessionSchema = z.object({
  actorEmail: z.string(),
  reason: z.string(),
  mode: z.enum(['read', 'write']),
  organisationName: z.string(),
  locationName: z.string().optional(),
  startedAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().optional(),
});
export type PortalAuditProxySession = z.infer<typeof portalAuditProxySessionSchema>;

/**
 * One entry of the Portal Audit: a history entry (who, when, the action, the changes with the
 * names they need, and `proxy` when written under a proxy session) with the entity it is
 * about; for a proxy session's start and end, the session itself (its changes are not listed).
 */
export const portalAuditEntrySchema = historyEntrySchema.extend({
  entityType: z.string(),
  entityId: z.string(),
  /** The entity's name as its entry holds it (a user's name or email, an organisation's name). */
  entityName: z.string().optional(),
  proxySession: portalAuditProxySessionSchema.optional(),
});
export type PortalAuditEntry = z.infer<typeof portalAuditEntrySchema>;
export const portalAuditPageSchema = z.object({ items: z.array(portalAuditEntrySchema), nextCursor: z.string().optional() });

/** The range asked for: an ISO date-time or date each side (`from`, `to`). */
export interface PortalAuditRange {
  from: Date;
  to: Date;
}

/** The message refusing a range, or undefined when it may be asked for (the page checks it before calling). */
export function portalAuditRangeIssue(range: PortalAuditRange): string | undefined {
  if (Number.isNaN(range.from.getTime()) || Number.isNaN(range.to.getTime())) return MESSAGES.timeRangeInvalidDate;
  if (range.from.getTime() > range.to.getTime()) return MESSAGES.timeRangeStartAfterEnd;
  if (range.to.getTime() - range.from.getTime() > PORTAL_AUDIT_MAX_DAYS * DAY_MS) return MESSAGES.portalAuditRangeTooLong;
  return undefined;
}

/** The range of the API's query (`from`, `to`; missing: the last 7 days up to `now`), refused with its message when not allowed. */
export function portalAuditRangeFrom(query: Record<string, string | undefined>, now: Date): PortalAuditRange {
  const to = query['to'] ? new Date(query['to']) : now;
  const from = query['from'] ? new Date(query['from']) : new Date(to.getTime() - PORTAL_AUDIT_DEFAULT_DAYS * DAY_MS);
  const issue = portalAuditRangeIssue({ from, to });
  if (issue !== undefined) throw validationError(issue);
  return { from, to };
}
