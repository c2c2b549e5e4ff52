import { performanceOf } from '../haccp/instance';
import type { ReportParameters } from './catalogue';
import { percentOut } from './temperature-figures';

/**
 * The Checklist Performance figures (issue 34 section 2.3), from instances already read: per
 * site, shift and checklist, the instances of the range's site days (an occurrence's own local
 * date) counted by their state at the run's clock, as the checklist page counts them
 * (domain/haccp/instance.ts `performanceOf`). The report's columns split every instance once:
 * - complete = on time + late;
 * - incomplete = overdue + outstanding, where overdue is every instance whose window closed
 *   without a submission (still overdue, or missed past the grace period) and outstanding every
 *   one whose window is still open (not started, or in progress);
 * - completion rate = complete / all, on-time rate = on time / all (a missed checklist was not
 *   done on time), in percent; no rate without instances.
 * Only sites, shifts and checklists with instances have a row; rows by site, shift, checklist name.
 */

/** An instance as the report reads it (times as ISO text, as stored). */
export interface PerformanceInstance {
  readonly siteId: string;
  readonly shiftId: string;
  readonly shiftName: string;
  readonly checklistId: string;
  readonly checklistName: string;
  /** The occurrence's local date on its site (YYYY-MM-DD). */
  readonly date: string;
  readonly windowStart: string;
  readonly windowEnd: string;
  readonly startedAt?: string | undefined;
  readonly completedAt?: string | undefined;
}

export interface ChecklistPerformanceInput {
  readonly parameters: Pick<ReportParameters<'checklistPerformance'>, 'from' | 'to' | 'shiftIds' | 'checklistIds'>;
  readonly sites: readonly { readonly id: string; readonly name: string }[];
  /** The sites' instances in any order (other sites', days', shifts' and checklists' are left out). */
  readonly instances: readonly PerformanceInstance[];
  /** ms since the epoch: the run's clock (the states are those of now). */
  readonly now: number;
}

export interface ChecklistPerformanceRow {
  site: string;
  shift: string;
  checklist: string;
  complete: number;
  incomplete: number;
  onTime: number;
  late: number;
  overdue: number;
  outstanding: number;
  completionRate: number | null;
  onTimeRate: number | null;
}

export interface ChecklistPerformanceFigures {
  readonly performance: ChecklistPerformanceRow[];
}

const optionalDate = (iso: string | undefined): Date | undefined => (iso === undefined ? undefined : new Date(iso));

export function buildChecklistPerformance(input: ChecklistPerformanceInput): ChecklistPerformanceFigures {
  const { from, to, shiftIds, checklistIds } = input.parameters;
  const sites = new Map(input.sites.map((site) => [site.id, site.name]));
  const shifts = shiftIds === undefined || shiftIds.length === 0 ? undefined : new Set(shiftIds);
  const checklists = checklistIds === undefined || checklistIds.length === 0 ? undefined : new Set(checklistIds);
  const groups = new Map<string, { site: string; shift: string; checklist: string; instances: PerformanceInstance[] }>();
  for (const instance of input.instances) {
    const site = sites.get(instance.siteId);
    if (site === undefined || instance.date < from || instance.date > to) continue;
    if (shifts !== undefined && !shifts.has(instance.shiftId)) continue;
    if (checklists !== undefined && !checklists.has(instance.checklistId)) continue;
    const key = `${instance.siteId}|${instance.shiftId}|${instance.checklistId}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { site, shift: instance.shiftName, checklist: instance.checklistName, instances: [] };
      groups.set(key, group);
    }
    group.instances.push(instance);
  }
  const now = new Date(input.now);
  const performance = [...groups.values()]
    .sort((a, b) => a.site.localeCompare(b.site) || a.shift.localeCompare(b.shift) || a.checklist.localeCompare(b.checklist))
    .map((group): ChecklistPerformanceRow => {
      const counts = performanceOf(group.instances.map((instance) => ({
        windowStart: new Date(instance.windowStart), windowEnd: new Date(instance.windowEnd),
        startedAt: optionalDate(instance.startedAt), completedAt: optionalDate(instance.completedAt),
      })), now);
      const rate = (count: number) => (counts.total === 0 ? null : percentOut(count / counts.total));
      return {
        site: group.site,
        shift: group.shift,
        checklist: group.checklist,
        complete: counts.complete,
        incomplete: counts.incomplete,
        onTime: counts.onTime,
        late: counts.late,
        overdue: counts.overdue + counts.missed,
        outstanding: counts.outstanding + counts.inProgress,
        completionRate: rate(counts.complete),
        onTimeRate: rate(counts.onTime),
      };
    });
  return { performance };
}
