import type { HistoryEntry } from '../core/readable-changes';
import { actorName, auditChangeLines, auditReason, peopleByEmail, type AuditReader, type ReportPerson } from './audit-changes';
import type { ReportParameters } from './catalogue';
import { siteDay } from './site-day';

/**
 * The Sensor Audit's figures (issue 34 section 2.11; `REPORT_CATALOGUE.sensorAudit`): one
 * sensor's history entries over the range (the site's days, both included), newest first, as
 * its History tab reads them: one row per changed field, the field by its form's label, old and
 * new values with names for ids (audit-changes.ts), who (a person's name, or the system's), and
 * the reason a disable gave. Entries outside the range are left out.
 */
export interface SensorAuditInput {
  /** The sensor's site's zone: the range's days and the instants written inside values. */
  readonly reader: AuditReader;
  readonly parameters: Pick<ReportParameters<'sensorAudit'>, 'from' | 'to'>;
  /** The sensor's history entries, with the names their changes need (historyEntriesWithNames). */
  readonly entries: readonly HistoryEntry[];
  /** The organisation's people: an actor not among them reads as their email. */
  readonly people: readonly ReportPerson[];
}

export interface SensorAuditRow { at: string; who: string; field: string; oldValue: string | null; newValue: string | null; reason: string | null }
export interface SensorAuditFigures { readonly changes: SensorAuditRow[] }

const SENSOR = 'SENSOR';

/** The instants the range covers: from the first day's local midnight to the end of the last. */
export function sensorAuditWindow(parameters: SensorAuditInput['parameters'], timeZone: string): { from: number; to: number } {
  return { from: siteDay(parameters.from, timeZone).start, to: siteDay(parameters.to, timeZone).end };
}

export function buildSensorAudit(input: SensorAuditInput): SensorAuditFigures {
  const { reader } = input;
  const people = peopleByEmail(input.people);
  const window = sensorAuditWindow(input.parameters, reader.timeZone);
  const inRange = input.entries.filter((entry) => {
    const time = Date.parse(entry.at);
    return time >= window.from && time < window.to;
  });
  inRange.sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
  const changes = inRange.flatMap((entry) => {
    const who = actorName(entry.actor, people, reader.language);
    const reason = auditReason(entry);
    return auditChangeLines(SENSOR, entry, reader).map((line) => ({ at: entry.at, who, field: line.field, oldValue: line.oldValue, newValue: line.newValue, reason }));
  });
  return { changes };
}
