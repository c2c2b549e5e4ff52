import { isListedAlarm, type Alarm } from '../alarms/alarm';
import type { ReportParameters } from './catalogue';
import { siteDayOf } from './site-day';
import { maxOf, meanOf, minutesOut } from './temperature-figures';

/**
 * The Alerts By Day figures (issue 34 section 2.9), from alarms already read: per site day
 * (each site's own calendar day in its own zone: 23 or 25 hours when the clocks change), site
 * and alarm type, how many alarms were raised, the mean and worst time to acknowledge those
 * acknowledged, and how many are still unacknowledged.
 * - An alarm's day is the site day its condition began (`startedAt`: the alarm list's order and
 *   the index the store reads by).
 * - Time to acknowledge runs from when the alarm was raised (`raisedAt`: nobody could act on it
 *   before, and a profile's delay is not the responder's), in minutes.
 * - A reminder (`checklistReminder`) is no alarm: nothing to acknowledge, never counted.
 * Only days, sites and types with at least one alarm have a row; rows by day, site name, type.
 */

export interface AlertsSite {
  readonly id: string;
  readonly name: string;
  /** The site's IANA time zone: its days. */
  readonly timeZone: string;
}

export type AlertsAlarm = Pick<Alarm, 'siteId' | 'type' | 'startedAt' | 'raisedAt' | 'acknowledgedAt'>;

export interface AlertsByDayInput {
  readonly parameters: Pick<ReportParameters<'alertsByDay'>, 'from' | 'to'>;
  readonly sites: readonly AlertsSite[];
  /** The sites' alarms around the range in any order; those of other sites or days are left out. */
  readonly alarms: readonly AlertsAlarm[];
}

export interface AlertsByDayRow {
  day: string;
  site: string;
  alarmType: string;
  raised: number;
  meanTimeToAcknowledge: number | null;
  worstTimeToAcknowledge: number | null;
  unacknowledged: number;
}

export interface AlertsByDayFigures {
  readonly alerts: AlertsByDayRow[];
}

interface Tally {
  day: string;
  site: string;
  alarmType: string;
  raised: number;
  acknowledgeTimes: number[];
  unacknowledged: number;
}

/** Milliseconds from raising to acknowledging (never below 0: clocks of two writers may differ slightly). */
export const acknowledgeDelay = (alarm: Pick<Alarm, 'raisedAt' | 'acknowledgedAt'>): number | undefined =>
  alarm.acknowledgedAt === undefined ? undefined : Math.max(0, Date.parse(alarm.acknowledgedAt) - Date.parse(alarm.raisedAt));

export function buildAlertsByDay(input: AlertsByDayInput): AlertsByDayFigures {
  const { from, to } = input.parameters;
  const sites = new Map(input.sites.map((site) => [site.id, site]));
  const tallies = new Map<string, Tally>();
  for (const alarm of input.alarms) {
    const site = sites.get(alarm.siteId);
    if (site === undefined || !isListedAlarm(alarm)) continue;
    const started = Date.parse(alarm.startedAt);
    if (!Number.isFinite(started)) continue;
    const day = siteDayOf(started, site.timeZone);
    if (day < from || day > to) continue;
    const key = `${day}|${site.id}|${alarm.type}`;
    let tally = tallies.get(key);
    if (tally === undefined) {
      tally = { day, site: site.name, alarmType: alarm.type, raised: 0, acknowledgeTimes: [], unacknowledged: 0 };
      tallies.set(key, tally);
    }
    tally.raised += 1;
    const delay = acknowledgeDelay(alarm);
    if (delay === undefined) tally.unacknowledged += 1;
    else tally.acknowledgeTimes.push(delay);
  }
  const alerts = [...tallies.values()]
    .sort((a, b) => a.day.localeCompare(b.day) || a.site.localeCompare(b.site) || a.alarmType.localeCompare(b.alarmType))
    .map((tally): AlertsByDayRow => {
      const mean = meanOf(tally.acknowledgeTimes);
      const worst = maxOf(tally.acknowledgeTimes);
      return {
        day: tally.day,
        site: tally.site,
        alarmType: tally.alarmType,
        raised: tally.raised,
        meanTimeToAcknowledge: mean === null ? null : minutesOut(mean),
        worstTimeToAcknowledge: worst === null ? null : minutesOut(worst),
        unacknowledged: tally.unacknowledged,
      };
    });
  return { alerts };
}
