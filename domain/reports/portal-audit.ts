import * as z from 'zod';
import { validationError } from '../core/errors';
import { MESSAGES } from '../core/messages';
import { historyEntrySchema } from '../core/readable-changes';
import { actorFilter, actorName, auditChangeLines, auditReason, recordKindText, systemActorName, type AuditChangeLine, type AuditReader, peopleByEmail, type ReportPerson } from './audit-changes';
import { AUDIT_TEXTS } from './audit-texts';
import type { ReportParameters } from './catalogue';

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

/**
 * The Portal Audit report's figures (issue 34 section 2.4; `REPORT_CATALOGUE.portalAudit`),
 * from the entries already read with the names their changes need (the on-screen trail's
 * `PortalAuditEntry`). One row per changed field, newest entry first, each field in its form's
 * order, written as a person reads it (audit-changes.ts): who, the proxy actor who really acted
 * for the organisation, the record's kind and name, the field's label, old and new values, the
 * reason. People's changes are `changes`; the system's (the alarm engine, jobs: `SYSTEM_ACTORS`)
 * are `systemChanges`. A proxy session's start or end is one row of its own, with its mode and
 * reason. `userIds` keeps the changes of those users (account ids; and of the systems named
 * among them); `recordKinds` keeps the records of those kinds (entity types, "SENSOR").
 */
export interface PortalAuditInput {
  readonly reader: AuditReader;
  readonly parameters: Pick<ReportParameters<'portalAudit'>, 'userIds' | 'recordKinds'>;
  readonly entries: readonly PortalAuditEntry[];
  /** The organisation's people: an actor not among them reads as their email. */
  readonly people: readonly ReportPerson[];
}

export interface PortalAuditChangeRow {
  at: string; who: string; proxyActor: string | null; recordKind: string; record: string;
  field: string; oldValue: string | null; newValue: string | null; reason: string | null;
}
export interface PortalAuditSystemRow {
  at: string; system: string; recordKind: string; record: string; field: string; oldValue: string | null; newValue: string | null;
}
export interface PortalAuditFigures {
  readonly changes: PortalAuditChangeRow[];
  readonly systemChanges: PortalAuditSystemRow[];
}

/** A proxy session's entry as lines: started or ended, and how it could act. */
function proxySessionLines(session: PortalAuditProxySession, reader: AuditReader): AuditChangeLine[] {
  const { language } = reader;
  const ended = session.endedAt !== undefined;
  const text = (key: string) => AUDIT_TEXTS[language][key] ?? key;
  return [{
    field: text(ended ? 'portalAudit.proxy.ended' : 'portalAudit.proxy.started'),
    oldValue: null,
    newValue: ended ? null : text(`portalAudit.proxy.modes.${session.mode}`),
  }];
}

const newestFirst = (a: PortalAuditEntry, b: PortalAuditEntry) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id);

export function buildPortalAudit(input: PortalAuditInput): PortalAuditFigures {
  const { reader, parameters } = input;
  const people = peopleByEmail(input.people);
  const chosen = actorFilter(parameters.userIds, input.people);
  const kinds = parameters.recordKinds === undefined || parameters.recordKinds.length === 0
    ? undefined
    : new Set(parameters.recordKinds.map((kind) => kind.toUpperCase()));
  const figures: PortalAuditFigures = { changes: [], systemChanges: [] };
  for (const entry of [...input.entries].sort(newestFirst)) {
    if (!chosen(entry.actor)) continue;
    if (kinds !== undefined && !kinds.has(entry.entityType.toUpperCase())) continue;
    const recordKind = recordKindText(entry.entityType, reader.language);
    const record = entry.proxySession?.organisationName ?? entry.entityName ?? entry.entityId;
    const lines = entry.proxySession === undefined ? auditChangeLines(entry.entityType, entry, reader) : proxySessionLines(entry.proxySession, reader);
    const system = systemActorName(entry.actor.userId, reader.language);
    if (system !== undefined) {
      for (const line of lines) figures.systemChanges.push({ at: entry.at, system, recordKind, record, ...line });
      continue;
    }
    const who = actorName(entry.actor, people, reader.language);
    const proxyActor = entry.proxy?.actorEmail ?? entry.proxySession?.actorEmail ?? null;
    const reason = entry.proxySession?.reason ?? auditReason(entry);
    for (const line of lines) {
      figures.changes.push({ at: entry.at, who, proxyActor, recordKind, record, field: line.field, oldValue: line.oldValue, newValue: line.newValue, reason });
    }
  }
  return figures;
}
