import * as z from 'zod';
import { instanceStateAt, missedAt, type ChecklistPerformance } from './instance';

/**
 * What the dashboard and the checklist page show of checklist instances (SPEC sections 2
 * "repeat-alarm and checklist exception views" and 3-4 "Checklist performance"): the
 * exceptions of the last 7 days by site, and a checklist's day and week performance.
 */

const count = z.number().int();

export const checklistPerformanceSchema = z.object({
  total: count, complete: count, incomplete: count, onTime: count, late: count,
  overdue: count, outstanding: count, inProgress: count, missed: count,
}) satisfies z.ZodType<ChecklistPerformance>;

/** `GET /checklists/{id}/performance`: the site's local day and its week (Monday to Sunday). */
export const checklistPerformanceAnswerSchema = z.object({
  checklistId: z.string(),
  date: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  day: checklistPerformanceSchema,
  week: checklistPerformanceSchema,
});
export type ChecklistPerformanceAnswer = z.output<typeof checklistPerformanceAnswerSchema>;

export const CHECKLIST_EXCEPTION_KINDS = ['missed', 'late', 'outOfLimits'] as const;
export type ChecklistExceptionKind = (typeof CHECKLIST_EXCEPTION_KINDS)[number];

/** How many of the latest exceptions the dashboard lists. */
export const LATEST_EXCEPTIONS_MAX = 5;

export const checklistExceptionSchema = z.object({
  kind: z.enum(CHECKLIST_EXCEPTION_KINDS),
  instanceId: z.string(),
  checklistId: z.string(),
  checklistName: z.string(),
  siteId: z.string(),
  siteName: z.string(),
  /** The occurrence's local date on its site. */
  date: z.string(),
  /** When it happened: the missed time, or the submission's. */
  at: z.string(),
  /** Out-of-limits answers in the instance (outOfLimits only). */
  answers: count.optional(),
});
export type ChecklistException = z.output<typeof checklistExceptionSchema>;

/** `GET /dashboard/checklist-exceptions`: the last 7 days' exceptions counted by site, and the latest few. */
export const checklistExceptionsSchema = z.object({
  from: z.string(),
  to: z.string(),
  bySite: z.array(z.object({ siteId: z.string(), siteName: z.string(), missed: count, late: count, outOfLimits: count })),
  latest: z.array(checklistExceptionSchema),
  truncated: z.boolean(),
});
export type ChecklistExceptions = z.output<typeof checklistExceptionsSchema>;

/** An instance as the exception view reads it (times as ISO strings, as stored). */
export interface ExceptionSource {
  id: string;
  checklistId: string;
  checklistName: string;
  siteId: string;
  date: string;
  windowStart: string;
  windowEnd: string;
  startedAt?: string | undefined;
  completedAt?: string | undefined;
  exceptionCount: number;
}

/**
 * The exceptions of instances at `now`: a missed instance (grace over without a submission), a
 * late completion, and a submitted instance with out-of-limits answers (one item, its answers
 * counted; a late one with exceptions gives both). Only what happened in [from, now] counts; an
 * instance still open gives nothing yet.
 */
export function exceptionsOf(instances: readonly ExceptionSource[], siteNames: ReadonlyMap<string, string>, from: Date, now: Date): ChecklistException[] {
  const found: ChecklistException[] = [];
  for (const instance of instances) {
    const state = instanceStateAt({
      windowStart: new Date(instance.windowStart), windowEnd: new Date(instance.windowEnd),
      startedAt: instance.startedAt === undefined ? undefined : new Date(instance.startedAt),
      completedAt: instance.completedAt === undefined ? undefined : new Date(instance.completedAt),
    }, now);
    const base = {
      instanceId: instance.id, checklistId: instance.checklistId, checklistName: instance.checklistName,
      siteId: instance.siteId, siteName: siteNames.get(instance.siteId) ?? '', date: instance.date,
    };
    const within = (at: string) => at >= from.toISOString() && at <= now.toISOString();
    if (state === 'missed') {
      const at = missedAt({ windowEnd: new Date(instance.windowEnd) }).toISOString();
      if (within(at)) found.push({ ...base, kind: 'missed', at });
      continue;
    }
    const { completedAt } = instance;
    if (completedAt === undefined || !within(completedAt)) continue;
    if (state === 'completedLate') found.push({ ...base, kind: 'late', at: completedAt });
    if (instance.exceptionCount > 0) found.push({ ...base, kind: 'outOfLimits', at: completedAt, answers: instance.exceptionCount });
  }
  return found;
}

/** The exceptions counted by site (every site given, by name) and the latest `LATEST_EXCEPTIONS_MAX`, newest first. */
export function exceptionOverviewOf(
  exceptions: readonly ChecklistException[],
  sites: readonly { id: string; name: string }[],
  period: { from: string; to: string },
  truncated: boolean,
): ChecklistExceptions {
  const bySite = new Map(sites.map((site) => [site.id, { siteId: site.id, siteName: site.name, missed: 0, late: 0, outOfLimits: 0 }]));
  for (const exception of exceptions) {
    const row = bySite.get(exception.siteId);
    if (row !== undefined) row[exception.kind] += 1;
  }
  const latest = [...exceptions]
    .sort((a, b) => b.at.localeCompare(a.at) || a.checklistName.localeCompare(b.checklistName))
    .slice(0, LATEST_EXCEPTIONS_MAX);
  return {
    ...period,
    bySite: [...bySite.values()].sort((a, b) => a.siteName.localeCompare(b.siteName)),
    latest,
    truncated,
  };
}
