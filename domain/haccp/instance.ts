/**
 * A checklist instance: one occurrence of a checklist's shift schedule, with the window in
 * which it is due (SPEC section 4, issue 15 section 2). Its state is computed from its window,
 * when it was started and when it was completed, at any time, so the Today page, reminders,
 * missed-checklist exceptions and performance counts all read the same state.
 */

export const INSTANCE_STATES = ['outstanding', 'inProgress', 'completedOnTime', 'completedLate', 'overdue', 'missed'] as const;
export type InstanceState = (typeof INSTANCE_STATES)[number];

/**
 * How long after its window closes an instance not completed is still "overdue" (may be
 * completed late) before it is "missed". One hour: a check the kitchen could not finish at
 * the end of a busy service is usually done within it, and past it the record no longer
 * describes the shift it belongs to, so it is missed (and its exception is raised).
 */
export const MISSED_AFTER_MINUTES = 60;
const MISSED_AFTER_MS = MISSED_AFTER_MINUTES * 60_000;

/** What the state is computed from. */
export interface InstanceTiming {
  windowStart: Date;
  windowEnd: Date;
  /** The first answer's time. */
  startedAt?: Date | undefined;
  /** The submission's time. */
  completedAt?: Date | undefined;
}

/** When an instance not completed by then is missed: the window's end plus the grace period. */
export function missedAt(instance: Pick<InstanceTiming, 'windowEnd'>): Date {
  return new Date(instance.windowEnd.getTime() + MISSED_AFTER_MS);
}

/**
 * The state at `now`. Completed (on time when submitted by the window's end, late otherwise)
 * once the submission has happened; otherwise missed past the grace period, overdue past the
 * window's end, in progress once started, outstanding before.
 */
export function instanceStateAt(instance: InstanceTiming, now: Date): InstanceState {
  const at = now.getTime();
  const { completedAt, startedAt } = instance;
  if (completedAt !== undefined && completedAt.getTime() <= at) {
    return completedAt.getTime() <= instance.windowEnd.getTime() ? 'completedOnTime' : 'completedLate';
  }
  if (at >= missedAt(instance).getTime()) return 'missed';
  if (at > instance.windowEnd.getTime()) return 'overdue';
  if (startedAt !== undefined && startedAt.getTime() <= at) return 'inProgress';
  return 'outstanding';
}

/** Whether a state is final: completed, or missed (a missed instance can no longer be submitted). */
export function isFinalState(state: InstanceState): boolean {
  return state === 'completedOnTime' || state === 'completedLate' || state === 'missed';
}

/** Whether answers and a submission are still taken at `now`: not completed and not missed. */
export function isOpenForAnswers(instance: InstanceTiming, now: Date): boolean {
  return !isFinalState(instanceStateAt(instance, now));
}

/**
 * A checklist's performance over a set of instances (SPEC section 3 "Checklist performance:
 * complete/incomplete, on time/late/overdue/outstanding"). `complete = onTime + late`;
 * `incomplete = outstanding + inProgress + overdue + missed`; outstanding counts only those
 * not started (in progress is its own count).
 */
export interface ChecklistPerformance {
  total: number;
  complete: number;
  incomplete: number;
  onTime: number;
  late: number;
  overdue: number;
  outstanding: number;
  inProgress: number;
  missed: number;
}

export function performanceOf(instances: readonly InstanceTiming[], now: Date): ChecklistPerformance {
  const counts: ChecklistPerformance = { total: 0, complete: 0, incomplete: 0, onTime: 0, late: 0, overdue: 0, outstanding: 0, inProgress: 0, missed: 0 };
  for (const instance of instances) {
    counts.total += 1;
    const state = instanceStateAt(instance, now);
    switch (state) {
      case 'completedOnTime': counts.onTime += 1; counts.complete += 1; break;
      case 'completedLate': counts.late += 1; counts.complete += 1; break;
      case 'overdue': counts.overdue += 1; counts.incomplete += 1; break;
      case 'missed': counts.missed += 1; counts.incomplete += 1; break;
      case 'inProgress': counts.inProgress += 1; counts.incomplete += 1; break;
      case 'outstanding': counts.outstanding += 1; counts.incomplete += 1; break;
    }
  }
  return counts;
}

const DAY_MS = 86_400_000;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateOf(localDate: string): Date {
  const match = LOCAL_DATE.exec(localDate);
  if (match === null) throw new Error(`Not a YYYY-MM-DD date: ${localDate}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** The seven local dates (YYYY-MM-DD) of the week, Monday to Sunday, holding `localDate`. */
export function weekDates(localDate: string): string[] {
  const day = dateOf(localDate);
  const monday = day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: 7 }, (_, index) => new Date(monday + index * DAY_MS).toISOString().slice(0, 10));
}

/** An instance as the performance of a day or week reads it: its occurrence's local date. */
export type DatedInstance = InstanceTiming & { date: string };

/** The performance of the instances whose occurrence falls on `localDate` (the site's day). */
export function dayPerformance(instances: readonly DatedInstance[], localDate: string, now: Date): ChecklistPerformance {
  return performanceOf(instances.filter((instance) => instance.date === localDate), now);
}

/** The performance of the instances of the week (Monday to Sunday) holding `localDate`. */
export function weekPerformance(instances: readonly DatedInstance[], localDate: string, now: Date): ChecklistPerformance {
  const dates = new Set(weekDates(localDate));
  return performanceOf(instances.filter((instance) => dates.has(instance.date)), now);
}

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateIn(at: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
