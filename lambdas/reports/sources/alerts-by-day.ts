import type { Alarm } from '@domain/alarms/alarm';
import { buildAlertsByDay } from '@domain/reports/alerts-by-day';
import { alarmsStartedBetween } from '../../data/report-alarms';
import { maySeeAlarm } from '../../shared/access';
import type { ReportSource } from './context';
import { reportSites, reportTimeZone } from './scope';
import { sitesRange } from './site-range';

/**
 * Alerts By Day's reading half (issue 34 section 2.9): the sites checked against the caller,
 * then the organisation's alarms of both statuses that began within the sites' days (the
 * status index, by start), keeping those of the report's sites the caller may see (a basic user
 * limited by security groups sees only the sensors they reach).
 */
export const alertsByDaySource: ReportSource<'alertsByDay'> = async (context, parameters) => {
  const sites = await reportSites(context, parameters.locationId, parameters.siteIds);
  const siteIds = new Set(sites.map((site) => site.id));
  const keep = (alarm: Alarm) => siteIds.has(alarm.siteId) && maySeeAlarm(context.scope, alarm);
  const range = sitesRange(sites, parameters.from, parameters.to);
  const alarms = await alarmsStartedBetween(context.client, context.tableName, context.customerId, range, keep);
  const figures = buildAlertsByDay({
    parameters: { from: parameters.from, to: parameters.to },
    sites: sites.map((site) => ({ id: site.id, name: site.name, timeZone: site.timezone })),
    alarms,
  });
  return { figures, timeZone: reportTimeZone(sites), siteNames: sites.map((site) => site.name) };
};
