import type { Alarm } from '@domain/alarms/alarm';
import { buildExceptionSummary } from '@domain/reports/exception-summary';
import { answersOfInstances, correctiveActionNames, instancesOfSiteDays } from '../../data/checklist-performance';
import { checklistNoticeId } from '../../data/repositories/checklist-notices';
import { alarmsStartedBetween } from '../../data/report-alarms';
import { maySeeAlarm } from '../../shared/access';
import type { ReportReadContext, ReportSource } from './context';
import { reportSites, reportTimeZone } from './scope';
import { sitesRange } from './site-range';

const DAY_MS = 86_400_000;

/**
 * The corrective action chosen (a standard one, by name) or written with each out-of-limits
 * answer of the checklist exception alarms, by the alarm's id (one alarm per instance and question).
 */
async function answerActionsOf(context: ReportReadContext, alarms: readonly Alarm[]): Promise<Map<string, string>> {
  const instanceIds = alarms.filter((alarm) => alarm.type === 'checklistException' && alarm.correctiveAction === undefined).map((alarm) => alarm.deviceId);
  if (instanceIds.length === 0) return new Map();
  const answers = [...(await answersOfInstances(context.client, context.tableName, context.customerId, instanceIds)).values()].flat().filter((answer) => answer.isException);
  const chosen = answers.flatMap((answer) => (answer.correctiveActionId === undefined ? [] : [answer.correctiveActionId]));
  const names = await correctiveActionNames(context.client, context.tableName, context.customerId, chosen);
  const actions = new Map<string, string>();
  for (const answer of answers) {
    const action = answer.correctiveActionText ?? (answer.correctiveActionId === undefined ? undefined : names.get(answer.correctiveActionId));
    if (action !== undefined) actions.set(checklistNoticeId('checklistException', answer.instanceId, answer.questionId), action);
  }
  return actions;
}

/**
 * The Exception Summary's reading half (issue 34 section 2.12): the sites checked against the
 * caller; the alarms of both statuses that began within the sites' days, kept by site and the
 * caller's reach (a basic user limited by security groups sees only the sensors they reach);
 * the sites' checklist instances from the day before the range (a late submission may fall on
 * the next day) for the late completions; and the corrective actions of the answers behind the
 * checklist exceptions acknowledged without one.
 */
export const exceptionSummarySource: ReportSource<'exceptionSummary'> = async (context, parameters) => {
  const sites = await reportSites(context, parameters.locationId, parameters.siteIds);
  const siteIds = new Set(sites.map((site) => site.id));
  const keep = (alarm: Alarm) => siteIds.has(alarm.siteId) && maySeeAlarm(context.scope, alarm);
  const range = sitesRange(sites, parameters.from, parameters.to);
  const dayBefore = new Date(Date.parse(`${parameters.from}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  const [alarms, instances] = await Promise.all([
    alarmsStartedBetween(context.client, context.tableName, context.customerId, range, keep),
    instancesOfSiteDays(context.client, context.tableName, context.customerId, sites.map((site) => ({ siteId: site.id, fromDate: dayBefore, toDate: parameters.to }))),
  ]);
  const answerActions = await answerActionsOf(context, alarms);
  const figures = buildExceptionSummary({
    parameters: { from: parameters.from, to: parameters.to },
    sites: sites.map((site) => ({ id: site.id, name: site.name, timeZone: site.timezone })),
    alarms,
    instances,
    answerActions,
    now: context.now,
  });
  return { figures, timeZone: reportTimeZone(sites), siteNames: sites.map((site) => site.name) };
};
