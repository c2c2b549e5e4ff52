import { buildChecklistReport, type ChecklistReportInstance } from '@domain/reports/checklist-report';
import { answersOfInstances, correctiveActionNames, instancesOfSiteDays } from '../../data/checklist-performance';
import { toQuestion } from '../../data/entities/checklist';
import type { ChecklistInstanceRecord } from '../../data/entities/checklist-instance';
import type { ReportSource } from './context';
import { reportSites, reportTimeZone } from './scope';

/** The instance with the questions of its checklist snapshot (as it was filled). */
const reportInstanceOf = (instance: ChecklistInstanceRecord): ChecklistReportInstance => ({
  ...instance,
  questions: instance.checklist.questions.filter((raw): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null).map((raw) => toQuestion(raw)),
});

/**
 * The Checklist Report's reading half (issue 34 section 2.2): the sites checked against the
 * caller, each site's instances of the range's local days (one Query a site), the answers of
 * the submitted ones asked for (one Query an instance) and the standard corrective actions
 * they chose (by name). Ranges over 7 days are run in the background by the runner (the
 * catalogue's `emailed` limit); this reads the same either way.
 */
export const checklistReportSource: ReportSource<'checklistReport'> = async (context, parameters) => {
  const sites = await reportSites(context, parameters.locationId, parameters.siteIds);
  const asked = parameters.checklistIds === undefined || parameters.checklistIds.length === 0 ? undefined : new Set(parameters.checklistIds);
  const records = await instancesOfSiteDays(context.client, context.tableName, context.customerId,
    sites.map((site) => ({ siteId: site.id, fromDate: parameters.from, toDate: parameters.to })));
  const submitted = records.filter((instance) => instance.completedAt !== undefined && (asked === undefined || asked.has(instance.checklistId)));
  const answers = await answersOfInstances(context.client, context.tableName, context.customerId, submitted.map((instance) => instance.id));
  const chosen = [...answers.values()].flat().flatMap((answer) => (answer.correctiveActionId === undefined ? [] : [answer.correctiveActionId]));
  const figures = buildChecklistReport({
    parameters: { from: parameters.from, to: parameters.to, checklistIds: parameters.checklistIds, imagePreference: parameters.imagePreference },
    sites: sites.map((site) => ({ id: site.id, name: site.name })),
    instances: submitted.map(reportInstanceOf),
    answers,
    correctiveActionNames: await correctiveActionNames(context.client, context.tableName, context.customerId, chosen),
    now: context.now,
  });
  return { figures, timeZone: reportTimeZone(sites), siteNames: sites.map((site) => site.name) };
};
