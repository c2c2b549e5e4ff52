import { isListedAlarm, type Alarm } from '../alarms/alarm';
import { exceptionsOf, type ExceptionSource } from '../haccp/performance';
import { acknowledgeDelay, type AlertsSite } from './alerts-by-day';
import type { ReportParameters } from './catalogue';
import { siteDay, siteDayOf } from './site-day';
import { minutesOut } from './temperature-figures';

/**
 * The Exception Summary's figures (issue 34 section 2.12), from records already read: every
 * exception of the range on the report's sites, oldest first, with who acknowledged it, when,
 * how long after it was raised (minutes), the reason given and the corrective action.
 * - Alarms (sensors', gateways', and a checklist's: an out-of-limits answer is a
 *   `checklistException`, a missed checklist a `checklistMissed`), on the site day their
 *   condition began; `kind` is the alarm type. A checklist exception's corrective action is the
 *   one written when acknowledging, else the one chosen with the answer (`answerActions`).
 * - Late completions (`kind` LATE_CHECKLIST): a checklist submitted after its window. No alarm
 *   is raised for them, so nothing is acknowledged (those cells are gaps).
 * `source` is what raised it: the sensor's, gateway's or checklist's name.
 */

/** The `kind` of a checklist completed after its window (the other kinds are alarm types). */
export const LATE_CHECKLIST = 'checklistLate';

export type ExceptionAlarm = Pick<Alarm,
  'id' | 'siteId' | 'type' | 'deviceName' | 'startedAt' | 'raisedAt' | 'acknowledgedBy' | 'acknowledgedAt' | 'acknowledgeReason' | 'correctiveAction'>;

export interface ExceptionSummaryInput {
  readonly parameters: Pick<ReportParameters<'exceptionSummary'>, 'from' | 'to'>;
  readonly sites: readonly AlertsSite[];
  /** The sites' alarms around the range, in any order (other sites' and days' are left out). */
  readonly alarms: readonly ExceptionAlarm[];
  /** The sites' checklist instances around the range (their late completions are exceptions). */
  readonly instances: readonly ExceptionSource[];
  /** A checklist exception alarm's id to the corrective action chosen or written with its answer. */
  readonly answerActions: ReadonlyMap<string, string>;
  /** ms since the epoch: the run's clock (an instance not yet submitted is not late yet). */
  readonly now: number;
}

export interface ExceptionSummaryRow {
  at: string;
  site: string;
  kind: string;
  source: string;
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  timeToAcknowledge: number | null;
  reason: string | null;
  correctiveAction: string | null;
}

export interface ExceptionSummaryFigures {
  readonly exceptions: ExceptionSummaryRow[];
}

export function buildExceptionSummary(input: ExceptionSummaryInput): ExceptionSummaryFigures {
  const { from, to } = input.parameters;
  const sites = new Map(input.sites.map((site) => [site.id, site]));
  const inRange = (siteId: string, at: string): AlertsSite | undefined => {
    const site = sites.get(siteId);
    const time = Date.parse(at);
    if (site === undefined || !Number.isFinite(time)) return undefined;
    const day = siteDayOf(time, site.timeZone);
    return day >= from && day <= to ? site : undefined;
  };
  const exceptions: ExceptionSummaryRow[] = [];

  for (const alarm of input.alarms) {
    const site = inRange(alarm.siteId, alarm.startedAt);
    if (site === undefined || !isListedAlarm(alarm)) continue;
    const delay = acknowledgeDelay(alarm);
    exceptions.push({
      at: alarm.startedAt,
      site: site.name,
      kind: alarm.type,
      source: alarm.deviceName,
      acknowledgedBy: alarm.acknowledgedBy ?? null,
      acknowledgedAt: alarm.acknowledgedAt ?? null,
      timeToAcknowledge: delay === undefined ? null : minutesOut(delay),
      reason: alarm.acknowledgeReason ?? null,
      correctiveAction: alarm.correctiveAction ?? input.answerActions.get(alarm.id) ?? null,
    });
  }

  // The late completions of the whole range: the checklists' own reading of an instance's state.
  const starts = input.sites.map((site) => siteDay(from, site.timeZone).start);
  const earliest = new Date(Math.min(input.now, ...starts));
  const late = exceptionsOf(input.instances, new Map(), earliest, new Date(input.now)).filter((exception) => exception.kind === 'late');
  for (const exception of late) {
    const site = inRange(exception.siteId, exception.at);
    if (site === undefined) continue;
    exceptions.push({
      at: exception.at, site: site.name, kind: LATE_CHECKLIST, source: exception.checklistName,
      acknowledgedBy: null, acknowledgedAt: null, timeToAcknowledge: null, reason: null, correctiveAction: null,
    });
  }

  exceptions.sort((a, b) => a.at.localeCompare(b.at) || a.site.localeCompare(b.site) || a.kind.localeCompare(b.kind) || a.source.localeCompare(b.source));
  return { exceptions };
}
